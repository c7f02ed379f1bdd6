package jsonbridge

import (
	"math"
	"strconv"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsontext"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// cellSink is the tokenizer's sink for pages of rows and one-object
// pages: it writes each cell straight into its column of the page the
// Builder writes (pagebuild.Builder), as the Builder's own methods would,
// but without the Builder's state machine around every value (which
// checks, for each cell, the order of calls the tokenizer already
// guarantees). It is a jsontext.TaggedSink: the tokenizer writes the
// arrays and objects of a cell into the column's tagged values itself,
// and asks the sink only for their strings, keys and numbers other than
// short integers, so the sink has no methods for arrays and objects.
// The page is byte for byte the one the Builder's methods build. A
// one-value page goes through the Builder (sink): StartValue returns it.
//
// The tokenizer calls the methods in a valid order only: keys in objects,
// balanced arrays and objects no deeper than the page's MaxDepth allows.
// So the only error a cellSink reports is a row that repeats a key, which
// sends the tokenizer back to read the text as a one-value page.
type cellSink struct {
	b     *rowpage.Builder
	pb    *pagebuild.Builder // the page b writes
	value sink               // b as the sink of a one-value page
	col   *pagebuild.Column  // the column of the cell being written
	err   error              // a row's repeated key, or nil
	// The row's keys the tokenizer gave by place (SameKeys), all of them
	// so far, not yet used (pagebuild.Builder.Use), or -1 after a key
	// given by Key; those of them whose cells have begun; and the
	// previous row's shape.
	same, taken int
	prev        []uint32
	// The columns of prev, in its order, for cell and column, which so
	// take a key given by place's column with one load; the shape id of
	// prev they were made for (0: none), and the page's first column then,
	// which moves when the page's columns grow (BeginRow).
	prevCols []*pagebuild.Column
	prevOf   uint32
	colsAt   *pagebuild.Column
	// The places in prev of the columns that held tagged values when
	// newPrev made it (anyJ), and where their tagged values ended when
	// row againRow began (anyAt), under the interner's Epoch againEpoch:
	// where that row's cells of them start, for AgainRow. againRow is -1
	// when no row's are kept.
	anyJ       []int32
	anyAt      []int
	againRow   int
	againEpoch uint64
	// For AgainCells: anyAt of the row before (row prevRow, under the
	// Epoch prevEpoch; -1: none), kept by keepAgain.
	anyPrev   []int
	prevRow   int
	prevEpoch uint64
	agains    int // rows AgainRow added, for tests
	// cellAgains: cells AgainCells added, for tests; noCells: AgainCells
	// adds none (tests compare the pages it makes with those it does not).
	cellAgains int
	noCells    bool
	// againRun: the page's rows (pb.Rows) just after the last row
	// AgainRow added, or -1: while it is still pb.Rows, the row before
	// the one AgainRow is asked for is such a row, and nothing AgainRow
	// checks has changed since it checked it (againChecked).
	againRun int
	// againOn: the page has had a row that repeats the previous row's
	// text (AgainRow), so that rows keep their tagged cells' places
	// (keepAgain); until then rows pay nothing for them.
	againOn bool
	// unplaced: the tokenizer gives none of the row's keys by place
	// (jsontext.RowColumns.Unplaced), so BeginRow leaves prev as it is.
	unplaced bool
	// Short keys: column indexes of row keys under the page's Page, and
	// string ids of nested objects' keys under the interner's Epoch.
	rowKeys, nestedKeys pagebuild.KeyMemo
	// Short string cells: their string ids under the interner's Epoch
	// (String).
	strs pagebuild.KeyMemo
	// The verdicts of number text that took the long way of
	// canonicalDecimal.
	floats floatMemo
	// The tagged values of number text nested in cells, which depend on
	// the text alone (TaggedDecimal), for the tokenizer
	// (jsontext.NumberMemo).
	numbers jsontext.NumberMemo
	// The keys of the first row of the pages of rows before, which open
	// the columns of a first row with the same keys (firstRowKey).
	first firstKeys
}

// newCellSink returns the cellSink of b.
func newCellSink(b *rowpage.Builder) *cellSink {
	st := pagebuild.StreamOf(b)
	pb := st.Page()
	pb.In.Fresh = true // its strings are views of the text (Interner.Fresh)
	return &cellSink{b: b, pb: pb, value: sink{b, st}}
}

// start forgets the cell, error and row keys of an earlier attempt or
// page.
func (s *cellSink) start() {
	s.col, s.err, s.same, s.taken = nil, nil, 0, 0
	s.prev, s.prevOf, s.unplaced = nil, 0, false
	s.anyJ, s.anyAt, s.againRow, s.againOn = s.anyJ[:0], s.anyAt[:0], -1, false
	s.againRun, s.prevRow = -1, -1
}

// StartRows begins a page of rows.
func (s *cellSink) StartRows() { s.b.StartRows(); s.start(); s.first.start(true) }

// StartObject begins a one-object page.
func (s *cellSink) StartObject() { s.b.StartObject(); s.start(); s.first.start(false) }

// StartValue begins a one-value page and returns the Builder as its sink.
func (s *cellSink) StartValue() jsontext.Sink {
	s.b.StartValue()
	s.start()
	s.first.start(false)
	return &s.value
}

// BeginRow starts a row. The previous row's shape and its columns
// (prevCols) stay as they are while the rows keep one shape and the
// page's columns do not move: a load and two compares a row. They are
// made again only for a row whose keys the tokenizer may give by place
// (not unplaced): rows that shuffle their keys, each of a new shape, so
// skip newPrev's loop over the previous row's columns (about 110
// instructions a row of seven keys); prevOf then still names the shape
// prev was made for, and the first row with keys by place makes them.
func (s *cellSink) BeginRow() {
	pb := s.pb
	pb.BeginRow()
	s.same, s.taken = 0, 0
	if l := pb.Last; l != s.prevOf || (l != 0 && colsBase(pb.Cols) != s.colsAt) {
		if s.unplaced {
			s.againRow = -1
			return
		}
		s.newPrev(l)
	}
	if s.againOn {
		s.keepAgain()
	}
}

// keepAgain notes, for AgainRow, where the row that begins starts its
// cells in the columns of prev that hold tagged values: a store per such
// column (none on most pages), and two.
func (s *cellSink) keepAgain() {
	// The previous row's places, for AgainCells, and this row's.
	at, prev, cols := s.anyAt, s.anyPrev, s.prevCols
	prev = prev[:len(at)]
	for k, j := range s.anyJ {
		prev[k] = at[k]
		at[k] = len(cols[j].Tagged)
	}
	s.prevRow, s.prevEpoch = s.againRow, s.againEpoch
	s.againRow, s.againEpoch = s.pb.Rows, s.pb.In.Epoch
}

// AgainRow adds a row whose text is the previous row's, byte for byte
// (jsontext.AgainSink), from the page's second such row on (againOn),
// as the tokenizer reading it would: the row gets
// the previous row's shape, and each of its columns that row's cell
// again (pagebuild.Column.AppendAgain). It does so only where the
// previous row had the shape of the row before it (prev, made for it, so
// its columns are prevCols) and its cells' places in the columns of
// tagged values are known (keepAgain, under the same interner Epoch), and
// every cell can be repeated (CanAgain: not a float, byte string or
// number text, not a deferring column's string, not a column whose
// producer counts string lists); else it changes nothing and reports
// false. A tagged cell's strings are counted again (AppendAgain). Cost:
// a pass over the row's columns that checks them (againChecked), skipped
// in a run of repeats from its second row on (againRun), and a pass that
// appends each cell, without a call for an integer, bool, string or
// null cell or a one-byte tagged cell (TryAgain, TryAgainString,
// TryAgainNull, TryAgainTag), with a copy of its other tagged cells,
// where reading the row costs some 20 instructions a byte of its text.
func (s *cellSink) AgainRow() bool {
	pb := s.pb
	if s.againRun != pb.Rows && !s.againChecked() {
		return false
	}
	cols, anyJ, anyAt := s.prevCols, s.anyJ, s.anyAt
	for _, c := range cols {
		if !c.TryAgain() && !c.AnyKind() && !pb.TryAgainString(c) && !c.TryAgainNull() {
			pb.AppendAgain(c, -1, false)
		}
	}
	for k, j := range anyJ {
		c := cols[j]
		at := anyAt[k]
		anyAt[k] = len(c.Tagged) // the new row's cell starts here
		if c.TryAgainTag(at) {
			continue
		}
		// A cell listed as a copy holds no string: the tokenizer copies
		// only such cells (and so does AppendAgain); nor does one the
		// tokenizer ended by EndPlain (PlainCell).
		cp := c.Copies
		plain := len(cp) >= 2 && int(cp[len(cp)-2]) == at || c.PlainCell == at+1
		pb.AppendAgain(c, at, plain)
	}
	s.againRow = pb.Rows
	s.agains++
	pb.RepeatRow()
	s.againRun = pb.Rows
	return true
}

// againChecked reports whether AgainRow can add the row that begins (see
// AgainRow), checking the page's state and each of prev's columns. What
// it checks does not change while AgainRow adds rows: AppendAgain keeps
// each column's kind, Deferral (Interned(false) only ends a run of new
// strings) and StrLists, and neither the interner's Epoch, the page's
// columns nor its last shape move; so AgainRow asks again only after a
// row it did not add (againRun). At the page's first repeat it notes that
// rows keep their tagged cells' places from now on (againOn) and reports
// false, so that the tokenizer reads that row.
func (s *cellSink) againChecked() bool {
	pb := s.pb
	l := pb.Last
	if !s.againOn {
		s.againOn = true
		return false
	}
	if l == 0 || l != s.prevOf || s.againRow != pb.Rows-1 || s.againEpoch != pb.In.Epoch || colsBase(pb.Cols) != s.colsAt {
		return false
	}
	// Every column can repeat its cell, and the columns of tagged values
	// are the ones newPrev found (a column does not go back from tagged
	// values).
	tagged := 0
	for _, c := range s.prevCols {
		if c.IntKind() { // the common column, with a cell (prev's row's)
			continue
		}
		if !c.CanAgain() {
			return false
		}
		if c.AnyKind() {
			tagged++
		}
	}
	if tagged != len(s.anyJ) {
		// A column turned to tagged values after newPrev: make prev
		// again at the next row, to keep its cells' places.
		s.prevOf = 0
		return false
	}
	return true
}

// colsBase returns the address of the first of cols, where the page's
// columns are, or nil while it has none (rows of no keys, {}, come
// before any column is made).
func colsBase(cols []pagebuild.Column) *pagebuild.Column {
	if len(cols) == 0 {
		return nil
	}
	return &cols[0]
}

// newPrev makes the previous row's shape, of id l (0: none), and its
// columns the ones keys given by place open.
func (s *cellSink) newPrev(l uint32) {
	s.prevOf, s.prev, s.againRow = l, nil, -1
	if l == 0 {
		s.anyJ, s.anyAt, s.anyPrev = s.anyJ[:0], s.anyAt[:0], s.anyPrev[:0]
		return
	}
	pb := s.pb
	prev := pb.Shapes[l-1]
	s.prev, s.colsAt = prev, colsBase(pb.Cols)
	cols := s.prevCols
	if cap(cols) < len(prev) {
		cols = make([]*pagebuild.Column, len(prev), 2*len(prev))
	}
	cols = cols[:len(prev)]
	all := pb.Cols
	anyJ := s.anyJ[:0]
	for j, ci := range prev {
		cols[j] = &all[ci]
		if all[ci].AnyKind() {
			anyJ = append(anyJ, int32(j))
		}
	}
	s.prevCols, s.anyJ = cols, anyJ
	if cap(s.anyAt) < len(anyJ) {
		s.anyAt = make([]int, len(anyJ), 2*len(anyJ))
	}
	if cap(s.anyPrev) < len(anyJ) {
		s.anyPrev = make([]int, len(anyJ), 2*len(anyJ))
	}
	s.anyAt, s.anyPrev = s.anyAt[:len(anyJ)], s.anyPrev[:len(anyJ)]
}

// EndRow finishes a row: one whose keys all came by place, as many as
// the previous row's, has the previous row's shape.
func (s *cellSink) EndRow() {
	if s.same > 0 {
		if s.same == len(s.prev) {
			s.pb.RepeatRow()
			s.same = 0
			return
		}
		s.useSame()
	}
	s.pb.EndRow()
}

// SameKeys returns where the tokenizer counts the row's keys that are
// the keys at the same places in the previous row (jsontext.TaggedSink).
// The cell of such a key opens, in column, the column at that place of
// the previous row's shape, with no duplicate check (the row's keys so
// far are the previous row's, which are distinct) and without Use, which
// useSame catches up on if the row turns out not to have the previous
// row's shape. The key's name is not counted again: the count of a key
// does not change the page (Interner.LookupKey).
func (s *cellSink) SameKeys() *int { return &s.same }

// column returns the column of the cell that begins: that of the row's
// next key given by place if the tokenizer counted one since the last
// cell, else the one Key opened. Each cell begins with one call of Null,
// Bool, Int, String, Number, Decimal or BeginTagged, which take their
// column from here (or from cell, its twin for one value). Inlines.
func (s *cellSink) column() *pagebuild.Column {
	if n := s.taken; n < s.same {
		s.col = s.prevCols[n]
		s.taken = n + 1
	}
	return s.col
}

// cell is column for a cell of one value (a null, bool, number or
// string): it does not keep the column of a key given by place in s.col,
// which only the calls that end an array or object cell (EndTagged,
// TaggedString) read, so that such a cell costs no store of a pointer
// (and its write-barrier test). Inlines.
func (s *cellSink) cell() *pagebuild.Column {
	if n := s.taken; n < s.same {
		s.taken = n + 1
		return s.prevCols[n]
	}
	return s.col
}

// useSame uses the columns of the row's keys given by place, as Key
// would have, for the row's shape and the duplicate check of the keys
// after them.
func (s *cellSink) useSame() {
	for _, ci := range s.prev[:s.same] {
		s.pb.Use(int32(ci))
	}
	s.same = -1
}

// NullRow adds a null row.
func (s *cellSink) NullRow() { s.pb.NullRow() }

// Err returns the error of a row that repeats a key, or nil.
func (s *cellSink) Err() error { return s.err }

// Key opens the column of a row's key. A key of up to 16 bytes that the
// page has met before is found by its bytes in a KeyMemo, which gives
// what pagebuild.Builder.ColumnIndex would: the same column, counted once
// more.
func (s *cellSink) Key(k []byte) {
	if s.same > 0 {
		s.useSame()
	}
	s.same = -1
	w0, w1, short := uint64(0), uint64(0), len(k) <= 16
	if short && cap(k) >= 16 { // a view of the text: KeyWords without a call
		w0, w1 = pagebuild.KeyWordsWide(k)
	} else {
		w0, w1, short = pagebuild.KeyWords(k)
	}
	var c *pagebuild.Column
	var fresh bool
	ci, ok := uint32(0), false
	if short {
		ci, ok = s.rowKeys.Get(w0, w1, len(k), s.pb.Page)
	}
	if ok {
		c, fresh = s.pb.Use(int32(ci)) // not counted: see SameKeys
	} else {
		ci := s.pb.ColumnIndex(view(k))
		if short {
			s.rowKeys.Put(w0, w1, len(k), s.pb.Page, uint32(ci))
		}
		if s.pb.Rows == 0 {
			s.first.noteDecoded(s.pb, k, ci)
		}
		c, fresh = s.pb.Use(ci)
	}
	if !fresh {
		s.duplicate(k)
		return
	}
	s.col = c
}

// RowKey is Key for the row's key whose opening quote is at in[i], if
// it is a key of at most 15 bytes of plain ASCII (jsontext.ShortKey),
// the common key (jsontext.TaggedSink): it looks the key up in the
// KeyMemo by the words ShortKey packs, without the tokenizer's scan of
// the key (str) and without packing them again, and returns the position
// after the key, or -1 for a key the row repeats, so that the tokenizer
// asks Err only for a refused key. A plain key of 16 to 31 bytes
// (jsontext.LongKey) it takes too, as Key would (longRowKey). It returns
// 0 for any other key, which the tokenizer reads and gives to Key.
func (s *cellSink) RowKey(in []byte, i int) int {
	if s.pb.Rows == 0 && s.first.on {
		if j := s.firstRowKey(in, i); j > 0 {
			return j
		}
	}
	w0, w1, n := jsontext.ShortKey(in, i)
	if n < 0 {
		return s.longRowKey(in, i)
	}
	if s.same > 0 {
		s.useSame()
	}
	s.same = -1
	ci, ok := s.rowKeys.Get(w0, w1, n, s.pb.Page)
	if !ok {
		ci = uint32(s.pb.ColumnIndex(view(in[i+1 : i+1+n])))
		s.rowKeys.Put(w0, w1, n, s.pb.Page, ci)
		if s.pb.Rows == 0 {
			s.first.note(s.pb, in[i+1:i+1+n], int32(ci), true, w0, w1)
		}
	}
	c, fresh := s.pb.Use(int32(ci)) // not counted when found: see SameKeys
	if !fresh {
		s.duplicate(in[i+1 : i+1+n])
		return -1
	}
	s.col = c
	return i + n + 2
}

// longRowKey is RowKey for a key ShortKey does not take: one of 16 to 31
// bytes of plain ASCII (jsontext.LongKey) opens its column as Key opens a
// key of more than 16 bytes, by pagebuild.Builder.ColumnIndex, without
// the key memo, and without the tokenizer's str and Key's and Err's
// calls: about 120 instructions less a key (callgrind, instruments-25: 16
// such keys in a page's first row; the rows after give theirs by place).
// A key of exactly 16 bytes, which Key would also remember in the memo,
// is only looked up again the next time it comes; the page is the same.
// Any other key returns 0, for Key.
func (s *cellSink) longRowKey(in []byte, i int) int {
	n := jsontext.LongKey(in, i)
	if n < 0 {
		return 0
	}
	if s.same > 0 {
		s.useSame()
	}
	s.same = -1
	k := in[i+1 : i+1+n]
	ci := s.pb.ColumnIndex(view(k))
	if s.pb.Rows == 0 {
		s.first.note(s.pb, k, ci, false, 0, 0)
	}
	c, fresh := s.pb.Use(ci)
	if !fresh {
		s.duplicate(k)
		return -1
	}
	s.col = c
	return i + n + 2
}

// RowColumns lends the tokenizer the KeyMemo of RowKey, the page and
// the cell's column, so that the tokenizer opens the column of a short
// plain key met before on the page without RowKey's call
// (jsontext.RowColumns); a NumberMemo for TaggedDecimal's values; and
// taken, prevCols and the memo of short strings (strs), with which it adds
// a placed row's integer, null, bool and empty-string cells itself. A key
// so opened leaves s.same as it was, 0 or -1, which column and cell read
// as RowKey's -1. It lends unplaced too, which the tokenizer sets for the
// rows it gives no key by place.
func (s *cellSink) RowColumns() jsontext.RowColumns {
	return jsontext.RowColumns{Memo: &s.rowKeys, Page: s.pb, Col: &s.col, Unplaced: &s.unplaced, Taken: &s.taken, Prev: &s.prevCols, Numbers: &s.numbers, Strs: &s.strs}
}

// duplicate sets the error of the row's key k, which the row repeats.
func (s *cellSink) duplicate(k []byte) {
	name := string(k)
	s.err = &rowpage.Error{Err: rowpage.ErrDuplicateKey, Msg: "duplicate key " + strconv.Quote(name), Offset: -1, Row: -1, Column: -1, ColumnName: name}
}

// Null adds null.
func (s *cellSink) Null() { s.cell().AppendNull() }

// Bool adds a bool.
func (s *cellSink) Bool(v bool) { s.cell().AppendBool(v) }

// Int adds an integer: the common one, not negative in a column of
// integers, and one in a column of tagged values (integers and floats,
// values of changing kinds), without a call of Column.AppendInt. The
// common one returns at once, on a path without a call, which spares it
// the stores and loads of v and the column that the calls of the other
// paths cost when the paths meet again.
func (s *cellSink) Int(v int64) {
	c := s.cell()
	if c.TryAppendInt(v) {
		return
	}
	if !c.TryAppendAnyInt(v) {
		c.AppendInt(v)
	}
}

// Number adds number text, as Builder.Number does: natively when the
// native form writes the same text, as text otherwise. An integer's text
// is read once (CanonicalInteger) for an int64 or a uint64 cell.
func (s *cellSink) Number(text []byte) {
	c := s.cell()
	t := view(text)
	if u, neg, ok := pagebuild.CanonicalInteger(t); ok {
		switch {
		case neg:
			c.AppendInt(-int64(u)) // -(1<<63) for the most negative
		case u <= math.MaxInt64:
			c.AppendInt(int64(u))
		default:
			c.AppendUint(u)
		}
		return
	}
	f, d, ok := pagebuild.CanonicalFloat(t)
	if ok {
		c.AppendDecimal(d, f)
		return
	}
	c.AppendBlob(pagebuild.KindNumber, text)
}

// A cellSink is a DecimalSink: one that stopped being one (a method
// missing) would still build every page, reading each number's text again.
var _ jsontext.DecimalSink = (*cellSink)(nil)

// BigInt adds an integer of 19 or 20 digits whose magnitude the tokenizer
// has read (jsontext.DecimalSink), as Number adds its text, without
// reading the digits again: as an int64 cell when it fits, else a uint64.
func (s *cellSink) BigInt(text []byte, neg bool, u uint64) {
	c := s.cell()
	switch {
	case neg:
		c.AppendInt(-int64(u)) // -(1<<63) for the most negative
	case u <= math.MaxInt64:
		c.AppendInt(int64(u))
	default:
		c.AppendUint(u)
	}
}

// Decimal adds number text with a fraction or exponent whose digits the
// tokenizer has read (jsontext.DecimalSink): as a float cell when the
// float writes the same text, as text otherwise, as Number does, without
// reading the digits again (and, for plain short text such as "0.99",
// without writing them again: canonicalDecimal).
func (s *cellSink) Decimal(text []byte, neg bool, mant uint64, nd, exp int) {
	c := s.cell()
	if f, d, ok := canonicalDecimal(&s.floats, text, neg, mant, nd, exp); ok {
		c.AppendDecimal(d, f)
		return
	}
	c.AppendBlob(pagebuild.KindNumber, text)
}

// BeginTagged starts a cell that is an array or object, whose tagged
// value the tokenizer writes (jsontext.TaggedSink): it returns the
// column's tagged values and the column's key id.
func (s *cellSink) BeginTagged() ([]byte, uint32) {
	c := s.column()
	c.BeginAny()
	return c.Tagged, c.Name
}

// EndTagged ends the cell, taking back the column's tagged values.
func (s *cellSink) EndTagged(b []byte) { s.col.Tagged = b }

// EndPlain is EndTagged for a cell the tokenizer gave no string
// (jsontext.PlainSink): it notes where the cell starts in the column's
// PlainCell, so that AgainRow repeats it without a scan for a string.
func (s *cellSink) EndPlain(b []byte) {
	c := s.col
	c.PlainCell = len(c.Tagged) + 1
	c.Tagged = b
}

// EndCopy ends a cell copied from an earlier one of the column, taking
// back the column's tagged values and listing the copy in its Copies.
func (s *cellSink) EndCopy(b []byte, at, from int) {
	c := s.col
	c.Tagged = b
	c.Copies = append(c.Copies, uint32(at), uint32(from))
}

// NestedCopy lists in the column's Nested an array or object nested in
// the cell being written that the tokenizer copied from an earlier one of
// the column (jsontext.NestedCopySink), so that Finish writes it as it
// wrote that one. One past 4 GiB of tagged values is not listed (then it
// is written as any other).
func (s *cellSink) NestedCopy(at, from, n int) {
	if int64(at)+int64(n) > math.MaxUint32 {
		return
	}
	c := s.col
	c.Nested = append(c.Nested, uint32(at), uint32(from), uint32(n))
}

// TaggedString appends a string nested in the cell to b, the cell's
// tagged values, which the tokenizer holds (the column's Tagged is not
// current): a text time if it is one (MayBeTextTime first, inlined, which
// most strings fail without a call; the time goes through the column's
// Tagged), else its string id (nestedID), appended to b itself, which
// spares a store and load of the column's Tagged and its write-barrier
// test a string, and a call. A string of up to 16 bytes that is a view of
// a longer text is looked up first by its bytes in the memo of short
// strings that String fills (strs), which gives the id Interner.Intern
// would, and counted as it would count it: nested values repeat (tags,
// units, words), and a hit costs a hash of two words and a comparison,
// where Intern's hash, probe and comparison of the string cost about 170
// instructions.
func (s *cellSink) TaggedString(b, v []byte) []byte {
	if pagebuild.MayBeTextTime(v) {
		c := s.col
		c.Tagged = b
		if pagebuild.NestedTextTime(c, v) {
			return c.Tagged
		}
	}
	in := &s.pb.In
	if len(v) <= 16 && cap(v) >= 16 {
		w0, w1 := pagebuild.KeyWordsWide(v)
		id, ok := s.strs.Get(w0, w1, len(v), in.Epoch)
		if ok {
			in.Seen(id)
		} else {
			id = nestedID(in, v)
			s.strs.Put(w0, w1, len(v), in.Epoch, id)
		}
		return pagebuild.AppendTaggedStr(b, id)
	}
	return pagebuild.AppendTaggedStr(b, nestedID(in, v))
}

// TaggedKey appends the string id of the key of a nested object's member.
// A key of up to 16 bytes that the page has met before is found by its
// bytes in a KeyMemo, which gives what Interner.InternKey would: the same
// id (not counted again: the count of a key does not change the page).
// What it appends depends only on k while the interner's Epoch holds
// (KeyEpoch).
func (s *cellSink) TaggedKey(b, k []byte) []byte {
	w0, w1, short := uint64(0), uint64(0), len(k) <= 16
	if short && cap(k) >= 16 { // as in Key
		w0, w1 = pagebuild.KeyWordsWide(k)
	} else {
		w0, w1, short = pagebuild.KeyWords(k)
	}
	in := &s.pb.In
	id, ok := uint32(0), false
	if short {
		id, ok = s.nestedKeys.Get(w0, w1, len(k), in.Epoch)
	}
	if !ok {
		id = nestedKey(in, k)
		if short {
			s.nestedKeys.Put(w0, w1, len(k), in.Epoch, id)
		}
	}
	return pagebuild.AppendID(b, id)
}

// KeyEpoch returns the interner's Epoch, under which the string ids of
// keys hold.
func (s *cellSink) KeyEpoch() *uint64 { return &s.pb.In.Epoch }

// TaggedNumber appends number text nested in the cell, as Number adds it.
func (s *cellSink) TaggedNumber(b, text []byte) []byte {
	t := view(text)
	if u, neg, ok := pagebuild.CanonicalInteger(t); ok {
		switch {
		case neg:
			return pagebuild.AppendTaggedInt(b, -int64(u))
		case u <= math.MaxInt64:
			return pagebuild.AppendTaggedInt(b, int64(u))
		}
		return pagebuild.AppendTaggedUint(b, u)
	}
	f, d, ok := pagebuild.CanonicalFloat(t)
	return appendDecimal(b, f, d, ok, text)
}

// TaggedDecimal appends a number with a fraction or exponent nested in
// the cell, as Decimal adds it.
func (s *cellSink) TaggedDecimal(b, text []byte, neg bool, mant uint64, nd, exp int) []byte {
	f, d, ok := canonicalDecimal(&s.floats, text, neg, mant, nd, exp)
	return appendDecimal(b, f, d, ok, text)
}

// appendDecimal appends a decimal number as a tagged float when ok (the
// float writes back the same text), as tagged number text otherwise.
func appendDecimal(b []byte, f float64, d format.Decimal, ok bool, text []byte) []byte {
	if ok {
		return format.AppendDecimalCell(append(b, format.TagFloat), d, f)
	}
	b = format.AppendUvarint(append(b, format.TagNumber), uint64(len(text)))
	return append(b, text...)
}
