package fuzz

import (
	"encoding/json"
	"errors"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/fuzzsource"
	"github.com/rowpage/rowpage/jsonbridge"
)

// Structured round trips: Go values built from the fuzzer's bytes, of every
// kind Marshal supports, go through Marshal, then through Unmarshal (compared
// with go-cmp against what json.Unmarshal makes of json.Marshal's text, into
// the same type) and through jsonbridge.AppendJSON (compared byte for byte
// with json.Marshal).

// rtEmbed is embedded in rtLeaf, so its fields are promoted.
type rtEmbed struct {
	EA int
	EB string `json:"eb,omitempty"`
}

// rtLeaf has a field of every kind Marshal writes natively, with the struct
// tag options that change how they are written.
type rtLeaf struct {
	rtEmbed
	B    bool              `json:"b"`
	I    int               `json:"i,omitempty"`
	I8   int8              `json:"i8"`
	I16  int16             `json:"i16,string"`
	I32  int32             `json:",omitzero"`
	I64  int64             `json:"i64"`
	U    uint              `json:"u,omitempty"`
	U8   uint8             `json:"u8"`
	U16  uint16            `json:"u16"`
	U32  uint32            `json:",string"`
	U64  uint64            `json:"u64"`
	F32  float32           `json:"f32"`
	F64  float64           `json:"f64,omitempty"`
	S    string            `json:"s"`
	SQ   string            `json:"sq,string"`
	Y    []byte            `json:"y"`
	T    time.Time         `json:"t"`
	TP   *time.Time        `json:"tp,omitempty"`
	N    json.Number       `json:"n,omitempty"`
	P    *int              `json:"p"`
	L    []string          `json:"l"`
	A    [2]int16          `json:"a"`
	M    map[string]int    `json:"m,omitempty"`
	MI   map[int]string    `json:"mi"`
	X    any               `json:"x"`
	R    json.RawMessage   `json:"r,omitempty"`
	Kids []rtLeaf          `json:"kids,omitempty"`
	Ptr  *rtLeaf           `json:"ptr,omitempty"`
	MS   map[string]rtLeaf `json:"ms,omitempty"`
	skip int
}

// rtGen builds values from the fuzzer's bytes; the Source hands out zeros
// once the bytes run out, so every input makes a value.
type rtGen struct{ fuzzsource.Source }

// rtWords are pieces of strings: multi-byte UTF-8, HTML, control
// characters, U+2028, quotes, and text that looks like a timestamp or a
// number (Marshal must keep Go strings as strings).
var rtWords = []string{"", "a", "ann", "é", "日本", "<&>", "\u2028", "\x00\x1f", `"\`, "2024-05-06T07:08:09Z",
	"1", " ", "😀", "null", "\ufffd", "2024-05-06T07:08:09.500+02:00", "-0", "Zürich"}

func (g *rtGen) str() string {
	var sb strings.Builder
	for range int(g.Byte() % 4) {
		sb.WriteString(rtWords[int(g.Byte())%len(rtWords)])
	}
	return sb.String()
}

func (g *rtGen) float() float64 {
	switch g.Byte() % 4 {
	case 0:
		return float64(int64(g.U64())%200000) / 100
	case 1:
		return math.Copysign(0, -1)
	case 2: // integers about ±2^53, the edge of integral floats (SPEC.md 5.2)
		f := float64(1<<53 + int64(int8(g.Byte())))
		if g.Byte()&1 != 0 {
			f = -f
		}
		return f
	}
	f := math.Float64frombits(g.U64())
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 1e21
	}
	return f
}

func (g *rtGen) time() time.Time {
	const lo, hi = -62135596800, 253402300799 // years 1 to 9999
	sec := lo + int64(g.U64()%uint64(hi-lo))
	nsec := int64(g.U64() % 1e9)
	switch g.Byte() % 3 {
	case 0:
		nsec = nsec / 1e6 * 1e6
	case 1:
		nsec = 0
	}
	t := time.Unix(sec, nsec)
	switch g.Byte() % 3 {
	case 0:
		return t.UTC()
	case 1:
		return t.In(time.FixedZone("", (int(g.Byte())-128)*900))
	}
	return t.In(time.FixedZone("", int(int32(g.U64())%86400)/60*60))
}

// generic builds a value of the kinds json.Unmarshal makes for any.
func (g *rtGen) generic(depth int) any {
	k := g.Byte() % 10
	if depth > 3 && k >= 8 {
		k %= 8
	}
	switch k {
	case 0:
		return nil
	case 1:
		return g.Byte()&1 == 1
	case 2:
		return float64(int32(g.U64()))
	case 3:
		return g.float()
	case 4, 5:
		return g.str()
	case 6:
		return json.Number([]string{"1", "-0", "1e400", "0.10", "12345678901234567890123"}[g.Byte()%5])
	case 7:
		return int64(g.U64())
	case 8:
		a := make([]any, g.Byte()%4)
		for i := range a {
			a[i] = g.generic(depth + 1)
		}
		return a
	default:
		m := map[string]any{}
		for range g.Byte() % 4 {
			m[g.str()] = g.generic(depth + 1)
		}
		return m
	}
}

func (g *rtGen) leaf(depth int) rtLeaf {
	v := rtLeaf{
		rtEmbed: rtEmbed{EA: int(int16(g.U64())), EB: g.str()},
		B:       g.Byte()&1 == 1, I: int(int64(g.U64()) >> (g.Byte() % 64)), I8: int8(g.Byte()), I16: int16(g.U64()),
		I32: int32(g.U64()) >> (g.Byte() % 32), I64: int64(g.U64()), U: uint(g.U64() >> (g.Byte() % 64)), U8: g.Byte(),
		U16: uint16(g.U64()), U32: uint32(g.U64()), U64: g.U64(), F32: float32(g.float()), F64: g.float(),
		S: g.str(), SQ: g.str(), T: g.time(), A: [2]int16{int16(g.U64()), -1},
	}
	if math.IsInf(float64(v.F32), 0) {
		v.F32 = -1.5
	}
	flags := g.Byte()
	if flags&1 != 0 {
		v.Y = []byte(g.str())
	}
	if flags&2 != 0 {
		t := g.time()
		v.TP = &t
	}
	if flags&4 != 0 {
		v.N = json.Number([]string{"7", "-12.5e-7", "18446744073709551615", "1.0", "0"}[g.Byte()%5])
	}
	if flags&8 != 0 {
		p := int(int32(g.U64()))
		v.P = &p
	}
	if flags&16 != 0 {
		v.L = make([]string, g.Byte()%4)
		for i := range v.L {
			v.L[i] = g.str()
		}
	}
	if flags&32 != 0 {
		v.M = map[string]int{g.str(): int(int8(g.Byte())), g.str(): 1}
		v.MI = map[int]string{int(int8(g.Byte())): g.str(), -1: ""}
	}
	v.X = g.generic(depth)
	if flags&64 != 0 {
		v.R, _ = json.Marshal(g.generic(depth))
	}
	if flags&128 != 0 && depth < 3 {
		switch g.Byte() % 3 {
		case 0:
			v.Kids = []rtLeaf{g.leaf(depth + 1)}
		case 1:
			kid := g.leaf(depth + 1)
			v.Ptr = &kid
		default:
			v.MS = map[string]rtLeaf{g.str(): g.leaf(depth + 1)}
		}
	}
	return v
}

// value builds a top-level value: usually rows, sometimes one object or
// one other value.
func (g *rtGen) value() any {
	n := int(g.Byte() % 6)
	switch g.Byte() % 8 {
	case 0, 1:
		rows := make([]rtLeaf, n)
		for i := range rows {
			rows[i] = g.leaf(0)
		}
		return rows
	case 2:
		rows := make([]*rtLeaf, n)
		for i := range rows {
			if g.Byte()%4 != 0 {
				r := g.leaf(0)
				rows[i] = &r
			}
		}
		return rows
	case 3:
		return g.leaf(0)
	case 4:
		rows := make([]map[string]any, n)
		for i := range rows {
			if g.Byte()%5 == 0 {
				continue
			}
			rows[i] = map[string]any{}
			for range g.Byte() % 5 {
				rows[i][g.str()] = g.generic(1)
			}
		}
		// A column of integers and floats (an int-or-float column,
		// SPEC.md 5.2), drawn after the rows so that older inputs build
		// the same rows.
		if g.Byte()%2 == 1 {
			for i := range rows {
				if rows[i] != nil {
					rows[i]["num"] = []any{int64(g.U64()), g.float(), nil}[g.Byte()%3]
				}
			}
		}
		// A column drawn from an array and an object, most of whose cells
		// repeat an earlier one (repeats, SPEC.md 5.5), drawn last too.
		if g.Byte()%2 == 1 {
			pool := []any{[]any{g.generic(2), g.str(), g.generic(2)}, map[string]any{g.str(): g.generic(2), "k": g.generic(2)}, nil}
			for i := range rows {
				if rows[i] != nil {
					rows[i]["rep"] = pool[g.Byte()%3]
				}
			}
		}
		return rows
	case 5:
		m := map[string]any{}
		for range n {
			m[g.str()] = g.generic(1)
		}
		return m
	case 6:
		return map[string]rtLeaf{g.str(): g.leaf(0)}
	default:
		return g.generic(0)
	}
}

var rtCompat, _ = rowpage.DecOptions{JSONCompatible: true, Dictionaries: fuzzDicts()}.DecMode()

// checkRoundTrip marshals v both ways and compares everything.
// rtCompressed are the modes that compress, at both levels.
var rtCompressed = func() []*rowpage.EncMode {
	fast, _ := rowpage.EncOptions{Compression: rowpage.CompressFast}.EncMode()
	small, _ := rowpage.EncOptions{Compression: rowpage.CompressSmall}.EncMode()
	return []*rowpage.EncMode{fast, small}
}()

func checkRoundTrip(t *testing.T, v any) {
	want, jerr := json.Marshal(v)
	page, err := rowpage.Marshal(v)
	if jerr != nil || err != nil {
		if (jerr == nil) != (err == nil) && !errors.Is(err, rowpage.ErrLimit) {
			t.Fatalf("json.Marshal error %v, Marshal error %v", jerr, err)
		}
		return
	}
	got, err := jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatalf("AppendJSON of a page Marshal wrote: %v", err)
	}
	if string(got) != string(want) {
		t.Fatalf("AppendJSON differs from json.Marshal\n got: %s\nwant: %s", got, want)
	}
	for _, m := range rtCompressed {
		cp, err := m.Marshal(v)
		if err != nil {
			t.Fatalf("Marshal compressed: %v", err)
		}
		if got, err := jsonbridge.AppendJSON(nil, cp); err != nil || string(got) != string(want) {
			t.Fatalf("AppendJSON of a compressed page differs from json.Marshal (err %v)\n got: %s\nwant: %s", err, got, want)
		}
	}
	// Unmarshal into the value's own type, compared with encoding/json's
	// own round trip (which is what the value means as JSON).
	typ := reflect.TypeOf(v)
	if typ == nil {
		typ = reflect.TypeFor[any]()
	}
	viaJSON, viaPage := reflect.New(typ), reflect.New(typ)
	jerr = json.Unmarshal(want, viaJSON.Interface())
	err = rtCompat.Unmarshal(page, viaPage.Interface())
	if jerr != nil || err != nil {
		if jerr == nil || err == nil {
			t.Fatalf("json.Unmarshal error %v, Unmarshal error %v\nJSON: %s", jerr, err, want)
		}
		return
	}
	a, b := viaJSON.Elem().Interface(), viaPage.Elem().Interface()
	if d := cmp.Diff(a, b, cmp.AllowUnexported(rtLeaf{})); d != "" {
		t.Fatalf("Unmarshal differs from json.Unmarshal (-json +page):\n%s\nJSON: %s", d, want)
	}
}

// FuzzRoundTrip builds Go values of every supported kind from the input and
// checks Marshal, Unmarshal and AppendJSON against encoding/json.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte("\x05\x00\xfe\x01\x02\x03rows of leaves"))
	f.Add([]byte("\x04\x04\x03\x02\x09\x09\x09\x08\x07generic rows"))
	for i := range 8 {
		f.Add([]byte{5, byte(i), 0x80, 0x40, 0xff, 0x10, 0x20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	}
	// Five rows of maps with a column of repeated arrays and objects.
	f.Add([]byte("\x05\x04\x01\x00\x01\x00\x01\x00\x01\x00\x01\x00\x00\x01\x03\x05abc\x04\x03xyz\x07\x03\x02kk\x02\x01\x00\x01\x00\x01"))
	// Some of the JSON corpus, as arbitrary bytes to steer the generator.
	seedFiles(f, filepath.Join(sharedData, "jsontestsuite/test_transform"), 1<<10)
	f.Fuzz(func(t *testing.T, b []byte) {
		g := &rtGen{Source: fuzzsource.New(b)}
		checkRoundTrip(t, g.value())
	})
}
