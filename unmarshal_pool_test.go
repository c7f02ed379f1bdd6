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
