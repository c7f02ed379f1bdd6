package sqlpage

// GenericSQLMode returns a copy of m's options whose pages are written
// cell by cell through the Builder, without the direct path of
// cells.go: the reference that path must match byte for byte.
func GenericSQLMode(m *SQLMode) *SQLMode {
	return &SQLMode{enc: m.enc, sortKeys: m.sortKeys, maxRows: m.maxRows, dups: m.dups, generic: true}
}
