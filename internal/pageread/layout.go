package pageread

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/bits"

	"github.com/rowpage/rowpage/format"
)

// Layout is a validated view of a page: header fields, the string table,
// shapes, row shape ids and the column directory. Parse builds it; after a
// successful Parse every cursor over the page reads only well-formed data.
// A Layout is immutable and safe for concurrent readers, except one from
// ResetDeferred until its deferred cells are checked (see ResetDeferred).
type Layout struct {
	Page    []byte // the whole plain page, header and trailer included; for a compressed page, its inflated form (see Compressed)
	Major   uint8
	Minor   uint8
	Flags   uint8
	Kind    format.Kind
	Rows    int
	Strings StringTable
	Columns []Column

	shapeCols []uint32 // all shapes' column indexes, concatenated
	shapeEnds []uint32 // shape id s (1-based) spans shapeCols[shapeEnds[s-1]:shapeEnds[s]], shapeEnds[0] = 0
	rowShapes []byte   // per-row shape ids (uvarints), or empty when every row has shape 1
	rowsOff   int      // offset of rowShapes in Page
	depth     int      // MaxDepth in force when parsed
	maxStr    int      // MaxStringBytes in force when parsed
	jsonMax   int      // MaxJSONBytes in force for this page (Limits.JSONBudget)
	dataStr   string   // Page viewed as a string

	checkFlags bool // Reset verifies string flags
	flagsOK    bool // they were verified
	deferCells bool // Reset leaves some columns' cells to checked cursors

	// scratch reused by Reset
	offs   []uint32 // Strings.offs
	seen   []int32
	uses   []int
	counts []int
	names  []uint64

	inflated []byte // a compressed page's plain form (compressed.go)
	trailer  int    // bytes of checksum the plain form leaves out: counted in limits as if present
}

// Column is one entry of the column directory.
type Column struct {
	Name    uint32 // string-table index of the key (unused in KindValue pages)
	Enc     uint8  // encoding byte, EncNullBitmap included
	Count   int    // present cells: rows whose shape holds this column
	Nulls   int    // null cells among them
	Offset  int    // byte offset of Payload in the page
	Payload []byte

	deferred bool // cells not yet validated (see ResetDeferred)
}

// NumShapes returns the number of distinct row shapes.
func (l *Layout) NumShapes() int { return len(l.shapeEnds) - 1 }

// Shape returns the ordered column indexes of shape id s (1-based). The slice
// aliases the layout: do not modify it.
// An empty shape (a row with no keys) is a non-nil empty slice, so callers
// can tell it from a null row.
func (l *Layout) Shape(s int) []uint32 {
	a, b := l.shapeEnds[s-1], l.shapeEnds[s]
	if a == b {
		return emptyShape
	}
	return l.shapeCols[a:b:b]
}

var emptyShape = []uint32{}

// ColumnName returns the key of column c without copying.
func (l *Layout) ColumnName(c int) string {
	if l.Kind == format.KindValue {
		return ""
	}
	return l.Strings.String(int(l.Columns[c].Name))
}

// ChecksumPresent reports whether the page carries a CRC-32C trailer.
func (l *Layout) ChecksumPresent() bool { return l.Flags&format.FlagChecksum != 0 }

// RowShapes returns an iterator state over per-row shape ids.
func (l *Layout) RowShapes() ShapeReader {
	return ShapeReader{b: l.rowShapes, all1: len(l.rowShapes) == 0}
}

// ShapeReader yields each row's shape id in order; 0 means a null row.
type ShapeReader struct {
	b    []byte
	pos  int
	all1 bool
}

// Next returns the next row's shape id. Call it once per row.
func (r *ShapeReader) Next() int {
	if r.all1 {
		return 1
	}
	v, n := format.ConsumeUvarint(r.b[r.pos:])
	r.pos += n
	return int(v)
}

// Parse validates page completely (header, checksum, every section, every
// cell of every column, against lim) and returns its layout. It allocates in
// proportion to the column and shape counts, never to a count it has not
// checked against the bytes present.
func Parse(page []byte, lim format.Limits) (*Layout, error) {
	l := new(Layout)
	if err := l.Reset(page, lim); err != nil {
		return nil, err
	}
	return l, nil
}

// Reset is Parse into an existing Layout, reusing its memory: a Layout kept
// for a stream of similar pages (in a sync.Pool, say) parses without
// allocating. On error the Layout is left unusable until the next Reset.
func (l *Layout) Reset(page []byte, lim format.Limits) error {
	return l.reset(page, lim, true, false)
}

// ParseValues is Parse without verifying the string table's escaping flags,
// for readers that take values out of the page (typed accessors, decoding)
// and never copy strings into JSON on the flags' word. Checking the flags
// means reading every string byte, the largest part of Parse's cost on
// text-heavy pages. A layout parsed this way renders strings to JSON
// through full escaping (AppendStringJSON checks FlagsVerified), so its
// output stays valid whatever the flags say.
func ParseValues(page []byte, lim format.Limits) (*Layout, error) {
	l := new(Layout)
	if err := l.reset(page, lim, false, false); err != nil {
		return nil, err
	}
	return l, nil
}

// Forget drops every reference the layout holds to its page (the header
// fields, string table, column directory and row shapes go with it) but
// keeps the scratch buffers that Reset reuses, so that a layout kept for
// reuse beyond a garbage collection does not pin the last page it read.
// Cost: clearing the column directory's backing array.
func (l *Layout) Forget() {
	clear(l.Columns[:cap(l.Columns)])
	*l = Layout{
		Columns:   l.Columns[:0],
		shapeCols: l.shapeCols,
		shapeEnds: l.shapeEnds,
		offs:      l.offs,
		seen:      l.seen,
		uses:      l.uses,
		counts:    l.counts,
		names:     l.names,
		inflated:  l.inflated[:0],
	}
}

// Compressed reports whether the page was stored compressed (FlagCompressed).
// Page then holds the plain page it inflates to, without flags, in memory
// the Layout owns and reuses on the next Reset; offsets in errors past the
// section headers count in that plain page.
func (l *Layout) Compressed() bool { return l.Flags&format.FlagCompressed != 0 }

// JSONBudget returns how many bytes of JSON one call may render from the
// page (Limits.MaxJSONBytes, or its default for the page's size).
func (l *Layout) JSONBudget() int { return l.jsonMax }

// FlagsVerified reports whether the string flags were checked by Parse (or
// Reset), so that strings marked clean may be copied into JSON as they are.
func (l *Layout) FlagsVerified() bool { return l.flagsOK }

func (l *Layout) reset(page []byte, lim format.Limits, checkFlags, deferCells bool) error {
	if len(page) > 6 && page[6]&format.FlagCompressed != 0 && bytes.HasPrefix(page, format.Magic[:]) {
		return l.resetCompressed(page, lim, checkFlags, deferCells)
	}
	return l.resetPlain(page, lim, checkFlags, deferCells)
}

// resetCompressed checks the stored page's header and size, inflates it and
// reads the plain page; Flags keep the stored page's flags.
func (l *Layout) resetCompressed(page []byte, lim format.Limits, checkFlags, deferCells bool) error {
	l.Strings = StringTable{}
	l.Columns = l.Columns[:0]
	l.Flags = 0
	if err := format.CheckHeader(page); err != nil {
		return err
	}
	dl := lim.WithDefaults()
	if len(page) > dl.MaxPageBytes {
		return errAt(format.ErrLimit, 0, "page of "+itoa(len(page))+" bytes exceeds MaxPageBytes")
	}
	plain, err := l.inflate(page, dl)
	if err != nil {
		return err
	}
	if page[6]&format.FlagChecksum != 0 {
		l.trailer = format.ChecksumSize
	}
	err = l.resetPlain(plain, lim, checkFlags, deferCells)
	l.Flags, l.trailer = page[6], 0
	return err
}

// resetPlain reads a plain page. Its size for the limits is that of the
// page as written, checksum included (l.trailer), so that a compressed
// page meets the limits its plain form meets.
func (l *Layout) resetPlain(page []byte, lim format.Limits, checkFlags, deferCells bool) error {
	l.jsonMax = lim.JSONBudget(len(page) + l.trailer)
	lim = lim.WithDefaults()
	l.flagsOK = false
	l.checkFlags = checkFlags
	l.deferCells = deferCells
	l.Strings = StringTable{}
	l.Columns = l.Columns[:0]
	if err := format.CheckHeader(page); err != nil {
		return err
	}
	if len(page) > lim.MaxPageBytes {
		return errAt(format.ErrLimit, 0, "page of "+itoa(len(page))+" bytes exceeds MaxPageBytes")
	}
	l.Page = page
	l.dataStr = bytesString(page)
	l.Major, l.Minor, l.Flags, l.Kind = page[4], page[5], page[6], format.Kind(page[7])
	l.depth = lim.MaxDepth
	l.maxStr = lim.MaxStringBytes
	end := len(page)
	if l.Flags&format.FlagChecksum != 0 {
		if len(page) < format.HeaderSize+format.ChecksumSize {
			return errAt(format.ErrTruncated, len(page), "checksum trailer missing")
		}
		end -= format.ChecksumSize
		want := uint32(page[end]) | uint32(page[end+1])<<8 | uint32(page[end+2])<<16 | uint32(page[end+3])<<24
		if format.Checksum(page[:end]) != want {
			return errAt(format.ErrChecksum, end, "CRC-32C does not match")
		}
	}
	r := reader{b: page[:end], pos: format.HeaderSize}
	rows := r.count("row count", lim.MaxRows, "MaxRows")
	cols := r.count("column count", lim.MaxColumns, "MaxColumns")
	if r.err != nil {
		return r.err
	}
	if !format.RowsFit(rows, len(page)+l.trailer) {
		return errAt(format.ErrLimit, format.HeaderSize, "row count "+itoa(rows)+" exceeds 8 rows per page byte plus "+itoa(format.FreeRows)+": rows that hold no bytes")
	}
	l.Rows = rows
	strSec := r.section("string table")
	shapeSec := r.section("shapes")
	rowSec := r.section("row shapes")
	colSec := r.section("columns")
	if r.err != nil {
		return r.err
	}
	if r.pos != len(r.b) {
		return errAt(format.ErrCorrupt, r.pos, "bytes after the last section")
	}
	if err := l.parseStrings(page, strSec, lim); err != nil {
		return err
	}
	if cols > len(colSec.b) {
		return errAt(format.ErrCorrupt, colSec.base, "column count exceeds what the column section can hold")
	}
	uses, err := l.parseShapes(page, shapeSec, rowSec, cols, lim)
	if err != nil {
		return err
	}
	if err := l.checkKind(cols); err != nil {
		return err
	}
	if err := l.parseColumns(page, colSec, cols, uses); err != nil {
		return err
	}
	l.flagsOK = l.checkFlags
	return nil
}

// grow returns s resized to n, reallocating only when the capacity is short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// span is a section: its bytes and their offset in the page.
type span struct {
	b    []byte
	base int
}

func (l *Layout) parseStrings(page []byte, s span, lim format.Limits) error {
	r := reader{b: s.b}
	count := r.uvarint("string count")
	if r.err != nil {
		return r.fix(s.base)
	}
	if count > uint64(lim.MaxStrings) {
		return errAt(format.ErrLimit, s.base, "string count exceeds MaxStrings")
	}
	if count > uint64(len(s.b)) {
		return errAt(format.ErrCorrupt, s.base, "string count exceeds the string section")
	}
	n := int(count)
	if r.pos >= len(s.b) {
		return errAt(format.ErrTruncated, s.base+r.pos, "string table width missing")
	}
	width := int(s.b[r.pos])
	r.pos++
	if width < 1 || width > 4 {
		return errAt(format.ErrCorrupt, s.base+r.pos-1, "string table width must be 1 to 4")
	}
	flagLen := (n + 3) / 4
	if uint64(flagLen)+uint64(n)*uint64(width) > uint64(len(s.b)-r.pos) {
		return errAt(format.ErrTruncated, s.base+r.pos, "string table offsets run past the section")
	}
	t := &l.Strings
	t.count = n
	t.flags = s.b[r.pos : r.pos+flagLen]
	r.pos += flagLen
	l.offs = grow(l.offs, n+1)
	t.offs = l.offs
	decodeEnds(t.offs, s.b[r.pos:r.pos+n*width], n, width)
	r.pos += n * width
	t.data = s.b[r.pos:]
	dataBase := s.base + r.pos
	t.str = l.dataStr[dataBase : dataBase+len(t.data)]
	if format.StringTableWidth(len(t.data)) != width {
		return errAt(format.ErrCorrupt, s.base+r.pos, "string table width is not the smallest that fits")
	}
	if n == 0 && len(t.data) != 0 {
		return errAt(format.ErrCorrupt, dataBase, "string data without strings")
	}
	if n%4 != 0 && t.flags[flagLen-1]>>((n%4)*2) != 0 {
		return errAt(format.ErrCorrupt, s.base, "string flag padding bits are not zero")
	}
	prev := 0
	for i := 0; i < n; i++ {
		e := int(t.offs[i+1])
		if e < prev || e > len(t.data) {
			return errAt(format.ErrCorrupt, dataBase, "string "+itoa(i)+" ends out of order or past the data")
		}
		if e-prev > lim.MaxStringBytes {
			return errAt(format.ErrLimit, dataBase+prev, "string "+itoa(i)+" exceeds MaxStringBytes")
		}
		prev = e
	}
	if prev != len(t.data) {
		return errAt(format.ErrCorrupt, dataBase+prev, "string data has trailing bytes")
	}
	if l.checkFlags {
		if i := t.verifyFlags(); i >= 0 {
			start, _ := t.span(i)
			return errAt(format.ErrCorrupt, dataBase+start, "string "+itoa(i)+" has wrong escaping flags")
		}
	}
	return nil
}

func (l *Layout) parseShapes(page []byte, s, rs span, cols int, lim format.Limits) ([]int, error) {
	r := reader{b: s.b}
	count := r.uvarint("shape count")
	if r.err != nil {
		return nil, r.fix(s.base)
	}
	if count > uint64(lim.MaxShapes) {
		return nil, errAt(format.ErrLimit, s.base, "shape count exceeds MaxShapes")
	}
	if count > uint64(len(s.b)) {
		return nil, errAt(format.ErrCorrupt, s.base, "shape count exceeds the shape section")
	}
	ns := int(count)
	l.shapeEnds = append(l.shapeEnds[:0], 0)
	l.shapeCols = l.shapeCols[:0]
	l.seen = grow(l.seen, cols)
	seen := l.seen // seen[c] = shape id that last listed c
	clear(seen)
	// Columns are numbered in order of first appearance (SPEC.md 9.1).
	// Shapes are in order of first use (checked with the row shape ids
	// below), so the rows meet each shape's new columns in shape order:
	// the columns listed so far are exactly 0 to next-1, and a column's
	// first listing must be column next.
	next := uint64(0)
	for id := 1; id <= ns; id++ {
		k := r.uvarint("shape length")
		if r.err != nil {
			return nil, r.fix(s.base)
		}
		if k > uint64(cols) || k > uint64(len(s.b)-r.pos) {
			return nil, errAt(format.ErrCorrupt, s.base+r.pos, "shape "+itoa(id)+" lists more columns than exist")
		}
		for j := 0; j < int(k); j++ {
			at := r.pos
			c := r.uvarint("shape column")
			if r.err != nil {
				return nil, r.fix(s.base)
			}
			if c >= uint64(cols) {
				return nil, errAt(format.ErrCorrupt, s.base+at, "shape "+itoa(id)+" names column "+utoa(c)+" of "+itoa(cols))
			}
			if seen[c] == int32(id) {
				return nil, errAt(format.ErrCorrupt, s.base+at, "shape "+itoa(id)+" lists column "+utoa(c)+" twice")
			}
			if c > next {
				return nil, errAt(format.ErrCorrupt, s.base+at, "shape "+itoa(id)+" lists column "+utoa(c)+" before column "+utoa(next)+" has appeared (columns out of order)")
			}
			if c == next {
				next++
			}
			seen[c] = int32(id)
			l.shapeCols = append(l.shapeCols, uint32(c))
		}
		l.shapeEnds = append(l.shapeEnds, uint32(len(l.shapeCols)))
	}
	if r.pos != len(s.b) {
		return nil, errAt(format.ErrCorrupt, s.base+r.pos, "bytes after the last shape")
	}
	// Row shape ids.
	l.uses = grow(l.uses, ns+1)
	uses := l.uses
	clear(uses)
	l.rowShapes = rs.b
	l.rowsOff = rs.base
	if len(rs.b) == 0 {
		if l.Rows > 0 {
			if ns != 1 {
				return nil, errAt(format.ErrCorrupt, rs.base, "row shapes omitted but the page has "+itoa(ns)+" shapes")
			}
			uses[1] = l.Rows
		} else if ns != 0 {
			return nil, errAt(format.ErrCorrupt, s.base, "a page without rows has shapes")
		}
	} else {
		if l.Rows > len(rs.b) {
			return nil, errAt(format.ErrCorrupt, rs.base, "row count exceeds the row shape section")
		}
		rr := reader{b: rs.b}
		all1 := true
		used := uint64(0) // the highest shape id used so far (SPEC.md 9.2)
		for row := 0; row < l.Rows; row++ {
			at := rr.pos
			id := rr.uvarint("row shape id")
			if rr.err != nil {
				return nil, rr.fix(rs.base)
			}
			if id > uint64(ns) {
				return nil, &format.Error{Err: format.ErrCorrupt, Msg: "shape id " + utoa(id) + " of " + itoa(ns), Offset: rs.base + at, Row: row, Column: -1}
			}
			if id > used {
				if id != used+1 {
					return nil, &format.Error{Err: format.ErrCorrupt, Msg: "shape " + utoa(id) + " used before shape " + utoa(used+1) + " (shapes out of order)", Offset: rs.base + at, Row: row, Column: -1}
				}
				used = id
			}
			all1 = all1 && id == 1
			uses[id]++
		}
		if rr.pos != len(rs.b) {
			return nil, errAt(format.ErrCorrupt, rs.base+rr.pos, "bytes after the last row shape id")
		}
		if all1 {
			return nil, errAt(format.ErrCorrupt, rs.base, "row shapes must be omitted when every row has shape 1")
		}
	}
	for id := 1; id <= ns; id++ {
		if uses[id] == 0 {
			return nil, errAt(format.ErrCorrupt, s.base, "shape "+itoa(id)+" is never used")
		}
	}
	return uses, nil
}

func (l *Layout) checkKind(cols int) error {
	switch l.Kind {
	case format.KindObject:
		if l.Rows != 1 || len(l.rowShapes) != 0 {
			return errAt(format.ErrCorrupt, 7, "an object page holds exactly one non-null row")
		}
	case format.KindValue:
		if l.Rows != 1 || cols != 1 || l.NumShapes() != 1 || len(l.Shape(1)) != 1 || len(l.rowShapes) != 0 {
			return errAt(format.ErrCorrupt, 7, "a value page holds exactly one row of one column")
		}
	}
	return nil
}

func (l *Layout) parseColumns(page []byte, s span, cols int, uses []int) error {
	l.counts = grow(l.counts, cols)
	counts := l.counts
	clear(counts)
	for id := 1; id < len(uses); id++ {
		for _, c := range l.Shape(id) {
			counts[c] += uses[id]
		}
	}
	l.Columns = grow(l.Columns, cols)
	clear(l.Columns)
	r := reader{b: s.b}
	var names []uint64
	if l.Kind != format.KindValue {
		l.names = grow(l.names, (l.Strings.Len()+63)/64)
		names = l.names
		clear(names)
	}
	total := uint64(0)
	for c := 0; c < cols; c++ {
		col := &l.Columns[c]
		if l.Kind != format.KindValue {
			at := r.pos
			name := r.uvarint("column name")
			if r.err != nil {
				return r.fix(s.base)
			}
			if name >= uint64(l.Strings.Len()) {
				return &format.Error{Err: format.ErrCorrupt, Msg: "column name index out of range", Offset: s.base + at, Row: -1, Column: c}
			}
			if names[name/64]&(1<<(name%64)) != 0 {
				return &format.Error{Err: format.ErrCorrupt, Msg: "duplicate column name", Offset: s.base + at, Row: -1, Column: c, ColumnName: l.Strings.String(int(name))}
			}
			names[name/64] |= 1 << (name % 64)
			col.Name = uint32(name)
		}
		if r.pos >= len(r.b) {
			return errAt(format.ErrTruncated, s.base+r.pos, "column encoding missing")
		}
		col.Enc = r.b[r.pos]
		r.pos++
		plen := r.uvarint("column payload length")
		if r.err != nil {
			return r.fix(s.base)
		}
		if plen > uint64(len(s.b)) {
			return &format.Error{Err: format.ErrTruncated, Msg: "column payload runs past the section", Offset: s.base + r.pos, Row: -1, Column: c}
		}
		total += plen
		col.Count = counts[c]
		if col.Count == 0 {
			return &format.Error{Err: format.ErrCorrupt, Msg: "column appears in no row", Offset: s.base, Row: -1, Column: c}
		}
		col.Offset = int(plen) // temporarily the length
	}
	if total != uint64(len(s.b)-r.pos) {
		return errAt(format.ErrCorrupt, s.base+r.pos, "column payload lengths do not add up to the column section")
	}
	off := r.pos
	for c := range l.Columns {
		col := &l.Columns[c]
		n := col.Offset
		col.Payload = s.b[off : off+n : off+n]
		col.Offset = s.base + off
		off += n
	}
	for c := range l.Columns {
		if err := l.checkColumn(c, l.deferCells); err != nil {
			if l.deferCells {
				// Parse reports the first bad column, which may be one
				// whose cells were deferred.
				if e := l.validateDeferred(c); e != nil {
					return e
				}
			}
			return err
		}
	}
	return nil
}

// checkColumn validates column c (see validateColumn) and puts the column
// in its errors.
func (l *Layout) checkColumn(c int, deferCells bool) error {
	err := l.validateColumn(c, deferCells)
	if e, ok := err.(*format.Error); ok && e.Column < 0 {
		e.Column = c
		if l.Kind != format.KindValue {
			e.ColumnName = l.ColumnName(c)
		}
	}
	return err
}

// validateColumn checks every cell of column c. With deferCells, a column
// whose encoding a checked cursor can verify while it reads (see
// deferrable) has only its null bitmap and the values in front of its cells
// checked, and is marked deferred.
func (l *Layout) validateColumn(c int, deferCells bool) error {
	col := &l.Columns[c]
	col.deferred = false
	enc := col.Enc &^ format.EncNullBitmap
	if enc > format.EncMax {
		return errAt(format.ErrUnsupported, col.Offset, "unknown column encoding "+itoa(int(col.Enc)))
	}
	v := validator{l: l, r: reader{b: col.Payload}, base: col.Offset}
	values := col.Count
	if col.Enc&format.EncNullBitmap != 0 {
		switch enc {
		case format.EncNull:
			return errAt(format.ErrCorrupt, col.Offset, "all-null column with a null bitmap")
		case format.EncAny:
			return errAt(format.ErrCorrupt, col.Offset, "any column with a null bitmap (nulls are tag 0x00)")
		}
		nb := (col.Count + 7) / 8
		if nb > len(col.Payload) {
			return errAt(format.ErrTruncated, col.Offset, "null bitmap runs past the payload")
		}
		nulls, ok := countBits(col.Payload[:nb], col.Count)
		if !ok {
			return errAt(format.ErrCorrupt, col.Offset+nb-1, "null bitmap padding bits are not zero")
		}
		if nulls == 0 || nulls == col.Count {
			return errAt(format.ErrCorrupt, col.Offset, "null bitmap must hold some but not all nulls")
		}
		col.Nulls = nulls
		values -= nulls
		v.r.pos = nb
	}
	if enc == format.EncNull {
		col.Nulls = col.Count
		if len(col.Payload) != 0 {
			return errAt(format.ErrCorrupt, col.Offset, "all-null column has a payload")
		}
		return nil
	}
	if deferCells && v.deferrable(enc) {
		col.deferred = true
		return nil
	}
	v.column(enc, values)
	if v.r.err != nil {
		return v.r.fix(v.base)
	}
	if v.r.pos != len(v.r.b) {
		return errAt(format.ErrCorrupt, v.base+v.r.pos, "column payload has trailing bytes")
	}
	return nil
}

// countBits counts the set bits among the first n bits of b and reports
// whether the padding bits after them are zero.
func countBits(b []byte, n int) (int, bool) {
	c := 0
	for _, x := range b {
		c += bits.OnesCount8(x)
	}
	if n%8 != 0 && b[len(b)-1]>>(n%8) != 0 {
		return c, false
	}
	return c, true
}

// validator walks a column payload checking every value.
type validator struct {
	l    *Layout
	r    reader
	base int
}

func (v *validator) fail(kind error, msg string) {
	if v.r.err == nil {
		v.r.err = errAt(kind, v.r.pos, msg)
	}
}

func (v *validator) column(enc uint8, n int) {
	r := &v.r
	switch enc {
	case format.EncBool:
		nb := (n + 7) / 8
		if nb > len(r.b)-r.pos {
			v.fail(format.ErrTruncated, "bool bits run past the payload")
			return
		}
		if _, ok := countBits(r.b[r.pos:r.pos+nb], n); !ok && n > 0 {
			r.pos += nb - 1
			v.fail(format.ErrCorrupt, "bool padding bits are not zero")
			return
		}
		r.pos += nb
	case format.EncInt, format.EncIntDelta:
		v.varints(n, math.MaxUint64, "integer")
	case format.EncIntFOR:
		lo := r.varint("frame minimum")
		if r.err != nil {
			return
		}
		// Offsets are at most MaxInt64 - lo, so that lo + offset fits, and
		// one is 0. A minimal varint holds a zero byte only as the whole
		// varint 0, so one byte search finds it.
		start := r.pos
		v.varints(n, uint64(math.MaxInt64)-uint64(lo), "frame offset")
		if r.err == nil && n > 0 && bytes.IndexByte(r.b[start:r.pos], 0) < 0 {
			v.fail(format.ErrCorrupt, "frame minimum is not the minimum")
		}
	case format.EncUint:
		big := false
		for i := 0; i < n && r.err == nil; i++ {
			big = r.uvarint("unsigned integer") > math.MaxInt64 || big
		}
		if r.err == nil && !big {
			v.fail(format.ErrCorrupt, "uint column holds no value above MaxInt64")
		}
	case format.EncFloat:
		v.floats(n)
	case format.EncStrRef:
		if v.l.Strings.Len() == 0 {
			if n > 0 {
				v.fail(format.ErrCorrupt, "string index into an empty string table")
			}
			return
		}
		v.varints(n, uint64(v.l.Strings.Len()-1), "string index")
	case format.EncStrSeq:
		base := r.uvarint("string sequence base")
		if r.err == nil && (base > uint64(v.l.Strings.Len()) || uint64(n) > uint64(v.l.Strings.Len())-base) {
			v.fail(format.ErrCorrupt, "string sequence runs past the string table")
		}
	case format.EncTime:
		v.timeColumn(n)
	case format.EncBytes:
		for i := 0; i < n && r.err == nil; i++ {
			r.blob("byte string", v.l.maxStr)
		}
	case format.EncNumber:
		for i := 0; i < n && r.err == nil; i++ {
			at := r.pos
			t := r.blob("number", v.l.maxStr)
			if r.err == nil && !format.ValidNumber(t) {
				r.pos = at
				v.fail(format.ErrCorrupt, "invalid JSON number text")
			}
		}
	case format.EncAny:
		for i := 0; i < n && r.err == nil; i++ {
			v.value(1)
		}
	case format.EncStrList:
		if v.l.depth < 2 {
			v.fail(format.ErrLimit, "nesting exceeds MaxDepth")
			return
		}
		for i := 0; i < n && r.err == nil; i++ {
			cnt := r.uvarint("list length")
			if r.err != nil {
				return
			}
			if cnt > uint64(len(r.b)-r.pos) {
				v.fail(format.ErrCorrupt, "list length exceeds the bytes left")
				return
			}
			if v.l.Strings.Len() == 0 {
				if cnt > 0 {
					v.fail(format.ErrCorrupt, "string index into an empty string table")
				}
				continue
			}
			v.varints(int(cnt), uint64(v.l.Strings.Len()-1), "string index")
		}
	}
}

// floats checks n float cells as ConsumeFloatCell would, in a loop over
// local state (this runs on every hit of a page with a float column).
func (v *validator) floats(n int) {
	r := &v.r
	b, pos := r.b, r.pos
	for i := 0; i < n; i++ {
		if pos >= len(b) {
			r.pos = pos
			v.fail(format.ErrTruncated, "float runs past the payload")
			return
		}
		s := b[pos]
		if s == format.FloatRawSelector {
			if len(b)-pos < format.FloatRawSize {
				r.pos = pos
				v.fail(format.ErrTruncated, "float runs past the payload")
				return
			}
			if bits := binary.LittleEndian.Uint64(b[pos+1:]); bits&(0x7FF<<52) == 0x7FF<<52 {
				r.pos = pos
				v.fail(format.ErrCorrupt, "invalid float cell")
				return
			}
			pos += format.FloatRawSize
			continue
		}
		var m uint64
		k := 1
		if pos+1 < len(b) && b[pos+1] < 0x80 {
			m = uint64(b[pos+1])
		} else if s&0x7F != 0x7F {
			if m, k = format.ConsumeUvarint(b[pos+1:]); k < 0 {
				r.pos = pos
				if k == format.ErrCodeTruncated {
					v.fail(format.ErrTruncated, "float runs past the payload")
				} else {
					v.fail(format.ErrCorrupt, "invalid float cell")
				}
				return
			}
		}
		if s&0x7F == 0x7F || m >= format.FloatMaxMant || (m == 0 && s != format.FloatExpBias) || (m != 0 && m%10 == 0) {
			r.pos = pos
			v.fail(format.ErrCorrupt, "invalid float cell")
			return
		}
		pos += 1 + k
	}
	r.pos = pos
}

func (v *validator) strIndex() {
	at := v.r.pos
	i := v.r.uvarint("string index")
	if v.r.err == nil && i >= uint64(v.l.Strings.Len()) {
		v.r.pos = at
		v.fail(format.ErrCorrupt, "string index "+utoa(i)+" out of range")
	}
}

// timeHead reads and checks what comes before a time column's cells: the
// time mode and, in TimeShared mode, the shared offset. On failure it sets
// v.r.err.
func (v *validator) timeHead() (mode byte, off int64) {
	r := &v.r
	if r.pos >= len(r.b) {
		v.fail(format.ErrTruncated, "time mode missing")
		return 0, 0
	}
	mode = r.b[r.pos]
	r.pos++
	if mode >= format.TimeModes {
		r.pos--
		v.fail(format.ErrCorrupt, "unknown time mode")
		return 0, 0
	}
	if mode == format.TimeShared {
		off = r.varint("time offset")
		if r.err == nil && (off == 0 || off < -86399 || off > 86399) {
			v.fail(format.ErrCorrupt, "shared time offset out of range")
		}
	}
	return mode, off
}

func (v *validator) timeColumn(n int) {
	r := &v.r
	modeAt := r.pos
	mode, off := v.timeHead()
	if r.err != nil {
		return
	}
	// The cells are read in a loop over local copies of the reader's state,
	// as varints does: this pass runs on every hit of a page with times.
	b, pos := r.b, r.pos
	local := int64(0)
	perValue := mode == format.TimePerValue
	mixed := false // per-value offsets differ (else mode 0 or 1 fits: SPEC.md 5.4)
	for i := 0; i < n; i++ {
		at := pos
		d, m := format.ConsumeUvarint(b[pos:])
		if m < 0 {
			r.pos, r.err = pos, varintErr(m, pos, "time seconds")
			return
		}
		pos += m
		local += format.DecodeZigZag(d)
		var frac uint64
		if pos < len(b) && b[pos] < 0x80 {
			frac = uint64(b[pos])
			pos++
		} else {
			if frac, m = format.ConsumeUvarint(b[pos:]); m < 0 {
				r.pos, r.err = pos, varintErr(m, pos, "time fraction")
				return
			}
			pos += m
		}
		if perValue {
			u, m := format.ConsumeUvarint(b[pos:])
			if m < 0 {
				r.pos, r.err = pos, varintErr(m, pos, "time offset")
				return
			}
			pos += m
			o := format.DecodeZigZag(u)
			mixed = mixed || (i > 0 && o != off)
			off = o
		}
		if !timeCellValid(local, frac, off) {
			r.pos = at
			v.fail(format.ErrCorrupt, "timestamp out of range")
			return
		}
	}
	if perValue && !mixed {
		r.pos = modeAt
		v.fail(format.ErrCorrupt, "time mode 2 with every offset equal (mode 0 or 1 fits)")
		return
	}
	r.pos = pos
}

// varints checks n minimal uvarints, each at most max, in a tight loop.
func (v *validator) varints(n int, max uint64, what string) {
	r := &v.r
	b := r.b
	pos := r.pos
	for i := 0; i < n; i++ {
		if pos < len(b) && b[pos] < 0x80 {
			if uint64(b[pos]) > max {
				r.pos = pos
				v.fail(format.ErrCorrupt, what+" out of range")
				return
			}
			pos++
			continue
		}
		x, m := format.ConsumeUvarint(b[pos:])
		if m < 0 {
			r.pos = pos
			r.err = varintErr(m, pos, what)
			return
		}
		if x > max {
			r.pos = pos
			v.fail(format.ErrCorrupt, what+" out of range")
			return
		}
		pos += m
	}
	r.pos = pos
}

// timeCellValid checks a decoded time cell.
func timeCellValid(local int64, frac uint64, off int64) bool {
	if frac > 9_999_999_999 || off < -86399 || off > 86399 {
		return false
	}
	ts := format.Timestamp{Local: local, Frac: uint32(frac / 10), Digits: uint8(frac % 10), Offset: int32(off)}
	return ts.Valid()
}

// value checks one tagged value at nesting depth d.
func (v *validator) value(d int) {
	r := &v.r
	if r.pos >= len(r.b) {
		v.fail(format.ErrTruncated, "tagged value missing")
		return
	}
	tag := r.b[r.pos]
	r.pos++
	switch tag {
	case format.TagNull, format.TagFalse, format.TagTrue:
	case format.TagInt:
		r.varint("integer")
	case format.TagUint:
		if r.uvarint("unsigned integer") <= math.MaxInt64 && r.err == nil {
			v.fail(format.ErrCorrupt, "uint tag for a value that fits int64")
		}
	case format.TagFloat:
		v.floats(1)
	case format.TagString:
		v.strIndex()
	case format.TagTime:
		at := r.pos
		local := r.varint("time seconds")
		frac := r.uvarint("time fraction")
		off := r.varint("time offset")
		if r.err == nil && !timeCellValid(local, frac, off) {
			r.pos = at
			v.fail(format.ErrCorrupt, "timestamp out of range")
		}
	case format.TagBytes:
		r.blob("byte string", v.l.maxStr)
	case format.TagNumber:
		at := r.pos
		t := r.blob("number", v.l.maxStr)
		if r.err == nil && !format.ValidNumber(t) {
			r.pos = at
			v.fail(format.ErrCorrupt, "invalid JSON number text")
		}
	case format.TagRaw:
		at := r.pos
		t := r.blob("raw JSON", v.l.maxStr)
		if r.err != nil {
			break
		}
		// Depth first: json.Valid gives up past 10,000 levels.
		depth, compact := format.JSONDepth(t)
		switch {
		case compact && depth > v.l.depth-d:
			r.pos = at
			v.fail(format.ErrLimit, "raw JSON nesting exceeds MaxDepth")
		case !compact || !json.Valid(t):
			r.pos = at
			v.fail(format.ErrCorrupt, "raw JSON text is not valid compact JSON")
		}
	case format.TagArray, format.TagObject:
		if d >= v.l.depth {
			v.fail(format.ErrLimit, "nesting exceeds MaxDepth")
			return
		}
		cnt := r.uvarint("element count")
		if r.err != nil {
			return
		}
		if cnt > uint64(len(r.b)-r.pos) {
			v.fail(format.ErrCorrupt, "element count exceeds the bytes left")
			return
		}
		for i := 0; i < int(cnt) && r.err == nil; i++ {
			if tag == format.TagObject {
				v.strIndex()
			}
			v.value(d + 1)
		}
	default:
		r.pos--
		if tag > format.TagMax {
			v.fail(format.ErrUnsupported, "unknown value tag "+itoa(int(tag)))
		} else {
			v.fail(format.ErrCorrupt, "invalid value tag")
		}
	}
}
