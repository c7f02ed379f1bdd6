package rowpage

import (
	"encoding/json"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
)

// readTypedRows reads every cell of p the way BenchmarkReadTyped does and
// returns a checksum, so that allocation tests measure the same loop.
func readTypedRows(p *Page, strs []string) (int64, []string) {
	var sink int64
	for r := range p.Rows() {
		for i := 0; i < r.NumFields(); i++ {
			c := r.Field(i)
			if v, ok := r.Int(c); ok {
				sink += v
			} else if s, ok := r.String(c); ok {
				sink += int64(len(s))
			} else if v, ok := r.Float(c); ok {
				sink += int64(v)
			} else if t, ok := r.Time(c); ok {
				sink += int64(t.Nanosecond())
			} else if v, ok := r.Bool(c); ok && v {
				sink++
			} else if r.IsNullAt(c) {
				sink--
			} else if strs, ok = r.Strings(c, strs[:0]); ok {
				sink += int64(len(strs))
			} else if _, ok := r.Value(c); ok {
				sink++
			}
		}
	}
	return sink, strs
}

// TestReadTypedAllocs requires typed reading to allocate nothing per row:
// a page of 1,000 rows costs the same allocations as one of 10 (those of
// Rows itself, once per iteration).
func TestReadTypedAllocs(t *testing.T) {
	allocs := func(n int) float64 {
		p := openMarshalled(t, dataset.Rows(n))
		strs := make([]string, 0, 16)
		return testing.AllocsPerRun(20, func() { _, strs = readTypedRows(p, strs) })
	}
	small, large := allocs(10), allocs(1000)
	if large != small || small > 4 {
		t.Fatalf("allocations per iteration: %v for 10 rows, %v for 1000", small, large)
	}
}

// sumElems reads every element of e with the typed accessors, nested
// ones included, passing Elems by value down the recursion as its doc
// advises.
func sumElems(e Elems) (sink int64) {
	for e.Next() {
		sink += int64(len(e.Key()))
		if v, ok := e.Int(); ok {
			sink += v
		} else if s, ok := e.String(); ok {
			sink += int64(len(s))
		} else if v, ok := e.Float(); ok {
			sink += int64(v)
		} else if inner, ok := e.Elems(); ok {
			sink += sumElems(inner)
		} else if v, ok := e.Time(); ok {
			sink += int64(v.Nanosecond())
		}
	}
	return sink
}

// TestReadNestedAllocs requires typed reads of nested arrays and objects
// (events' payloads, analytics' metadata) to allocate nothing per row.
func TestReadNestedAllocs(t *testing.T) {
	for name, rows := range map[string]func(int) any{
		"events":    func(n int) any { return dataset.EventMaps(n) },
		"analytics": func(n int) any { return dataset.AnalyticsMaps(n) },
	} {
		allocs := func(n int) float64 {
			p := openMarshalled(t, rows(n))
			var sink int64
			return testing.AllocsPerRun(10, func() {
				for r := range p.Rows() {
					for i := 0; i < r.NumFields(); i++ {
						if e, ok := r.Elems(r.Field(i)); ok {
							sink += sumElems(e)
						}
					}
				}
			})
		}
		if small, large := allocs(10), allocs(1000); large != small {
			t.Errorf("%s: allocations per iteration: %v for 10 rows, %v for 1000", name, small, large)
		}
	}
}

func TestRowStrings(t *testing.T) {
	rows := []map[string]any{
		{"a": []string{"x", "y", "x"}},
		{"a": []string{}},
		{"a": []any{"x", nil}},
		{"a": []any{"x", 1}},
		{"a": "x"},
		{"a": nil},
		{},
		{"a": []string{strings.Repeat("long", 50), "é"}},
	}
	p := openMarshalled(t, rows)
	c, _ := p.Column("a")
	type result struct {
		S  []string
		OK bool
	}
	var got []result
	for r := range p.Rows() {
		s, ok := r.Strings(c, []string{"keep"})
		got = append(got, result{s, ok})
	}
	want := []result{
		{[]string{"keep", "x", "y", "x"}, true},
		{[]string{"keep"}, true},
		{[]string{"keep"}, false},
		{[]string{"keep"}, false},
		{[]string{"keep"}, false},
		{[]string{"keep"}, false},
		{[]string{"keep"}, false},
		{[]string{"keep", strings.Repeat("long", 50), "é"}, true},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
}

func TestRowElems(t *testing.T) {
	tm := time.Date(2024, 1, 2, 3, 4, 5, 600, time.FixedZone("", 3600))
	in := []map[string]any{{
		"arr": []any{nil, true, false, -3, uint64(math.MaxUint64), 2.5, "s", tm, []byte("b"), json.Number("1e999"),
			json.RawMessage(`{"r":1}`), []any{"n", 1}, map[string]any{"k": "v"}},
		"obj": map[string]any{"b": 1, "a": []string{"x"}},
		"str": "not a container",
	}}
	p := openMarshalled(t, in)
	ca, _ := p.Column("arr")
	co, _ := p.Column("obj")
	cs, _ := p.Column("str")
	for r := range p.Rows() {
		if _, ok := r.Elems(cs); ok {
			t.Fatal("Elems of a string")
		}
		if _, ok := r.Elems(99); ok {
			t.Fatal("Elems of a missing column")
		}
		e, ok := r.Elems(ca)
		if !ok || e.Len() != 13 || e.IsObject() {
			t.Fatalf("Elems of the array: %v %d", ok, e.Len())
		}
		var seen []string
		for e.Next() {
			var out []byte
			out, err := e.AppendJSON(out)
			if err != nil {
				t.Fatal(err)
			}
			seen = append(seen, string(out))
			switch len(seen) - 1 {
			case 0:
				if !e.IsNull() {
					t.Error("null")
				}
			case 1:
				if v, ok := e.Bool(); !ok || !v {
					t.Error("true")
				}
			case 3:
				if v, ok := e.Int(); !ok || v != -3 {
					t.Error("int", v)
				}
				if v, ok := e.Float(); !ok || v != -3 {
					t.Error("int as float", v)
				}
				if _, ok := e.Uint(); ok {
					t.Error("negative as uint")
				}
			case 4:
				if v, ok := e.Uint(); !ok || v != math.MaxUint64 {
					t.Error("uint", v)
				}
			case 5:
				if v, ok := e.Float(); !ok || v != 2.5 {
					t.Error("float", v)
				}
			case 6:
				if v, ok := e.String(); !ok || v != "s" || e.Key() != "" {
					t.Error("string", v)
				}
				if b, ok := e.Bytes(); !ok || string(b) != "s" {
					t.Error("string bytes")
				}
			case 7:
				if v, ok := e.Time(); !ok || !v.Equal(tm) {
					t.Error("time", v)
				}
			case 8:
				if b, ok := e.Bytes(); !ok || string(b) != "b" {
					t.Error("bytes")
				}
			case 9:
				if b, ok := e.Number(); !ok || string(b) != "1e999" {
					t.Error("number")
				}
			case 10:
				if v := e.Value(); !cmp.Equal(v, map[string]any{"r": int64(1)}) {
					t.Errorf("raw value %#v", v)
				}
			case 11:
				if s, ok := e.Strings(nil); ok {
					t.Error("mixed array as strings", s)
				}
				inner, ok := e.Elems()
				if !ok || inner.Len() != 2 {
					t.Fatal("nested array")
				}
			case 12:
				if v := e.Value(); !cmp.Equal(v, map[string]any{"k": "v"}) {
					t.Errorf("object value %#v", v)
				}
			}
		}
		if e.Next() {
			t.Error("Next after the end")
		}
		want := []string{"null", "true", "false", "-3", "18446744073709551615", "2.5", `"s"`,
			`"2024-01-02T03:04:05.0000006+01:00"`, `"Yg=="`, "1e999", `{"r":1}`, `["n",1]`, `{"k":"v"}`}
		if d := cmp.Diff(want, seen); d != "" {
			t.Errorf("elements (-want +got):\n%s", d)
		}
		o, ok := r.Elems(co)
		if !ok || !o.IsObject() || o.Len() != 2 {
			t.Fatal("Elems of the object")
		}
		var keys []string
		for o.Next() {
			keys = append(keys, o.Key())
			if o.Key() == "a" {
				if s, ok := o.Strings(nil); !ok || len(s) != 1 || s[0] != "x" {
					t.Error("member strings", s)
				}
			}
		}
		if d := cmp.Diff([]string{"a", "b"}, keys); d != "" {
			t.Errorf("keys (-want +got):\n%s", d)
		}
	}
}

// TestRowValueAllocs checks that Value allocates only what it returns,
// and the Page's cache of strings: one table on the first call, then each
// string once.
func TestRowValueAllocs(t *testing.T) {
	page, err := Marshal(dataset.Rows(1000))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Open(page)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := p.Column("permissions")
	var n int
	for r := range p.Rows() {
		v, ok := r.Value(c)
		if !ok {
			t.Fatal("no permissions")
		}
		n = len(v.([]any))
		// The []any and its interface box, and per element the box of
		// the string, copied by the first call, whatever the size of the
		// page.
		allocs := testing.AllocsPerRun(10, func() { r.Value(c) })
		if allocs > float64(2+n) {
			t.Fatalf("Value allocates %v times for %d strings", allocs, n)
		}
		break
	}
}

// TestRowValueSharesStrings checks that Row.Value and Elems.Value copy each
// string of a page once, however many cells repeat it.
func TestRowValueSharesStrings(t *testing.T) {
	long := strings.Repeat("x", 4096)
	rows := make([]map[string]any, 500)
	for i := range rows {
		rows[i] = map[string]any{"s": long, "l": []any{long, long}}
	}
	page, err := Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	// TotalAlloc counts the whole process's allocations, the runtime's
	// own included, so a pass can be charged a few hundred bytes it did
	// not make: the least of three passes, each over a newly opened page
	// (a Page keeps the copies it made), is the reading's cost.
	got := uint64(math.MaxUint64)
	for range 3 {
		p, err := Open(page)
		if err != nil {
			t.Fatal(err)
		}
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		for r := range p.Rows() {
			for c := range p.NumColumns() {
				r.Value(c)
				if e, ok := r.Elems(c); ok {
					for e.Next() {
						e.Value()
					}
				}
			}
		}
		runtime.ReadMemStats(&b)
		got = min(got, b.TotalAlloc-a.TotalAlloc)
	}
	if got > 3*uint64(len(long))+64<<10 {
		t.Errorf("reading %d rows that repeat a %d-byte string allocated %d bytes", len(rows), len(long), got)
	}
}

func TestRowsHasAcrossShapes(t *testing.T) {
	in := []map[string]any{{"a": 1}, {"a": 2}, nil, {"b": "x"}, {"a": 3, "b": "y"}, nil, nil, {"a": 4}}
	p := openMarshalled(t, in)
	ca, _ := p.Column("a")
	cb, _ := p.Column("b")
	var got []string
	for r := range p.Rows() {
		var s string
		if r.IsNull() {
			s = "null"
		}
		if v, ok := r.Int(ca); ok {
			s += "a" + string(rune('0'+v))
		}
		if v, ok := r.String(cb); ok {
			s += "b" + v
		}
		if r.Has(ca) != (in[r.Index()] != nil && in[r.Index()]["a"] != nil) || r.Has(-1) || r.Has(5) {
			t.Errorf("row %d: Has", r.Index())
		}
		got = append(got, s)
	}
	want := []string{"a1", "a2", "null", "bx", "a3by", "null", "null", "a4"}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
}

// elemsTree rebuilds e's elements as []any or map[string]any, reading
// each nested container the way pick says: through its own Elems (and
// then, at random, dropping that iterator half way), through Value, through
// AppendJSON, or not at all. Every way tells e, or leaves it to find,
// where the element ends; the values read must not depend on which.
func elemsTree(t *testing.T, e Elems, pick func() int) any {
	var arr []any
	obj := map[string]any{}
	for e.Next() {
		var v any
		if sub, ok := e.Elems(); ok {
			switch pick() {
			case 0:
				v = elemsTree(t, sub, pick)
			case 1:
				sub.Next() // dropped: e walks the element itself
				v = e.Value()
				if _, err := e.AppendJSON(nil); err != nil {
					t.Fatal(err)
				}
			case 2:
				js, err := e.AppendJSON(nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(js, &v); err != nil {
					t.Fatal(err)
				}
				v = e.Value() // the same element again
			default:
				v = e.Value()
			}
		} else {
			v = e.Value()
		}
		if e.IsObject() {
			obj[e.Key()] = v
		} else {
			arr = append(arr, v)
		}
	}
	if e.IsObject() {
		return obj
	}
	if arr == nil {
		arr = []any{}
	}
	return arr
}

// TestElemsNestedReads walks nested arrays and objects with Elems, mixing
// the ways of reading nested elements, and compares with Row.Value.
// nestedValue returns a value nested d levels deep, arrays and objects in
// turn, with leaves of every kind (null, string, integer, bool, empty array
// and object) chosen by i.
func nestedValue(d, i int) any {
	leaf := func(i int) any { return []any{nil, "s", int64(i), true, []any{}, map[string]any{}}[i%6] }
	if d == 0 {
		return leaf(i)
	}
	if i%2 == 0 {
		return []any{nestedValue(d-1, i+1), leaf(i), nestedValue(d-1, i+3)}
	}
	return map[string]any{"a": nestedValue(d-1, i+1), "b": leaf(i), "c": nestedValue(d-1, i+2)}
}

func TestElemsNestedReads(t *testing.T) {
	rows := []map[string]any{{"v": nestedValue(6, 0)}, {"v": nestedValue(5, 1)}, {"v": []any{nestedValue(4, 2), nestedValue(3, 3)}}}
	p := openMarshalled(t, rows)
	for seed := range 20 {
		n := seed
		pick := func() int { n = (n*1103515245 + 12345) & 0x7fffffff; return n >> 16 % 4 }
		for r := range p.Rows() {
			want, _ := r.Value(0)
			e, _ := r.Elems(0)
			got := elemsTree(t, e, pick)
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("seed %d, row %d: Elems read (-Value +Elems):\n%s", seed, r.Index(), d)
			}
		}
	}
}

// TestRowsMovePastWalkedCells reads rows of nested values in every way a
// reader can leave a cell before the iteration moves on: not at all, walked
// to the end (so the row's cursor moves past it by the length the walk
// found), walked part way (so the cursor walks the rest), read with Value,
// or with an iterator that outlives its row and finishes at the end of the
// next one, after that row's own iterator stopped part way (its report must
// not be taken for that row's cell). Every cell must read as Unmarshal
// reads it.
func TestRowsMovePastWalkedCells(t *testing.T) {
	var rows []map[string]any
	for i := range 60 {
		rows = append(rows, map[string]any{"v": nestedValue(i%5, i), "w": int64(i)})
	}
	_, p, want := openRowsAndValues(t, rows)
	cv, _ := p.Column("v")
	cw, _ := p.Column("w")
	full := func() int { return 0 }
	for seed := range 12 {
		var kept Elems // an iterator of an earlier row, finished later
		keptRow := -1
		for r := range p.Rows() {
			i := r.Index()
			if w, _ := r.Int(cw); w != int64(i) {
				t.Fatalf("seed %d, row %d: w = %d", seed, i, w)
			}
			check := func(got any, row int) {
				t.Helper()
				if d := cmp.Diff(want[row]["v"], got); d != "" {
					t.Fatalf("seed %d, row %d (read during row %d): (-Unmarshal +read):\n%s", seed, row, i, d)
				}
			}
			last := keptRow
			switch (seed + i) % 6 {
			case 1: // walked to the end
				if e, ok := r.Elems(cv); ok {
					check(elemsTree(t, e, full), i)
				}
			case 2:
				got, _ := r.Value(cv)
				check(got, i)
			case 3: // finished at the end of the next row
				if e, ok := r.Elems(cv); ok {
					kept, keptRow = e, i
				}
			case 4: // walked part way, after the row before kept one
				if e, ok := r.Elems(cv); ok {
					e.Next()
				}
			case 5: // walked to the end, then read again
				if e, ok := r.Elems(cv); ok {
					check(elemsTree(t, e, full), i)
					got, _ := r.Value(cv)
					check(got, i)
				}
			}
			if last >= 0 {
				check(elemsTree(t, kept, full), last)
				if keptRow == last {
					keptRow = -1
				}
			}
		}
	}
}

// TestTagSets checks the tag sets the accessors probe with tagIn against
// the tags each reads, for every tag a cell or element can hold (those of
// the format, which Open checks, and tagAbsent): the shift modulo 64 must
// put none into a set it is not in.
func TestTagSets(t *testing.T) {
	sets := []struct {
		name string
		set  uint64
		tags []uint8
	}{
		{"numberTags", numberTags, []uint8{format.TagInt, format.TagUint, format.TagFloat}},
		{"timeTags", timeTags, []uint8{format.TagTime, format.TagTextTime, format.TagTextTimePlus}},
		{"elemNumberTags", elemNumberTags, []uint8{format.TagInt, format.TagUint, format.TagFloat, format.TagFloatInt}},
		{"elemStringTags", elemStringTags, []uint8{format.TagString, format.TagTextTime, format.TagTextTimePlus}},
	}
	for _, s := range sets {
		for _, tag := range append(tagRange(format.TagMax), tagAbsent) {
			want := false
			for _, in := range s.tags {
				want = want || tag == in
			}
			if got := tagIn(s.set, tag); got != want {
				t.Errorf("tagIn(%s, %#x) = %v, want %v", s.name, tag, got, want)
			}
		}
	}
}

// tagRange returns the tags 0 to top.
func tagRange(top uint8) []uint8 {
	var tags []uint8
	for tag := range top + 1 {
		tags = append(tags, tag)
	}
	return tags
}

// TestElemsKinds checks that the kinds of Elems are an array's and an
// object's tags less format.TagArray, as Elems.Elems and Row.Elems take
// them, and that no other tag passes for either.
func TestElemsKinds(t *testing.T) {
	if format.TagArray-format.TagArray != kindArray || format.TagObject-format.TagArray != kindObject {
		t.Fatal("kindArray and kindObject are not the container tags less TagArray")
	}
	for _, tag := range append(tagRange(format.TagMax), tagAbsent) {
		container := tag == format.TagArray || tag == format.TagObject
		if got := tag-format.TagArray <= kindObject; got != container {
			t.Errorf("tag %#x passes for a container: %v, want %v", tag, got, container)
		}
	}
}
