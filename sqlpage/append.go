package sqlpage

import (
	"database/sql"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// SQLOptions configure AppendSQL. The zero value gives the defaults; freeze
// options into a SQLMode with SQLMode() and reuse it.
type SQLOptions struct {
	// EncOptions are the page encoding options.
	EncOptions rowpage.EncOptions
	// SortKeys writes each row's keys sorted by byte order, as json.Marshal
	// writes a map[string]any, instead of in the select list's order. With
	// it (and DuplicatesLast if the select list repeats a name), the page's
	// JSON is byte-identical to that of a pipeline that scans each row into
	// a map[string]any of the same values and marshals the slice of maps.
	SortKeys bool
	// MaxRows, if positive, stops after that many rows. When the result
	// holds more, AppendSQL reads one row past the limit to find out, closes
	// the rows, and returns the complete page of the first MaxRows rows
	// together with an error wrapping ErrMoreRows. 0 means no limit;
	// negative values are invalid.
	MaxRows int
	// Duplicates says what becomes of a column name that the select list
	// repeats, as joins do (SELECT * FROM a JOIN b, both with an "id").
	// Default DuplicatesError.
	Duplicates Duplicates
}

// Duplicates is a policy for repeated column names; see SQLOptions.
type Duplicates uint8

const (
	// DuplicatesError fails before the first row with an error wrapping
	// ErrDuplicateKey that names the column: nothing is dropped silently,
	// and the fix is an alias in the query (SELECT a.id AS a_id, ...).
	DuplicatesError Duplicates = iota
	// DuplicatesLast keeps one key per name, at the position of its first
	// occurrence, holding the value of its last occurrence: what scanning a
	// row into a map and marshaling the map does (the last assignment
	// wins), and what a JavaScript object spread or a Python dict does.
	DuplicatesLast
	// DuplicatesNumber keeps every column, renaming the second occurrence of
	// a name to name_2, the third to name_3 and so on, skipping any suffix
	// the select list already uses as a name.
	DuplicatesNumber
)

// ErrMoreRows reports a result with more rows than SQLOptions.MaxRows. It
// is the only error with which AppendSQL also returns a page: the complete
// page of the first MaxRows rows, which the caller may serve as a first
// page of the result but must not cache as the whole result.
var ErrMoreRows = errors.New("rowpage: more rows than MaxRows")

// SQLMode is a frozen, validated set of SQLOptions. It is immutable and safe
// for concurrent use; it pools the scan buffers and page builders, so that
// a steady stream of AppendSQL calls allocates little beyond the output and
// what the driver allocates.
type SQLMode struct {
	enc      *rowpage.EncMode
	sortKeys bool
	maxRows  int
	dups     Duplicates
	pool     sync.Pool // *sqlState
	// last keeps the most recently released state outside the pool. A
	// goroutine that waits on the database's network I/O often resumes on
	// another P, and sync.Pool cannot hand it a state kept in the first P's
	// private slot; the state, and the page-sized buffers it has grown,
	// would then be rebuilt on every call of a single-goroutine loop. The
	// one state kept here survives garbage collections, so the mode holds
	// on to buffers sized by the largest result it has built, as a reused
	// Encoder would; the pool's states are freed as usual.
	last atomic.Pointer[sqlState]
	// generic, in tests, writes every cell through the Builder: the
	// reference the direct path (cells.go) must match byte for byte.
	generic bool
}

// SQLMode validates the options and freezes them.
func (o SQLOptions) SQLMode() (*SQLMode, error) {
	enc, err := o.EncOptions.EncMode()
	if err != nil {
		return nil, err
	}
	if o.MaxRows < 0 {
		return nil, optionError("option MaxRows " + strconv.Itoa(o.MaxRows) + " is negative")
	}
	if o.Duplicates > DuplicatesNumber {
		return nil, optionError("option Duplicates " + strconv.Itoa(int(o.Duplicates)) + " is unknown")
	}
	return &SQLMode{enc: enc, sortKeys: o.SortKeys, maxRows: o.MaxRows, dups: o.Duplicates}, nil
}

var defaultSQLMode, _ = SQLOptions{}.SQLMode()

// AppendSQL reads rows to the end and appends their page to dst, using the
// default options. See SQLMode.AppendSQL.
func AppendSQL(dst []byte, rows *sql.Rows) ([]byte, error) {
	return defaultSQLMode.AppendSQL(dst, rows)
}

// AppendSQL reads rows to the end, closes them, and appends to dst a page of
// rows, one object per result row with one key per column, in the select
// list's order (or sorted; see SQLOptions).
//
// Each column's type comes from rows.ColumnTypes and the values the driver
// yields (the package documentation has the full table): integers, floats
// (REAL and FLOAT4 as float32), booleans and text natively; NUMERIC and
// DECIMAL text as exact decimals, never through float64 (NaN and
// infinities, which JSON cannot hold as numbers, as strings); DATE and
// TIMESTAMP values that the driver yields as time.Time as timestamps, with
// or without a zone; BYTEA, BLOB and other binary types as byte strings
// (base64 in JSON); JSON and JSONB as nested values; PostgreSQL arrays of
// numbers, booleans, text and JSON as arrays; any other slice the driver
// yields as rowpage.Marshal writes it; NULL as null.
//
// Errors: a driver error while reading (from rows.Next, rows.Err or
// rows.Close) is returned unchanged, so errors.Is and errors.As see the
// driver's own error. A value the page cannot hold (a float NaN, a time
// outside years 0-9999, invalid JSON text in a JSON column) gives a
// *rowpage.Error naming the row and column. A repeated column name gives
// rowpage.ErrDuplicateKey under DuplicatesError. On any error dst is
// returned unchanged, except for ErrMoreRows (see SQLOptions.MaxRows).
//
// Cost: one rows.Scan per row into reusable targets that keep the driver's
// values as they are, so there is no allocation per cell beyond what the
// driver makes; the page is then built as rowpage.Marshal builds it.
// Strings the driver yields are kept, not copied, until the page is
// written. After the first row, rows are scanned 32 at a time before they
// are added, which keeps the driver's loop and ours apart; database/sql
// then copies a []byte value into its target, as it does for any *any, so
// a result whose first row holds one is read a row at a time instead,
// without that copy.
func (m *SQLMode) AppendSQL(dst []byte, rows *sql.Rows) ([]byte, error) {
	s := m.last.Swap(nil)
	if s == nil {
		s, _ = m.pool.Get().(*sqlState)
	}
	if s == nil {
		s = newSQLState(m.enc)
	}
	s.generic = m.generic
	out, err := s.appendSQL(m, dst, rows)
	s.release()
	if !m.last.CompareAndSwap(nil, s) {
		m.pool.Put(s)
	}
	return out, err
}

// newSQLState returns the state of an AppendSQL call for pages of mode enc.
func newSQLState(enc *rowpage.EncMode) *sqlState {
	b := enc.NewBuilder()
	st := pagebuild.StreamOf(b)
	return &sqlState{b: b, st: st, pb: st.Page()}
}

// optionError reports an invalid option, as EncOptions.EncMode does.
func optionError(msg string) error {
	return &rowpage.Error{Err: rowpage.ErrInvalidOption, Msg: msg, Offset: -1, Row: -1, Column: -1}
}

// sqlState is the pooled state of one AppendSQL call.
type sqlState struct {
	b       *rowpage.Builder
	st      pagebuild.Stream   // b's steps for the direct path (cells.go)
	pb      *pagebuild.Builder // the page b writes
	cells   []sqlCell          // one per column: the driver's value of the current row
	dests   []any              // &cells[i] or &cells[i].v (plainTargets): the Scan targets
	cols    []sqlColumn
	order   []int          // indexes into cols, in the order keys are written
	seen    map[string]int // plan's index of column names
	scratch []byte         // a string value the Builder needs as bytes
	toks    []arrTok       // array text's tokens (array.go)
	unq     []byte         // an array element with its escapes removed
	runs    []sqlRun       // how rows after the first write each column (cells.go)
	rest    []*sqlRun      // the runs sameRow writes: all, or in a batch those addPure did not finish
	memos   []strMemo      // one per text run (cells.go)
	batch   []sqlCell      // batchRows rows of cells (batch.go)
	bdests  []any          // &batch[i].v: the Scan targets of a batch
	pend    int            // rows sameRow added without the Builder, for endRows (cells.go)
	generic bool           // tests: write every cell through the Builder
}

func (s *sqlState) appendSQL(m *SQLMode, dst []byte, rows *sql.Rows) ([]byte, error) {
	defer rows.Close()
	s.pend = 0 // a previous result may have ended in an error with rows pending
	if err := s.plan(m, rows); err != nil {
		return dst, err
	}
	s.b.StartRows()
	return s.appendRows(m, dst, rows, 0)
}

// appendRows reads the rows from the n-th on a row at a time, adds them to
// the page, and ends the result. After the first row it goes on in batches
// (batch.go) if it can.
func (s *sqlState) appendRows(m *SQLMode, dst []byte, rows *sql.Rows, n int) ([]byte, error) {
	for ; rows.Next(); n++ {
		if m.maxRows > 0 && n == m.maxRows {
			return s.moreRows(dst, rows, n)
		}
		if err := rows.Scan(s.dests...); err != nil {
			return dst, err
		}
		if err := s.row(n == 0); err != nil {
			return dst, err
		}
		if n == 0 && !s.generic {
			s.plainTargets()
			if s.batchable() {
				return s.appendBatches(m, dst, rows)
			}
		}
	}
	return s.finish(dst, rows)
}

// finish ends a result read to its end: the driver's error, if any, or
// the page.
func (s *sqlState) finish(dst []byte, rows *sql.Rows) ([]byte, error) {
	if err := rows.Err(); err != nil {
		return dst, err
	}
	return s.b.Finish(dst) // settles the deferred strings (defer.go)
}

// moreRows ends a result that has a row past MaxRows, the n-th: the page
// of the rows before it, and ErrMoreRows.
func (s *sqlState) moreRows(dst []byte, rows *sql.Rows, n int) ([]byte, error) {
	if err := rows.Close(); err != nil {
		return dst, err
	}
	out, err := s.b.Finish(dst)
	if err != nil {
		return dst, err
	}
	return out, &rowpage.Error{Err: ErrMoreRows, Msg: "stopped after " + strconv.Itoa(n) + " rows", Offset: -1, Row: n, Column: -1}
}

// row adds the scanned row. The first row makes the page's columns, in
// key order, and the plan of the rows after it (sameRow, cells.go).
// Cells of the common driver types go straight to their columns; the rest,
// and every cell when s.generic is set, through the Builder.
func (s *sqlState) row(first bool) error {
	if !first && !s.generic {
		err := s.sameRow(s.cells, 0)
		s.endRows()
		return err
	}
	b := s.b
	b.BeginRow()
	if first {
		for _, i := range s.order {
			s.cols[i].ci = s.pb.ColumnIndex(s.cols[i].key)
		}
	}
	if s.generic {
		for _, i := range s.order {
			c := &s.cols[i]
			s.st.KeyIndex(c.ci)
			s.cell(c, s.cells[c.src].v)
			if b.Err() != nil {
				return s.cellError(c)
			}
		}
		b.EndRow()
		return b.Err()
	}
	pb := s.pb
	for _, i := range s.order {
		c := &s.cols[i]
		// Open each column as keyIndex would: the plan's keys are
		// distinct, so none is open yet.
		col, _ := pb.Use(c.ci)
		v := s.cells[c.src].v
		if s.fastCell(c, col, v) {
			continue
		}
		s.st.SetColumn(col) // what KeyIndex leaves for the Builder
		s.cell(c, v)
		if b.Err() != nil {
			return s.cellError(c)
		}
	}
	b.EndRow()
	if b.Err() == nil {
		s.planRuns()
	}
	return b.Err()
}

// cellError adds the column to the Builder's error.
func (s *sqlState) cellError(c *sqlColumn) error {
	err := s.b.Err()
	if e, ok := err.(*rowpage.Error); ok && e.Column < 0 {
		e.Column, e.ColumnName = c.src, c.name
	}
	return err
}

// release drops every reference to the driver's values and the caller's
// strings before s goes back to the pool.
func (s *sqlState) release() {
	clear(s.runs)
	clear(s.rest)
	clear(s.memos)
	clear(s.cells)
	clear(s.batch)
	clear(s.seen)
	s.st.Release()
	for i := range s.cols {
		s.cols[i] = sqlColumn{}
	}
	if cap(s.scratch) > maxSQLScratch || cap(s.unq) > maxSQLScratch || cap(s.toks) > maxSQLScratch ||
		cap(s.pb.Tagged) > maxSQLScratch {
		s.scratch, s.unq, s.toks, s.pb.Tagged = nil, nil, nil, nil
	}
}

// maxSQLScratch is the largest scratch buffer a pooled sqlState keeps.
const maxSQLScratch = 1 << 20

// sqlCell is a Scan target that keeps the driver's value as it is: no
// conversion, no copy. A []byte value stays valid only until the next
// rows.Next, which is all a row needs.
type sqlCell struct{ v any }

// Scan implements sql.Scanner.
func (c *sqlCell) Scan(src any) error {
	c.v = src
	return nil
}

// plainTargets, after the first row, makes the Scan target of each column
// the page reads &cells[i].v, a *any, unless the column's value was a
// []byte. database/sql stores a value into a *any as it is, like
// sqlCell.Scan, but after two type switches instead of a Scanner type
// assertion and an indirect call: a few nanoseconds less per cell. It
// copies a []byte into a *any, so fastCell hands a column back to its
// sqlCell when one arrives (scanBytes): at most one copy per column.
func (s *sqlState) plainTargets() {
	for _, i := range s.order {
		src := s.cols[i].src
		if _, ok := s.cells[src].v.([]byte); !ok {
			s.dests[src] = &s.cells[src].v
		}
	}
}

// scanBytes makes column src's Scan target its sqlCell again, which keeps
// []byte values without copying them.
func (s *sqlState) scanBytes(src int) {
	if _, ok := s.dests[src].(*any); ok {
		s.dests[src] = &s.cells[src]
	}
}
