//go:build purego

package rowpage

// colFields addresses one field in each of the structs of a rowSlots: what
// byColumns writes a column's cells into (see decode_colfields_unsafe.go).
type colFields struct {
	s  *rowSlots
	fp *fieldPath
}

// column returns the fields at fp of the first n rows of s.
func (s *rowSlots) column(fp *fieldPath, n int) colFields { return colFields{s: s, fp: fp} }

// at returns row i's field.
func (c *colFields) at(i int) fieldRef { return c.s.at(i).field(c.fp) }
