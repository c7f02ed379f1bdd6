package rowpage_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
)

// A text-time column decoded column by column into a string field
// (timeTextColumn: texts rendered a chunk of 256 at a time and cut from
// one string) gives what encoding/json gives for the rows' JSON: every
// zone form a text-time column holds (Z, +00:00, other offsets), every
// fraction length, nulls that leave the field alone, and page sizes on
// both sides of a chunk.
func TestDecodeTextTimeColumnMatchesJSON(t *testing.T) {
	type row struct {
		At string `json:"at"`
		N  int    `json:"n"`
	}
	layouts := []string{time.RFC3339Nano, time.RFC3339, "2006-01-02T15:04:05.000Z07:00", "2006-01-02T15:04:05.000000Z07:00"}
	r := rand.New(rand.NewPCG(3, 4))
	base := time.Date(2025, 3, 14, 10, 4, 15, 0, time.UTC)
	for _, n := range []int{1, 2, 25, 255, 256, 257, 600} {
		for _, style := range []string{"Z", "+00:00", "offsets"} {
			for _, nulls := range []bool{false, true} {
				var maps []map[string]any
				for i := range n {
					at := base.Add(time.Duration(r.Int64N(1e9*86400*900)) + time.Duration(r.IntN(1e9)))
					var text string
					switch style {
					case "Z":
						text = at.Format(layouts[r.IntN(len(layouts))])
					case "+00:00":
						text = at.Format("2006-01-02T15:04:05.999999999+00:00")
					default:
						zone := time.FixedZone("", (r.IntN(27)-13)*3600+r.IntN(2)*30*60)
						text = at.In(zone).Format(layouts[r.IntN(len(layouts))])
					}
					var v any = text
					if nulls && r.IntN(4) == 0 {
						v = nil
					}
					maps = append(maps, map[string]any{"at": v, "n": i})
				}
				page, err := rowpage.Marshal(maps)
				if err != nil {
					t.Fatal(err)
				}
				p, err := rowpage.Open(page)
				if err != nil {
					t.Fatal(err)
				}
				if l := rowpage.PageLayout(p); l.Columns[0].Enc&^format.EncNullBitmap != format.EncTextTime {
					t.Fatalf("n=%d %s: the column is encoded %#x, not as text times", n, style, l.Columns[0].Enc)
				}
				js, err := json.Marshal(maps)
				if err != nil {
					t.Fatal(err)
				}
				var want, got []row
				if err := json.Unmarshal(js, &want); err != nil {
					t.Fatal(err)
				}
				if err := rowpage.Unmarshal(page, &got); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					for i := range want {
						if got[i] != want[i] {
							t.Fatalf("n=%d %s nulls=%v: row %d is %+v, want %+v", n, style, nulls, i, got[i], want[i])
						}
					}
					t.Fatalf("n=%d %s nulls=%v: %d rows, want %d", n, style, nulls, len(got), len(want))
				}
			}
		}
	}
}
