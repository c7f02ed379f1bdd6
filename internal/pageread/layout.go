package pageread

import (
	"bytes"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pagedict"
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

	// Dicts are the dictionaries Reset may inflate a page with (SPEC.md
	// 2.6); set by the owner, kept by Forget. A page naming another is
	// unsupported.
	Dicts pagedict.Set

	shapeCols []uint32 // all shapes' column indexes, concatenated
	shapeEnds []uint32 // shape id s (1-based) spans shapeCols[shapeEnds[s-1]:shapeEnds[s]], shapeEnds[0] = 0
	rowShapes []byte   // per-row shape ids (uvarints), or empty when every row has shape 1
	rowsOff   int      // offset of rowShapes in Page
	depth     int      // MaxDepth in force when parsed
	maxStr    int      // MaxStringBytes in force when parsed
	jsonMax   int      // MaxJSONBytes in force for this page (Limits.JSONBudget)
	jsonLim   int      // Limits.MaxJSONBytes as given (0: derived from the page's size)
	maxPage   int      // MaxPageBytes in force when parsed
	expand    int      // bytes of the cells repeats name, over the columns validated so far (SPEC.md 8)
	dataStr   string   // Page viewed as a string

	checkFlags bool // Reset verifies string flags
	flagsOK    bool // they were verified
	deferCells bool // Reset leaves some columns' cells to checked cursors

	// scratch reused by Reset
	offs   []uint32 // Strings.offs
	fits   []uint32 // Strings.fits
	seen   []int32
	uses   []int
	counts []int
	names  []uint64

	anyCells []anyCell           // the validator's array and object cells of one any column
	times    []timeCell          // the cells of the time columns (Column.times)
	rend     [][]rendCell        // per column, the array and object cells TakeValueJSON rendered
	rendUsed []int32             // the columns whose rend is not empty
	rendOld  []int               // per column, its cells in rend that keepFlushed has passed
	rendGen  uint32              // generation of dst spans in rend; FlushedJSON moves it on
	rendExp  int                 // bytes of the cells repeats named, over the repeats TakeValueJSON rendered
	kept     []byte              // JSON of repeated cells rendered again after a flush (keepRendered)
	flushed  [FlushRing][]byte   // the buffers of the last flushes, by rendGen (FlushedJSON)
	jsonStop *int                // the budget of the render calling TakeValueJSON (SetJSONStop)
	dates    *jsonwire.DateCache // the dates of the render calling TakeValueJSON (SetDateCache)

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
	// times are the cells of a time column whose mode fixes the offset,
	// as its check decoded them (timeCell), for TakeCells; nil for any
	// other column, or one whose cells were not checked by Parse.
	times []timeCell
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

// ShapeColumns returns the column indexes of every shape, shape after
// shape: shape id s is ShapeColumns()[a:b] for a, b = ShapeBounds(s). The
// slice aliases the layout: do not modify it.
func (l *Layout) ShapeColumns() []uint32 { return l.shapeCols }

// ShapeBounds returns where shape id s (1-based) lies in ShapeColumns.
func (l *Layout) ShapeBounds(s int) (start, end int) {
	return int(l.shapeEnds[s-1]), int(l.shapeEnds[s])
}

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

// AllRowsShape1 reports whether every row has shape 1 (the page omits the
// row shape ids), so that a reader need not take a shape id a row.
func (l *Layout) AllRowsShape1() bool { return len(l.rowShapes) == 0 }

// RowShapeIDs returns the rows' shape ids as the page holds them, a
// uvarint a row (SPEC.md 9.2), or nothing when every row has shape 1. Parse
// has checked every id: each is well formed, at most NumShapes, and the
// section holds exactly Rows of them. The slice aliases the layout: do not
// modify it. A render loop reads the ids of one and two bytes in line
// (ShapeIDAt for longer ones) and looks each shape up in ShapeEnds.
func (l *Layout) RowShapeIDs() []byte { return l.rowShapes }

// ShapeEnds returns where each shape's list ends in ShapeColumns: shape id
// s (1-based) is ShapeColumns()[ShapeEnds()[s-1]:ShapeEnds()[s]], and
// ShapeEnds()[0] is 0. The slice aliases the layout: do not modify it.
func (l *Layout) ShapeEnds() []uint32 { return l.shapeEnds }

// ShapeIDAt reads the row shape id at b[pos:], any length, and returns
// it and the position after it: for ids past 16,383, which a render loop
// does not read in line (see RowShapeIDs). An id that runs off b ends
// there.
func ShapeIDAt(b []byte, pos int) (uint, int) {
	v := uint(0)
	for s := uint(0); uint(pos) < uint(len(b)); s += 7 {
		c := b[pos]
		pos++
		v |= uint(c&0x7F) << s
		if c < 0x80 {
			break
		}
	}
	return v, pos
}

// ShapeReader yields each row's shape id in order; 0 means a null row.
type ShapeReader struct {
	b    []byte
	pos  int
	all1 bool
}

// Next returns the next row's shape id. Call it once per row. It inlines
// into the caller's row loop: the id's bytes are read in a loop of one
// turn for ids below 128 and two below 16,384, where a call to the
// general varint reader took about 20 instructions a row. Parse has
// checked every id, so none is malformed or runs past the section.
func (r *ShapeReader) Next() int {
	b, p := r.b, uint(r.pos)
	v := 0
	for s := uint(0); p < uint(len(b)); s += 7 {
		c := b[p]
		p++
		v |= int(c&0x7F) << s
		if c < 0x80 {
			break
		}
	}
	r.pos = int(p)
	if r.all1 {
		return 1
	}
	return v
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
// Cost: clearing the column directory. (Only its length needs clearing:
// reset clears the last page's columns before it reads a page, so the
// backing array past the length holds none.)
func (l *Layout) Forget() {
	clear(l.Columns)
	l.resetRendered()
	// Field by field rather than assigning a Layout literal, which copies
	// the whole struct through the write barrier: a tenth of the cost.
	// Every field that may point into the page or the caller's buffers
	// is cleared; the others are scratch, or plain values Reset sets.
	l.Page, l.dataStr, l.rowShapes = nil, "", nil
	l.Strings = StringTable{}
	l.Columns = l.Columns[:0]
	l.flushed = [FlushRing][]byte{}
	l.jsonStop, l.dates = nil, nil
	l.inflated, l.anyCells = l.inflated[:0], l.anyCells[:0]
	l.Major, l.Minor, l.Flags, l.Kind, l.Rows = 0, 0, 0, 0, 0
	l.rowsOff, l.depth, l.maxStr, l.jsonMax, l.jsonLim, l.maxPage, l.expand = 0, 0, 0, 0, 0, 0, 0
	l.checkFlags, l.flagsOK, l.deferCells = false, false, false
	l.rendGen, l.trailer = 0, 0
}

// Compressed reports whether the page was stored compressed (FlagCompressed).
// Page then holds the plain page it inflates to, without flags, in memory
// the Layout owns and reuses on the next Reset; offsets in errors past the
// section headers count in that plain page.
func (l *Layout) Compressed() bool { return l.Flags&format.FlagCompressed != 0 }

// JSONBudget returns how many bytes of JSON one call may render from the
// page (Limits.MaxJSONBytes, or its default for the page's size).
func (l *Layout) JSONBudget() int { return l.jsonMax }

// plainLen is the page's size for its limits: the plain form with its
// checksum (SPEC.md 2.5).
func (l *Layout) plainLen() int { return len(l.Page) + l.trailer }

// Expansion returns the bytes of the cells that the repeats of the
// validated columns name (SPEC.md 8): what repeats add to the page's size
// once they are expanded.
func (l *Layout) Expansion() int { return l.expand }

// FlagsVerified reports whether the string flags were checked by Parse (or
// Reset), so that strings marked clean may be copied into JSON as they are.
func (l *Layout) FlagsVerified() bool { return l.flagsOK }

func (l *Layout) reset(page []byte, lim format.Limits, checkFlags, deferCells bool) error {
	// Columns past the length the next page uses would still point into
	// this one; clearing them here lets Forget clear only the length.
	// After a Forget there is nothing to clear.
	clear(l.Columns)
	l.Columns = l.Columns[:0]
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
