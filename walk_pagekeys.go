package rowpage

import (
	"math/bits"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// A stream of pages of map rows (an endpoint's pages) brings the same keys
// page after page. The walker keeps the keys of the last such page, sorted
// (pageKeys, a firstRow's copy of their bytes and index), and ranks a new
// page's columns by their key's place among them (keyRanks.global): a
// column's rank is then fixed when it is made, by a probe of the index,
// instead of by inserting it among the page's ranked columns (rerank, 12
// instructions a column moved), and a row's new keys go among its other
// columns by those ranks (knownFreshSetRow), without sorting them and
// comparing each with the columns before it (sortFresh, keyPrefix and
// freshSetRow's merge). Ranks of kept keys order any of them as their
// strings do, so rows, shapes and the string table are those the dense
// ranks give. The first key of a page that the kept keys lack turns the
// page back to dense ranks (rerank ranks all its columns anew), and at
// the page's end its keys are kept instead.

// find returns the index of key k among f's keys (its rank among them, as
// they are sorted), or false if f lacks k: a probe of f's index and a
// comparison of two words (and of the bytes, for a key of more than 16),
// about 55 instructions.
func (f *firstRow) find(k string) (int, bool) {
	if len(f.words) == 0 {
		return 0, false
	}
	a, b := keyLoads(k)
	mask := uint64(len(f.index) - 1)
	for i := firstPlace(a, b, len(k), mask); ; i = (i + 1) & mask {
		e := int(f.index[i]) - 1
		if e < 0 {
			return 0, false
		}
		if w := &f.words[e]; w.a == a && w.b == b && w.n == len(k) && (len(k) <= 16 || string(f.text[w.off:w.off+w.n]) == k) {
			return e, true
		}
	}
}

// sameKeys reports whether f and g keep the same keys: the same words and
// lengths (and bytes, for keys of more than 16), a few comparisons a key.
func sameKeys(f, g *firstRow) bool {
	if len(f.words) != len(g.words) {
		return false
	}
	for i, w := range f.words {
		v := g.words[i]
		if w.a != v.a || w.b != v.b || w.n != v.n || w.n > 16 && string(f.text[w.off:w.off+w.n]) != string(g.text[v.off:v.off+v.n]) {
			return false
		}
	}
	return true
}

// usableKeys reports whether f holds keys a page can be ranked by: some,
// and at most maxSetCols, so that every rank is a bit of a set.
func usableKeys(f *firstRow) bool {
	return f != nil && len(f.words) != 0 && len(f.words) <= maxSetCols
}

// rankKnown gives columns old to n-1 of page b the ranks of their keys
// among r.known's, and reports false, having placed some, if a key is not
// among them or the page has more than maxSetCols columns. In global
// mode order and pre have room for maxSetCols entries, indexed by rank
// (those of ranks no column has are stale; pre's length is maxSetCols),
// rank has room for maxSetCols too, and len(r.order) counts the ranked
// columns, as update's check expects. Cost: a probe of the index a column.
func (r *keyRanks) rankKnown(b *pagebuild.Builder, old, n int) bool {
	if n > maxSetCols {
		return false
	}
	r.roomForSets()
	order, pre, rank := r.order[:maxSetCols], r.pre[:maxSetCols], r.rank[:maxSetCols]
	strs := b.In.Strs
	for ci := old; ci < n; ci++ {
		g, ok := r.known.find(strs[b.Cols[ci].Name])
		if !ok {
			return false
		}
		order[g], pre[g], rank[ci] = int32(ci), r.known.pre[g], uint32(g)
	}
	r.order, r.pre, r.rank = order[:n], pre, rank[:n]
	return true
}

// roomForSets gives order, pre and rank room for maxSetCols entries,
// keeping their contents.
func (r *keyRanks) roomForSets() {
	if cap(r.order) < maxSetCols {
		r.order = append(make([]int32, 0, maxSetCols), r.order...)
	}
	if cap(r.pre) < maxSetCols {
		r.pre = append(make([]uint64, 0, maxSetCols), r.pre...)
	}
	if cap(r.rank) < maxSetCols {
		r.rank = append(make([]uint32, 0, maxSetCols), r.rank...)
	}
}

// place ranks column ci of page, just made for a key of rank g among the
// kept ones, on a page in global mode whose other columns are ranked
// (knownFreshSetRow). A column made out of turn (not the next one) sends
// the page back to a full ranking at the next update.
func (r *keyRanks) place(page uint64, ci int32, g int) {
	n := len(r.order)
	if !r.global || r.page != page || int(ci) != n || n >= maxSetCols || len(r.pre) != maxSetCols {
		r.page = 0
		return
	}
	r.order[:maxSetCols][g] = ci
	r.pre[g] = r.known.pre[g]
	r.rank = r.rank[:n+1]
	r.rank[ci] = uint32(g)
	r.order = r.order[:n+1]
}

// rememberPageKeys keeps the keys of the page just built from map rows, in
// sorted order, for ranking the next page's columns (pageKeys), unless
// the page was ranked by the keys kept already, which hold all of its
// own then. A page of more than maxSetCols columns keeps none.
func (w *walker) rememberPageKeys() {
	b, r := w.b, &w.ranks
	n := b.NumColumns()
	if n == 0 {
		return
	}
	if n > maxSetCols {
		r.known = nil
		return
	}
	r.update(b)
	if r.global {
		return
	}
	keys := w.keyScratch(0)
	for _, ci := range r.order {
		keys = append(keys, b.In.Strs[b.Cols[ci].Name])
	}
	w.keys[0] = keys
	w.pageKeys.remember(keys)
	r.known = &w.pageKeys
}

// knownFreshSetRow is freshSetRow for a page ranked by the kept keys
// (keyRanks.global): each new key's rank is its place among them, and the
// row's columns, known and new, are written in the order of the bits of
// their ranks. It reports false, having written nothing, if a new key is
// not among the kept keys; freshSetRow then merges as it does on a page
// of dense ranks.
func (w *walker) knownFreshSetRow(set uint64, cv *[maxSetCols]any, fresh []string, at []uint32, vals []any) (bool, error) {
	r := &w.ranks
	var fr uint64                 // the new keys by rank
	var freshAt [maxSetCols]uint8 // the index in fresh of the new key of each rank of fr
	for i, k := range fresh {
		g, ok := r.known.find(k)
		if !ok {
			return false, nil
		}
		fr |= 1 << (uint(g) & (maxSetCols - 1))
		freshAt[g&(maxSetCols-1)] = uint8(i)
	}
	rank, order := r.bySetRanks()
	var rs uint64 // the known columns by rank
	for u := set; u != 0; u &= u - 1 {
		rs |= 1 << (rank[bits.TrailingZeros64(u)&(maxSetCols-1)] & (maxSetCols - 1))
	}
	b := w.b
	sh := b.NextShape()
	lost := false // a key written over in keyCols (countNewColumns)
	var err error
	for f := fr; f != 0; f &= f - 1 {
		g := bits.TrailingZeros64(f) & (maxSetCols - 1)
		before := rs & (1<<g - 1) // the known columns ranked before this new key
		rs &^= before
		if sh, err = w.knownCells(sh, before, order, cv); err != nil {
			return true, err
		}
		i := freshAt[g]
		k := fresh[i]
		ci := r.known.keyColumn(b, g, k)
		lost = w.keyCols.put(k, b.Page, ci) || lost // setRow finds the key here from the next row on
		r.place(b.Page, ci, g)
		set |= 1 << (uint(ci) & (maxSetCols - 1))
		sh = append(sh, uint32(ci))
		if err := w.anyCell(&b.Cols[ci], vals[at[i]]); err != nil {
			return true, w.cellError(err, k)
		}
	}
	if sh, err = w.knownCells(sh, rs, order, cv); err != nil { // those after the last new key
		return true, err
	}
	w.countNewColumns(len(fresh), lost)
	id := b.AddShape(sh)
	b.ShapeRow(id)
	if b.NumColumns() <= maxSetCols { // as colSets.putRow, from the set at hand
		w.csets.put(set, id)
	}
	return true, nil
}

// knownCells writes the cells of the known columns of a row that
// knownFreshSetRow writes, those of the ranks in run (bits of ranks, the
// columns order lists), in the order of their ranks, with their values in
// cv, and appends each column to shape sh, which it returns. A string
// cell goes straight to CellString, as in setRow. A loop of its own
// (called once before each new key and once after the last), not
// knownFreshSetRow's loop over every rank with a test of each for a new
// key: there, with the new keys' state live across each cell's call, a
// known cell cost about 100 instructions besides its cell, here about 50.
func (w *walker) knownCells(sh []uint32, run uint64, order *[maxSetCols]int32, cv *[maxSetCols]any) ([]uint32, error) {
	b := w.b
	for ; run != 0; run &= run - 1 {
		ci := order[bits.TrailingZeros64(run)&(maxSetCols-1)]
		sh = append(sh, uint32(ci))
		c := &b.Cols[ci]
		v := cv[ci&(maxSetCols-1)]
		if s, ok := v.(string); ok { // anyCell's string case, without its call
			b.CellString(c, s)
			continue
		}
		if err := w.anyCell(c, v); err != nil {
			return sh, w.cellError(err, b.In.Strs[c.Name])
		}
	}
	return sh, nil
}
