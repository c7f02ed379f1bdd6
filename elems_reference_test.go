package rowpage

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// refElems is the reference the compact Elems is checked against: the
// elements decoded in full, one pageread.Cell each, by
// pageread.ValueReader, and read with the cell helpers that Row's
// accessors use (Elems read this way before it kept only what each element's
// tag calls for). It needs no reports of where nested values end: the
// reader walks what it was not told.
type refElems struct {
	p   *Page
	r   pageread.ValueReader
	cur pageread.Cell
	key uint32
	obj bool
	n   int
}

func refElemsOf(p *Page, x *pageread.Cell) refElems {
	return refElems{p: p, r: pageread.Elements(x), obj: x.Tag == format.TagObject, n: x.Len}
}

func (e *refElems) next() bool {
	k, ok := e.r.Next(&e.cur)
	e.key = k
	return ok
}

func (e *refElems) sub() (refElems, bool) {
	if !isContainer(&e.cur) {
		return refElems{}, false
	}
	return refElemsOf(e.p, &e.cur), true
}

// elemReads is what every accessor returns for one element.
type elemReads struct {
	Key            string
	Null           bool
	Int            int64
	IntOK          bool
	Uint           uint64
	UintOK         bool
	Float          uint64 // bits
	FloatOK        bool
	Bool, BoolOK   bool
	Str            string
	StrOK          bool
	Bytes          []byte
	BytesOK        bool
	Time           time.Time
	TimeOK         bool
	Number         []byte
	NumberOK       bool
	Strings        []string
	StringsOK      bool
	IsElems        bool
	ElemsN         int
	ElemsObj       bool
	Value          any
	JSON           string
	JSONErr        bool
	ValueAndJSONOK bool // Value and JSON were read (not for containers walked)
}

func (e *refElems) reads(values bool) elemReads {
	var g elemReads
	x := &e.cur
	if e.obj {
		g.Key = e.p.l.Strings.String(int(e.key))
	}
	g.Null = x.Tag == format.TagNull
	g.Int, g.IntOK = cellInt(x)
	g.Uint, g.UintOK = cellUint(x)
	var f float64
	if isNumberTag(x.Tag) {
		f, g.FloatOK = cellFloat(x)
	}
	g.Float = math.Float64bits(f)
	g.Bool, g.BoolOK = cellBool(x)
	switch x.Tag {
	case format.TagString:
		g.Str, g.StrOK = e.p.l.Strings.String(int(x.Str)), true
	case format.TagTextTime, format.TagTextTimePlus:
		g.Str, g.StrOK = string(jsonwire.AppendTimestampText(nil, x.Time)), true
	}
	g.Bytes, g.BytesOK = cellBytes(e.p.l, x)
	if isTimeTag(x.Tag) {
		g.Time, g.TimeOK = cellTime(x)
	}
	g.Number, g.NumberOK = cellNumber(x)
	g.Strings, g.StringsOK = appendCellStrings(nil, e.p.l, x)
	if s, ok := e.sub(); ok {
		g.IsElems, g.ElemsN, g.ElemsObj = true, s.n, s.obj
	}
	if values {
		g.ValueAndJSONOK = true
		g.Value = e.p.value(x)
		js, err := e.p.appendCellJSON(nil, x, -1, -1)
		g.JSON, g.JSONErr = string(js), err != nil
	}
	return g
}

func elemsReads(e *Elems, values bool) elemReads {
	var g elemReads
	g.Key = e.Key()
	g.Null = e.IsNull()
	g.Int, g.IntOK = e.Int()
	g.Uint, g.UintOK = e.Uint()
	var f float64
	f, g.FloatOK = e.Float()
	g.Float = math.Float64bits(f)
	g.Bool, g.BoolOK = e.Bool()
	g.Str, g.StrOK = e.String()
	g.Bytes, g.BytesOK = e.Bytes()
	g.Time, g.TimeOK = e.Time()
	g.Number, g.NumberOK = e.Number()
	g.Strings, g.StringsOK = e.Strings(nil)
	if s, ok := e.Elems(); ok {
		g.IsElems, g.ElemsN, g.ElemsObj = true, s.Len(), s.IsObject()
	}
	if values {
		g.ValueAndJSONOK = true
		g.Value = e.Value()
		js, err := e.AppendJSON(nil)
		g.JSON, g.JSONErr = string(js), err != nil
	}
	return g
}

// sameReads reports whether a and b match, times by instant, location and
// text.
func sameReads(a, b elemReads) bool {
	if !a.Time.Equal(b.Time) || a.Time.Location() != b.Time.Location() || a.Time.String() != b.Time.String() {
		return false
	}
	a.Time, b.Time = time.Time{}, time.Time{}
	return reflect.DeepEqual(a, b)
}

// compareElems walks e and ref in step, comparing every accessor on every
// element, and descending into, reading with Value, or leaving nested
// arrays and objects as rng says; at random it stops part way, or calls
// Next again past the end. It returns the number of elements compared.
func compareElems(t *testing.T, e Elems, ref refElems, rng *rand.Rand, path string) int {
	t.Helper()
	if e.Len() != ref.n || e.IsObject() != ref.obj {
		t.Fatalf("%s: Len/IsObject %d/%v, want %d/%v", path, e.Len(), e.IsObject(), ref.n, ref.obj)
	}
	seen := 0
	for i := 0; ; i++ {
		ok, wantOK := e.Next(), ref.next()
		if ok != wantOK {
			t.Fatalf("%s[%d]: Next %v, want %v", path, i, ok, wantOK)
		}
		if !ok {
			// Next past the end again now and then: it reports the
			// same end once more, which must mislead no iterator.
			for range rng.IntN(3) {
				if e.Next() {
					t.Fatalf("%s: Next true past the end", path)
				}
			}
			return seen
		}
		seen++
		if rng.IntN(20) == 0 {
			return seen // given up part way
		}
		values := !isContainer(&ref.cur) || rng.IntN(4) == 0
		got, want := elemsReads(&e, values), ref.reads(values)
		if !sameReads(got, want) {
			t.Fatalf("%s[%d]: Elems reads\n%+v\nwant\n%+v", path, i, got, want)
		}
		if values {
			continue
		}
		sub, _ := e.Elems()
		rsub, _ := ref.sub()
		switch rng.IntN(4) {
		case 0: // not read: Next walks it
		case 1: // walked twice
			compareElems(t, sub, rsub, rng, path+"/"+strconv.Itoa(i))
			sub2, _ := e.Elems()
			rsub2, _ := ref.sub()
			seen += compareElems(t, sub2, rsub2, rng, path+"/"+strconv.Itoa(i)+"'")
		default:
			seen += compareElems(t, sub, rsub, rng, path+"/"+strconv.Itoa(i))
		}
	}
}

// compareRows compares Elems with the reference on every array and object
// cell of p, for a few orders of reading, and returns the tags of the
// elements compared.
func compareRows(t *testing.T, p *Page, seeds int) map[uint8]int {
	t.Helper()
	tags := map[uint8]int{}
	for seed := range seeds {
		rng := rand.New(rand.NewPCG(uint64(seed), 18))
		for r := range p.Rows() {
			for c := range p.NumColumns() {
				x := r.cell(c)
				if !isContainer(x) {
					continue
				}
				ref := refElemsOf(p, x) // before Elems: x may be closed later
				e, ok := r.Elems(c)
				if !ok {
					t.Fatalf("row %d col %d: no Elems", r.Index(), c)
				}
				if seed == 0 {
					countTags(e, tags)
					e, _ = r.Elems(c)
				}
				compareElems(t, e, ref, rng, "row "+strconv.Itoa(r.Index())+" col "+strconv.Itoa(c))
			}
		}
	}
	return tags
}

// countTags counts the tags of e's elements, nested ones included.
func countTags(e Elems, tags map[uint8]int) {
	for e.Next() {
		tags[e.tag]++
		if sub, ok := e.Elems(); ok {
			countTags(sub, tags)
		}
	}
}

// elemsEdgeRows returns rows whose nested values hold every tag, integers
// and string indexes at varint length boundaries, empty and nested
// containers, and (with many) more than 16,384 distinct strings and keys.
func elemsEdgeRows(many bool) []map[string]any {
	ints := []any{}
	for _, v := range []int64{0, 1, -1, 63, -64, 64, -65, 127, 128, 8191, -8192, 8192, -8193, 1 << 20, math.MaxInt64, math.MinInt64} {
		ints = append(ints, v)
	}
	when := time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.UTC)
	scalars := []any{
		nil, true, false, "s", "", uint64(math.MaxUint64), uint64(1<<63 + 7), 1.5, -0.25, 1e300, 3.0, float64(1 << 52),
		-7.0, 0.0, when, when.In(time.FixedZone("", 5*3600+1800)), when.In(time.FixedZone("", -37)),
		"2024-01-02T03:04:05Z", "2024-01-02T03:04:05+00:00", "2024-01-02T03:04:05.5-07:30",
		[]byte{1, 2, 3}, []byte{}, json.Number("123456789012345678901234567890"), json.RawMessage(`{"raw":[1,2]}`),
		[]any{}, map[string]any{}, []any{"a", "b"}, []any{"a", 1},
	}
	rows := []map[string]any{
		{"v": ints, "w": scalars, "s": []string{"x", "y"}},
		{"v": map[string]any{"a": ints, "b": scalars, "c": map[string]any{"d": []any{[]any{[]any{}}}}}, "w": []any{}, "s": []string{}},
		{"v": []any{nestedValue(6, 1), nestedValue(4, 2)}, "w": scalars[5:], "s": []string{"z"}},
	}
	if many {
		strs := make([]any, 17000)
		keys := map[string]any{}
		for i := range strs {
			strs[i] = "str" + strconv.Itoa(i)
			keys["key"+strconv.Itoa(i)] = i
		}
		rows = append(rows, map[string]any{"v": strs, "w": keys, "s": []string{"str16383", "str16384", "str127", "str128"}})
	}
	return rows
}

// TestElemsMatchReference compares every accessor of Elems, on every
// element of every array and object cell, with the reference that decodes
// each element in full, on edge-case rows, repeat cells and the nested
// datasets, for elements read in every order and walks stopped part way.
func TestElemsMatchReference(t *testing.T) {
	pages := map[string][]byte{}
	for _, many := range []bool{false, true} {
		page, err := Marshal(elemsEdgeRows(many))
		if err != nil {
			t.Fatal(err)
		}
		pages["edge"+strconv.FormatBool(many)] = page
	}
	var rep []map[string]any
	for i := range 30 {
		rep = append(rep, map[string]any{"v": nestedValue(i%3+1, i%2), "w": []any{int64(i % 4), "x"}})
	}
	page, err := Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	pages["repeats"] = page
	for _, name := range []string{"events", "analytics", "hetero", "generic", "sparse"} {
		set, ok := dataset.SetByName(name)
		if !ok {
			continue
		}
		page, err := Marshal(set.Values(60))
		if err != nil {
			t.Fatal(err)
		}
		pages[name] = page
	}
	all := map[uint8]int{}
	for name, page := range pages {
		p, err := Open(page)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for tag, n := range compareRows(t, p, 6) {
			all[tag] += n
		}
	}
	for _, tag := range []uint8{format.TagNull, format.TagFalse, format.TagTrue, format.TagInt, format.TagUint,
		format.TagFloat, format.TagFloatInt, format.TagString, format.TagTime, format.TagTextTime,
		format.TagTextTimePlus, format.TagBytes, format.TagNumber, format.TagRaw, format.TagArray, format.TagObject} {
		if all[tag] == 0 {
			t.Errorf("no element of tag %#x compared", tag)
		}
	}
	if !bytes.Contains(pages["repeats"], []byte{format.TagRepeat}) {
		t.Error("the repeats page holds no repeat cell")
	}
}

// FuzzElemsReference compares Elems with the reference on whatever page
// Open accepts. The seeds have no checksum, so that mutations reach the
// readers.
func FuzzElemsReference(f *testing.F) {
	m, err := EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		f.Fatal(err)
	}
	page, err := m.Marshal(elemsEdgeRows(false))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(page)
	for _, name := range []string{"events", "analytics", "hetero"} {
		if set, ok := dataset.SetByName(name); ok {
			if page, err := m.Marshal(set.Values(5)); err == nil {
				f.Add(page)
			}
		}
	}
	f.Fuzz(func(t *testing.T, page []byte) {
		p, err := Open(page)
		if err != nil {
			return
		}
		compareRows(t, p, 2)
	})
}

// TestRowsRepeatCellsKeptIterators reads a page of repeat cells (SPEC.md
// 5.5: a cell that repeats an earlier one is read at the earlier one's
// bytes) with iterators that finish rows later, when the row's cell may be
// a repeat starting at the same bytes: an iterator closes the row's cell
// with the length it found only when that cell starts at its elements, and
// every cell, read then or later, must read as Unmarshal reads it.
func TestRowsRepeatCellsKeptIterators(t *testing.T) {
	var rows []map[string]any
	for i := range 40 {
		rows = append(rows, map[string]any{"v": nestedValue(3, i%3/2), "w": int64(i)})
	}
	page, p, want := openRowsAndValues(t, rows)
	if !bytes.Contains(page, []byte{format.TagRepeat}) {
		t.Fatal("no repeat cell in the page")
	}
	cv, _ := p.Column("v")
	cw, _ := p.Column("w")
	full := func() int { return 0 }
	for seed := range 16 {
		type kept struct {
			e   Elems
			row int
		}
		var held []kept
		for r := range p.Rows() {
			i := r.Index()
			if w, _ := r.Int(cw); w != int64(i) {
				t.Fatalf("seed %d, row %d: w = %d", seed, i, w)
			}
			check := func(got any, row int) {
				t.Helper()
				if d := cmpDiff(want[row]["v"], got); d != "" {
					t.Fatalf("seed %d, row %d (read during row %d): %s", seed, row, i, d)
				}
			}
			e, _ := r.Elems(cv)
			switch (seed*7 + i) % 5 {
			case 0:
				check(elemsTree(t, e, full), i)
			case 1: // finished one or two rows later
				held = append(held, kept{e, i})
			case 2:
				e.Next()
			case 3:
				got, _ := r.Value(cv)
				check(got, i)
			}
			for len(held) > 0 && (held[0].row < i-1 || seed%2 == 0) {
				check(elemsTree(t, held[0].e, full), held[0].row)
				held = held[1:]
			}
		}
	}
}

// cmpDiff reports how got differs from want, or "".
func cmpDiff(want, got any) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	return "got " + strconv.Quote(fmtAny(got)) + ", want " + strconv.Quote(fmtAny(want))
}

func fmtAny(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
