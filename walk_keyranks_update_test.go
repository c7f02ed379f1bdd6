package rowpage

import (
	"slices"
	"testing"
)

// TestKeyRanksUpdate: as a page gains columns one, two or many at a time
// (update inserts one or two among the ranked ones, setting their ranks
// as it moves them, and merges more), update gives each column the place
// of its key among the page's keys sorted as strings, whether its rank
// slice has room for the new columns or must grow.
func TestKeyRanksUpdate(t *testing.T) {
	keys := []string{
		"m", "abcdefgh\x00", "a", "zz", "abcdefgh", "abcdefgz", "", "created_at", "b", "created",
		"abcdefghi", "\x00", "é", "x_10", "x_2", "x_1", "id", "a\x00", "zzzzzzzzz", "createdAt",
	}
	for _, batches := range [][]int{{1, 1, 1, 2, 1, 2, 3, 1, 8}, {3, 2, 2, 1, 1, 5, 6}, {20}, {2, 1, 17}} {
		for _, shrink := range []bool{false, true} {
			e := NewEncoder()
			if err := e.build([]map[string]any{{keys[0]: nil}}); err != nil {
				t.Fatal(err)
			}
			b := &e.b
			var r keyRanks
			if !shrink {
				r.rank = make([]uint32, 0, len(keys)) // room for all
			}
			r.update(b)
			next := 1
			for _, n := range batches {
				for range n {
					if next < len(keys) {
						b.KeyColumn(keys[next])
						next++
					}
				}
				if shrink { // no room for the new columns' ranks: update grows the slice
					r.rank = slices.Clip(r.rank)
				}
				rank := r.update(b)
				var sorted []string
				for ci := range b.NumColumns() {
					sorted = append(sorted, b.In.Strs[b.Cols[ci].Name])
				}
				slices.Sort(sorted)
				for ci := range b.NumColumns() {
					k := b.In.Strs[b.Cols[ci].Name]
					if want, _ := slices.BinarySearch(sorted, k); int(rank[ci]) != want || r.order[want] != int32(ci) {
						t.Fatalf("batches %v (shrink %v), %d columns: key %q has rank %d, order[%d] = %d; want rank %d", batches, shrink, b.NumColumns(), k, rank[ci], want, r.order[want], want)
					}
				}
			}
			b.Finish(nil)
			e.release()
		}
	}
}
