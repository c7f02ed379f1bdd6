package peers

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
)

func input(t testing.TB, s dataset.Set, n int) *Input {
	t.Helper()
	in, err := NewInput(s.Values(n), s.New)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// want is the fidelity each codec reaches on each built-in dataset.
// MessagePack stores times as instants without their zone offsets, so rows
// with offsets come back in another zone. With interned strings it cannot
// decode its own output once strings sit in interface values (the maps of
// events, sparse and hetero): its interface decoder does not record the
// strings that later references point back to (vmihailenco/msgpack v5.4.1).
// encoding/json re-marshalling rounds hetero's uint64s (2^64-1) through
// float64; compare decodes with float64 too, so it sees the same values.
var want = map[string]map[string]Fidelity{
	"rowpage":          {"rows": Exact, "events": Exact, "sparse": Exact, "baas": Exact, "analytics": Exact, "hetero": Exact},
	"json":             {"rows": Exact, "events": Exact, "sparse": Exact, "baas": Exact, "analytics": Exact, "hetero": Exact},
	"json-remarshal":   {"rows": Exact, "events": Exact, "sparse": Exact, "baas": Exact, "analytics": Exact, "hetero": SameValues},
	"cbor":             {"rows": Exact, "events": Exact, "sparse": Exact, "baas": Exact, "analytics": Exact, "hetero": Exact},
	"msgpack":          {"rows": Differs, "events": Exact, "sparse": Exact, "baas": Exact, "analytics": Exact, "hetero": Differs},
	"msgpack-interned": {"rows": Differs, "events": Fails, "sparse": Fails, "baas": Exact, "analytics": Exact, "hetero": Fails},
	"zstd":             {"rows": Exact, "events": Exact, "sparse": Exact, "baas": Exact, "analytics": Exact, "hetero": Exact},
	"s2":               {"rows": Exact, "events": Exact, "sparse": Exact, "baas": Exact, "analytics": Exact, "hetero": Exact},
}

func TestCheck(t *testing.T) {
	if len(want) != len(All()) {
		t.Fatalf("want lists %d codecs, All has %d", len(want), len(All()))
	}
	for _, s := range dataset.Sets {
		in := input(t, s, 250)
		for _, c := range All() {
			got, err := Check(c, in)
			if (err != nil) != (got == Fails || got == Differs) || got == "" {
				t.Errorf("%s/%s: %q, %v", c.Name, s.Name, got, err)
				continue
			}
			if w := want[c.Name][s.Name]; got != w {
				t.Errorf("%s/%s: fidelity %q, want %q", c.Name, s.Name, got, w)
			}
		}
	}
}

func TestHitReusesState(t *testing.T) {
	// A HitFunc called twice, on two different pages, must answer each.
	s := dataset.Sets[0]
	a, b := input(t, s, 3), input(t, s, 7)
	for _, c := range All() {
		hit := c.NewHit(a)
		ea, _ := c.Encode(a)
		eb, _ := c.Encode(b)
		for _, step := range []struct {
			entry []byte
			in    *Input
		}{{eb, b}, {ea, a}, {eb, b}} {
			got, err := hit(step.entry)
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			if f, _ := compare(got, step.in.JSON); f == Differs && want[c.Name][s.Name] != Differs {
				t.Errorf("%s: a reused HitFunc answered with the wrong page", c.Name)
			}
		}
	}
}

func TestFirstDiff(t *testing.T) {
	got := firstDiff([]byte(`[{"a":1,"t":"x"},{"a":2,"t":"09:00Z"}]`), []byte(`[{"a":1,"t":"x"},{"a":2,"t":"10:00+01:00"}]`))
	if want := `$[1].t: "09:00Z" instead of "10:00+01:00"`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestByName(t *testing.T) {
	for _, name := range Names() {
		c, ok := ByName(name)
		if !ok || c.Name != name {
			t.Errorf("ByName(%q) = %q, %v", name, c.Name, ok)
		}
		if c.Label == "" || c.Doc == "" || c.Encode == nil || c.NewHit == nil || c.NewMiss == nil {
			t.Errorf("codec %q is missing a field", name)
		}
	}
	if _, ok := ByName("xml"); ok {
		t.Error(`ByName("xml") found a codec`)
	}
}

// The benchmarks time exactly what the rowpage command's bench subcommand
// times, for benchstat: go test -run '^$' -bench . -count 6 ./internal/peers
func BenchmarkHit(b *testing.B)  { bench(b, false) }
func BenchmarkMiss(b *testing.B) { bench(b, true) }

func bench(b *testing.B, miss bool) {
	for _, s := range dataset.Sets {
		for _, n := range []int{100, 1000} {
			in := input(b, s, n)
			for _, c := range All() {
				entry, err := c.Encode(in)
				if err != nil {
					b.Fatal(err)
				}
				b.Run("set="+s.Name+"/rows="+strconv.Itoa(n)+"/codec="+c.Name, func(b *testing.B) {
					b.SetBytes(int64(len(in.JSON)))
					b.ReportAllocs()
					hit, missf := c.NewHit(in), c.NewMiss(in)
					if _, err := hit(entry); err != nil && !miss {
						b.Skip(err) // see want
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
}
