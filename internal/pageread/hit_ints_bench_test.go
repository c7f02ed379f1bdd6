package pageread_test

import (
	"encoding/json"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// BenchmarkHitNestedInts serves, as jsonbridge.AppendJSON into a reused
// buffer, the 25-row page built from maps of each built-in dataset whose
// rows hold integers inside nested values (analytics, events, hetero): the
// hit's path through memberIntJSON and cuvWide. It builds only the page it
// runs, so that tools/instructions counts it without the set-up of every
// shape that jsonbridge's HitEveryShape does first:
//
//	tools/instructions ./internal/pageread 'HitNestedInts/dataset=analytics$' \
//		'github.com/rowpage/rowpage/jsonbridge.(*Mode).AppendJSON'
func BenchmarkHitNestedInts(b *testing.B) {
	for _, set := range dataset.Sets {
		switch set.Name {
		case "analytics", "events", "hetero":
		default:
			continue
		}
		b.Run("dataset="+set.Name, func(b *testing.B) {
			rows := set.NativeMaps(25)
			want, err := json.Marshal(rows)
			if err != nil {
				b.Fatal(err)
			}
			page, err := rowpage.Marshal(rows)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(want)))
			b.ReportAllocs()
			out, err := jsonbridge.AppendJSON(nil, page)
			if err != nil || string(out) != string(want) {
				b.Fatalf("AppendJSON does not serve the JSON (error %v)", err)
			}
			for b.Loop() {
				if out, err = jsonbridge.AppendJSON(out[:0], page); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
