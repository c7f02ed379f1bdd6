package dataset

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"
)

// heteroSeed seeds the [HeteroMaps] generator; heteroOrderSeed the key
// order of [HeteroJSON].
const (
	heteroSeed      = 6
	heteroOrderSeed = 7
)

// heteroStart is the earliest "at" of [HeteroMaps].
var heteroStart = time.Date(2025, time.January, 1, 0, 0, 0, 0, time.UTC)

// HeteroMaps returns n rows in native form that no schema describes: key
// sets differ from row to row, one column changes type between rows, and
// the text holds everything JSON encoders get wrong. Each row has:
//
//	id      int64 70%, else a string such as "h-1042"
//	kind    string, always, one of 5
//	value   int 20%, float64 15%, string 20%, bool 10%, nil 10%, []any 15%, map[string]any 10%
//	text    string, 60%: emoji (with ZWJ and flags), CJK, combining marks, U+2028/U+2029, <>&, control characters
//	big     uint64, 25%: 2^64-1, 2^63, 2^53+1 or any uint64
//	small   int64, 10%: math.MinInt64, -2^53-1 or a negative int64
//	floats  []any of float64, 20%: 1e21, 1e-7, -0, 5e-324, the largest float64, 0.1, 123456789.125
//	deep    map[string]any, 15%: objects and arrays nested eight deep
//	at      time.Time, 30%: nanoseconds, 30% of them in a non-UTC offset
//	tags    []string, 30%: 0..3 distinct of 30, possibly empty
//	ok      bool, 40%
//	(odd)   10% of rows carry one of 9 odd keys: non-ASCII, emoji, <tag>, a&b, a quote, U+2028, or ""
//
// Every value marshals with encoding/json, to about 140 bytes per row. The
// result depends only on n and is prefix-stable, like [Rows]; n <= 0
// yields an empty, non-nil slice.
func HeteroMaps(n int) []map[string]any {
	n = max(n, 0)
	r := newRand(heteroSeed)
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = heteroRow(r, i)
	}
	return out
}

// HeteroGenericMaps returns [HeteroMaps](n) in generic form, as
// json.Unmarshal of json.Marshal([HeteroMaps](n)) produces it (uint64s
// rounded to float64).
func HeteroGenericMaps(n int) []map[string]any { return genericMaps(HeteroMaps(n)) }

// HeteroJSON returns the rows of [HeteroMaps](n) as JSON text whose keys
// come in a different order in each row, as a service written in another
// language would send them. Values are as encoding/json writes them (nested
// maps with sorted keys, <>& escaped), so the text is json.Marshal's apart
// from the top-level key order.
func HeteroJSON(n int) []byte {
	rows := HeteroMaps(n)
	r := newRand(heteroOrderSeed)
	b := []byte{'['}
	for i, m := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		b = append(b, '{')
		for j, k := range keys {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(append(append(b, mustMarshal(k)...), ':'), mustMarshal(m[k])...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// heteroKinds are the values of the "kind" key of [HeteroMaps].
var heteroKinds = []string{"note", "metric", "alert", "profile", "blob"}

// heteroText holds the troublesome strings of [HeteroMaps]' "text".
var heteroText = []string{
	"👩‍💻 shipped it 🚀🎉",
	"flags 🇯🇵🇫🇷 and skin tones 👋🏽",
	"数据库查询结果已缓存",
	"キャッシュされたページ",
	"한국어 텍스트",
	"e\u0301 a\u0308 n\u0303: combining marks",
	"Å Ω µ ﬁ: compatibility forms",
	"line\u2028separator\u2029paragraph",
	"<script>alert('x')</script> & more",
	"nul\x00soh\x01us\x1fdel\x7f",
	"tab\there\r\nnew line",
	`"quoted" and \backslash\`,
	"\ufeffBOM first",
	"",
}

// heteroKeys are the odd keys some rows of [HeteroMaps] carry.
var heteroKeys = []string{"naïve", "ключ", "キー", "emoji😀", "<tag>", "a&b", `quote"key`, "line\u2028sep", ""}

// heteroRow draws row i of [HeteroMaps].
func heteroRow(r *rand.Rand, i int) map[string]any {
	m := map[string]any{"kind": pickSkewed(r, heteroKinds)}
	if percent(r, 70) {
		m["id"] = int64(10_000 + i)
	} else {
		m["id"] = "h-" + strconv.Itoa(10_000+i)
	}
	m["value"] = heteroValue(r)
	if percent(r, 60) {
		m["text"] = heteroText[r.IntN(len(heteroText))] + " " + words[r.IntN(len(words))]
	}
	if percent(r, 25) {
		m["big"] = []uint64{math.MaxUint64, 1 << 63, 1<<53 + 1, r.Uint64()}[r.IntN(4)]
	}
	if percent(r, 10) {
		m["small"] = []int64{math.MinInt64, -(1<<53 + 1), -r.Int64()}[r.IntN(3)]
	}
	if percent(r, 20) {
		fs := []any{1e21, 1e-7, math.Copysign(0, -1), 5e-324, math.MaxFloat64, 0.1, 123456789.125}
		r.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
		m["floats"] = fs[:1+r.IntN(len(fs))]
	}
	if percent(r, 15) {
		m["deep"] = deepValue(r)
	}
	if percent(r, 30) {
		t := heteroStart.Add(time.Duration(r.Int64N(int64(365 * 24 * time.Hour))))
		if percent(r, 30) {
			t = t.In(zones[r.IntN(len(zones))])
		}
		m["at"] = t
	}
	if percent(r, 30) {
		m["tags"] = pickDistinct(r, tags, r.IntN(4))
	}
	if percent(r, 40) {
		m["ok"] = percent(r, 50)
	}
	if percent(r, 10) {
		m[heteroKeys[r.IntN(len(heteroKeys))]] = words[r.IntN(len(words))]
	}
	return m
}

// heteroValue draws the "value" column, whose type changes between rows.
func heteroValue(r *rand.Rand) any {
	switch x := r.IntN(100); {
	case x < 20:
		return r.IntN(2_000_000) - 1_000_000
	case x < 35:
		return r.NormFloat64() * 1e3
	case x < 55:
		return title(r)
	case x < 65:
		return percent(r, 50)
	case x < 75:
		return nil
	case x < 90:
		return []any{r.IntN(100), words[r.IntN(len(words))], nil, percent(r, 50)}[:1+r.IntN(4)]
	default:
		return map[string]any{"unit": pickSkewed(r, []string{"ms", "bytes", "%"}), "v": r.Float64()}
	}
}

// deepValue returns containers nested more than six deep around a leaf
// object: {"l1":{"l2":[{"l4":{"l5":[{"l6":{"n":…,"s":…}}]}}]}}.
func deepValue(r *rand.Rand) map[string]any {
	leaf := any(map[string]any{"n": r.IntN(1000), "s": heteroText[r.IntN(len(heteroText))]})
	l5 := []any{map[string]any{"l6": leaf}}
	l4 := map[string]any{"l5": l5}
	l3 := []any{map[string]any{"l4": l4}}
	return map[string]any{"l1": map[string]any{"l2": l3}}
}
