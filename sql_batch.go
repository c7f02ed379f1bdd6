package rowpage

import "database/sql"

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
// is read a row at a time.

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
	s.batch = grow(s.batch, batchRows*ncol)
	s.bdests = grow(s.bdests, batchRows*ncol)
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
		for j := range k {
			if err := s.sameRow(s.batch[j*ncol : (j+1)*ncol]); err != nil {
				return dst, err
			}
		}
		n += k
		if more {
			return s.moreRows(dst, rows, n)
		}
		if k < batchRows {
			return s.finish(dst, rows)
		}
	}
}
