package rowpage_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// The byte-level decoding of objects into structs (decode_objbytes.go)
// against the Cell paths it replaces: every page decodes to the same
// values, and fails with the same error, both ways.

type objOuter struct {
	ID  int64          `json:"id"`
	A   objInner       `json:"a"`
	P   *objInner      `json:"p"`
	L   []objInner     `json:"l"`
	M   map[string]any `json:"m"`
	Any any            `json:"any"`
}

type objInner struct {
	S    string         `json:"s"`
	I    int64          `json:"i"`
	N    int            `json:"n"`
	I8   int8           `json:"i8"`
	F    float64        `json:"f"`
	B    bool           `json:"b"`
	Ints []int64        `json:"ints"`
	Strs []string       `json:"strs"`
	U    objUTM         `json:"u"`
	Q    *objUTM        `json:"q"`
	X    any            `json:"x"`
	Nm   objName        `json:"nm"`
	Mm   map[string]any `json:"mm"`
}

type objUTM struct {
	Campaign string  `json:"campaign"`
	Medium   string  `json:"medium"`
	Deep     *objUTM `json:"deep"`
}

type objName string

// decodeBothWays decodes page into a copy of start with the byte-level
// paths and with the Cell paths, under mode m, and fails unless values and
// errors are the same.
func decodeBothWays[T any](t *testing.T, name string, m *rowpage.DecMode, page []byte, start func() T) T {
	t.Helper()
	fast, slow := start(), start()
	errFast := m.Unmarshal(page, &fast)
	rowpage.CellPathsOnly(true)
	errSlow := m.Unmarshal(page, &slow)
	rowpage.CellPathsOnly(false)
	if fmt.Sprint(errFast) != fmt.Sprint(errSlow) {
		t.Fatalf("%s: into %T: error %v, Cell paths give %v", name, fast, errFast, errSlow)
	}
	if d := cmp.Diff(slow, fast, cmp.Exporter(func(reflect.Type) bool { return true })); d != "" {
		t.Fatalf("%s: into %T differs from the Cell paths (-cell +bytes):\n%s", name, fast, d)
	}
	return fast
}

// objModes are the decoding modes the comparisons run under.
func objModes() map[string]*rowpage.DecMode {
	compat, _ := rowpage.DecOptions{JSONCompatible: true}.DecMode()
	def, _ := rowpage.DecOptions{}.DecMode()
	return map[string]*rowpage.DecMode{"default": def, "compat": compat}
}

// objPages returns the page of rows built from maps, and from their JSON
// text.
func objPages(t *testing.T, rows any) map[string][]byte {
	t.Helper()
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := jsonbridge.AppendPage(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{"maps": page, "json": fromJSON}
}

func TestObjBytesDatasets(t *testing.T) {
	for _, set := range dataset.Sets {
		if !set.HasStructs() {
			continue
		}
		for _, n := range []int{1, 25, 300} {
			page, err := rowpage.Marshal(set.Values(n))
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprint(set.Name, "/", n)
			typ := reflect.TypeOf(set.New()).Elem() // []T
			for mn, m := range objModes() {
				for _, tt := range []reflect.Type{typ, reflect.SliceOf(reflect.PointerTo(typ.Elem()))} {
					fast, slow := reflect.New(tt), reflect.New(tt)
					errFast := m.Unmarshal(page, fast.Interface())
					rowpage.CellPathsOnly(true)
					errSlow := m.Unmarshal(page, slow.Interface())
					rowpage.CellPathsOnly(false)
					if errFast != nil || errSlow != nil {
						t.Fatalf("%s/%s: %v, %v", name, mn, errFast, errSlow)
					}
					if d := cmp.Diff(slow.Interface(), fast.Interface()); d != "" {
						t.Fatalf("%s/%s into %v differs (-cell +bytes):\n%s", name, mn, tt, d)
					}
				}
			}
		}
	}
}

// objRow draws one row for objOuter: nested objects of the right shape and
// of wrong ones, nulls, empty and nil lists, unknown and case-folded keys,
// with values drawn from small pools so that many cells repeat.
// Only a hostile row holds values that fail to decode.
func objRow(rng *rand.Rand, i int, hostile bool) map[string]any {
	inner := func() any {
		switch rng.IntN(12) {
		case 0:
			return nil
		case 1:
			if hostile {
				return "not an object"
			}
		case 2:
			if hostile {
				return []any{1, 2}
			}
		case 3:
			return map[string]any{}
		}
		m := map[string]any{}
		pick := func(k string, vs ...any) {
			if rng.IntN(3) > 0 {
				n := len(vs)
				if !hostile {
					n = (n + 1) / 2 // the first half of each list decodes
				}
				m[k] = vs[rng.IntN(n)]
			}
		}
		pick("s", "x", "", fmt.Sprint("s", i), strings.Repeat("é", 40), nil, nil, 7)
		pick("i", 0, -1, int64(1)<<40, int64(-1)<<62, nil, 1.5, "9", 1e30)
		pick("n", 3, nil, -300, "3")
		pick("i8", 1, 127, 1000, -129)
		pick("f", 1.5, 2, nil, 1e300, "1", true)
		pick("b", true, false, nil, 0)
		pick("ints", []any{}, nil, []any{1, 2, 3}, []any{int64(1) << 62, -5}, []any{nil}, []any{1, "x"}, []any{1.5}, "no")
		pick("strs", []any{}, nil, []any{"a", "b"}, []any{"a", nil}, []string{"p", "q", "r"}, []any{1}, map[string]any{}, 1)
		pick("u", map[string]any{"campaign": "c", "medium": "m"}, map[string]any{"CAMPAIGN": "up", "Medium": "x"},
			map[string]any{"deep": map[string]any{"campaign": "d", "deep": nil}}, nil, map[string]any{"other": []any{map[string]any{"x": 1}}},
			[]any{}, map[string]any{"medium": 1}, "u")
		pick("q", map[string]any{"campaign": "q"}, nil, map[string]any{}, 5)
		pick("x", 1, "s", []any{1, map[string]any{"k": nil}}, map[string]any{"a": 1.5}, nil, nil)
		pick("nm", "named", nil, 1)
		pick("mm", map[string]any{"a": 1, "b": []any{"x", nil}, "c": map[string]any{"d": 1.5}}, nil, map[string]any{},
			map[string]any{"raw": json.RawMessage(`{"r":[1,2.5,"s"]}`), "big": json.Number("1e400")}, "no", []any{1})
		pick("S", "folded")
		pick("unknown", map[string]any{"deep": []any{1, 2, map[string]any{"z": "y"}}}, 1, "u")
		if rng.IntN(20) == 0 {
			for k := range 40 { // past the nested plans' key scan
				m[fmt.Sprint("k", k)] = k
			}
		}
		return m
	}
	r := map[string]any{"id": i, "a": inner(), "p": inner()}
	if rng.IntN(4) > 0 {
		r["l"] = []any{inner(), inner()}
	}
	switch rng.IntN(5) {
	case 0:
		r["m"] = nil
	case 1:
		r["m"] = map[string]any{"raw": json.RawMessage(`[1,{"z":null}]`), "n": i}
	case 2, 3:
		r["m"] = map[string]any{"k": inner(), "n": i % 3}
	}
	if hostile && rng.IntN(4) == 0 {
		r["m"] = []any{"not", "a", "map"}
	}
	if rng.IntN(3) == 0 {
		r["any"] = inner()
	}
	return r
}

// TestObjBytesGenerated decodes pages of random rows with nested objects,
// hostile rows among them, both ways (see decodeBothWays) in every mode:
// 80 pages, or 24 under the race detector, whose run is some ten times
// slower and there for the memory accesses, which fewer pages reach.
func TestObjBytesGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 1))
	trials := 80
	if rowpage.RaceEnabled {
		trials = 24
	}
	for trial := range trials {
		rows := make([]map[string]any, 1+rng.IntN(40))
		hostile := trial%4 == 3
		for i := range rows {
			rows[i] = objRow(rng, i, hostile && rng.IntN(8) == 0)
		}
		if trial%7 == 0 {
			rows[len(rows)/2] = nil // a null row
		}
		for pn, page := range objPages(t, rows) {
			for mn, m := range objModes() {
				name := fmt.Sprint(trial, "/", pn, "/", mn)
				vals := decodeBothWays(t, name, m, page, func() []objOuter { return nil })
				decodeBothWays(t, name, m, page, func() []*objOuter { return nil })
				if !hostile && pn == "maps" {
					// The page of the structs: nil pointers to structs are
					// null cells of a column with a null bitmap.
					again, err := rowpage.Marshal(vals)
					if err != nil {
						t.Fatal(err)
					}
					decodeBothWays(t, name+"/structs", m, again, func() []objOuter { return prefilled(len(vals)) })
					decodeBothWays(t, name+"/structs", m, again, func() []*objOuter { return nil })
				}
				// One-object pages into values that hold data already:
				// only there does a null or an object meet a field that
				// is not zero.
				for i, row := range rows[:min(len(rows), 4)] {
					one, err := rowpage.Marshal(row)
					if err != nil {
						t.Fatal(err)
					}
					decodeBothWays(t, fmt.Sprint(name, "/object", i), m, one, func() objOuter { return prefilled(1)[0] })
				}
				// Into values that hold data already: pointees and arrays
				// to keep or replace, as json.Unmarshal does.
				decodeBothWays(t, name, m, page, func() []objOuter { return prefilled(len(rows)) })
			}
		}
	}
}

// prefilled returns n values that hold data already: pointees and arrays
// to keep or replace, as json.Unmarshal does.
func prefilled(n int) []objOuter {
	out := make([]objOuter, n)
	for i := range out {
		out[i].P = &objInner{S: "kept", Ints: make([]int64, 1, 8), Q: &objUTM{Medium: "kept"}}
		out[i].A.Ints = make([]int64, 2)
		out[i].A.Strs = []string{"old", "old", "old", "old"}
		out[i].A.U.Deep = &objUTM{Campaign: "kept"}
		out[i].A.Mm = map[string]any{"old": 1}
		out[i].P.Mm = map[string]any{"old": 2}
		out[i].M = map[string]any{"old": 3}
	}
	return out
}

// TestObjBytesRepeats decodes pages whose nested cells repeat earlier ones
// (format 1.6), and null cells of nested struct columns.
func TestObjBytesRepeats(t *testing.T) {
	pool := []any{
		map[string]any{"s": "a", "i": 1, "u": map[string]any{"campaign": "c"}, "ints": []any{1, 2}},
		map[string]any{"s": "b", "q": map[string]any{"medium": "m"}, "strs": []any{"x", "y"}},
		map[string]any{"u": map[string]any{"deep": map[string]any{"medium": "deep"}}},
		map[string]any{"i8": 1000}, // fails: the same error both ways
	}
	for _, failing := range []bool{false, true} {
		var rows []map[string]any
		for i := range 200 {
			r := map[string]any{"id": i}
			if i%9 != 0 {
				r["a"] = pool[i%(len(pool)-1)]
				r["p"] = pool[(i/2)%(len(pool)-1)]
			} else {
				r["a"], r["p"] = nil, nil
			}
			if failing && i == 150 {
				r["a"] = pool[len(pool)-1]
			}
			rows = append(rows, r)
		}
		for pn, page := range objPages(t, rows) {
			if page[5] != format.MinorRepeat {
				t.Fatalf("%s: minor %d, want a page with repeats", pn, page[5])
			}
			for mn, m := range objModes() {
				name := fmt.Sprint(failing, "/", pn, "/", mn)
				decodeBothWays(t, name, m, page, func() []objOuter { return nil })
				decodeBothWays(t, name, m, page, func() []*objOuter { return nil })
			}
		}
	}
}

type strListRow struct {
	N    int       `json:"n"`
	Tags []string  `json:"tags"`
	Alt  []objName `json:"alt"`
	Ptr  *[]string `json:"ptr"`
}

// strListFlat is strListRow without the field that needs the reflect
// path, so that every page of one shape decodes column by column.
type strListFlat struct {
	N    int       `json:"n"`
	Tags []string  `json:"tags"`
	Alt  []objName `json:"alt"`
}

// TestStrListColumns decodes string-list columns (with nulls, empty lists,
// indexes of one to three bytes) into []string fields both ways, into new
// values and into values whose slices have room.
func TestStrListColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	for trial := range 30 {
		rows := make([]strListRow, 1+rng.IntN(300))
		distinct := []int{3, 200, 20000}[trial%3]
		list := func() []string {
			switch rng.IntN(6) {
			case 0:
				return nil
			case 1:
				return []string{}
			}
			out := make([]string, rng.IntN(6))
			for i := range out {
				out[i] = fmt.Sprint("s", rng.IntN(distinct))
			}
			return out
		}
		for i := range rows {
			rows[i].N = i
			rows[i].Tags = list()
			for _, s := range list() {
				rows[i].Alt = append(rows[i].Alt, objName(s))
			}
			if l := list(); l != nil {
				rows[i].Ptr = &l
			}
		}
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rowpage.Open(page)
		if err != nil {
			t.Fatal(err)
		}
		if c, ok := p.Column("tags"); !ok || rowpage.PageLayout(p).Columns[c].Enc&^format.EncNullBitmap != format.EncStrList {
			t.Fatalf("trial %d: tags is not a string-list column", trial)
		}
		for mn, m := range objModes() {
			name := fmt.Sprint(trial, "/", mn)
			got := decodeBothWays(t, name, m, page, func() []strListRow { return nil })
			if d := cmp.Diff(rows, got); d != "" {
				t.Fatalf("%s: differs from the rows (-want +got):\n%s", name, d)
			}
			decodeBothWays(t, name, m, page, func() []*strListRow { return nil })
			decodeBothWays(t, name, m, page, func() []strListRow {
				out := make([]strListRow, len(rows)+2)
				for i := range out {
					out[i].Tags = make([]string, 1, 10)
					out[i].Alt = []objName{"old"}
				}
				return out
			})
			decodeBothWays(t, name, m, page, func() []strListFlat { return nil })
			decodeBothWays(t, name, m, page, func() []*strListFlat { return nil })
			decodeBothWays(t, name, m, page, func() []strListFlat {
				out := make([]strListFlat, len(rows)+2)
				for i := range out {
					out[i].Tags = make([]string, 1, 10)
					out[i].Alt = []objName{"old"}
				}
				return out
			})
		}
	}
}
