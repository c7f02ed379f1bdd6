package peers

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/internal/realdata"
)

// realInputs returns an Input for every real dataset (internal/realdata) at
// each of sizes it can fill, SQL sets with the page sqlpage.AppendSQL built; it
// skips when the shared data directory is absent.
func realInputs(t testing.TB, sizes []int) (names []string, ins []*Input) {
	t.Helper()
	sets, err := realdata.Load(realdata.Dir("../.."))
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) == 0 {
		t.Skip("no shared data directory at ../../../shared/data")
	}
	for _, s := range sets {
		for _, n := range s.Sizes(sizes) {
			in, err := NewInput(s.Rows[:n], func() any { return new([]map[string]any) })
			if err != nil {
				t.Fatal(err)
			}
			if s.Page != nil {
				if in.Page, err = s.Page(n); err != nil {
					t.Fatal(err)
				}
			}
			names, ins = append(names, "set="+s.Name+"/rows="+strconv.Itoa(n)), append(ins, in)
		}
	}
	return names, ins
}

// TestCheckReal requires rowpage's hit to be exact on every real dataset;
// the peers' fidelity there is logged, not required.
func TestCheckReal(t *testing.T) {
	names, ins := realInputs(t, []int{100})
	for i, in := range ins {
		for _, c := range All() {
			got, err := Check(c, in)
			if got == "" || c.Name == "rowpage" && got != Exact {
				t.Errorf("%s/codec=%s: %q, %v", names[i], c.Name, got, err)
			} else if got != Exact {
				t.Logf("%s/codec=%s: %s", names[i], c.Name, got)
			}
		}
	}
}

// BenchmarkHitReal and BenchmarkMissReal time what BenchmarkHit and
// BenchmarkMiss time, on the real datasets:
// go test -run '^$' -bench Real -count 6 ./internal/peers
func BenchmarkHitReal(b *testing.B)  { benchReal(b, false) }
func BenchmarkMissReal(b *testing.B) { benchReal(b, true) }

func benchReal(b *testing.B, miss bool) {
	names, ins := realInputs(b, []int{100, 1000})
	for i, in := range ins {
		for _, c := range All() {
			entry, err := c.Encode(in)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(names[i]+"/codec="+c.Name, func(b *testing.B) {
				b.SetBytes(int64(len(in.JSON)))
				b.ReportAllocs()
				hit, missf := c.NewHit(in), c.NewMiss(in)
				if _, err := hit(entry); err != nil && !miss {
					b.Skip(err)
				}
				for b.Loop() {
					if miss {
						_, _, err = missf(in.Values)
					} else {
						_, err = hit(entry)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				// After the loop: b.Loop resets the timer, and with it the metrics.
				b.ReportMetric(100*float64(len(entry))/float64(len(in.JSON)), "%json")
			})
		}
	}
}
