package sqlpage

import (
	"database/sql"
	"math"
	"time"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Batches. After the first row, AppendSQL scans batchRows rows into a
// buffer of cells before it adds them to the page, rather than adding each
// row between one rows.Next and the next. The driver's decoding and
// database/sql's bookkeeping then run in a loop of their own, and so does
// sameRow: each loop finds its code and data where the previous turn left
// them, instead of the other loop's having displaced them. The pages are
// the same: rows are added in order, one at a time, as before.
//
// A batch holds the values until its rows are added, which suits every
// value database/sql hands to a *any: it copies a driver's []byte, which
// is valid only until the next rows.Next. So a result whose first row has
// a []byte value, whose cells are scanned without that copy (sqlCell),
// is read a row at a time, and so is the rest of a result once a []byte
// arrives in a later batch: one copy per column at most, as before.

// batchRows is the number of rows a batch holds: enough to amortise the
// switch between loops, few enough that a batch of wide rows stays in the
// first-level cache (32 rows of 8 columns are 4 KB of cells).
const batchRows = 32

// batchable reports whether the rows after the first may be read in
// batches: no column's Scan target keeps a []byte without copying it.
func (s *sqlState) batchable() bool {
	for _, d := range s.dests {
		if _, ok := d.(*any); !ok {
			return false
		}
	}
	return true
}

// appendBatches reads the rows after the first in batches, adds them to
// the page, and ends the result as appendSQL does.
func (s *sqlState) appendBatches(m *SQLMode, dst []byte, rows *sql.Rows) ([]byte, error) {
	ncol := len(s.cells)
	s.batch = pagebuild.Grow(s.batch, batchRows*ncol)
	s.bdests = pagebuild.Grow(s.bdests, batchRows*ncol)
	for i := range s.bdests {
		s.bdests[i] = &s.batch[i].v
	}
	for n := 1; ; {
		k, more := 0, false
		for k < batchRows && rows.Next() {
			if m.maxRows > 0 && n+k == m.maxRows {
				more = true
				break
			}
			if err := rows.Scan(s.bdests[k*ncol : (k+1)*ncol]...); err != nil {
				return dst, err
			}
			k++
		}
		s.addPure(k, ncol)
		for j := range k {
			if err := s.sameRow(s.batch[j*ncol:(j+1)*ncol], j); err != nil {
				return dst, err
			}
		}
		s.endRows()
		n += k
		if more {
			return s.moreRows(dst, rows, n)
		}
		if k < batchRows {
			return s.finish(dst, rows)
		}
		if !s.batchable() {
			// A []byte arrived in a column that had none in the first row,
			// and database/sql copied it into its *any. fastCell has made
			// the column's target a sqlCell again (scanBytes), which keeps
			// the driver's bytes without that copy but only until the next
			// rows.Next: the rest is read a row at a time.
			s.allRuns()
			return s.appendRows(m, dst, rows, n)
		}
	}
}

// addPure writes, a column at a time, the cells of the batch's k rows
// that go to columns of integers, floats, booleans, timestamps and NUMERIC
// text, and their NULLs: each column's loop tests for one type, with the
// column's state at hand, where sameRow dispatches on every cell. Such cells give no string
// an id, so writing them before the rows' other cells leaves the strings'
// order of first appearance, which the page's string table follows, as it
// was. A column's loop stops at the first cell it does not write as
// sameRow would (a value of another type, a NaN): r.done is then that
// row, and sameRow writes the column's cells from it on, in their rows.
// s.rest lists the columns with such cells, in the select list's order:
// sameRow visits only those, not the five or so of a typical row that
// addPure finished (a loop test and a load each, per row).
//
// The six loops are written out: a generic loop taking the write as a
// func is not inlined (too costly for the inliner), and its call per cell
// made the fake driver's page 1-2% slower, most of what the loops gain.
func (s *sqlState) addPure(k, ncol int) {
	s.rest = s.rest[:0]
	for i := range s.runs {
		r := &s.runs[i]
		r.done = 0
		cells := s.batch[r.src:]
		col := r.col
		j := 0
		switch r.want {
		case wantInt:
			for ; j < k; j++ {
				v := cells[j*ncol].v
				x, ok := v.(int64)
				if !ok {
					if v != nil {
						break
					}
					col.AppendNull()
					continue
				}
				col.AppendInt(x)
			}
		case wantFloat:
			for ; j < k; j++ {
				v := cells[j*ncol].v
				x, ok := v.(float64)
				if !ok {
					if v != nil {
						break
					}
					col.AppendNull()
					continue
				}
				if math.IsNaN(x) || math.IsInf(x, 0) {
					break
				}
				_ = col.AppendFloat(x, 64) // cannot fail: x is finite
			}
		case wantBool:
			for ; j < k; j++ {
				v := cells[j*ncol].v
				x, ok := v.(bool)
				if !ok {
					if v != nil {
						break
					}
					col.AppendNull()
					continue
				}
				col.AppendBool(x)
			}
		case wantBoolInt:
			for ; j < k; j++ {
				v := cells[j*ncol].v
				x, ok := v.(int64)
				if !ok {
					if v != nil {
						break
					}
					col.AppendNull()
					continue
				}
				if x != 0 && x != 1 {
					break
				}
				col.AppendBool(x == 1)
			}
		case wantTime:
			for ; j < k; j++ {
				v := cells[j*ncol].v
				x, ok := v.(time.Time)
				if !ok {
					if v != nil {
						break
					}
					col.AppendNull()
					continue
				}
				ts, err := r.zone.TimestampOf(x)
				if err != nil {
					break
				}
				col.AppendTime(ts)
			}
		case wantNumeric:
			for ; j < k; j++ {
				v := cells[j*ncol].v
				x, ok := v.(string)
				if !ok {
					if v != nil {
						break
					}
					col.AppendNull()
					continue
				}
				if !s.fastNumeric(col, x) {
					break
				}
			}
		}
		r.done = j
		if j < k {
			s.rest = append(s.rest, r)
		}
	}
}
