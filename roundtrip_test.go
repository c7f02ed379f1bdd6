package rowpage

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage/internal/dataset"
)

type inner struct {
	A int    `json:"a"`
	B string `json:"b,omitempty"`
}

type allTypes struct {
	Bool    bool              `json:"bool"`
	Int     int               `json:"int"`
	Int8    int8              `json:"int8"`
	Int16   int16             `json:"int16"`
	Int32   int32             `json:"int32"`
	Int64   int64             `json:"int64"`
	Uint    uint              `json:"uint"`
	Uint8   uint8             `json:"uint8"`
	Uint16  uint16            `json:"uint16"`
	Uint32  uint32            `json:"uint32"`
	Uint64  uint64            `json:"uint64"`
	F32     float32           `json:"f32"`
	F64     float64           `json:"f64"`
	Str     string            `json:"str"`
	Time    time.Time         `json:"time"`
	PTime   *time.Time        `json:"ptime"`
	Bytes   []byte            `json:"bytes"`
	Num     json.Number       `json:"num"`
	Raw     json.RawMessage   `json:"raw"`
	Ints    []int             `json:"ints"`
	Arr     [3]uint8          `json:"arr"`
	Map     map[string]int    `json:"map"`
	IntMap  map[int]string    `json:"int_map"`
	Inner   inner             `json:"inner"`
	PInner  *inner            `json:"pinner"`
	Any     any               `json:"any"`
	Omit    string            `json:"omit,omitempty"`
	Quoted  int               `json:"quoted,string"`
	QStr    string            `json:"qstr,string"`
	Skip    string            `json:"-"`
	Nested  [][]string        `json:"nested"`
	MapAny  map[string]any    `json:"map_any"`
	PtrPtr  **int             `json:"ptr_ptr"`
	Structs []inner           `json:"structs"`
	Empty   struct{}          `json:"empty"`
	Sl      []map[string]bool `json:"sl"`
}

func sampleAll(i int) allTypes {
	x := i * 7
	px := &x
	tm := time.Date(2024, 2, 29, 13, 4, 5, i*1000, time.FixedZone("", 5*3600+1800))
	a := allTypes{
		Bool: i%2 == 0, Int: -i, Int8: int8(i), Int16: int16(-i * 100), Int32: int32(i) << 20, Int64: int64(i) << 40,
		Uint: uint(i), Uint8: 255, Uint16: uint16(i), Uint32: 1 << 31, Uint64: math.MaxUint64 - uint64(i),
		F32: float32(i) / 3, F64: float64(i) * 1.1, Str: strings.Repeat("é<", i%3),
		Time: tm, Bytes: []byte{byte(i), 0, 255}, Num: json.Number("12345678901234567890123"),
		Raw: json.RawMessage(`{"x": [1, 2.50, "<b>"]}`), Ints: []int{i, -i}, Arr: [3]uint8{1, 2, 3},
		Map: map[string]int{"z": 1, "a": 2}, IntMap: map[int]string{10: "ten", 9: "nine"},
		Inner: inner{A: i}, Any: float64(i) + 0.5, Quoted: i, QStr: `say "hi"`,
		Nested: [][]string{{"a"}, {}, nil}, MapAny: map[string]any{"k": []any{1.0, "two", nil, true}},
		PtrPtr: &px, Structs: []inner{{A: 1, B: "b"}}, Sl: []map[string]bool{{"t": true}},
	}
	if i%3 == 0 {
		a.PTime = &tm
		a.PInner = &inner{A: -1, B: "p"}
		a.Omit = "present"
	}
	return a
}

func TestJSONIdenticalAllTypes(t *testing.T) {
	rows := make([]allTypes, 10)
	for i := range rows {
		rows[i] = sampleAll(i)
	}
	checkJSON(t, rows)
	checkJSON(t, rows[3])
	ptrs := []*allTypes{&rows[0], nil, &rows[1]}
	checkJSON(t, ptrs)
}

func TestRoundTripStructs(t *testing.T) {
	rows := make([]allTypes, 10)
	for i := range rows {
		rows[i] = sampleAll(i)
	}
	page, err := Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	var got []allTypes
	if err := Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	// json.RawMessage comes back compacted, as through encoding/json.
	want := make([]allTypes, len(rows))
	js, _ := json.Marshal(rows)
	if err := json.Unmarshal(js, &want); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("mismatch (-want +got):\n%s", d)
	}
}

func TestDatasets(t *testing.T) {
	for _, n := range []int{0, 1, 25, 1000} {
		rows := dataset.Rows(n)
		page := checkJSON(t, rows)
		var back []dataset.Row
		if err := Unmarshal(page, &back); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(rows, back); d != "" {
			t.Fatalf("rows %d (-want +got):\n%s", n, d)
		}
		checkJSON(t, dataset.Maps(n))
		checkJSON(t, dataset.GenericMaps(n))
		checkJSON(t, dataset.Events(n))
		checkJSON(t, dataset.EventMaps(n))
		checkJSON(t, dataset.SparseMaps(n))
	}
}

func TestRoundTripMaps(t *testing.T) {
	for _, n := range []int{1, 100} {
		in := dataset.GenericMaps(n)
		page := checkJSON(t, in)
		var out []map[string]any
		if err := (mustDecMode(t, DecOptions{JSONCompatible: true})).Unmarshal(page, &out); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(in, out); d != "" {
			t.Fatalf("(-want +got):\n%s", d)
		}
	}
}

func mustDecMode(t *testing.T, o DecOptions) *DecMode {
	t.Helper()
	m, err := o.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}
