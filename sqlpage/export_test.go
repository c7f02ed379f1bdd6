package sqlpage

// GenericSQLMode returns a copy of m's options whose pages are written
// cell by cell through the Builder, without the direct path of
// cells.go: the reference that path must match byte for byte.
func GenericSQLMode(m *SQLMode) *SQLMode {
	return &SQLMode{enc: m.enc, sortKeys: m.sortKeys, maxRows: m.maxRows, dups: m.dups, generic: true}
}

// InternedSQLMode returns a copy of m's options whose pages are written
// cell by cell through the Builder with every string interned, none
// deferred (pagebuild.Builder.NoDefer): the reference for the ids that
// settling deferred strings gives. It holds for sequential use: the mode
// keeps the one state that has NoDefer set in its last slot.
func InternedSQLMode(m *SQLMode) *SQLMode {
	g := GenericSQLMode(m)
	s := newSQLState(g.enc)
	s.pb.NoDefer = true
	g.last.Store(s)
	return g
}
