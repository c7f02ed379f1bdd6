package rowpage_test

import (
	"bytes"
	"encoding/json"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

// Decode's copies of strings (made a run of table entries at a time) and
// its interface values of strings and numbers (pointing into memory the
// call allocated, in the default build): whatever they share, the values
// must be the ones decoding gave before, equal to encoding/json's where
// that is the contract, and must not depend on the page's bytes once
// Decode returns.

// unmarshalThenClobber decodes page into a new value of start under m,
// from a copy of page that it then overwrites and reuses for another page,
// and collects garbage, so that a value still reading the page's bytes, or
// memory nothing keeps alive, shows as a difference.
func unmarshalThenClobber[T any](t *testing.T, m *rowpage.DecMode, page []byte, start func() T) T {
	t.Helper()
	buf := bytes.Clone(page)
	v := start()
	if err := m.Unmarshal(buf, &v); err != nil {
		t.Fatalf("Unmarshal into %T: %v", v, err)
	}
	for i := range buf {
		buf[i] = 0xA5
	}
	other, err := rowpage.Marshal([]map[string]any{{"x": strings.Repeat("z", len(buf))}})
	if err != nil {
		t.Fatal(err)
	}
	copy(buf, other)
	runtime.GC()
	runtime.GC()
	return v
}

// TestDecodeOwnsItsValues decodes every dataset, into its own type and
// into generic values, from a buffer it then overwrites, and compares the
// result with a decode of an untouched page and with encoding/json.
func TestDecodeOwnsItsValues(t *testing.T) {
	for _, set := range dataset.Sets {
		for _, n := range []int{1, 25, 300} {
			page, err := rowpage.Marshal(set.Values(n))
			if err != nil {
				t.Fatal(err)
			}
			text := set.Text(n)
			for name, m := range objModes() {
				t.Run(set.Name+"/"+strconv.Itoa(n)+"/"+name, func(t *testing.T) {
					got := unmarshalThenClobber(t, m, page, func() any { return set.New() })
					want := set.New()
					if err := m.Unmarshal(page, want); err != nil {
						t.Fatal(err)
					}
					if d := cmp.Diff(want, got); d != "" {
						t.Fatalf("into its type: differs after the page is overwritten (-want +got):\n%s", d)
					}
					gen := unmarshalThenClobber(t, m, page, func() any { return nil })
					var wantGen any
					if err := m.Unmarshal(page, &wantGen); err != nil {
						t.Fatal(err)
					}
					if d := cmp.Diff(wantGen, gen); d != "" {
						t.Fatalf("into any: differs after the page is overwritten (-want +got):\n%s", d)
					}
					if name != "compat" {
						return
					}
					viaJSON := set.New()
					if err := json.Unmarshal(text, viaJSON); err != nil {
						t.Fatal(err)
					}
					if d := cmp.Diff(viaJSON, got); d != "" {
						t.Fatalf("into its type: differs from json.Unmarshal (-json +page):\n%s", d)
					}
					var genJSON any
					if err := json.Unmarshal(text, &genJSON); err != nil {
						t.Fatal(err)
					}
					if d := cmp.Diff(genJSON, gen); d != "" {
						t.Fatalf("into any: differs from json.Unmarshal (-json +page):\n%s", d)
					}
				})
			}
		}
	}
}

// runStrings returns strings of lengths around the boundaries of the runs
// Decode copies strings in (512 bytes first, 16 KiB at most), empty and
// invalid UTF-8 ones among them, each made distinct by tag.
func runStrings(tag string) []string {
	var out []string
	for _, n := range []int{0, 1, 2, 100, 510, 511, 512, 513, 1023, 1024, 1025, 16382, 16383, 16384, 16385, 40000} {
		s := strings.Repeat(string(rune('a'+n%26)), n)
		if n >= len(tag) {
			s = tag + s[len(tag):]
		}
		out = append(out, s)
	}
	return append(out, tag+"\xff", "\xc3"+tag, tag+"é\xe2\x82", "")
}

// runRow is a row of the string-run tests decoded into a struct.
type runRow struct {
	Common string         `json:"common"`
	Unique string         `json:"unique"`
	List   []string       `json:"list"`
	Ptr    *string        `json:"ptr"`
	Nested runNested      `json:"nested"`
	Free   map[string]any `json:"free"`
}

type runNested struct {
	S  string   `json:"s"`
	SS []string `json:"ss"`
}

// runRows returns rows whose strings go in every way Decode copies one:
// repeated values of a string-ref column (the common area), a column of
// unique strings (string-seq), lists, pointers, nested fields and map
// values and keys, long and short, the same string in several places.
func runRows() []map[string]any {
	common := runStrings("c")
	var rows []map[string]any
	for i := range 3 * len(common) {
		tag := "u" + strconv.Itoa(i)
		unique := runStrings(tag)
		s := common[i%len(common)]
		var list any // nil, not a nil []any, which decodes to nil
		for j := range i % 7 {
			l, _ := list.([]any)
			list = append(l, common[(i+j)%len(common)])
		}
		free := map[string]any{"k" + strconv.Itoa(i%5): s, tag: unique[i%len(unique)]}
		if i%4 == 0 {
			free["l"] = []any{unique[(i+3)%len(unique)], s, nil, int64(i)}
		}
		rows = append(rows, map[string]any{
			"common": s,
			"unique": unique[i%len(unique)] + tag,
			"list":   list,
			"ptr":    common[(i+5)%len(common)],
			"nested": map[string]any{"s": unique[(i+1)%len(unique)], "ss": []any{s, unique[(i+2)%len(unique)]}},
			"free":   free,
		})
	}
	return rows
}

// TestDecodeStringRuns decodes strings of every size, repeated and not,
// into structs and generic values, and compares them with encoding/json's
// decoding of the same rows' JSON (the JSON-compatible mode) and with the
// rows themselves (the default mode, which keeps invalid UTF-8).
func TestDecodeStringRuns(t *testing.T) {
	rows := runRows()
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	for src, page := range objPages(t, rows) {
		for name, m := range objModes() {
			t.Run(src+"/"+name, func(t *testing.T) {
				got := unmarshalThenClobber(t, m, page, func() []runRow { return nil })
				gen := unmarshalThenClobber(t, m, page, func() []map[string]any { return nil })
				var want []runRow
				var wantGen []map[string]any
				if name == "compat" {
					if err := json.Unmarshal(text, &want); err != nil {
						t.Fatal(err)
					}
					if err := json.Unmarshal(text, &wantGen); err != nil {
						t.Fatal(err)
					}
				} else {
					if err := rowpage.Unmarshal(page, &want); err != nil {
						t.Fatal(err)
					}
					wantGen = rows
					if src == "json" { // JSON text holds no invalid UTF-8
						return
					}
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Fatalf("into structs (-want +got):\n%s", d)
				}
				if d := cmp.Diff(wantGen, gen); d != "" {
					t.Fatalf("into maps (-want +got):\n%s", d)
				}
			})
		}
	}
}

// TestDecodeBoxedNumbers decodes integers and floats around the values the
// runtime boxes without allocating (below 256) and past the size of the
// arrays Decode boxes numbers in, as map values, array elements and any
// fields, in both modes.
func TestDecodeBoxedNumbers(t *testing.T) {
	ints := []int64{0, 1, 127, 128, 255, 256, 257, 16383, 16384, -1, -128, -255, -256, 1 << 53, 1<<53 + 1, math.MaxInt64, math.MinInt64}
	floats := []float64{0, 0.5, -0.5, 1e300, math.SmallestNonzeroFloat64, 255.5, 256.25, -1e-7}
	var rows []map[string]any
	for i := range 300 {
		var list any // nil, not a nil []any, which decodes to nil
		for j := range i % 9 {
			l, _ := list.([]any)
			list = append(l, ints[(i+j)%len(ints)], floats[(i+j)%len(floats)])
		}
		rows = append(rows, map[string]any{
			"i":    ints[i%len(ints)],
			"f":    floats[i%len(floats)],
			"any":  map[string]any{"i": ints[(i+1)%len(ints)], "f": floats[(i+2)%len(floats)], "l": list},
			"list": list,
		})
	}
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	type numRow struct {
		Any  map[string]any `json:"any"`
		List []any          `json:"list"`
		I    any            `json:"i"`
	}
	for src, page := range objPages(t, rows) {
		for name, m := range objModes() {
			t.Run(src+"/"+name, func(t *testing.T) {
				gen := unmarshalThenClobber(t, m, page, func() []map[string]any { return nil })
				structs := unmarshalThenClobber(t, m, page, func() []numRow { return nil })
				var wantGen []map[string]any
				var wantStructs []numRow
				if name == "compat" {
					if err := json.Unmarshal(text, &wantGen); err != nil {
						t.Fatal(err)
					}
					if err := json.Unmarshal(text, &wantStructs); err != nil {
						t.Fatal(err)
					}
				} else {
					if src == "json" {
						return // the page of JSON text holds no types to compare with
					}
					wantGen = rows
					for _, r := range rows {
						l, _ := r["list"].([]any)
						wantStructs = append(wantStructs, numRow{Any: r["any"].(map[string]any), List: l, I: r["i"]})
					}
				}
				if d := cmp.Diff(wantGen, gen); d != "" {
					t.Fatalf("into maps (-want +got):\n%s", d)
				}
				if d := cmp.Diff(wantStructs, structs); d != "" {
					t.Fatalf("into structs (-want +got):\n%s", d)
				}
			})
		}
	}
}
