package rowpage

import "testing"

// TestBySetRanks: bySetRanks gives the ranks and order keyRanks holds as
// arrays of maxSetCols entries, their first entries those of the slices,
// whether the slices had room for maxSetCols already or not (nil, or
// short from an earlier use), and leaves the slices as they were.
func TestBySetRanks(t *testing.T) {
	for _, r := range []keyRanks{
		{},
		{rank: []uint32{2, 0, 1}, order: []int32{1, 2, 0}},
		{rank: append(make([]uint32, 0, maxSetCols), 1, 0), order: append(make([]int32, 0, 2*maxSetCols), 1, 0)},
	} {
		wantRank, wantOrder := append([]uint32(nil), r.rank...), append([]int32(nil), r.order...)
		rank, order := r.bySetRanks()
		for i, v := range wantRank {
			if rank[i] != v || r.rank[i] != v {
				t.Errorf("rank[%d] = %d, %d; want %d", i, rank[i], r.rank[i], v)
			}
		}
		for i, v := range wantOrder {
			if order[i] != v || r.order[i] != v {
				t.Errorf("order[%d] = %d, %d; want %d", i, order[i], r.order[i], v)
			}
		}
		if len(r.rank) != len(wantRank) || len(r.order) != len(wantOrder) {
			t.Errorf("lengths %d, %d; want %d, %d", len(r.rank), len(r.order), len(wantRank), len(wantOrder))
		}
		if cap(r.rank) < maxSetCols || cap(r.order) < maxSetCols {
			t.Errorf("room for %d, %d; want %d", cap(r.rank), cap(r.order), maxSetCols)
		}
	}
}
