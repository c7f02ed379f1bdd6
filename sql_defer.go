package rowpage

import "github.com/rowpage/rowpage/format"

// Deferred strings. A column of names, e-mail addresses or UUIDs holds a
// new string in nearly every row, and looking each up in the interner's
// table, which by then has thousands of entries, is a cache miss that finds
// nothing, paid between the driver's work for one row and the next. Once a
// text column has yielded deferAfter new strings in a row, sameRow gives its
// strings ids without a lookup (interner.addDeferred); before the page is
// written, settleStrings checks them all at once, with a compact set of the
// page's string hashes, and in the rare case that one repeats a string of
// the page after all, merges the repeat and renumbers every id the columns
// hold. The page is the same either way:
// TestSQLDeferredRepeats and the sample queries compare it with the generic
// path's page byte for byte.

// deferAfter is how many new strings in a row a column must yield before
// its strings are deferred: enough that a column of a few repeated values
// never qualifies, few enough that a page of a hundred rows gains.
const deferAfter = 32

// deferWindow: a column whose deferred strings, in a window of this many,
// include a sample of at least 8 of which more than half may repeat an
// earlier one (interner.addDeferred; by chance one in sixteen) goes back
// to interning: a column of customers' names in a join, distinct for its
// first rows, then repeating. Otherwise each repeat would cost a merge at
// settle and the columns' ids a renumbering.
const deferWindow = 128

// settleStrings settles the deferred strings (interner.settle) and, if any
// repeated another string, renumbers the ids in the page's columns.
func (s *sqlState) settleStrings() {
	if m := s.b.e.b.in.settle(); m != nil {
		s.renumber(m)
	}
}

// undefer is for a column whose deferred strings turned out to repeat: it
// puts the deferred strings in the interner's table, so that interning its
// next cells finds them, and merges the repeats so far now, while the page
// is short, rather than at settle (interner.tableDeferred).
func (s *sqlState) undefer() {
	if m := s.b.e.b.in.tableDeferred(); m != nil {
		s.renumber(m)
	}
}

// renumber applies m, the new id of each old string id, to every id the
// page's columns and the string memos hold.
func (s *sqlState) renumber(m []uint32) {
	s.b.e.b.renumber(m)
	for i := range s.memos {
		for j := range s.memos[i] {
			s.memos[i][j].id = m[s.memos[i][j].id] // an empty slot's 0 too
		}
	}
}

// renumber applies m, the new id of each old string id, to every id the
// page's columns hold, and to the key index.
func (pb *pageBuilder) renumber(m []uint32) {
	clear(pb.colByKey)
	for i := range pb.cols[:pb.ncols] {
		c := &pb.cols[i]
		c.name = m[c.name]
		pb.colByKey[c.name] = int32(i)
		for j, id := range c.strs {
			c.strs[j] = m[id]
		}
		if len(c.anyBuf) > 0 {
			buf := pb.tagged[:0]
			for pos := 0; pos < len(c.anyBuf); {
				var n int
				buf, n = renumberTagged(buf, c.anyBuf[pos:], m)
				pos += n
			}
			// Ids only shrink, so the copy fits in c.anyBuf: swapping
			// the buffers instead would move capacity between columns
			// and make the next page allocate.
			c.anyBuf = append(c.anyBuf[:0], buf...)
			pb.tagged = buf
		}
	}
}

// renumberTagged copies one tagged value of a column's cells from src to
// dst, replacing each string id with m[id], and returns the bytes of src it
// used. Arrays and objects keep the builder's fixed four-byte counts (see
// appendContainer).
func renumberTagged(dst, src []byte, m []uint32) ([]byte, int) {
	switch tag := src[0]; tag {
	case format.TagString:
		id, n := consumeID(src[1:])
		return format.AppendUvarint(append(dst, tag), uint64(m[id])), 1 + n
	case format.TagArray, format.TagObject:
		pos := 1 + containerCountSize
		dst = append(dst, src[:pos]...)
		for range containerCount(src[1:]) {
			if tag == format.TagObject {
				id, n := consumeID(src[pos:])
				dst = format.AppendUvarint(dst, uint64(m[id]))
				pos += n
			}
			var n int
			dst, n = renumberTagged(dst, src[pos:], m)
			pos += n
		}
		return dst, pos
	}
	n := format.SkipValue(src)
	return append(dst, src[:n]...), n
}
