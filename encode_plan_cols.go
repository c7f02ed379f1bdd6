package rowpage

import (
	"reflect"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Rows of a fixed plan (see encCols) after the first all have the same
// columns, so they can be written column by column rather than row by row:
// fixedRows writes each scalar field (booleans, numbers, times) down the
// rows in one tight loop per column, then the fields that intern strings
// (strings, []string and the generic walker's fields) row by row.
//
// That gives the same page because the two passes touch disjoint state:
// scalar cells go to their own columns and never reach the interner, and
// the row pass visits the string-producing cells in the order the
// row-by-row walk would, so every string gets the same provisional id. The
// one thing that could tell the orders apart is which error is reported
// when cells fail (a NaN, a time out of range): the scalar pass keeps the
// first failing cell in row order, and the row pass stops before it, so
// the error is the one the row-by-row walk meets first.

// encScalar reports whether a field of op is written without interning
// strings.
func encScalar(op fieldKind) bool {
	return op != kindOther && op != kindString && op != kindStrings
}

// fixedRows adds the rows from to to of rows, whose plan is fixed and whose
// page already has a row of it (pc.shape != 0). rv is the slice or array,
// for fields the generic walker writes.
func (w *walker) fixedRows(pc *encCols, rv reflect.Value, rows structRows, from, to int) error {
	b, p := w.b, pc.plan
	errRow, errField := to, len(p.fields) // the first failing cell in row order
	var errScalar error
	for _, i := range p.scalars {
		// Fields come in order, so a cell of this column in the failing
		// row or later comes after the failing cell.
		if r, err := w.scalarColumn(&b.Cols[pc.cols[i]], &p.fields[i], rows, from, errRow); err != nil {
			errRow, errField, errScalar = r, i, err
		}
	}
	// The columns and fields of the row pass, found once: the columns
	// are all there (the page has a row of the plan), so b.Cols does not
	// move while the rows are written.
	cells := w.planCells[:0]
	for _, i := range p.others {
		cells = append(cells, planCell{c: &b.Cols[pc.cols[i]], pf: &p.fields[i]})
	}
	w.planCells = cells
	rowPass := from // the first row the loop below writes
	if p.textOnly && errRow == to && w.maxDepth > 1 {
		// No cell of the row pass can fail: write the rows without the
		// error bookkeeping.
		for r := from; r < to; r++ {
			w.textRow(cells, rows.at(r))
		}
		rowPass = to
	}
	for r := rowPass; r < to && r <= errRow; r++ {
		row := rows.at(r)
		var ev reflect.Value // row r, once a field needs value
		cs := cells
		if r == errRow { // the cells before the failing one
			n := 0
			for n < len(p.others) && p.others[n] < errField {
				n++
			}
			cs = cells[:n]
		}
		for _, cell := range cs {
			c, pf := cell.c, cell.pf
			var err error
			switch pf.op {
			case kindString:
				b.CellString(c, pf.in(row).string())
			case kindStrings:
				err = w.putStrings(c, false, pf.in(row).readStrings(), 1)
			default:
				err = w.otherField(c, pf, row, rv, r, &ev)
			}
			if err != nil {
				return rowError(w.cellError(err, pf.name), r)
			}
		}
	}
	if errScalar != nil {
		return rowError(w.cellError(errScalar, p.fields[errField].name), errRow)
	}
	for range to - from {
		b.RowShape = append(b.RowShape, pc.shape)
	}
	b.Rows += to - from
	b.Last = pc.shape
	return nil
}

// planCell is a column of the row pass of fixedRows and the field written
// into it.
type planCell struct {
	c  *pagebuild.Column
	pf *encField
}

// textRow writes the cells of the row at row, of a plan whose row pass
// holds only strings and string slices (encPlan.textOnly), as fixedRows'
// row pass does, on a page whose depth limit admits a string slice. Kept
// apart from fixedRows' loop, which keeps the values its error handling
// and its generic fields need across every call, the loop holds little
// more than the cell and the row: on BaaS rows (eight strings and two
// string slices) the row pass's own cost fell from 48 instructions a
// cell to 33 (callgrind).
func (w *walker) textRow(cells []planCell, row structRef) {
	b := w.b
	for _, cell := range cells {
		f := cell.pf.in(row)
		if cell.pf.op == kindString {
			b.CellString(cell.c, f.string())
			continue
		}
		w.putStrings(cell.c, false, f.readStrings(), 1) // no error: maxDepth > 1
	}
}

// otherField writes field pf of row r (at row), of op kindOther, as a
// column cell: by planNested where it can, else by value from the field's
// reflect.Value, found from the row's (*ev, made on first use) in rv.
func (w *walker) otherField(c *pagebuild.Column, pf *encField, row structRef, rv reflect.Value, r int, ev *reflect.Value) error {
	if pf.nest != nestNone {
		if done, err := w.planNested(c, pf, row); done {
			return err
		}
	}
	if !ev.IsValid() {
		*ev = rv.Index(r)
	}
	fv, _ := fieldByIndex(*ev, pf.index)
	return w.value(c, false, fv, pf.quoted, 1)
}

// scalarColumn appends field pf of rows from to end-1 to column c. On
// error it returns the failing row; the cells before it are written.
func (w *walker) scalarColumn(c *pagebuild.Column, pf *encField, rows structRows, from, end int) (int, error) {
	switch pf.op {
	case kindBool:
		for r := from; r < end; r++ {
			c.AppendBool(pf.in(rows.at(r)).bool())
		}
	case kindInt8:
		for r := from; r < end; r++ {
			c.AppendInt(int64(pf.in(rows.at(r)).int8()))
		}
	case kindInt16:
		for r := from; r < end; r++ {
			c.AppendInt(int64(pf.in(rows.at(r)).int16()))
		}
	case kindInt32:
		for r := from; r < end; r++ {
			c.AppendInt(int64(pf.in(rows.at(r)).int32()))
		}
	case kindInt64:
		for r := from; r < end; r++ {
			c.AppendInt(pf.in(rows.at(r)).int64())
		}
	case kindUint8:
		for r := from; r < end; r++ {
			c.AppendInt(int64(pf.in(rows.at(r)).uint8()))
		}
	case kindUint16:
		for r := from; r < end; r++ {
			c.AppendInt(int64(pf.in(rows.at(r)).uint16()))
		}
	case kindUint32:
		for r := from; r < end; r++ {
			c.AppendInt(int64(pf.in(rows.at(r)).uint32()))
		}
	case kindUint64:
		for r := from; r < end; r++ {
			c.AppendUint(pf.in(rows.at(r)).uint64())
		}
	case kindFloat32:
		for r := from; r < end; r++ {
			if err := w.putFloat(c, false, float64(pf.in(rows.at(r)).float32()), 32); err != nil {
				return r, err
			}
		}
	case kindFloat64:
		for r := from; r < end; r++ {
			if err := w.putFloat(c, false, pf.in(rows.at(r)).float64(), 64); err != nil {
				return r, err
			}
		}
	case kindTime:
		for r := from; r < end; r++ {
			if err := w.putTimeAt(c, pf.in(rows.at(r)).time()); err != nil {
				return r, err
			}
		}
	case kindPtr:
		for r := from; r < end; r++ {
			if t := pf.in(rows.at(r)).timePtr(); t == nil {
				c.AppendNull()
			} else if w.maxDepth <= 1 {
				return r, w.tooDeep()
			} else if err := w.putTimeAt(c, t); err != nil {
				return r, err
			}
		}
	}
	return end, nil
}
