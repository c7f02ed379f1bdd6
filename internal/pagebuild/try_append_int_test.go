package pagebuild

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestTryAppendIntIsAppendInt writes random runs of cells (integers of
// every sign and size, nulls, bools, unsigned integers beyond int64) into
// two columns: one through AppendInt alone, the other taking each integer
// through TryAppendInt first, then AppendInt when it declines, as
// jsonbridge's cell sink does. The columns must end up the same, field by
// field, after every cell.
func TestTryAppendIntIsAppendInt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ints := []int64{0, 1, 127, 128, 1 << 40, math.MaxInt64, -1, -128, math.MinInt64}
	for run := range 2000 {
		var want, got Column
		want.reset(7)
		got.reset(7)
		n := 1 + r.IntN(40)
		for k := range n {
			switch op := r.IntN(10); {
			case op < 7:
				v := ints[r.IntN(len(ints))]
				if r.IntN(2) == 0 {
					v = r.Int64N(1<<20) - 1<<10
				}
				want.AppendInt(v)
				if !got.TryAppendInt(v) {
					got.AppendInt(v)
				}
			case op == 7:
				want.AppendNull()
				got.AppendNull()
			case op == 8:
				want.AppendBool(k%2 == 0)
				got.AppendBool(k%2 == 0)
			default:
				want.AppendUint(math.MaxUint64 - uint64(k))
				got.AppendUint(math.MaxUint64 - uint64(k))
			}
			if !reflect.DeepEqual(&want, &got) {
				t.Fatalf("run %d, cell %d: TryAppendInt left %+v, want %+v", run, k, got, want)
			}
		}
	}
}
