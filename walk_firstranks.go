package rowpage

// A page of sparse rows whose keys are those of the page before (kept in
// keyRanks.known) starts with a row of only some of them (w.first, the
// first row's keys): its columns are ranked at the next update by a probe
// of the kept keys' index a column (rankKnown, about 125 instructions a
// column with its loop; about 760 a 25-row sparse page of a 6-key first
// row). A stream of such pages starts each with a row of the same keys,
// so the ranks of the first row's keys among the kept ones are kept too
// (keyRanks.firstRanks), while neither set of keys changes (firstRow.gen),
// and seed ranks the first row's columns from them: a store of three
// values a column.

// firstRanksOf returns the rank among the kept keys (r.known) of each of
// first's keys, in first's order, or false if one of them is not kept:
// from r.firstRanks if it was made for these two sets of keys, else found
// (a probe of r.known's index a key) and kept in r.firstRanks.
func (r *keyRanks) firstRanksOf(first *firstRow) ([]uint8, bool) {
	k := r.known
	if r.firstOf == first && r.firstKnown == k && r.firstGen == first.gen && r.knownGen == k.gen {
		return r.firstRanks, r.firstOK
	}
	ranks, ok := r.firstRanks[:0], true
	for _, w := range first.words {
		g, found := k.findWords(w, first.text)
		if !found {
			ok = false
			break
		}
		ranks = append(ranks, uint8(g))
	}
	r.firstRanks, r.firstOK = ranks, ok
	r.firstOf, r.firstKnown, r.firstGen, r.knownGen = first, k, first.gen, k.gen
	return ranks, ok
}

// rankFirst ranks the columns of page's first row, made in the order of
// first's keys (column i for the i-th), by their keys' ranks among the
// kept ones (firstRanksOf), as rankKnown would at the next update, and
// reports whether it did: not if a key of first is not kept, or there
// are more than maxSetCols. r is in global mode, with no column ranked.
func (r *keyRanks) rankFirst(first *firstRow) bool {
	ranks, ok := r.firstRanksOf(first)
	n := len(ranks)
	if !ok || n > maxSetCols {
		return false
	}
	r.roomForSets()
	order, pre, rank := r.order[:maxSetCols], r.pre[:maxSetCols], r.rank[:maxSetCols]
	kpre := r.known.pre
	for ci, g := range ranks {
		order[g&(maxSetCols-1)], pre[g&(maxSetCols-1)], rank[ci&(maxSetCols-1)] = int32(ci), kpre[g], uint32(g)
	}
	r.order, r.pre, r.rank = order[:n], pre, rank[:n]
	return true
}

// findWords is find for a key given by its words w and the text its bytes
// are in (another firstRow's): its index among f's keys, or false.
func (f *firstRow) findWords(w keyWords, text []byte) (int, bool) {
	if len(f.words) == 0 {
		return 0, false
	}
	mask := uint64(len(f.index) - 1)
	for i := firstPlace(w.a, w.b, w.n, mask); ; i = (i + 1) & mask {
		e := int(f.index[i]) - 1
		if e < 0 {
			return 0, false
		}
		if v := &f.words[e]; v.a == w.a && v.b == w.b && v.n == w.n && (w.n <= 16 || string(f.text[v.off:v.off+v.n]) == string(text[w.off:w.off+w.n])) {
			return e, true
		}
	}
}
