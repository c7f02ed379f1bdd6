package sqlpage

// Deferred strings. A column of names, e-mail addresses or UUIDs holds a
// new string in nearly every row, and looking each up in the interner's
// table, which by then has thousands of entries, is a cache miss that finds
// nothing, paid between the driver's work for one row and the next. Once a
// text column has yielded DeferAfter new strings in a row, sameRow gives its
// strings ids without a lookup (Interner.AddDeferred). The page's Finish
// settles them all at once, with a compact set of the page's string hashes,
// as it does for the Builder's own deferred strings: in the rare case that
// one repeats a string of the page after all, the columns keep the ids they
// hold, and the merge is folded into the map from id to string table index
// that the page's writer applies to every id anyway (pagebuild's settle and
// assignStrings), so the SQL path never walks its columns to renumber them
// at the end. The page is the same either way: TestSQLDeferredRepeats,
// TestSQLSettledRepeats and the sample queries compare it with the generic
// path's page, and with a page whose strings are all interned, byte for
// byte.

// undefer is for a column whose deferred strings turned out to repeat: it
// puts the deferred strings in the interner's table, so that interning its
// next cells finds them, and merges the repeats so far now, while the page
// is short, rather than at settle (Interner.TableDeferred). Interning goes
// on after it, with the merged ids, so the ids the columns and the string
// memos hold so far are renumbered at once: a pass over the page so far,
// at most once per text column and page.
func (s *sqlState) undefer() {
	if m := s.pb.In.TableDeferred(); m != nil {
		s.renumber(m)
	}
}

// renumber applies m, the new id of each old string id, to every id the
// page's columns and the string memos hold.
func (s *sqlState) renumber(m []uint32) {
	s.pb.Renumber(m)
	for i := range s.memos {
		for j := range s.memos[i] {
			s.memos[i][j].id = m[s.memos[i][j].id] // an empty slot's 0 too
		}
	}
}
