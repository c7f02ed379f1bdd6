package rowpage

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage/internal/dataset"
)

// Objects decoded into struct fields go through nested plans
// (decode_nested.go). These tests decode the same values with
// encoding/json and compare, at every depth and through every way a struct
// can be reached: a field, a pointer, a slice element, a map value.

type decNested struct {
	ID     int                    `json:"id"`
	Inner  decScalars             `json:"inner"`
	Folded *decFold               `json:"folded"`
	List   []decFold              `json:"list"`
	ByName map[string]decEmbedded `json:"by_name"`
	Deep   struct {
		Level struct {
			Fold decFold   `json:"fold"`
			At   time.Time `json:"at"`
			Ptr  *decInner `json:"ptr"`
		} `json:"level"`
	} `json:"deep"`
	Any any `json:"any"`
}

func TestDecodeNestedLikeJSON(t *testing.T) {
	fold := []map[string]any{
		{"USER_NAME": "upper", "K": 1, "plain": 2, "A_RATHER_LONG_KEY_NAME_THAT_GOES_PAST_THE_STACK_BUFFER_LIMIT": "l"},
		{"user_name": "exact", "\u212a": 3, "PLAIN": 4},
		{"User_Name": "mixed", "user_name": "exact wins by order", "Plain": 5},
		{"username": "no match", "unknown": 1, "k": nil},
	}
	var rows []map[string]any
	for i := range 12 {
		f := fold[i%len(fold)]
		row := map[string]any{
			"id": i,
			"inner": map[string]any{"b": i%2 == 0, "i": -i, "i8": 100, "u16": 65535, "f32": 1.5, "f64": 0.1 * float64(i),
				"s": fmt.Sprint("s", i), "name": "n", "cnt": 7, "u64": uint64(1) << 63, "extra": []any{1, "x"}},
			"folded":  f,
			"list":    []any{f, fold[(i+1)%len(fold)], nil},
			"by_name": map[string]any{"a": map[string]any{"id": i, "name": "x", "other": map[string]any{"a": 2, "b": []string{"q"}, "c": i}}},
			"deep": map[string]any{"level": map[string]any{"fold": f, "at": time.Unix(int64(1e9+i), 0).UTC(),
				"ptr": map[string]any{"a": i, "c": nil}}},
			"any": map[string]any{"x": i},
		}
		switch i % 4 {
		case 1:
			row["folded"], row["deep"] = nil, nil
		case 2:
			row["inner"] = map[string]any{"i8": 1000} // overflows: json.Unmarshal reports it
		case 3:
			row["list"] = []any{}
		}
		rows = append(rows, row)
	}
	sameAsJSON[[]decNested](t, rows[:2])
	sameAsJSON[[]decNested](t, rows[3:])
	sameAsJSON[[]decNested](t, rows) // with the overflowing row: the same error class
	sameAsJSON[[]*decNested](t, rows[3:])
	sameAsJSON[map[string]any](t, map[string]any{"rows": rows[:2]})
}

// TestDecodeNestedMismatches feeds the plan setters for nested structs,
// pointers to structs, slices of structs and []int64 values they must hand
// back to the reflect path: each row fails or decodes as json.Unmarshal
// does.
func TestDecodeNestedMismatches(t *testing.T) {
	for _, row := range []map[string]any{
		{"inner": "not an object"},
		{"inner": []any{1, 2}},
		{"folded": 7},
		{"folded": []any{}},
		{"list": []any{map[string]any{"plain": 1}, "not an object"}},
		{"list": []any{[]any{1}}},
		{"list": "not an array"},
		{"deep": map[string]any{"level": true}},
		{"deep": map[string]any{"level": map[string]any{"ptr": "x"}}},
	} {
		sameAsJSON[[]decNested](t, []map[string]any{row})
	}
	for _, row := range []map[string]any{
		{"i64": []any{1, "2"}},
		{"i64": []any{1.5}},
		{"i64": []any{uint64(1) << 63}},
		{"i64": "not an array"},
		{"i64": map[string]any{"a": 1}},
	} {
		sameAsJSON[[]decScalarSlices](t, []map[string]any{row})
	}
}

// decWide has more fields than a nested plan scans before it switches to
// a map of keys.
type decWide struct {
	Inner decWideInner `json:"inner"`
}

type decWideInner struct {
	F00, F01, F02, F03, F04, F05, F06, F07, F08, F09 int
	F10, F11, F12, F13, F14, F15, F16, F17, F18, F19 int
	F20, F21, F22, F23, F24, F25, F26, F27, F28, F29 string
	F30, F31, F32, F33, F34, F35, F36, F37, F38, F39 string
}

func TestDecodeNestedManyKeys(t *testing.T) {
	var rows []map[string]any
	for i := range 6 {
		inner := map[string]any{}
		for k := range 45 {
			name := fmt.Sprintf("F%02d", k)
			if (k+i)%3 == 0 {
				name = strings.ToLower(name)
			}
			if k < 20 {
				inner[name] = k * i
			} else {
				inner[name] = fmt.Sprint(k, i)
			}
		}
		rows = append(rows, map[string]any{"inner": inner})
	}
	sameAsJSON[[]decWide](t, rows)
}

// TestDecodeNestedDatasets decodes every generated dataset that has struct
// types, nested ones included, and compares with encoding/json.
func TestDecodeNestedDatasets(t *testing.T) {
	for _, n := range []int{1, 25, 300} {
		sameAsJSON[[]dataset.AnalyticsRow](t, dataset.AnalyticsRows(n))
		sameAsJSON[[]dataset.BaaSDoc](t, dataset.BaaSDocs(n))
		sameAsJSON[[]dataset.Event](t, dataset.Events(n))
		sameAsJSON[[]dataset.Row](t, dataset.Rows(n))
	}
}

// decScalarSlices holds slices of every scalar kind, which arrays decode into
// through the plans' setters, beside element types that keep the reflect
// path (methods, pointers, interfaces).
type decScalarSlices struct {
	I64   []int64     `json:"i64"`
	I8    []int8      `json:"i8"`
	U16   []uint16    `json:"u16"`
	F32   []float32   `json:"f32"`
	F64   []float64   `json:"f64"`
	S     []string    `json:"s"`
	B     []bool      `json:"b"`
	T     []time.Time `json:"t"`
	Named []decCount  `json:"named"`
	Ptrs  []*int      `json:"ptrs"`
	Any   []any       `json:"any"`
	Text  []decText   `json:"text"`
	JSON  []decJSON   `json:"json"`
	Arr   [3]int      `json:"arr"`
}

func TestDecodeNestedScalarSlices(t *testing.T) {
	at := time.Date(2024, 1, 2, 3, 4, 5, 600, time.FixedZone("", 3600))
	rows := []map[string]any{
		{"i64": []any{1, -2, int64(1) << 62, nil}, "i8": []any{1, -128, 127}, "u16": []any{0, 65535},
			"f32": []any{1.5, 0.1, 3}, "f64": []any{0.1, 1e300, -0.0, 7}, "s": []any{"a", nil, "b"},
			"b": []any{true, false, nil}, "t": []any{at, nil}, "named": []any{1, 2}, "ptrs": []any{1, nil},
			"any": []any{1, "x", nil, []any{2}}, "text": []any{"t1", "t2"}, "json": []any{1, "x"}, "arr": []any{1, 2, 3, 4}},
		{"i64": []any{}, "s": []any{}, "t": []any{"2024-01-02T03:04:05Z"}},
		{"i64": []any{"1"}, "b": []any{1}}, // type mismatches: json.Unmarshal reports them
		{"i8": []any{128}},                 // overflow
		{"u16": []any{-1}},
		{"f32": []any{1e300}},
	}
	for i := range rows {
		sameAsJSON[[]decScalarSlices](t, rows[i:i+1])
	}
	sameAsJSON[[]decScalarSlices](t, rows[:2])
}
