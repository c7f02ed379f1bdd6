package rowpage

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// roundTrip marshals generic rows, checks the JSON against encoding/json and
// that Unmarshal gives the same rows back.
func roundTrip(t *testing.T, rows []map[string]any) {
	t.Helper()
	page := checkJSON(t, rows)
	var got []map[string]any
	if err := Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rows, got); d != "" {
		t.Fatalf("round trip (-want +got):\n%.3000s", d)
	}
}

func varintBoundaries() []int64 {
	var vs []int64
	for s := 0; s < 64; s += 7 {
		for _, d := range []int64{-1, 0, 1} {
			v := int64(1)<<s + d
			vs = append(vs, v, -v)
		}
	}
	return append(vs, 0, math.MaxInt64, math.MinInt64, math.MaxInt64-1, math.MinInt64+1)
}

func TestEdgeIntegers(t *testing.T) {
	var rows []map[string]any
	for _, v := range varintBoundaries() {
		rows = append(rows, map[string]any{"i": v})
	}
	roundTrip(t, rows)
	// uint64 above MaxInt64 makes a uint column; mixed with negatives, any.
	big := []map[string]any{{"u": uint64(math.MaxUint64)}, {"u": uint64(1 << 63)}, {"u": int64(5)}}
	roundTrip(t, big)
	mixed := []map[string]any{{"u": uint64(math.MaxUint64)}, {"u": int64(-5)}}
	roundTrip(t, mixed)
	// Delta and frame-of-reference candidates.
	seq := make([]map[string]any, 300)
	for i := range seq {
		seq[i] = map[string]any{"id": int64(1_000_000 + 3*i), "near": int64(5_000_000 + i%7)}
	}
	roundTrip(t, seq)
}

func TestEdgeFloats(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 0.2 + 0.1, 19.99, -1234.5, 1e-7, 1e-6, 9.99999e-7,
		1e20, 1e21, 1.5e21, 123456789012345678, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64,
		2.2250738585072014e-308, 4.9406564584124654e-324 * 3, 1e300, 1e-300, math.Pi, math.E, 1 << 53, 1<<53 + 2,
		float64(math.MaxInt64), 5e-324, 0.000001, 100, 1e15, 1e16, 1e17, 123e-20}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		vals = append(vals, math.Float64frombits(rng.Uint64()&^(0x7ff<<52)|uint64(rng.IntN(2046)+1)<<52))
		vals = append(vals, float64(rng.IntN(1e6))/100)
	}
	var rows []map[string]any
	for _, v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		rows = append(rows, map[string]any{"f": v})
	}
	page := checkJSON(t, rows)
	var got []map[string]any
	if err := Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		w, g := rows[i]["f"].(float64), got[i]["f"].(float64)
		if math.Float64bits(w) != math.Float64bits(g) {
			t.Fatalf("row %d: got %v (%#x), want %v (%#x)", i, g, math.Float64bits(g), w, math.Float64bits(w))
		}
	}
	// float32 values render as json.Marshal renders float32.
	f32 := []struct{ F float32 }{{0.1}, {1.0 / 3}, {math.MaxFloat32}, {math.SmallestNonzeroFloat32}, {16777217}, {-0.0}, {1e-7}}
	checkJSON(t, f32)
}

func TestEdgeTimes(t *testing.T) {
	zones := []*time.Location{time.UTC, time.FixedZone("", 3600), time.FixedZone("", -(23*3600 + 59*60)),
		time.FixedZone("", 5*3600+45*60), time.FixedZone("", 17*60+30), time.FixedZone("", -30)}
	times := []time.Time{
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(2000, 2, 29, 12, 0, 0, 1, time.UTC),
		time.Date(1969, 12, 31, 23, 59, 59, 100_000_000, time.UTC),
		{},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		sec := rng.Int64N(253402300799+62167219200) - 62167219200
		tm := time.Unix(sec, rng.Int64N(1e9)).In(zones[rng.IntN(len(zones))])
		if y := tm.Year(); y < 0 || y > 9999 {
			continue
		}
		if rng.IntN(3) == 0 {
			tm = tm.Truncate(time.Second)
		}
		times = append(times, tm)
	}
	var rows []map[string]any
	for _, tm := range times {
		rows = append(rows, map[string]any{"t": tm})
	}
	page := checkJSON(t, rows)
	var got []map[string]any
	if err := Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		w, g := rows[i]["t"].(time.Time), got[i]["t"].(time.Time)
		if !w.Equal(g) {
			t.Fatalf("row %d: %v != %v", i, g, w)
		}
		_, wo := w.Zone()
		_, gotOff := g.Zone()
		if wo != gotOff {
			t.Fatalf("row %d: offset %d, want %d", i, gotOff, wo)
		}
	}
}

func TestEdgeStrings(t *testing.T) {
	awkward := []string{"", "\x00", "\x1f", "\x7f", "\"", "\\", "/", "<script>&</script>", "\u2028\u2029",
		"\ufffd", "\xff", "\xc0\xaf", "\xed\xa0\x80", "a\xffb", "😀", "\U0010FFFF", "日本語", "e\u0301",
		"\uFEFF", strings.Repeat("x", 1<<20), strings.Repeat("é\n", 1<<18), "tab\there", "\b\f\n\r\t"}
	for r := rune(0); r < 0x800; r++ {
		awkward = append(awkward, string(r))
	}
	var rows []map[string]any
	for i, s := range awkward {
		rows = append(rows, map[string]any{"s": s, "k": awkward[(i*7)%len(awkward)], "key:" + s: i%2 == 0})
	}
	page := checkJSON(t, rows)
	var got []map[string]any
	if err := Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rows, got); d != "" {
		t.Fatalf("(-want +got):\n%.2000s", d)
	}
	// Invalid UTF-8 is kept byte for byte in Go values.
	for i := range rows {
		if s := got[i]["s"].(string); s != awkward[i] && !utf8.ValidString(awkward[i]) {
			t.Fatalf("row %d: invalid UTF-8 altered", i)
		}
	}
}

func TestEdgeShapes(t *testing.T) {
	t.Run("empty", func(t *testing.T) {
		roundTrip(t, []map[string]any{})
		checkJSON(t, []struct{}{})
		checkJSON(t, []map[string]any(nil))
		checkJSON(t, map[string]any{})
		checkJSON(t, struct{}{})
		checkJSON(t, []map[string]any{{}, {}})
	})
	t.Run("one row one column", func(t *testing.T) { roundTrip(t, []map[string]any{{"only": "x"}}) })
	t.Run("heterogeneous", func(t *testing.T) {
		rows := []map[string]any{{"a": int64(1)}, {"b": "x", "a": nil}, {}, {"c": []any{int64(1), "y"}, "a": 2.5},
			{"a": true}, {"a": map[string]any{"n": nil}}, {"a": "s", "b": int64(3)}}
		roundTrip(t, rows)
	})
	t.Run("null rows", func(t *testing.T) {
		checkJSON(t, []map[string]any{nil, {"a": 1}, nil})
		checkJSON(t, []*inner{nil, {A: 1}, nil})
		checkJSON(t, []any{nil, map[string]any{"a": 1}, &inner{A: 2}})
	})
	t.Run("values", func(t *testing.T) {
		for _, v := range []any{nil, 1, "x", 2.5, true, []any{1, "a"}, []int{1, 2}, []any{map[string]any{"a": 1}, 1},
			[]byte("hi"), time.Unix(0, 0).UTC(), [2]inner{{A: 1}, {A: 2}}, map[string]int(nil)} {
			checkJSON(t, v)
		}
	})
	t.Run("10000 columns", func(t *testing.T) {
		row := map[string]any{}
		for i := range 10000 {
			row[fmt.Sprintf("col%05d", i)] = int64(i)
		}
		roundTrip(t, []map[string]any{row, row})
	})
	t.Run("100000 rows", func(t *testing.T) {
		rows := make([]map[string]any, 100000)
		for i := range rows {
			rows[i] = map[string]any{"id": int64(i), "even": i%2 == 0, "s": fmt.Sprint(i % 97)}
		}
		roundTrip(t, rows)
	})
}

// TestDepthLimitAgrees checks that Marshal and the reader agree on the
// nesting limit, for rows and for value pages.
func TestDepthLimitAgrees(t *testing.T) {
	nest := func(d int) any {
		var v any = 1
		for range d {
			v = []any{v}
		}
		return v
	}
	for _, d := range []int{998, 999, 1000, 1001} {
		for _, v := range []any{nest(d), []map[string]any{{"a": nest(d)}}} {
			page, err := Marshal(v)
			if err != nil {
				continue // rejected by the writer: fine, as long as the reader would too
			}
			if _, err := Open(page); err != nil {
				t.Fatalf("depth %d: Marshal wrote a page Open rejects: %v", d, err)
			}
		}
	}
}
