package jsonbridge

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// variedShapes sets when a page's shapes are read in place instead of
// having their steps laid out (buildSteps) for allRows: when the page
// has more than one shape per variedShapes rows (transcoder.varied). Laying out a shape's steps costs about 20
// instructions a column, once; reading a column's step through the
// shape's list costs about 4 a cell, in every row of the shape. So the
// lists are read in place when shapes are used fewer than about five
// times each on average, as on pages whose key sets or key order change
// from row to row (one shape a row).
const variedShapes = 4

// variedRows is allRows for a page of many shapes (see variedShapes): it
// writes every row, each through its shape's column list (cellsOf), and
// the closing bracket.
func (t *transcoder) variedRows(dst []byte) ([]byte, error) {
	l := &t.l
	sr := l.RowShapes()
	for i := 0; i < l.Rows; i++ {
		if id := sr.Next(); id == 0 {
			dst = append(dst, "null,"...)
		} else {
			n := len(dst)
			if dst = t.cellsOf(dst, id); len(dst) == n {
				dst = append(dst, '{')
			} else {
				dst[n] = '{'
			}
			dst = append(dst, '}', ',')
		}
		if len(dst)-1 > t.stop { // the comma is not the row's
			return dst, t.overBudget(i)
		}
	}
	dst[len(dst)-1] = ']' // the last row's comma
	return t.closeEnvelope(dst, -1)
}

// cellsOf is cells for a row of shape id, whose steps are those of the
// columns its list names (t.cols[c]): the same loop, written out again over the list (a
// call per cell, or a check per cell of which kind of list it walks, cost
// the pages of one shape more than the copy saves the others; see
// variedShapes). The two must stay alike: the every-shape tests render
// pages through both.
func (t *transcoder) cellsOf(dst []byte, id int) []byte {
	l := &t.l
	esc := t.m.escapeHTML
	a, b := l.ShapeBounds(id)
	cols := t.cols
	for _, c := range l.ShapeColumns()[a:b] {
		st := &cols[c]
		cur := st.cur
		if !st.guard {
			dst = appendKey(dst, st, t.keys)
		} else if st.enc == skipCell {
			cur.TakeCell(&t.cell)
			continue
		} else if dst = appendKey(dst, st, t.keys); cur.TakeNull() {
			dst = append(dst, "null"...)
			continue
		}
		// Cells of bounded length go on without checking t.stop, as in
		// cells.
		switch st.enc {
		case format.EncStrRef, format.EncStrSeq:
			dst = l.TakeStrJSON(dst, cur, esc)
		case format.EncInt, format.EncIntDelta, format.EncIntFOR, format.EncFloatInt:
			// (EncFloatInt: a float64 holding an integer, whose digits encoding/json writes.)
			dst = cur.TakeIntJSON(dst)
			continue
		case smallInts:
			if d, ok := cur.TakeDigit(); ok { // 0 to 9, in line
				dst = append(dst, d)
			} else {
				dst = cur.TakeIntJSON(dst)
				st.enc = format.EncInt // no more tries this call
			}
			continue
		case format.EncFloat:
			dst = cur.TakeFloatJSON(dst)
			continue
		case format.EncIntFloat:
			dst = cur.TakeIntFloatJSON(dst)
			continue
		case format.EncTime, format.EncTextTime:
			dst = cur.TakeTimeJSON(dst, &t.dates)
			continue
		case format.EncBool:
			if cur.TakeBool() {
				dst = append(dst, "true"...)
			} else {
				dst = append(dst, "false"...)
			}
			continue
		case format.EncAny:
			dst = l.TakeValueJSON(dst, cur, esc, t.stop)
		case format.EncStrList:
			dst = l.TakeStrListJSON(dst, cur, esc, t.stop)
		case format.EncUint:
			dst = jsonwire.AppendUint(dst, cur.TakeUint())
			continue
		default: // EncBytes, EncNumber
			cur.TakeCell(&t.cell)
			dst = l.AppendCellJSON(dst, &t.cell, esc, t.stop)
		}
		if len(dst) > t.stop {
			return dst
		}
	}
	return dst
}
