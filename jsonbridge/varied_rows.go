package jsonbridge

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// variedShapes and variedColumns set when a page's shapes are read in
// place instead of having their steps laid out (buildSteps) for allRows
// (transcoder.varied, see isVaried). Laying out a shape's steps costs about
// 20 instructions a column, once; reading a column's step through the
// shape's list costs about 4 a cell, in every row of the shape; and a row
// of laid-out steps costs a call of objects and a ShapeReader step, about
// 90 instructions a row that variedObjects, which reads the rows' shape
// ids in line, does not pay. So the lists are read in place when shapes
// are used fewer than about five times each on average, as on pages whose
// key sets or key order change from row to row (one shape a row), and
// when the page's shapes have fewer than variedColumns columns on average,
// whose rows save more on the call than their cells pay for the lists
// (hetero-1,000 from maps, 236 shapes of 6.4 columns over 1,000 rows:
// 2,138,991 → 2,022,991 instructions a hit). Pages of a few wide shapes
// (twitter, 25 columns) keep their laid-out steps.
const (
	variedShapes  = 4
	variedColumns = 16
)

// isVaried reports whether allRows reads l's shapes in place
// (variedObjects): a page of rows of more than one shape, used fewer than
// variedShapes times each on average or of fewer than variedColumns
// columns each on average.
func isVaried(l *pageread.Layout) bool {
	s := l.NumShapes()
	return l.Kind == format.KindRows && s > 1 &&
		(variedShapes*s > l.Rows || len(l.ShapeColumns()) < variedColumns*s)
}

// variedRows is allRows for a page of many shapes (see variedShapes): it
// writes every row, each an object through its shape's column list
// (variedObjects) or null, and the closing bracket.
func (t *transcoder) variedRows(dst []byte) ([]byte, error) {
	var done int
	if dst, done = t.variedObjects(dst); done < t.l.Rows {
		return dst, t.overBudget(done)
	}
	dst[len(dst)-1] = ']' // the last row's comma
	return t.closeEnvelope(dst, -1)
}

// variedObjects writes every row of the page, each of its own shape, whose
// steps are those of the columns its list names (t.cols[c]), as an object
// or null followed by a comma, and returns dst with the count of rows
// written within t.stop: all of them, or the index of the row whose output
// passed it, after which it stops. It is objects written out again over
// the shape lists, with the same fast path a cell (step.plain, putKey,
// putWord) and the same cell switch: a call per cell, or a check per cell
// of which kind of list it walks, cost the pages of one shape more than
// the copy saves the others (see isVaried). The two must stay alike:
// the every-shape tests and TestVariedCellsKeyAndWordRoom render pages
// through both.
func (t *transcoder) variedObjects(dst []byte) ([]byte, int) {
	// The state of the loop over rows is kept in memory (its address is
	// taken), where the cells' loop does not touch it, as in objects.
	// Each row's shape id is read here, one or two bytes, and its list
	// found from the shape's ends, rather than through ShapeReader.Next
	// and ShapeBounds (about 30 instructions fewer a row). A cell's step
	// is not kept across a call but found again from list[j], as objects
	// does: kept, it and its offset were saved on the stack before every
	// cell.
	l := &t.l
	at := &struct {
		ids          []byte   // the rows' shape ids (RowShapeIDs)
		ends         []uint32 // ShapeEnds
		pos          int      // in ids
		r, rows, row int
	}{ids: l.RowShapeIDs(), ends: l.ShapeEnds(), rows: l.Rows}
	for ; at.r < at.rows; at.r++ {
		// (Past the end, which Parse rules out, the row is null, as
		// ShapeReader.Next has it.)
		var id uint
		if ids, p := at.ids, uint(at.pos); p < uint(len(ids)) {
			if id = uint(ids[p]); id < 0x80 {
				at.pos = int(p) + 1
			} else if q := p + 1; q < uint(len(ids)) && ids[q] < 0x80 {
				id = id&0x7F | uint(ids[q])<<7
				at.pos = int(q) + 1
			} else {
				id, at.pos = pageread.ShapeIDAt(ids, int(p))
			}
		}
		if id == 0 {
			if dst = append(dst, "null,"...); len(dst)-1 > t.stop { // the comma is not the row's
				return dst, at.r
			}
			continue
		}
		at.row = len(dst)
		ends := at.ends
		a, b := int(ends[id-1]), int(ends[id])
		// The list is read up to b from a, with one bounds check a row
		// (list[a:b] took two, and arithmetic for an empty list).
		list, cols := l.ShapeColumns()[:b], t.cols
		for j := a; j < len(list); j++ {
			c := list[j]
			st := &cols[c]
			cur := st.cur
			// The fast path of objects: one test for a cell with no test
			// before its value, a key of up to keyInline bytes and the
			// room in dst; either way wordRoom bytes of room follow the key.
			if k := st.plain; k <= keyInline && len(dst)+keyRoom <= cap(dst) {
				dst = putKey(dst, st, k)
			} else if st.enc == skipCell {
				cur.TakeCell(&t.cell)
				continue
			} else {
				if k := uint(st.keyLen); k <= keyInline && len(dst)+keyRoom <= cap(dst) {
					dst = putKey(dst, st, k)
				} else {
					dst = t.appendKeyRoom(dst, st)
					st = &cols[list[j]] // (not kept across the call)
				}
				if cur.TakeNull() {
					dst = putWord(dst, jsonwire.NullWord, 4)
					continue
				}
			}
			// Cells of bounded length go on without checking t.stop, as in
			// objects.
			switch st.enc {
			case format.EncStrRef, format.EncStrSeq:
				// A short clean string, in line (StrIndex).
				if k, n := cur.StrIndex(); n != 0 && len(dst)+32 <= cap(dst) && l.CleanStr(cur, k) {
					if src, m := l.ShortStr(k); src != nil {
						cur.SkipStr(n)
						dst = pageread.PutQuoted(dst, src, m)
						continue
					}
				}
				dst = t.l.TakeStrJSON(dst, cur, t.m.escapeHTML)
			case format.EncInt, format.EncIntDelta, format.EncIntFOR, format.EncFloatInt:
				// (EncFloatInt: a float64 holding an integer, whose digits encoding/json writes.)
				dst = cur.TakeIntJSON(dst)
				continue
			case smallInts:
				if d, ok := cur.TakeDigit(); ok { // 0 to 9, in line
					n := len(dst) // (in the wordRoom after the key)
					dst = dst[:n+1]
					dst[n] = d
				} else {
					dst = cur.TakeIntJSON(dst)
					cols[list[j]].enc = format.EncInt // no more tries this call
				}
				continue
			case format.EncFloat:
				dst = cur.TakeFloatJSON(dst)
				continue
			case format.EncIntFloat:
				dst = cur.TakeIntFloatJSON(dst)
				continue
			case format.EncTime, format.EncTextTime:
				// A column of per-value offsets goes to the path TakeTimeJSON
				// would forward it to, without the forwarding call.
				if cur.TimePerValue() {
					dst = cur.TakeTimeAnyJSON(dst, &t.dates)
				} else {
					dst = cur.TakeTimeJSON(dst, &t.dates)
				}
				continue
			case format.EncBool:
				if cur.TakeBool() {
					dst = putWord(dst, jsonwire.TrueWord, 4)
				} else {
					dst = putWord(dst, jsonwire.FalseWord, 5)
				}
				continue
			case format.EncAny: // a repeat raises t.stop by its cell's share (SPEC.md 8)
				dst = t.l.TakeValueJSON(dst, cur, t.m.escapeHTML, t.stop)
			case format.EncStrList:
				dst = t.l.TakeStrListJSON(dst, cur, t.m.escapeHTML, t.stop)
			case format.EncUint:
				dst = cur.TakeUintJSON(dst)
				continue
			default: // EncBytes, EncNumber
				dst = t.takeCellJSON(dst, cur)
			}
			if len(dst) > t.stop { // render fails: no need to finish the row
				return dst, at.r
			}
		}
		if row := at.row; len(dst) == row { // no column written
			dst = append(dst, '{')
		} else {
			dst[row] = '{'
		}
		if dst = append(dst, '}', ','); len(dst)-1 > t.stop { // the comma is not the row's
			return dst, at.r
		}
	}
	return dst, at.rows
}
