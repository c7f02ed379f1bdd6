package pagebuild

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestTryAppendStrIsAppendStr writes random runs of cells (string ids,
// nulls, integers, text times) into two columns: one through AppendStr
// alone, the other taking each string through TryAppendStr first, then
// AppendStr when it declines, as sqlpage's sameRow does. The columns must
// end up the same, field by field, after every cell.
func TestTryAppendStrIsAppendStr(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for run := range 2000 {
		var want, got Column
		want.reset(7)
		got.reset(7)
		n := 1 + r.IntN(40)
		for k := range n {
			switch op := r.IntN(12); {
			case op < 9:
				id := uint32(r.IntN(1 << 20))
				want.AppendStr(id)
				if !got.TryAppendStr(id) {
					got.AppendStr(id)
				}
			case op == 9:
				want.AppendNull()
				got.AppendNull()
			case op == 10:
				want.AppendInt(int64(k))
				got.AppendInt(int64(k))
			default:
				ts := format.Timestamp{Local: int64(k) * 3600}
				want.appendTextTime(ts)
				got.appendTextTime(ts)
			}
			if !reflect.DeepEqual(&want, &got) {
				t.Fatalf("run %d, cell %d: TryAppendStr left %+v, want %+v", run, k, got, want)
			}
		}
	}
}
