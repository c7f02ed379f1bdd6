package pageread

import (
	"errors"
	"sort"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagedict"
)

// Summary describes a page for tools such as the rowpage command's inspect:
// its header, where each section lies, how much the string table is
// shared, what each column costs, and the row shapes. Inspect builds it.
// It holds copies (column names included), never views of the page.
type Summary struct {
	Bytes    int // the page's size
	Major    uint8
	Minor    uint8
	Flags    uint8
	Kind     format.Kind
	Checksum bool // the page carries a CRC-32C trailer (Inspect verified it)
	Rows     int
	NullRows int
	Sections []Section
	Strings  StringSummary
	Columns  []ColumnSummary
	Shapes   []ShapeSummary
}

// Section is a named byte range of a page. The sections of a page tile it:
// each body section's range includes its length prefix.
type Section struct {
	Name   string
	Offset int
	Len    int
}

// StringSummary describes the string table and how often its strings are
// used.
type StringSummary struct {
	Count     int // distinct strings
	DataBytes int // bytes of string data
	Bytes     int // the whole section: length prefix, count, width, flags, offsets and data
	// Refs counts references to strings: column names, keys of nested
	// objects, and string values (a string-sequence cell counts as one).
	Refs int
	// KeyRefs counts the references among Refs that are column names or
	// nested keys.
	KeyRefs int
	// RefBytes is what the referenced strings would take if every
	// reference held its own copy; compare it with DataBytes.
	RefBytes int
	Escape   int // strings flagged as needing JSON escapes
	HTML     int // strings flagged as holding <, > or &
}

// ColumnSummary describes one column.
type ColumnSummary struct {
	Name     string // empty in a value page
	Enc      uint8  // the encoding byte, EncNullBitmap included
	Encoding string // EncodingName(Enc)
	Cells    int    // present cells: rows whose shape holds the column
	Nulls    int    // null cells among them
	Bytes    int    // payload bytes
	DirBytes int    // bytes of the column's directory entry
	Refs     int    // string references from the column's cells
	// Repeats counts the cells of an any column written as repeats
	// (TagRepeat), and RepeatBytes the bytes of the cells they repeat:
	// what the payload would grow by without them.
	Repeats     int
	RepeatBytes int
}

// ShapeSummary describes one row shape.
type ShapeSummary struct {
	Columns []int // column indexes, in the rows' key order
	Rows    int   // rows with this shape
}

// Inspect validates page as Parse does, string flags included, and
// summarises it. The cost is Parse's plus one pass over every cell.
//
// When validation fails in a cell, Parse's error names the byte offset and
// the column; Inspect's also names the row holding the cell where it can be
// found (it re-validates prefixes of the column to find the cell, a cost
// paid only on this error path), returning a copy of the *Error with Row
// set.
func Inspect(page []byte, lim format.Limits) (*Summary, error) { return InspectDicts(page, lim, nil) }

// InspectDicts is Inspect for a reader given dictionaries (a page that
// names another one is unsupported).
func InspectDicts(page []byte, lim format.Limits, dicts pagedict.Set) (*Summary, error) {
	l, err := ParseDicts(page, lim, dicts)
	if err != nil {
		var e *format.Error
		if errors.As(err, &e) && e.Row < 0 && e.Column >= 0 {
			if row := locateRow(page, lim, dicts, e); row >= 0 {
				c := *e
				c.Row = row
				return nil, &c
			}
		}
		return nil, err
	}
	s := &Summary{
		Bytes: len(page), Major: l.Major, Minor: l.Minor, Flags: l.Flags, Kind: l.Kind,
		Checksum: l.ChecksumPresent(), Rows: l.Rows,
	}
	s.Strings = stringSummary(l)
	s.Columns = make([]ColumnSummary, len(l.Columns))
	for c := range l.Columns {
		col := &l.Columns[c]
		cs := ColumnSummary{
			Name: l.ColumnName(c), Enc: col.Enc, Encoding: format.EncodingName(col.Enc),
			Cells: col.Count, Nulls: col.Nulls, Bytes: len(col.Payload),
			DirBytes: 1 + format.SizeUvarint(uint64(len(col.Payload))),
			Refs:     columnRefs(l, c, &s.Strings),
		}
		cs.Repeats, cs.RepeatBytes = columnRepeats(l, c)
		if l.Kind != format.KindValue {
			cs.DirBytes += format.SizeUvarint(uint64(col.Name))
			s.Strings.Refs++
			s.Strings.KeyRefs++
			s.Strings.RefBytes += len(cs.Name)
		}
		s.Columns[c] = cs
	}
	s.Shapes, s.NullRows = shapeSummary(l)
	s.Sections = splitColumns(Sections(l.Page), l)
	return s, nil
}

// Sections splits page into its sections as far as their lengths allow,
// without validating anything else, for tools that show where a damaged
// page goes wrong. Its sections are "header", "counts", "string table",
// "shapes", "row shapes", "columns" and "checksum". It never fails: a
// section whose length prefix is unreadable or runs past the page ends the
// list with a section "unparsed" holding the rest of the body.
func Sections(page []byte) []Section {
	if len(page) < format.HeaderSize {
		return []Section{{"header", 0, len(page)}}
	}
	out := []Section{{"header", 0, format.HeaderSize}}
	end := len(page)
	trailer := page[6]&format.FlagChecksum != 0 && end >= format.HeaderSize+format.ChecksumSize
	if trailer {
		end -= format.ChecksumSize
	}
	r := reader{b: page[:end], pos: format.HeaderSize}
	r.uvarint("row count")
	r.uvarint("column count")
	if r.err == nil {
		out = append(out, Section{"counts", format.HeaderSize, r.pos - format.HeaderSize})
		for _, name := range [...]string{"string table", "shapes", "row shapes", "columns"} {
			at := r.pos
			n := r.uvarint(name + " length")
			if r.err != nil || n > uint64(len(r.b)-r.pos) {
				r.pos = at
				break
			}
			r.pos += int(n)
			out = append(out, Section{name, at, r.pos - at})
		}
	} else {
		r.pos = format.HeaderSize
	}
	if r.pos < end {
		out = append(out, Section{"unparsed", r.pos, end - r.pos})
	}
	if trailer {
		out = append(out, Section{"checksum", end, format.ChecksumSize})
	}
	return out
}

// SectionAt returns the section of secs holding byte offset off, or a zero
// Section if none does.
func SectionAt(secs []Section, off int) Section {
	for _, s := range secs {
		if off >= s.Offset && off < s.Offset+s.Len {
			return s
		}
	}
	return Section{}
}

// splitColumns replaces the "columns" section of a parsed page with its
// directory and its payloads.
func splitColumns(secs []Section, l *Layout) []Section {
	out := make([]Section, 0, len(secs)+1)
	for _, s := range secs {
		if s.Name != "columns" || len(l.Columns) == 0 {
			out = append(out, s)
			continue
		}
		p := l.Columns[0].Offset
		out = append(out, Section{"column directory", s.Offset, p - s.Offset},
			Section{"column payloads", p, s.Offset + s.Len - p})
	}
	return out
}

// stringSummary describes the string table of l, references aside.
func stringSummary(l *Layout) StringSummary {
	t := &l.Strings
	s := StringSummary{Count: t.Len(), DataBytes: t.DataLen()}
	for i := 0; i < t.Len(); i++ {
		f := t.Flags(i)
		if f&format.StrNeedsEscape != 0 {
			s.Escape++
		}
		if f&format.StrHasHTML != 0 {
			s.HTML++
		}
	}
	if secs := Sections(l.Page); len(secs) > 2 {
		s.Bytes = secs[2].Len
	}
	return s
}

// refCounter counts string references in cells.
type refCounter struct {
	l    *Layout
	s    *StringSummary
	refs int
}

func (r *refCounter) value(i uint32, key bool) {
	r.refs++
	r.s.Refs++
	if key {
		r.s.KeyRefs++
	}
	r.s.RefBytes += len(r.l.Strings.Bytes(int(i)))
}

// cell counts the references of a decoded cell, nested values included.
func (r *refCounter) cell(c *Cell) {
	switch c.Tag {
	case format.TagString:
		r.value(c.Str, false)
	case format.TagArray, format.TagObject:
		var e Cell
		it := Elements(c)
		for {
			k, ok := it.Next(&e)
			if !ok {
				return
			}
			if c.Tag == format.TagObject {
				r.value(k, true)
			}
			r.cell(&e)
		}
	}
}

// columnRefs counts the string references of column c's cells into s and
// returns their number.
func columnRefs(l *Layout, c int, s *StringSummary) int {
	col := &l.Columns[c]
	switch col.Enc &^ format.EncNullBitmap {
	case format.EncStrRef, format.EncStrSeq, format.EncStrList, format.EncAny:
	default:
		return 0
	}
	r := refCounter{l: l, s: s}
	cur := l.Cursor(c)
	var cell Cell
	for i := 0; i < col.Count; i++ {
		cur.TakeCell(&cell)
		r.cell(&cell)
	}
	return r.refs
}

// columnRepeats counts the repeats of column c, an any column, and the
// bytes of the cells they repeat.
func columnRepeats(l *Layout, c int) (n, bytes int) {
	col := &l.Columns[c]
	if col.Enc != format.EncAny {
		return 0, 0
	}
	cur := l.Cursor(c)
	var cell Cell
	for i := 0; i < col.Count; i++ {
		if cur.Repeat() {
			off, _ := cur.repeatAt()
			n++
			bytes += format.SkipValue(cur.data[off:])
		}
		cur.TakeCell(&cell)
	}
	return n, bytes
}

// shapeSummary lists the shapes of l with their row counts, and counts null
// rows.
func shapeSummary(l *Layout) ([]ShapeSummary, int) {
	out := make([]ShapeSummary, l.NumShapes())
	for s := range out {
		for _, c := range l.Shape(s + 1) {
			out[s].Columns = append(out[s].Columns, int(c))
		}
		if out[s].Columns == nil {
			out[s].Columns = []int{}
		}
	}
	nulls := 0
	rs := l.RowShapes()
	for i := 0; i < l.Rows; i++ {
		if s := rs.Next(); s == 0 {
			nulls++
		} else {
			out[s-1].Rows++
		}
	}
	return out, nulls
}

// locateRow finds the row holding the cell where Parse failed with e, or
// returns -1. It relies on how Parse proceeds: a cell error comes from
// validating column e.Column after the string table, the shapes and the
// whole column directory were read into the Layout, so re-running the
// parse leaves those in place. It then finds the first k such that
// validating the column's first k values fails exactly as Parse did: value
// k-1 is the culprit, which the null bitmap and the row shapes turn into a
// row.
func locateRow(page []byte, lim format.Limits, dicts pagedict.Set, e *format.Error) int {
	l := Layout{Dicts: dicts}
	err := l.reset(page, lim, true, false)
	var again *format.Error
	if !errors.As(err, &again) || again.Offset != e.Offset || again.Msg != e.Msg || again.Column != e.Column || e.Column >= len(l.Columns) || e.Offset < 0 {
		return -1
	}
	c := e.Column
	col := &l.Columns[c]
	enc := col.Enc &^ format.EncNullBitmap
	if col.Payload == nil || enc == format.EncNull || enc == format.EncBool || enc > format.EncMax {
		return -1 // no cell-by-cell payload, or the error came before it
	}
	start, values := 0, col.Count
	if col.Enc&format.EncNullBitmap != 0 {
		start = (col.Count + 7) / 8
		if start > len(col.Payload) {
			return -1
		}
		nulls, _ := countBits(col.Payload[:start], col.Count)
		values -= nulls
	}
	// An error at the very end of the payload is about the column as a whole
	// (a frame minimum that is not the minimum, say), not one cell.
	if rel := e.Offset - col.Offset; rel < start || rel >= len(col.Payload) {
		return -1
	}
	fails := func(k int) bool {
		v := validator{l: &l, r: reader{b: col.Payload, pos: start}, base: col.Offset}
		v.column(enc, k)
		if v.r.err == nil {
			return false
		}
		f := v.r.fix(v.base)
		return f.Offset == e.Offset && f.Msg == e.Msg && f.Err == e.Err
	}
	if values <= 0 || fails(0) || !fails(values) {
		return -1
	}
	vi := sort.Search(values+1, fails) - 1
	return rowOfValue(&l, c, vi)
}

// rowOfValue returns the row holding the vi-th non-null cell of column c.
func rowOfValue(l *Layout, c, vi int) int {
	col := &l.Columns[c]
	present := vi
	if col.Enc&format.EncNullBitmap != 0 {
		bits := col.Payload
		present = -1
		for i, seen := 0, 0; i < col.Count; i++ {
			if bits[i>>3]&(1<<(i&7)) != 0 {
				continue
			}
			if seen == vi {
				present = i
				break
			}
			seen++
		}
		if present < 0 {
			return -1
		}
	}
	has := make([]bool, l.NumShapes()+1)
	for s := 1; s < len(has); s++ {
		for _, x := range l.Shape(s) {
			has[s] = has[s] || int(x) == c
		}
	}
	rs := l.RowShapes()
	for row, n := 0, 0; row < l.Rows; row++ {
		if s := rs.Next(); s > 0 && has[s] {
			if n == present {
				return row
			}
			n++
		}
	}
	return -1
}
