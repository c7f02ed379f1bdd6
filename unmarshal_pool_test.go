package rowpage_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/rowpage/rowpage"
)

// pooledRow has a field of every kind whose bytes a decoder might be
// tempted to alias: strings, byte strings, raw JSON and a nested map.
type pooledRow struct {
	Name  string          `json:"name"`
	Blob  []byte          `json:"blob"`
	Raw   json.RawMessage `json:"raw"`
	Extra map[string]any  `json:"extra"`
}

// Unmarshal parses into a layout it reuses from call to call; what one
// call decoded must not change when a later call reuses that layout, even
// for a compressed page, whose plain form the layout itself holds.
func TestUnmarshalResultOutlivesReusedLayout(t *testing.T) {
	rows := func(tag string) []pooledRow {
		var out []pooledRow
		for i := range 40 {
			out = append(out, pooledRow{Name: tag + " name " + string(rune('a'+i%26)), Blob: []byte(tag + " blob"),
				Raw: json.RawMessage(`{"k":"` + tag + `"}`), Extra: map[string]any{"note": tag + " note"}})
		}
		return out
	}
	mode, err := rowpage.EncOptions{Compression: rowpage.CompressFast}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	first, err := mode.Marshal(rows("first"))
	if err != nil {
		t.Fatal(err)
	}
	second, err := mode.Marshal(rows("second"))
	if err != nil {
		t.Fatal(err)
	}
	if p, err := rowpage.Open(first); err != nil || !rowpage.PageLayout(p).Compressed() {
		t.Fatalf("the page is not compressed (%v): the test needs one", err)
	}
	var a []pooledRow
	if err := rowpage.Unmarshal(first, &a); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(a)
	for range 8 { // enough calls to reuse a's layout
		var b []pooledRow
		if err := rowpage.Unmarshal(second, &b); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := json.Marshal(a); !bytes.Equal(got, want) {
		t.Fatalf("the first call's rows changed after later calls:\n got %s\nwant %s", got, want)
	}
	if got, _ := json.Marshal(rows("first")); !bytes.Equal(got, want) {
		t.Fatalf("the first call decoded\n%s\nnot\n%s", want, got)
	}
}

// A call that fails, on a corrupt page or a value it cannot decode into,
// leaves the next call's decoding unchanged.
func TestUnmarshalAfterFailedCall(t *testing.T) {
	page, err := rowpage.Marshal([]pooledRow{{Name: "x", Blob: []byte("y"), Raw: json.RawMessage(`1`)}})
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Clone(page)
	bad[len(bad)/2] ^= 0xFF
	var rs []pooledRow
	if err := rowpage.Unmarshal(bad, &rs); err == nil {
		t.Fatal("a corrupt page decoded")
	}
	var wrong []int
	if err := rowpage.Unmarshal(page, &wrong); !errors.Is(err, rowpage.ErrDecode) {
		t.Fatalf("rows into []int: %v, want ErrDecode", err)
	}
	if err := rowpage.Unmarshal(page, &rs); err != nil || len(rs) != 1 || rs[0].Name != "x" || string(rs[0].Blob) != "y" {
		t.Fatalf("after failed calls: %+v, %v", rs, err)
	}
}

// Unmarshal of flat numeric rows into a slice that already holds them
// allocates nothing once its scratch is pooled (but what opening the page
// allocates: see OpenAllocs): the Page it decodes through lives in that
// scratch, the first struct type's plan in the call's state, and the
// slice is cut to length in place.
func TestUnmarshalReusedSliceAllocatesNothing(t *testing.T) {
	if rowpage.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop what it holds")
	}
	type point struct {
		X, Y int64
		W    float64
		On   bool
	}
	rows := make([]point, 50)
	for i := range rows {
		rows[i] = point{X: int64(i), Y: int64(-3 * i), W: float64(i) / 4, On: i%3 == 0}
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]point, len(rows))
	if allocs := testing.AllocsPerRun(20, func() {
		if err := rowpage.Unmarshal(page, &out); err != nil {
			t.Fatal(err)
		}
	}); allocs != rowpage.OpenAllocs {
		t.Fatalf("Unmarshal into a reused slice: %v allocations a call, want %d", allocs, rowpage.OpenAllocs)
	}
	for i := range rows {
		if out[i] != rows[i] {
			t.Fatalf("row %d: %+v, want %+v", i, out[i], rows[i])
		}
	}
}
