package rowpage

import (
	"iter"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pagedict"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Limits bounds what Open and Unmarshal accept; see format.Limits for each
// field's default and range. The zero value means the defaults.
type Limits = format.Limits

// DecOptions configures decoding. The zero value gives the defaults; freeze
// options into a DecMode with DecMode() and reuse it.
type DecOptions struct {
	// Limits bound page size, rows, columns, strings, string length,
	// nesting depth and shapes.
	Limits Limits
	// JSONCompatible makes Unmarshal into interface values (maps, []any,
	// any) produce exactly what json.Unmarshal of the page's JSON would:
	// float64 for every number, strings for times and byte strings
	// (base64), instead of int64, uint64, time.Time, []byte and json.Number.
	// Strings and keys that are not valid UTF-8 (which the page keeps as
	// given) come out as that JSON reads back: each invalid byte becomes
	// U+FFFD, so keys that differ only there become one; this holds for
	// the strings of typed fields and map keys too. A number beyond
	// float64's range fails with ErrDecode, as in json.Unmarshal, which
	// leaves that value nil and decodes the rest. Row.Value and
	// Elems.Value follow the same rules (giving nil for such a number).
	JSONCompatible bool
	// UseNumber, with JSONCompatible, produces json.Number instead of
	// float64, like json.Decoder.UseNumber.
	UseNumber bool
	// Dictionaries are the dictionaries pages may name (SPEC.md 2.6,
	// EncOptions.Dictionary); a page that names another one is
	// ErrUnsupported, a cache miss. Default none.
	Dictionaries []*Dictionary
}

// DecMode is a frozen, validated set of DecOptions, immutable and safe for
// concurrent use.
type DecMode struct {
	lim       format.Limits
	compat    bool
	useNumber bool
	dicts     pagedict.Set
}

// DecMode validates the options and returns a reusable mode.
func (o DecOptions) DecMode() (*DecMode, error) {
	if err := o.Limits.Check(); err != nil {
		return nil, err
	}
	dicts, err := dictSet(o.Dictionaries)
	if err != nil {
		return nil, err
	}
	return &DecMode{lim: o.Limits.WithDefaults(), compat: o.JSONCompatible, useNumber: o.UseNumber, dicts: dicts}, nil
}

var defaultDecMode, _ = DecOptions{}.DecMode()

// Page is an opened, fully validated page. It reads straight from the bytes
// given to Open, which must not change while the Page is in use. A Page is
// immutable and safe for concurrent readers.
type Page struct {
	l    *pageread.Layout
	mode *DecMode
	strs pageStrings // copies of strings for Value, made on first use
	// rows is the scratch of the last iteration of Rows to end, taken by
	// the next one: a Page reused through OpenInto iterates without
	// allocating. Concurrent iterations find it taken and make their own.
	rows atomic.Pointer[rowsScratch]
}

// Open validates page (header, checksum, every section and cell, limits)
// with the default options and returns a Page over it. The cost is one pass
// over the page and a few allocations proportional to the column count.
// It does not read the string bytes to verify their JSON escaping flags:
// only copying strings into JSON needs those, and package jsonbridge checks
// them itself; Row.AppendJSON escapes every string in full instead.
// Bytes that are not a page of this format version (an old JSON entry, a
// newer release's page) fail with ErrUnsupported before anything else is
// read, so a cache can treat them as a miss.
func Open(page []byte) (*Page, error) { return defaultDecMode.Open(page) }

// Open is the package-level Open under mode m.
func (m *DecMode) Open(page []byte) (*Page, error) {
	l, err := pageread.ParseValuesDicts(page, m.lim, m.dicts)
	if err != nil {
		return nil, err
	}
	return &Page{l: l, mode: m}, nil
}

// OpenInto is Open into p, a zero Page or one opened before, reusing the
// memory p kept from its last page: the layout's tables and the scratch of
// Rows. A reader that opens page after page into one Page (or keeps Pages
// in a sync.Pool) then reads them, typed, without allocating, once p has
// grown to the largest page it reads. It validates exactly as Open does.
//
// Nothing may use p while OpenInto runs. What Value and Elems.Value gave
// before stays valid (copies). What String, Strings, Bytes and ColumnName
// gave shares the page's memory, as with Open; but a compressed page is
// inflated into memory p owns, which the next OpenInto overwrites, so copy
// from such a page what must outlive it. On error p holds an empty page,
// with no rows and no columns, until the next OpenInto succeeds.
func OpenInto(p *Page, page []byte) error { return defaultDecMode.OpenInto(p, page) }

// OpenInto is the package-level OpenInto under mode m.
func (m *DecMode) OpenInto(p *Page, page []byte) error {
	if p.l == nil {
		p.l = new(pageread.Layout)
	}
	p.mode = m
	p.strs.tab.Store(nil) // the copies belong to the old page's table
	if s := p.rows.Swap(nil); s != nil {
		s.forget() // else its cells and cursors hold the old page until the next Rows
		p.rows.Store(s)
	}
	if err := p.l.ResetValuesDicts(page, m.lim, m.dicts); err != nil {
		p.l.Forget()
		return err
	}
	return nil
}

// Len returns the number of rows (1 for a one-object or one-value page).
func (p *Page) Len() int { return p.l.Rows }

// IsDocument reports whether the page holds a single JSON value (an object
// or any other value) rather than an array of rows.
func (p *Page) IsDocument() bool { return p.l.Kind != format.KindRows }

// NumColumns returns the number of columns: distinct top-level keys.
func (p *Page) NumColumns() int { return len(p.l.Columns) }

// ColumnName returns column i's key, without copying (it aliases the page).
func (p *Page) ColumnName(i int) string { return p.l.ColumnName(i) }

// Column returns the index of the column named name, or false. It scans the
// directory: O(columns).
func (p *Page) Column(name string) (int, bool) {
	for i := range p.l.Columns {
		if p.l.ColumnName(i) == name {
			return i, true
		}
	}
	return -1, false
}

// Row is the current row of an iteration. It is valid only until the
// iteration moves on; accessors take a column index from Page.Column.
type Row struct {
	p     *Page
	index int
	shape []uint32
	cells []rowCell
	zone  localZone // for Time of text times
	// deep is where iterators over nested values report their ends, by
	// depth (see Elems.Elems); nil on a page without any columns, whose
	// cells hold no nested values.
	deep *[deepSlots]elemsEnd
}

// rowCell is a column's cell in the current row: its Tag is tagAbsent when
// the row lacks the column. Marking the absent cells where the shape
// changes, rather than stamping the present ones with the shape's
// generation, leaves Row.cell a bounds check: every accessor tests the
// cell's Tag anyway, and a second test of a generation in each IsNullAt
// and accessor cost about five instructions a cell. The padding makes the
// cells 128 bytes, which index with a shift.
type rowCell struct {
	pageread.Cell
	_ [128 - unsafe.Sizeof(pageread.Cell{})]byte
}

// tagAbsent is the Tag of a row's cell for a column the row lacks: no
// page holds it (format.TagMax is far below), so no accessor takes it for
// a value.
const tagAbsent = 0xFF

// Rows returns an iterator over the rows in order. Each row costs one cell
// read per column it has; an array or object cell that Elems walks to its
// end is not walked again to find the next row's cell. An iteration
// allocates its cursors and the Row it reuses, never anything per row, and
// leaves them to the Page for the next one: a Page read again, or reused
// through OpenInto, iterates without allocating.
func (p *Page) Rows() iter.Seq[*Row] {
	return func(yield func(*Row) bool) {
		// The loop stays in this function, which the compiler inlines
		// into a range statement together with its body: a call per row
		// through yield costs more than the row's cells on flat pages.
		s := p.rows.Swap(nil)
		if s == nil {
			s = new(rowsScratch)
		}
		r := p.startRows(s)
		l := p.l
		sr := l.RowShapes()
		last := -1
		var takes []pageread.CellTake
		for i := 0; i < l.Rows; i++ {
			r.index = i
			if id := sr.Next(); id != last {
				last = id
				takes = s.newShape(l, id)
			}
			// The cursors and cells by pointer: a loop over the shape's
			// column indexes reloaded its slices and multiplied an index
			// after every call, some twelve instructions a cell.
			pageread.TakeCells(takes)
			if !yield(r) {
				break
			}
		}
		p.rows.Store(s)
	}
}

// rowsScratch is what an iteration of Rows reuses: the Row, its cells, a
// cursor per column and the ends of nested values.
type rowsScratch struct {
	row  Row
	cur  []pageread.Cursor
	deep [deepSlots]elemsEnd
	// takes pairs the cursor and the cell of each column of the current
	// shape, in the shape's order (newShape).
	takes []pageread.CellTake
	// used is the most columns an iteration has used since the last
	// forget: past it, the cells and cursors are zero.
	used int
	// cleared reports that forget has cleared the nested values' ends
	// since the last iteration, which startRows then need not do again.
	cleared bool
}

// newShape moves s's row to shape id (0 for a null row) of l: the old
// shape's cells become absent, and the new one's take their tags from
// their cursors, through the pairs it returns. Cost: one write per column
// of each shape.
func (s *rowsScratch) newShape(l *pageread.Layout, id int) []pageread.CellTake {
	r := &s.row
	for _, c := range r.shape {
		r.cells[c].Tag = tagAbsent
	}
	r.shape = nil
	if id != 0 {
		r.shape = l.Shape(id)
	}
	takes := s.takes[:0]
	for _, c := range r.shape {
		takes = append(takes, pageread.CellTake{Cur: &s.cur[c], Cell: &r.cells[c].Cell})
	}
	s.takes = takes
	return takes
}

// forget drops what s holds of the pages it iterated over: the cells'
// and cursors' views of their bytes and the nested values' ends. The
// takes point into s itself, and are rebuilt by newShape: they hold no
// page. Cost:
// clearing the cells and cursors the iterations since the last forget
// used (not the whole arrays, which a page of many columns may have
// grown), which spares the next startRows its clearing of the ends.
func (s *rowsScratch) forget() {
	s.row.shape = nil
	dropCellViews(s.row.cells[:s.used])
	clear(s.cur[:s.used])
	s.used = 0
	clearReports(&s.deep)
	s.cleared = true
}

// dropCellViews drops the cells' views of a page's bytes, their only
// pointers, so that the page can go. The rest of a cell is never read
// before it is taken again: startRows marks every cell absent, and a
// cursor's open mark, the one reader of a cell's old value, starts
// cleared. Cost: a store of a nil slice a cell, where clearing the cells
// whole (128 bytes each) cost about 14 instructions a cell.
func dropCellViews(cells []rowCell) {
	for i := range cells {
		cells[i].Data = nil
	}
}

// clearReports drops the report slots' pointers into a page's bytes: a
// slot with none names no elements (Elems.Next), so clearing only each
// slot's start both forgets the reports and lets the page go. Cost: 16
// stores of a nil pointer.
func clearReports(d *[deepSlots]elemsEnd) {
	for i := range d {
		d[i].start = nil
	}
}

// startRows readies s for an iteration over p: the Row with a cell per
// column, each absent, and a cursor per column at its first cell.
func (p *Page) startRows(s *rowsScratch) *Row {
	l := p.l
	n := len(l.Columns)
	r := &s.row
	cells := r.cells
	if cap(cells) < n {
		cells = make([]rowCell, n)
	} else {
		cells = cells[:n]
	}
	// No row has a column before its shape says so. What the cells held
	// of an older page (forget clears it when it runs) is never read: an
	// open mark of a cursor, which could name it, starts cleared.
	for c := range cells {
		cells[c].Tag = tagAbsent
	}
	s.used = max(s.used, n)
	*r = Row{p: p, cells: cells}
	cleared := s.cleared
	if !cleared {
		// Nor any report of an older page's bytes (forget
		// has cleared them when it ran).
		clearReports(&s.deep)
	}
	s.cleared = false
	if cap(s.cur) < n {
		s.cur = make([]pageread.Cursor, n)
	}
	cur := s.cur[:n]
	for c := range cur {
		if cleared {
			// forget has cleared the cursors, and those past the
			// columns it cleared were never used since (see used):
			// StartCursor spares clearing each again.
			l.StartCursor(&cur[c], c)
		} else {
			l.ResetCursor(&cur[c], c)
		}
		if cur[c].Encoding() == format.EncAny {
			// Array and object cells stay open: a cell that an Elems
			// walks to its end is closed with the length it found
			// (Elems.finish), so the cursor moves past it without
			// walking it again.
			cur[c].KeepOpen()
			r.deep = &s.deep
		}
	}
	return r
}

// Index returns the row's position in the page.
func (r *Row) Index() int { return r.index }

// IsNull reports whether the whole row is null (a nil map or pointer).
func (r *Row) IsNull() bool { return r.shape == nil }

// NumFields returns the number of keys the row has.
func (r *Row) NumFields() int { return len(r.shape) }

// Field returns the column index of the row's i-th key, in the row's own
// key order.
func (r *Row) Field(i int) int { return int(r.shape[i]) }

// Has reports whether the row has column c at all (null or not).
func (r *Row) Has(c int) bool { return uint(c) < uint(len(r.cells)) && r.cells[c].Tag != tagAbsent }

// cell returns column c's cell, whose Tag is tagAbsent when the row lacks
// the column, or nil for a column the page does not have. It inlines.
func (r *Row) cell(c int) *pageread.Cell {
	if uint(c) < uint(len(r.cells)) {
		return &r.cells[c].Cell
	}
	return nil
}

// inCells reports whether the page has column c, whose cell is then
// r.cells[c]. The accessors that a typed reader calls for every cell
// (IsNullAt, Int, Float, String, Time, Elems) test it and index the cells
// themselves, where cell's pointer, nil for a column the page lacks, had
// them test the pointer again after choosing it: a jump and a test more a
// call, some 2 to 3 instructions of a cell's 15 or so. It inlines.
func (r *Row) inCells(c int) bool { return uint(c) < uint(len(r.cells)) }

// IsNullAt reports whether column c is present in the row and null.
func (r *Row) IsNullAt(c int) bool {
	// The bound and the tag tested in one condition, not through cell:
	// the hot accessors index the cells themselves (see inCells).
	return r.inCells(c) && r.cells[c].Tag == format.TagNull
}

// Int returns column c as an int64; ok is false when the cell is absent,
// null, or not an integer that fits int64.
func (r *Row) Int(c int) (v int64, ok bool) {
	if r.inCells(c) && r.cells[c].Tag == format.TagInt {
		return r.cells[c].Int, true
	}
	return 0, false
}

// Uint returns column c as a uint64; ok is false when the cell is absent,
// null, negative or not an integer.
func (r *Row) Uint(c int) (uint64, bool) { return cellUint(r.cell(c)) }

// Float returns column c as a float64. Integers convert (as JSON numbers
// do); ok is false for anything that is not a number held natively.
func (r *Row) Float(c int) (float64, bool) {
	// The bodies of Float, String and Bytes repeat their cell helpers,
	// which are too big to inline, to save a call per accessor.
	if r.inCells(c) {
		x := &r.cells[c]
		if x.Tag == format.TagFloat {
			// The common float (prices, rates) in line, tested first
			// (a switch tests the tags in order): the cell passed by
			// value to Float64 cost about half of Float.
			if v, ok := x.Float.Fraction64(); ok {
				return v, true
			}
			return x.Float.Float64(), true
		}
		switch x.Tag {
		case format.TagInt:
			return float64(x.Int), true
		case format.TagUint:
			return float64(x.Uint), true
		}
	}
	return 0, false
}

// Bool returns column c as a bool.
func (r *Row) Bool(c int) (v, ok bool) { return cellBool(r.cell(c)) }

// String returns column c's string without copying: the result shares the
// page's memory, so it must not outlive uses of the page bytes. A string
// the page holds as a time (RFC 3339 text, SPEC.md 5.4) is formatted
// instead, into a new string.
func (r *Row) String(c int) (string, bool) {
	// The bodies of String and Time repeat their cell helpers, as Float's
	// does, and Elems.String repeats this one.
	if r.inCells(c) {
		switch x := &r.cells[c]; x.Tag {
		case format.TagString:
			return r.p.l.Strings.String(int(x.Str)), true
		case format.TagTextTime, format.TagTextTimePlus:
			return textTimeString(&x.Time), true
		}
	}
	return "", false
}

// textTimeString formats a text time's timestamp as its RFC 3339 text,
// into a new string, for String. Taking the timestamp by pointer, out of
// line, keeps String's frame free of a copy of it: String's common case,
// a string cell, then sets up no frame beyond its return address.
//
//go:noinline
func textTimeString(ts *format.Timestamp) string {
	return string(jsonwire.AppendTimestampText(nil, *ts))
}

// Bytes returns column c's byte string, or a string's bytes, without
// copying. The slice aliases the page: do not modify it.
func (r *Row) Bytes(c int) ([]byte, bool) { return cellBytes(r.p.l, r.cell(c)) }

// Time returns column c's timestamp: the same instant, in UTC when its
// offset is zero and otherwise in a fixed zone of that offset (cached, so
// this does not allocate). A string of RFC 3339 text the page holds as a
// time reads as time.Time.UnmarshalText reads it.
func (r *Row) Time(c int) (time.Time, bool) {
	if r.inCells(c) {
		switch x := &r.cells[c]; x.Tag {
		case format.TagTime:
			if ts := &x.Time; ts.Offset == 0 {
				// timeOf's UTC case, read in place: passing the
				// timestamp to timeOf by value cost about a third of
				// the call. The scale is indexed by the digits masked
				// to the table's size, without a bounds check.
				return time.Unix(ts.Local, int64(ts.Frac)*fracNanos[ts.Digits&15]).UTC(), true
			}
			return timeOf(x.Time), true
		case format.TagTextTime, format.TagTextTimePlus:
			return r.zone.jsonTime(x.Time), true // as time.Time.UnmarshalText reads the text
		}
	}
	return time.Time{}, false
}

// fracNanos[d] is the nanoseconds in a unit of a fraction of d digits,
// 10^(9-d), for Row.Time. Open accepts no time with more than nine
// digits; the entries past nine, which only the mask reaches, are 0.
var fracNanos = [16]int64{1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1}

// Number returns column c's exact number text for numbers stored as text
// (those that fit no native type exactly). The slice aliases the page.
func (r *Row) Number(c int) ([]byte, bool) { return cellNumber(r.cell(c)) }

// Strings appends the elements of column c, an array of strings, to dst
// and returns the extended slice. The strings share the page's memory, as
// String's do; nothing is allocated unless dst must grow. ok is false, and
// dst is returned unchanged, when the cell is absent or is not an array
// whose elements are all strings (an empty array is fine).
func (r *Row) Strings(c int, dst []string) (out []string, ok bool) {
	return appendCellStrings(dst, r.p.l, r.cell(c))
}

// Elems returns an iterator over the elements of column c, an array or an
// object; ok is false when the cell is absent or is neither. It does not
// allocate. Once it has read every element it tells the row's iteration
// where the cell ends, which then moves past it without walking it again.
func (r *Row) Elems(c int) (e Elems, ok bool) {
	if uint(c) >= uint(len(r.cells)) { // inCells, written out to inline
		return e, false
	}
	x := &r.cells[c].Cell
	k := x.Tag - format.TagArray // kindArray or kindObject, else no container
	if k > kindObject {
		return e, false
	}
	if x.Flat {
		k = kindFlat
	}
	// The result's fields are set one by one: building an Elems apart and
	// returning it would copy it once more. up is set for a closed cell
	// too, which finish leaves alone: one test less, and Elems inlines.
	n := uint32(x.Len)
	e.p, e.b, e.n, e.left, e.kind, e.deep, e.up = r.p, x.Data, n, n, k, r.deep, x
	return e, true
}

// Value returns column c as a Go value: nil, bool, int64, uint64 (above
// MaxInt64), float64, string, time.Time, []byte, json.Number (exact numbers
// with no native form), []any or map[string]any; a time.Time only for a
// time cell, never for a string the page holds as a text time (SPEC.md
// 5.4). ok is false when the row lacks the column. Strings and byte strings are copied: each string of
// the page once, on first use, into a per-Page cache that all Values
// share, so a string repeated in many cells costs its length once. Apart
// from that it allocates only the values it returns.
func (r *Row) Value(c int) (v any, ok bool) {
	x := r.cell(c)
	if x == nil || x.Tag == tagAbsent {
		return nil, false
	}
	return r.p.value(x), true
}

// value returns the generic Go value of cell x, with strings from the
// Page's cache.
func (p *Page) value(x *pageread.Cell) any {
	d := valueDecoder{l: p.l, compat: p.mode.compat, useNumber: p.mode.useNumber, shared: &p.strs}
	return d.cellValue(x)
}

// AppendJSON appends column c's JSON text (null when absent), as
// json.Marshal writes it. A cell whose JSON would pass the page's
// MaxJSONBytes (a hostile list of references to one long string) gets an
// ErrLimit error and dst back unchanged.
func (r *Row) AppendJSON(dst []byte, c int) ([]byte, error) {
	x := r.cell(c)
	if x == nil || x.Tag == tagAbsent {
		return append(dst, "null"...), nil
	}
	return r.p.appendCellJSON(dst, x, r.index, c)
}

// appendCellJSON renders cell x under the page's JSON budget.
func (p *Page) appendCellJSON(dst []byte, x *pageread.Cell, row, col int) ([]byte, error) {
	budget := p.l.JSONBudget()
	stop := jsonwire.JSONStop(len(dst), budget)
	out := p.l.AppendCellJSON(dst, x, true, stop)
	if len(out) > stop {
		return dst, jsonwire.JSONLimitError(budget, row, col)
	}
	return out, nil
}
