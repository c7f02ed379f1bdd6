package sqlpage

import (
	"math"
	"slices"
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// The direct path for the cells most results are made of. An SQL result
// writes the same keys in the same order in every row, and each cell is one
// scalar of a Go type the driver chooses from a short list, so the checks
// the Builder makes for every value (a started page, an open row, a pending
// key, the nesting stack) hold by construction here. fastCell writes such a
// cell straight into the page's column, as the Builder method it stands in
// for would; everything else (JSON, arrays, Go types outside the list, and
// any value that is an error) goes through the Builder as before, so errors
// and their positions do not change. checkQuery (sql_test.go, every sample
// query) and TestSQLDirectPathOrder compare the pages of the two paths byte
// for byte; TestSQLDirectPathErrors compares their errors.

// fastCell writes v, the driver's value for column c, into col, the page
// column the current row has just opened for it. It reports false, having
// written nothing, for a value it leaves to the Builder. Cost: one type
// switch and the column append; a string is interned.
func (s *sqlState) fastCell(c *sqlColumn, col *pagebuild.Column, v any) bool {
	switch x := v.(type) {
	case nil:
		col.AppendNull()
	case string:
		switch c.kind {
		case kindSQLAuto, kindSQLText:
			if !pagebuild.CellTextTime(col, x) {
				col.AppendStr(s.pb.In.InternFresh(x))
			}
		case kindSQLNumeric:
			return s.fastNumeric(col, x)
		default:
			return false
		}
	case []byte:
		s.scanBytes(c.src)
		switch c.kind {
		case kindSQLText:
			if !pagebuild.CellTextTime(col, x) {
				col.AppendStr(s.pb.In.InternBytes(x))
			}
		case kindSQLAuto, kindSQLBinary:
			col.AppendBlob(pagebuild.KindBytes, x)
		case kindSQLNumeric:
			return s.fastNumeric(col, string(x)) // not kept: no copy
		default:
			return false
		}
	case int64:
		if c.kind == kindSQLBool {
			if x != 0 && x != 1 {
				return false // the Builder writes it as an integer
			}
			col.AppendBool(x == 1) // SQLite's booleans
			break
		}
		col.AppendInt(x)
	case float64:
		if c.kind == kindSQLFloat32 || math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
		_ = col.AppendFloat(x, 64) // cannot fail: x is finite
	case bool:
		col.AppendBool(x)
	case time.Time:
		ts, err := format.TimestampOf(x)
		if err != nil {
			return false
		}
		col.AppendTime(ts)
	default:
		return false
	}
	return true
}

// fastNumeric writes NUMERIC text that is an integer's text or a plain
// decimal (see plainDecimal) as Builder.Number would: an integer, a float
// when the text is exactly json.Marshal's text of that float, else the
// text itself. It reports false for other text, which the Builder writes.
func (s *sqlState) fastNumeric(col *pagebuild.Column, t string) bool {
	d, ok, plain := plainDecimal(t)
	switch {
	case ok:
		col.AppendDigits(d.Neg, d.Mant, d.Exp)
	case plain:
		pagebuild.AppendBlobOf(col, pagebuild.KindNumber, t)
	default:
		v, isInt := pagebuild.CanonicalInt(t) // NUMERIC without a scale, sum() of bigints
		if !isInt {
			return false
		}
		col.AppendInt(v)
	}
	return true
}

// sqlRun is how the rows after the first write one column: its page
// column, its plan, and the value the first row suggests it will hold.
type sqlRun struct {
	col  *pagebuild.Column
	c    *sqlColumn
	src  int // c.src, kept here to save a load per cell
	want sqlWant
	def  pagebuild.Deferral // wantStr and wantNew: whether the column's strings are deferred
	memo *strMemo           // wantStr: the column's recent strings
	done int                // rows of the current batch that addPure wrote (batch.go)
	zone format.ZoneMemo    // wantTime: the zone offset of the column's last time
}

// strMemo holds the ids of a text column's recent strings, so that the
// values of a column of a few repeated strings (a city, a status) are found
// without hashing them and probing the interner's table: a hit costs two
// word comparisons, and a string comparison for strings longer than eight
// bytes. A string goes to the slot memoSlot picks, and the string it
// displaces to the slot's pair (k^1), where it is still found: with 64
// slots, a column of a dozen values rarely loses one. A miss costs little
// more than interning.
type strMemo [64]memoEntry

type memoEntry struct {
	s  string
	w  uint64 // memoWord(s)
	id uint32
}

// hit reports whether the entry holds x, whose memoWord is w. The word
// holds every byte of a string of up to eight, so for those it decides.
func (e *memoEntry) hit(x string, w uint64) bool {
	return e.w == w && len(e.s) == len(x) && len(x) > 0 && (len(x) <= 8 || e.s == x)
}

// memoWord is a string's last eight bytes, or all of a shorter one's,
// read in one or two loads and mixed with its length.
func memoWord(s string) uint64 {
	n := len(s)
	var w uint64
	switch {
	case n >= 8:
		w = pagebuild.Load64(s, n-8)
	case n >= 4:
		w = uint64(pagebuild.Load32(s, 0))<<32 | uint64(pagebuild.Load32(s, n-4))
	case n > 0:
		w = uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1])
	}
	return w ^ uint64(n)
}

// memoSlot picks a strMemo slot from a string's memoWord: its last bytes
// are where the values of a short column most often differ.
func memoSlot(w uint64) int {
	return int((w * 0x9E3779B97F4A7C15) >> 58)
}

// sqlWant is the value a column's first row held, and so the one its next
// cell most likely holds: sameRow checks for that one type before falling
// back to fastCell's type switch.
type sqlWant uint8

const (
	wantAny     sqlWant = iota // no guess (NULL, []byte, other types and kinds)
	wantStr                    // a string in a text or untyped column
	wantNew                    // wantStr in a column of distinct strings: deferred (defer.go)
	wantNumeric                // a string in a NUMERIC column
	wantInt                    // an int64 outside a boolean column
	wantFloat                  // a float64 outside a FLOAT4 column
	wantBool                   // a bool
	wantBoolInt                // an int64 in a boolean column: SQLite's 0 and 1
	wantTime                   // a time.Time
)

// planRuns sets s.runs from the first row, which has made the page's
// columns: no column is added after it, so the pointers stay valid.
func (s *sqlState) planRuns() {
	pb := s.pb
	s.runs = s.runs[:0]
	// Room for a memo per run, so that appending one moves none.
	s.memos = slices.Grow(s.memos[:0], len(s.order))
	for _, i := range s.order {
		c := &s.cols[i]
		r := sqlRun{col: &pb.Cols[c.ci], c: c, src: c.src}
		switch s.cells[c.src].v.(type) {
		case string:
			switch c.kind {
			case kindSQLAuto, kindSQLText:
				r.want = wantStr
				s.memos = append(s.memos, strMemo{})
				r.memo = &s.memos[len(s.memos)-1]
			case kindSQLNumeric:
				r.want = wantNumeric
			}
		case int64:
			r.want = wantInt
			if c.kind == kindSQLBool {
				r.want = wantBoolInt
			}
		case float64:
			if c.kind != kindSQLFloat32 {
				r.want = wantFloat
			}
		case bool:
			r.want = wantBool
		case time.Time:
			r.want = wantTime
		}
		s.runs = append(s.runs, r)
	}
	s.allRuns()
}

// allRuns makes sameRow write every column: outside a batch, where
// addPure writes none.
func (s *sqlState) allRuns() {
	s.rest = s.rest[:0]
	for i := range s.runs {
		s.runs[i].done = 0
		s.rest = append(s.rest, &s.runs[i])
	}
}

// sameRow adds a row after the first, row j of a batch (0 outside one):
// the same keys, in the same order, so each cell goes to its column
// without a key. A cell of the type its
// column's first row held costs one type check and the column append;
// any other goes through fastCell and, failing that, the Builder.
//
// A row whose cells all went straight to their columns is not begun nor
// ended with the Builder: it is counted in s.pend, and endRows adds the
// pending rows to the page at once (pagebuild.Stream.SameRows), a fill
// of their shape ids rather than two calls and their checks per row. A
// row with a cell for the Builder first ends the pending rows, so that
// the Builder's row count, which its errors report, is the row's own.
func (s *sqlState) sameRow(row []sqlCell, j int) error {
	b := s.b
	begun := false
	in := &s.pb.In
	for _, r := range s.rest {
		if j < r.done {
			continue // written with its column's other cells (addPure)
		}
		v := row[r.src].v
		if v == nil {
			r.col.AppendNull() // as fastCell would, without a failed type check first
			continue
		}
		switch r.want {
		case wantStr:
			if x, ok := v.(string); ok {
				if r.col.Kind != pagebuild.KindStr && pagebuild.CellTextTime(r.col, x) {
					continue // CellTextTime's own first test, saving its call
				}
				w := memoWord(x)
				k := memoSlot(w)
				m, m2 := &r.memo[k], &r.memo[k^1]
				if m2.hit(x, w) {
					m = m2
				}
				if m.hit(x, w) {
					in.Seen(m.id)
					if !r.col.TryAppendStr(m.id) {
						r.col.AppendStr(m.id)
					}
					r.def.Interned(false)
					continue
				}
				n := in.Len()
				id := in.InternFresh(x)
				r.col.AppendStr(id)
				*m2 = *m // the slot's previous string moves to its pair
				m.s, m.w, m.id = x, w, id
				if r.def.Interned(int(id) >= n) {
					r.want = wantNew
				}
				continue
			}
		case wantNew:
			if x, ok := v.(string); ok {
				if r.col.Kind != pagebuild.KindStr && pagebuild.CellTextTime(r.col, x) {
					continue
				}
				id, smp := in.AddDeferred(x)
				if !r.col.TryAppendStr(id) {
					r.col.AppendStr(id)
				}
				if r.def.Sampled(smp) {
					// Back to interning for the rest of the page, as
					// pagebuild.Builder.CellString does: see there why.
					s.undefer()
					r.want = wantStr
				}
				continue
			}
		case wantNumeric:
			if x, ok := v.(string); ok && s.fastNumeric(r.col, x) {
				continue
			}
		case wantInt:
			if x, ok := v.(int64); ok {
				r.col.AppendInt(x)
				continue
			}
		case wantFloat:
			if x, ok := v.(float64); ok && !math.IsNaN(x) && !math.IsInf(x, 0) {
				_ = r.col.AppendFloat(x, 64) // cannot fail: x is finite
				continue
			}
		case wantBool:
			if x, ok := v.(bool); ok {
				r.col.AppendBool(x)
				continue
			}
		case wantBoolInt:
			if x, ok := v.(int64); ok && (x == 0 || x == 1) {
				r.col.AppendBool(x == 1)
				continue
			}
		case wantTime:
			if x, ok := v.(time.Time); ok {
				if ts, err := r.zone.TimestampOf(x); err == nil {
					r.col.AppendTime(ts)
					continue
				}
			}
		}
		if s.fastCell(r.c, r.col, v) {
			continue
		}
		if !begun {
			s.endRows()
			b.BeginRow()
			begun = true
		}
		s.st.SetColumn(r.col) // what KeyIndex leaves for the Builder
		s.cell(r.c, v)
		if b.Err() != nil {
			return s.cellError(r.c)
		}
	}
	if !begun {
		s.pend++
		return nil
	}
	s.st.EndSameRow()
	return b.Err()
}

// endRows adds the rows sameRow wrote without the Builder to the page.
// Every caller of sameRow calls it before the page is finished or the
// Builder is handed another row.
func (s *sqlState) endRows() {
	if s.pend > 0 {
		s.st.SameRows(s.pend)
		s.pend = 0
	}
}
