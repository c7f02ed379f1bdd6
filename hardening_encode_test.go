package rowpage_test

// Encoder-side bad input (issue 4, item 5): values that json.Marshal
// rejects or treats specially, given to Marshal and to the Builder. Each
// must give the right sentinel or exactly encoding/json's output, never a
// panic or a hang, and never a page that Open rejects or that decodes to
// something other than what was given.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// Types with the methods and shapes the cases need.
type (
	heNode struct {
		Name string  `json:"name"`
		Next *heNode `json:"next"`
	}
	heAnyHolder struct {
		V any `json:"v"`
	}
	heSelfEmbed struct {
		*heSelfEmbed
		A int
	}
	heTextKey    int    // MarshalText on the value: used for map keys instead of the number
	heTextStrKey string // a string kind wins over MarshalText, as in encoding/json
	heSameKey    int    // every key renders as "same"
	heBadKey     int    // MarshalText fails
	hePtrKey     struct{ s string }
	heBadUTF8    struct{} // MarshalText returns invalid UTF-8
	heRawUTF8    struct{} // MarshalJSON returns a string with invalid UTF-8
	heDeepRaw    int      // MarshalJSON returns int(heDeepRaw) nested arrays
	heChans      struct {
		C chan int `json:",omitempty"`
	}
	heSkipped struct {
		A int
		C chan int `json:"-"`
		F func()   `json:"-"`
	}
	heQuotedNaN struct {
		F float64 `json:"f,string"`
	}
	heStrings struct {
		S  string            `json:"s"`
		L  []string          `json:"l"`
		M  map[string]string `json:"m"`
		P  *string           `json:"p"`
		Ks map[string]int    `json:"ks"`
	}
)

func (k heTextKey) MarshalText() ([]byte, error)    { return []byte(fmt.Sprintf("t%03d", int(k))), nil }
func (k heTextStrKey) MarshalText() ([]byte, error) { return []byte("text"), nil }
func (heSameKey) MarshalText() ([]byte, error)      { return []byte("same"), nil }
func (heBadKey) MarshalText() ([]byte, error)       { return nil, errors.New("bad key") }
func (k *hePtrKey) MarshalText() ([]byte, error)    { return []byte("p" + k.s), nil }
func (heBadUTF8) MarshalText() ([]byte, error)      { return []byte("a\xffb"), nil }
func (heRawUTF8) MarshalJSON() ([]byte, error)      { return []byte("[\"a\xffb\", \"<\"]"), nil }
func (d heDeepRaw) MarshalJSON() ([]byte, error) {
	return []byte(strings.Repeat("[", int(d)) + strings.Repeat("]", int(d))), nil
}

// heNest is n levels of []any around 1.
func heNest(n int) any {
	var v any = 1
	for range n {
		v = []any{v}
	}
	return v
}

// heCase is one value for Marshal. want is the sentinel Marshal must
// return, or nil when it must succeed as json.Marshal does. jsonOK says
// json.Marshal accepts the value even though Marshal must not (a limit of
// the format); alt lists other outputs encoding/json may write (its order
// of map keys that render alike is unspecified). exact asks that
// Unmarshal into the value's own type gives back the value itself.
type heCase struct {
	name   string
	v      any
	want   error
	jsonOK bool
	exact  bool
	alt    []string
}

func heCases() []heCase {
	loop := &heNode{Name: "a"}
	loop.Next = loop
	two := &heNode{Name: "b", Next: &heNode{Name: "c"}}
	two.Next.Next = two
	cycMap := map[string]any{"k": 1}
	cycMap["self"] = cycMap
	cycSlice := []any{1, nil}
	cycSlice[1] = cycSlice
	holder := &heAnyHolder{}
	holder.V = holder
	selfEmbed := &heSelfEmbed{A: 7}
	selfEmbed.heSelfEmbed = selfEmbed
	bad := "a\xffb\xc3"
	surrogate := "\xed\xa0\x80x" // U+D800 encoded as UTF-8: invalid

	return []heCase{
		// Unsupported types: ErrUnsupportedType, as json.Marshal's UnsupportedTypeError.
		{name: "chan", v: make(chan int), want: rowpage.ErrUnsupportedType},
		{name: "nil chan in a row", v: []map[string]any{{"a": 1}, {"c": (chan int)(nil)}}, want: rowpage.ErrUnsupportedType},
		{name: "chan omitempty", v: []heChans{{}}, want: rowpage.ErrUnsupportedType},
		{name: "func in an object", v: map[string]any{"f": func() {}}, want: rowpage.ErrUnsupportedType},
		{name: "func nested", v: []any{1, []any{map[string]any{"f": func() {}}}}, want: rowpage.ErrUnsupportedType},
		{name: "complex64", v: []map[string]any{{"z": complex64(1)}}, want: rowpage.ErrUnsupportedType},
		{name: "complex128 value page", v: complex(1, 2), want: rowpage.ErrUnsupportedType},
		{name: "unsafe.Pointer", v: []any{unsafe.Pointer(nil)}, want: rowpage.ErrUnsupportedType},
		{name: "map with struct keys", v: map[struct{ A int }]int{{1}: 1}, want: rowpage.ErrUnsupportedType},
		{name: "map with array keys nested", v: []map[string]any{{"m": map[[2]int]int{{1, 2}: 3}}}, want: rowpage.ErrUnsupportedType},
		{name: "map with bool keys", v: map[string]any{"m": map[bool]int{true: 1}}, want: rowpage.ErrUnsupportedType},
		{name: "map with float keys", v: map[float64]int{1.5: 1}, want: rowpage.ErrUnsupportedType},
		{name: "map with interface keys", v: map[any]int{"a": 1}, want: rowpage.ErrUnsupportedType},
		{name: "map with pointer keys", v: map[*int]int{nil: 1}, want: rowpage.ErrUnsupportedType},
		{name: "skipped chan and func fields", v: []heSkipped{{A: 1, C: make(chan int), F: func() {}}}},

		// NaN and infinities: ErrUnsupportedType, as json's UnsupportedValueError.
		{name: "NaN", v: math.NaN(), want: rowpage.ErrUnsupportedType},
		{name: "+Inf in a row", v: []map[string]any{{"x": 1.0}, {"x": math.Inf(1)}}, want: rowpage.ErrUnsupportedType},
		{name: "-Inf nested", v: map[string]any{"a": []any{1, map[string]any{"b": math.Inf(-1)}}}, want: rowpage.ErrUnsupportedType},
		{name: "float32 NaN", v: []struct{ F float32 }{{float32(math.NaN())}}, want: rowpage.ErrUnsupportedType},
		{name: "NaN with ,string", v: []heQuotedNaN{{math.NaN()}}, want: rowpage.ErrUnsupportedType},
		{name: "json.Number NaN", v: []any{json.Number("NaN")}, want: rowpage.ErrUnsupportedType},
		{name: "json.Number Infinity", v: map[string]any{"n": json.Number("-Infinity")}, want: rowpage.ErrUnsupportedType},
		{name: "json.Number 1e400 is kept", v: []any{json.Number("1e400"), json.Number("-0.0")}},
		{name: "negative zero", v: []map[string]any{{"z": math.Copysign(0, -1)}}},
		{name: "largest finite", v: []any{math.MaxFloat64, -math.SmallestNonzeroFloat64, float32(math.MaxFloat32)}},

		// Cycles: an error (ErrLimit when MaxDepth stops them), never a hang
		// or a stack overflow. json.Marshal reports "encountered a cycle".
		{name: "pointer cycle", v: loop, want: rowpage.ErrLimit},
		{name: "pointer cycle of two in rows", v: []*heNode{two}, want: rowpage.ErrLimit},
		{name: "map cycle", v: cycMap, want: rowpage.ErrLimit},
		{name: "map cycle in rows", v: []map[string]any{{"a": cycMap}}, want: rowpage.ErrLimit},
		{name: "slice cycle", v: cycSlice, want: rowpage.ErrLimit},
		{name: "interface cycle", v: holder, want: rowpage.ErrLimit},
		{name: "embedded self pointer", v: selfEmbed}, // not a cycle for encoding/json: A dominates

		// Invalid UTF-8: written as U+FFFD, as encoding/json does; the page
		// keeps the bytes, so decoding gives back what was given.
		{name: "invalid UTF-8 values", v: []map[string]any{{"s": bad, "t": surrogate}}},
		{name: "invalid UTF-8 column key", v: []map[string]int{{bad: 1, "ok": 2}}, exact: true},
		{name: "invalid UTF-8 keys that render alike", v: map[string]int{"\xff": 1, "\xfe": 2}, exact: true},
		{name: "invalid UTF-8 rows that render alike", v: []map[string]int{{"\xff": 1, "\xfe": 2}}, exact: true},
		{name: "invalid UTF-8 everywhere in a struct", exact: true, v: []heStrings{{S: bad, L: []string{bad, "x", surrogate},
			M: map[string]string{bad: surrogate}, P: &bad, Ks: map[string]int{"\xff": 1, "\xfe": 2}}}},
		{name: "invalid UTF-8 string list", v: []map[string][]string{{"l": {"\xff", "\xfe", "ok"}}}, exact: true},
		{name: "invalid UTF-8 nested key", v: map[string]any{"o": map[string]any{"a\xffb": []any{"\xc3"}}}},
		{name: "invalid UTF-8 from MarshalText", v: []map[string]any{{"t": heBadUTF8{}}}},
		{name: "invalid UTF-8 inside MarshalJSON", v: []map[string]any{{"r": heRawUTF8{}}}},
		{name: "invalid UTF-8 with HTML and U+2028", v: []string{"<\xff>&\u2028\x00"}, exact: true},

		// Map keys that are not strings: rendered and sorted as encoding/json does.
		{name: "int keys", v: map[int]string{-1: "a", 10: "b", 2: "c", math.MinInt: "min"}, exact: true},
		{name: "int keys in rows", v: []map[int8]any{{-128: 1, 127: nil}, {0: "z"}}},
		{name: "uint keys", v: map[string]any{"m": map[uint64]bool{math.MaxUint64: true, 0: false}}},
		{name: "uintptr keys", v: map[uintptr]int{7: 1}},
		{name: "TextMarshaler keys", v: []map[heTextKey]int{{3: 3, 1: 1, 20: 20}}},
		{name: "string kind beats MarshalText", v: map[heTextStrKey]int{"b": 1, "a": 2}, exact: true},
		{name: "pointer TextMarshaler keys with nil", v: map[*hePtrKey]int{{"x"}: 1, nil: 2}},
		{name: "MarshalText key error", v: map[heBadKey]int{1: 1}, want: rowpage.ErrUnsupportedType},
		// Keys that render alike in a row: json.Marshal writes the key twice;
		// a page row cannot hold a key twice, so Marshal refuses clearly.
		{name: "TextMarshaler keys alike in a row", v: []map[heSameKey]int{{1: 1, 2: 2}}, want: rowpage.ErrUnsupportedType, jsonOK: true},
		{name: "TextMarshaler keys alike in an object page", v: map[heSameKey]int{1: 1, 2: 2}, want: rowpage.ErrUnsupportedType, jsonOK: true},
		{name: "TextMarshaler keys alike nested", v: map[string]any{"m": map[heSameKey]int{1: 1, 2: 2}},
			alt: []string{`{"m":{"same":1,"same":2}}`, `{"m":{"same":2,"same":1}}`}},

		// Nesting beyond MaxDepth: ErrLimit, where json.Marshal has no limit.
		{name: "arrays past MaxDepth", v: heNest(1000), want: rowpage.ErrLimit, jsonOK: true},
		{name: "arrays at MaxDepth in a row", v: []map[string]any{{"a": heNest(998)}}},
		{name: "arrays past MaxDepth in a row", v: []map[string]any{{"a": heNest(1000)}}, want: rowpage.ErrLimit, jsonOK: true},
		{name: "raw JSON at MaxDepth", v: []any{heDeepRaw(998)}},
		{name: "raw JSON past MaxDepth", v: []any{heDeepRaw(999)}, want: rowpage.ErrLimit, jsonOK: true},
		{name: "RawMessage past MaxDepth in a row", v: []map[string]any{{"r": json.RawMessage(strings.Repeat("[", 1000) + strings.Repeat("]", 1000))}},
			want: rowpage.ErrLimit, jsonOK: true},
		{name: "RawMessage far past MaxDepth", v: json.RawMessage(strings.Repeat("[", 5000) + strings.Repeat("]", 5000)),
			want: rowpage.ErrLimit, jsonOK: true},
		{name: "RawMessage at MaxDepth inside arrays", v: []any{[]any{json.RawMessage(strings.Repeat("[", 997) + strings.Repeat("]", 997))}}},
		{name: "RawMessage past MaxDepth inside arrays", v: []any{[]any{json.RawMessage(strings.Repeat("[", 998) + strings.Repeat("]", 998))}},
			want: rowpage.ErrLimit, jsonOK: true},

		// Odds and ends json.Marshal treats specially.
		{name: "empty RawMessage", v: json.RawMessage(""), want: rowpage.ErrInvalidJSON},
		{name: "nil RawMessage in an array", v: []any{json.RawMessage(nil)}},
		{name: "RawMessage with spaces and HTML", v: json.RawMessage(" { \"a\" : \"<&>\" } ")},
		{name: "empty byte slice stays empty", v: []struct{ Y []byte }{{Y: []byte{}}}, exact: true},
		{name: "empty byte slices nested", v: []struct {
			Z [][]byte
			P *[]byte
		}{{Z: [][]byte{{}, nil, {1}}, P: &[]byte{}}}, exact: true},
		{name: "byte array is numbers", v: [4]byte{1, 2, 3, 4}, exact: true},
		{name: "year 10000", v: []map[string]any{{"t": time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}}, want: rowpage.ErrUnsupportedType},
		{name: "year -1", v: []any{time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)}, want: rowpage.ErrUnsupportedType},
	}
}

var heCompat, _ = rowpage.DecOptions{JSONCompatible: true, UseNumber: true}.DecMode()

// heRun calls f on a goroutine with a generous stack cap, turning a panic
// into a test failure and a hang into one too.
func heRun(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case p := <-done:
		if p != nil {
			t.Fatalf("%s panicked: %v", what, p)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not return in 30s", what)
	}
}

func TestMarshalBadInput(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	for _, c := range heCases() {
		t.Run(c.name, func(t *testing.T) {
			var page []byte
			var err error
			heRun(t, "Marshal", func() { page, err = rowpage.Marshal(c.v) })
			want, jerr := json.Marshal(c.v)
			heCheckPage(t, c, page, err, want, jerr)
			// The Builder takes the same value through Value in a row.
			b := rowpage.NewBuilder()
			b.StartRows()
			b.BeginRow()
			b.Key("v")
			heRun(t, "Builder.Value", func() { b.Value(c.v) })
			b.EndRow()
			bpage, berr := b.Finish(nil)
			if c.want != nil && !c.jsonOK {
				if !errors.Is(berr, c.want) {
					t.Errorf("Builder.Value: got %v, want %v", berr, c.want)
				}
			} else if berr == nil {
				if _, err := rowpage.Open(bpage); err != nil {
					t.Errorf("Builder.Value wrote a page Open rejects: %v", err)
				}
			}
		})
	}
}

// heCheckPage checks Marshal's result for c against json.Marshal's.
func heCheckPage(t *testing.T, c heCase, page []byte, err error, want []byte, jerr error) {
	t.Helper()
	if c.want != nil {
		if !errors.Is(err, c.want) {
			t.Fatalf("Marshal: got %v (page %d bytes), want %v", err, len(page), c.want)
		}
		var e *rowpage.Error
		if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), "rowpage: ") {
			t.Errorf("Marshal error %q is not a *rowpage.Error", err)
		}
		if (jerr == nil) != c.jsonOK {
			t.Errorf("json.Marshal error %v; the table says json accepts: %v", jerr, c.jsonOK)
		}
		return
	}
	if err != nil || jerr != nil {
		t.Fatalf("Marshal error %v, json.Marshal error %v: want both to succeed", err, jerr)
	}
	if _, err := rowpage.Open(page); err != nil {
		t.Fatalf("Marshal wrote a page Open rejects: %v", err)
	}
	got, err := jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatalf("AppendJSON: %v", err)
	}
	if string(got) != string(want) {
		ok := false
		for _, a := range c.alt {
			ok = ok || string(got) == a && (string(want) == a || slicesContain(c.alt, string(want)))
		}
		if !ok {
			t.Fatalf("JSON differs from json.Marshal\n got: %q\nwant: %q", got, want)
		}
		return // encoding/json's own order is unspecified here: nothing more to compare
	}
	if c.exact {
		// The page decodes to exactly what was given.
		rt := reflect.TypeOf(c.v)
		out := reflect.New(rt)
		if err := rowpage.Unmarshal(page, out.Interface()); err != nil {
			t.Fatalf("Unmarshal into %v: %v", rt, err)
		}
		if d := heDiff(c.v, out.Elem().Interface()); d != "" {
			t.Fatalf("Unmarshal into %v does not give back the value (-given +decoded):\n%s", rt, d)
		}
	}
	// JSON-compatible decoding gives what json.Unmarshal gives for the JSON.
	var viaPage, viaJSON any
	if err := heCompat.Unmarshal(page, &viaPage); err != nil {
		t.Fatalf("JSON-compatible Unmarshal: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(want)))
	dec.UseNumber()
	if err := dec.Decode(&viaJSON); err != nil {
		t.Fatal(err)
	}
	if d := heDiff(viaJSON, viaPage); d != "" {
		t.Fatalf("JSON-compatible Unmarshal differs from json.Unmarshal of the JSON (-json +page):\n%s", d)
	}
}

// heDiff is cmp.Diff, after a reflect.DeepEqual that answers quickly for
// the deeply nested values (on which go-cmp takes minutes).
func heDiff(a, b any) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	return cmp.Diff(a, b)
}

func slicesContain(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// heBuilderCase drives a Builder; want is the sentinel Finish returns, or
// nil and the JSON of the page.
type heBuilderCase struct {
	name  string
	build func(b *rowpage.Builder)
	want  error
	json  string
}

func heBuilderCases() []heBuilderCase {
	row := func(f func(b *rowpage.Builder)) func(b *rowpage.Builder) {
		return func(b *rowpage.Builder) {
			b.StartRows()
			b.BeginRow()
			f(b)
			b.EndRow()
		}
	}
	loop := &heNode{}
	loop.Next = loop
	return []heBuilderCase{
		{"duplicate row key", row(func(b *rowpage.Builder) { b.Key("a"); b.Int(1); b.Key("a"); b.Int(2) }), rowpage.ErrDuplicateKey, ""},
		{"row of a Builder never started", func(b *rowpage.Builder) { b.BeginRow(); b.Key("a"); b.Int(1); b.EndRow() }, rowpage.ErrInvalidJSON, ""},
		{"row after Finish without a new start", func(b *rowpage.Builder) {
			b.StartRows()
			b.BeginRow()
			b.Key("a")
			b.Int(1)
			b.EndRow()
			if _, err := b.Finish(nil); err != nil {
				panic(err)
			}
			b.BeginRow()
			b.Key("a")
			b.Int(2)
			b.EndRow()
		}, rowpage.ErrInvalidJSON, ""},
		{"duplicate object-page key", func(b *rowpage.Builder) { b.StartObject(); b.Key("a"); b.Null(); b.Key("a"); b.Null() }, rowpage.ErrDuplicateKey, ""},
		{"duplicate key after an error keeps the first error", row(func(b *rowpage.Builder) {
			b.Key("a")
			b.Float(math.NaN())
			b.Key("a")
		}), rowpage.ErrUnsupportedType, ""},
		{"duplicate nested keys are kept", func(b *rowpage.Builder) {
			b.StartValue()
			b.BeginObject()
			b.Key("a")
			b.Int(1)
			b.Key("a")
			b.BeginArray()
			b.EndArray()
			b.EndObject()
		}, nil, `{"a":1,"a":[]}`},
		{"same key in two rows", func(b *rowpage.Builder) {
			b.StartRows()
			for i := range 2 {
				b.BeginRow()
				b.Key("a")
				b.Int(int64(i))
				b.EndRow()
			}
		}, nil, `[{"a":0},{"a":1}]`},
		{"NaN", row(func(b *rowpage.Builder) { b.Key("f"); b.Float(math.NaN()) }), rowpage.ErrUnsupportedType, ""},
		{"-Inf nested", func(b *rowpage.Builder) { b.StartValue(); b.BeginArray(); b.Float(math.Inf(-1)); b.EndArray() }, rowpage.ErrUnsupportedType, ""},
		{"Value of a chan", row(func(b *rowpage.Builder) { b.Key("c"); b.Value(make(chan int)) }), rowpage.ErrUnsupportedType, ""},
		{"Value of a cycle", row(func(b *rowpage.Builder) { b.Key("c"); b.Value(loop) }), rowpage.ErrLimit, ""},
		{"invalid number", row(func(b *rowpage.Builder) { b.Key("n"); b.Number("01") }), rowpage.ErrInvalidJSON, ""},
		{"NaN number", row(func(b *rowpage.Builder) { b.Key("n"); b.Number("NaN") }), rowpage.ErrInvalidJSON, ""},
		{"invalid raw JSON", row(func(b *rowpage.Builder) { b.Key("r"); b.RawJSON([]byte(`{"a":`)) }), rowpage.ErrInvalidJSON, ""},
		{"invalid UTF-8 key and value", func(b *rowpage.Builder) {
			b.StartObject()
			b.Key("k\xff")
			b.String("v\xfe")
			b.Key("n")
			b.BeginObject()
			b.Key("\xc3")
			b.StringBytes([]byte("\xed\xa0\x80"))
			b.EndObject()
		}, nil, `{"k\ufffd":"v\ufffd","n":{"\ufffd":"\ufffd\ufffd\ufffd"}}`},
		{"arrays at MaxDepth", func(b *rowpage.Builder) {
			b.StartValue()
			for range 999 {
				b.BeginArray()
			}
			for range 999 {
				b.EndArray()
			}
		}, nil, strings.Repeat("[", 999) + strings.Repeat("]", 999)},
		{"arrays past MaxDepth", func(b *rowpage.Builder) {
			b.StartValue()
			for range 1000 {
				b.BeginArray()
			}
		}, rowpage.ErrLimit, ""},
		{"objects past MaxDepth in a row", row(func(b *rowpage.Builder) {
			b.Key("o")
			for range 1000 {
				b.BeginObject()
				b.Key("o")
			}
		}), rowpage.ErrLimit, ""},
		{"Value past MaxDepth inside arrays", func(b *rowpage.Builder) {
			b.StartValue()
			for range 500 {
				b.BeginArray()
			}
			b.Value(heNest(500))
		}, rowpage.ErrLimit, ""},
		{"raw JSON past MaxDepth", func(b *rowpage.Builder) {
			b.StartValue()
			b.RawJSON([]byte(strings.Repeat("[", 1000) + strings.Repeat("]", 1000)))
		}, rowpage.ErrLimit, ""},
		{"raw JSON past MaxDepth inside arrays", func(b *rowpage.Builder) {
			b.StartValue()
			for range 500 {
				b.BeginArray()
			}
			b.RawJSON([]byte(strings.Repeat("[", 500) + strings.Repeat("]", 500)))
			for range 500 {
				b.EndArray()
			}
		}, rowpage.ErrLimit, ""},
		{"misuse: value without key", row(func(b *rowpage.Builder) { b.Int(1) }), rowpage.ErrInvalidJSON, ""},
		{"misuse: unbalanced", func(b *rowpage.Builder) { b.StartValue(); b.BeginArray(); b.EndObject() }, rowpage.ErrInvalidJSON, ""},
		{"misuse: two values", func(b *rowpage.Builder) { b.StartValue(); b.Int(1); b.Int(2) }, rowpage.ErrInvalidJSON, ""},
		{"misuse: open row", func(b *rowpage.Builder) { b.StartRows(); b.BeginRow() }, rowpage.ErrInvalidJSON, ""},
	}
}

func TestBuilderBadInput(t *testing.T) {
	for _, c := range heBuilderCases() {
		t.Run(c.name, func(t *testing.T) {
			b := rowpage.NewBuilder()
			var page []byte
			var err error
			heRun(t, "Builder", func() {
				c.build(b)
				page, err = b.Finish([]byte("dst"))
			})
			if c.want != nil {
				if !errors.Is(err, c.want) {
					t.Fatalf("Finish: got %v, want %v", err, c.want)
				}
				if string(page) != "dst" {
					t.Errorf("Finish changed dst on error: %q", page)
				}
				return
			}
			if err != nil {
				t.Fatalf("Finish: %v", err)
			}
			page = page[3:]
			got, err := jsonbridge.AppendJSON(nil, page)
			if err != nil {
				t.Fatalf("AppendJSON: %v", err)
			}
			if string(got) != c.json {
				t.Fatalf("JSON\n got: %s\nwant: %s", got, c.json)
			}
		})
	}
}
