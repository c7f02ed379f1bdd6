package rowpage

import "math/bits"

// A map row of a set of columns that setRow does not find in its table
// (colSets) orders its cells by their columns' ranks (keyRanks), read off
// the bits of the ranks, with no sort.

// newSetShape adds set, a set of columns that colSets lacks, to the page
// as its next shape, its columns in the order of their keys, and to
// colSets (in slot at, which colSets.lookup returned), and returns the
// shape's id; setRow then writes the row's cells as it writes those of a
// set it found, and ShapeRow finishes the row. It
// returns 0, adding nothing, if not every shape of the page is in colSets
// (a page some of whose rows came another way), where set may be a shape
// the page has: setRowNew writes those rows. Building the shape here
// spares the row Use's check for a repeated key (a map's keys are
// distinct), EndNewRow's copy of the row's columns and a second loop of
// calls to anyCell. On a page ranked by the kept keys, a set an earlier
// page made a shape for under the same ranks takes that shape from
// keptShapes, a probe and a copy, instead of rankedShape's two loops.
func (w *walker) newSetShape(set uint64, at int) uint32 {
	b, s := w.b, &w.csets
	if s.n != len(b.Shapes) {
		return 0
	}
	w.ranks.update(b)
	sh := b.NextShape()
	if k := &w.keptShapes; k.usable(&w.ranks, b) {
		if kept, ok := k.shape(set); ok {
			sh = append(sh, kept...)
		} else {
			sh = w.rankedShape(sh, set)
			k.keep(set, sh)
		}
	} else {
		sh = w.rankedShape(sh, set)
	}
	id := b.AddShape(sh)
	if s.fits(at) {
		s.slots[at] = colSet{set: set, id: id}
		s.n++
	} else {
		s.put(set, id)
	}
	return id
}

// rankedShape appends to sh the columns of set (bit ci for column ci) in
// the order of their ranks, read off the bits of the ranks, and returns
// it: two loops over the set's bits, about 20 instructions a column.
func (w *walker) rankedShape(sh []uint32, set uint64) []uint32 {
	rank, order := w.ranks.bySetRanks()
	var rs uint64 // the row's columns by rank
	for u := set; u != 0; u &= u - 1 {
		rs |= 1 << (rank[bits.TrailingZeros64(u)&(maxSetCols-1)] & (maxSetCols - 1))
	}
	for ; rs != 0; rs &= rs - 1 {
		sh = append(sh, uint32(order[bits.TrailingZeros64(rs)&(maxSetCols-1)]))
	}
	return sh
}

// setRowNew adds a map row of a set of columns that colSets lacks, on a
// page not all of whose shapes are in colSets: set, with the row's value
// for each column ci in cv[ci]. It writes the cells through Use, in the
// order of their columns' ranks, and EndRow looks the shape up.
func (w *walker) setRowNew(set uint64, cv []any) error {
	b := w.b
	w.ranks.update(b)
	rank, order := w.ranks.bySetRanks() // ranks may exceed the columns' count (keyRanks.global)
	var rs uint64                       // the row's columns by rank
	for u := set; u != 0; u &= u - 1 {
		rs |= 1 << (rank[bits.TrailingZeros64(u)&(maxSetCols-1)] & (maxSetCols - 1))
	}
	b.BeginRow()
	for ; rs != 0; rs &= rs - 1 {
		ci := order[bits.TrailingZeros64(rs)&(maxSetCols-1)]
		c, _ := b.Use(ci)
		if err := w.anyCell(c, cv[ci&(maxSetCols-1)]); err != nil {
			return w.cellError(err, b.In.Strs[c.Name])
		}
	}
	b.EndRow()
	w.csets.put(set, b.Last)
	return nil
}

// freshSetRow adds a map row of a page of at most maxSetCols columns that
// brings keys the page has no column for, as freshRow does: set holds the
// columns of its other keys (bit ci for column ci), with their values in
// cv, as setRow found them; fresh the new keys, with the indexes of their
// values in vals at. The known columns are ordered by the bits of their
// ranks, as newSetShape orders them, and merged with the new keys, sorted
// as strings, by keyPrefix and, where prefixes agree, as strings, so that
// the cells and the new keys are interned in the order sorting the row's
// keys gives, as in freshRow. The row's columns go straight to its shape,
// which no earlier row can have (it has a new column): without Use a
// cell, EndNewRow's copy of the row's columns, colSets.putRow's reading
// of them and freshRow's list and sort of their ranks (a 25-row sparse
// page, 9 such rows, cost 3.5% fewer instructions). On a page ranked by
// the last page's keys (keyRanks.global) that has every new key among
// them, knownFreshSetRow writes the row instead, by their ranks.
func (w *walker) freshSetRow(m map[string]any, set uint64, cv *[maxSetCols]any, fresh []string, at []uint32, vals []any) error {
	b := w.b
	w.ranks.update(b)
	if w.ranks.global {
		if done, err := w.knownFreshSetRow(set, cv, fresh, at, vals); done {
			return err
		}
	}
	rank, order := w.ranks.bySetRanks()
	var rs uint64 // the known columns by rank
	for u := set; u != 0; u &= u - 1 {
		rs |= 1 << (rank[bits.TrailingZeros64(u)&(maxSetCols-1)] & (maxSetCols - 1))
	}
	at, vals = w.sortFresh(m, fresh, at, vals)
	pre, strs := w.ranks.pre, b.In.Strs
	sh := b.NextShape()
	lost := false // a key written over in keyCols (countNewColumns)
	for i, k := range fresh {
		p := keyPrefix(k)
		for ; rs != 0; rs &= rs - 1 {
			r := bits.TrailingZeros64(rs) & (maxSetCols - 1)
			ci := order[r]
			if q := pre[r]; q > p || q == p && strs[b.Cols[ci].Name] > k {
				break
			}
			sh = append(sh, uint32(ci))
			if err := w.anyCell(&b.Cols[ci], cv[ci&(maxSetCols-1)]); err != nil {
				return w.cellError(err, strs[b.Cols[ci].Name])
			}
		}
		ci := b.KeyColumn(k)
		lost = w.keyCols.put(k, b.Page, ci) || lost // setRow finds the key here from the next row on
		set |= 1 << (uint(ci) & (maxSetCols - 1))
		sh = append(sh, uint32(ci))
		if err := w.anyCell(&b.Cols[ci], vals[at[i]]); err != nil {
			return w.cellError(err, k)
		}
	}
	for ; rs != 0; rs &= rs - 1 {
		ci := order[bits.TrailingZeros64(rs)&(maxSetCols-1)]
		sh = append(sh, uint32(ci))
		if err := w.anyCell(&b.Cols[ci], cv[ci&(maxSetCols-1)]); err != nil {
			return w.cellError(err, strs[b.Cols[ci].Name])
		}
	}
	w.countNewColumns(len(fresh), lost)
	id := b.AddShape(sh)
	b.ShapeRow(id)
	if b.NumColumns() <= maxSetCols { // as colSets.putRow, from the set at hand
		w.csets.put(set, id)
	}
	return nil
}
