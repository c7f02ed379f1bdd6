package rowpage

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// These tests hold Unmarshal to encoding/json: for each input, the page of
// the input decodes to what json.Unmarshal makes of json.Marshal(input),
// and fails exactly when json.Unmarshal does. They run the unsafe setters
// by default and their reflect twins under -tags purego.

// compatMode decodes interface values as encoding/json does (float64
// numbers, string times); nothing else depends on the mode.
var compatMode, _ = DecOptions{JSONCompatible: true}.DecMode()

// allFields lets cmp compare unexported (embedded) fields too.
var allFields = cmp.Exporter(func(reflect.Type) bool { return true })

// sameAsJSON marshals in both ways, decodes the page into a new T (under
// compatMode) and the JSON into another, and compares. It returns the
// decoded value.
func sameAsJSON[T any](t *testing.T, in any) T {
	t.Helper()
	js, err := json.Marshal(in)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	var want T
	wantErr := json.Unmarshal(js, &want)
	page, err := Marshal(in)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var got T
	gotErr := compatMode.Unmarshal(page, &got)
	switch {
	case wantErr != nil && gotErr == nil:
		t.Fatalf("Unmarshal into %T succeeded, json.Unmarshal failed: %v\njson: %.600s", got, wantErr, js)
	case wantErr == nil && gotErr != nil:
		t.Fatalf("Unmarshal into %T: %v\njson: %.600s", got, gotErr, js)
	case wantErr != nil:
		if !errors.Is(gotErr, ErrDecode) {
			t.Fatalf("error %v is not ErrDecode", gotErr)
		}
	default:
		if d := cmp.Diff(want, got, allFields); d != "" {
			t.Fatalf("Unmarshal into %T differs from json.Unmarshal (-json +rowpage):\n%s\njson: %.600s", got, d, js)
		}
	}
	return got
}

type decScalars struct {
	B    bool     `json:"b"`
	I    int      `json:"i"`
	I8   int8     `json:"i8"`
	I16  int16    `json:"i16"`
	I32  int32    `json:"i32"`
	I64  int64    `json:"i64"`
	U    uint     `json:"u"`
	U8   uint8    `json:"u8"`
	U16  uint16   `json:"u16"`
	U32  uint32   `json:"u32"`
	U64  uint64   `json:"u64"`
	UP   uintptr  `json:"up"`
	F32  float32  `json:"f32"`
	F64  float64  `json:"f64"`
	S    string   `json:"s"`
	Name decName  `json:"name"`
	Cnt  decCount `json:"cnt"`
}

type (
	decName  string
	decCount int16
)

func TestDecodePlanScalars(t *testing.T) {
	rows := make([]decScalars, 50)
	for i := range rows {
		rows[i] = decScalars{
			B: i%3 == 0, I: -i * 1e6, I8: int8(i - 25), I16: int16(i * 1000), I32: int32(i) << 24, I64: int64(i) << 50,
			U: uint(i), U8: uint8(i * 5), U16: uint16(i * 1300), U32: uint32(i) << 26, U64: math.MaxUint64 - uint64(i),
			UP: uintptr(i), F32: float32(i) / 7, F64: float64(i) / 3, S: strings.Repeat("x", i%4), Name: decName("n" + strconv.Itoa(i%3)),
			Cnt: decCount(i),
		}
	}
	rows[7].F32 = math.MaxFloat32
	rows[8].F32 = math.SmallestNonzeroFloat32
	rows[9].F64 = math.MaxFloat64
	rows[10].F64 = -0.1
	rows[11].F32 = 16777217 // not a float32: rounds
	sameAsJSON[[]decScalars](t, rows)
	sameAsJSON[[]*decScalars](t, rows)
	sameAsJSON[[60]decScalars](t, rows)
	sameAsJSON[decScalars](t, rows[5])
	sameAsJSON[*decScalars](t, &rows[6])
	sameAsJSON[[]any](t, rows)
}

// TestPlanNumbersAcrossTypes decodes every kind of number cell into every
// numeric field type: in range, out of range, fractional, huge, exact text.
func TestDecodePlanNumbersAcrossTypes(t *testing.T) {
	values := []any{
		0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32769, 65535, 65536,
		math.MaxInt32, int64(math.MaxInt32 + 1), int64(math.MinInt32 - 1), int64(math.MaxUint32), int64(math.MaxUint32 + 1),
		1 << 24, 1<<24 + 1, -(1 << 24), -(1<<24 + 1), int64(math.MaxInt64), int64(math.MinInt64), uint64(math.MaxUint64),
		0.5, -2.5, 1e300, 3.4028235e38, 3.4028236e38, 1.5e-45, 0.1, 16777217.0, 9007199254740993.0,
		json.Number("123456789012345678901234567890"), json.Number("1e400"), json.Number("-0"), json.Number("1.0"),
		float32(0.1), true, "12", nil,
	}
	for _, v := range values {
		rows := []map[string]any{{"b": v, "i": v, "i8": v, "i16": v, "i32": v, "i64": v, "u": v, "u8": v, "u16": v,
			"u32": v, "u64": v, "up": v, "f32": v, "f64": v, "s": v, "name": v, "cnt": v}}
		// Each field alone, so that the first failure does not hide the rest.
		for k := range rows[0] {
			t.Run(k+"="+jsonText(v), func(t *testing.T) {
				sameAsJSON[[]decScalars](t, []map[string]any{{k: v}, {k: 1}})
			})
		}
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

type decPointers struct {
	PI   *int         `json:"pi"`
	PS   *string      `json:"ps"`
	PB   *bool        `json:"pb"`
	PF   *float32     `json:"pf"`
	PT   *time.Time   `json:"pt"`
	PU8  *uint8       `json:"pu8"`
	PPI  **int        `json:"ppi"`
	PIn  *decInner    `json:"pin"`
	PSl  *[]string    `json:"psl"`
	PNum *json.Number `json:"pnum"`
}

type decInner struct {
	A int      `json:"a"`
	B []string `json:"b,omitempty"`
	C *int     `json:"c"`
}

func TestDecodePlanPointers(t *testing.T) {
	n, s, b, f, u := 7, "seven", true, float32(0.7), uint8(7)
	pn := &n
	tm := time.Date(2020, 5, 6, 7, 8, 9, 123000000, time.FixedZone("", -7*3600))
	sl := []string{"a", "b"}
	num := json.Number("77")
	rows := []decPointers{
		{},
		{PI: &n, PS: &s, PB: &b, PF: &f, PT: &tm, PU8: &u, PPI: &pn, PIn: &decInner{A: 1, B: []string{"x"}, C: &n}, PSl: &sl, PNum: &num},
		{PS: new(string), PI: new(int), PT: new(time.Time), PIn: &decInner{}},
	}
	sameAsJSON[[]decPointers](t, rows)
	// Mismatched cells into pointer fields fail as in encoding/json.
	for _, k := range []string{"pi", "ps", "pb", "pf", "pt", "pu8", "ppi", "pin", "psl", "pnum"} {
		for _, v := range []any{"str", 300, -1, 1.5, true, []any{1}, map[string]any{"a": 1}} {
			sameAsJSON[[]decPointers](t, []map[string]any{{k: v}})
		}
	}
}

func TestDecodePlanPointerKeepsPointee(t *testing.T) {
	// Decoding a one-object page into a struct whose pointer is set reuses
	// the pointee, as json.Unmarshal does.
	page, err := Marshal(map[string]any{"pi": 5, "pt": time.Unix(0, 0).UTC()})
	if err != nil {
		t.Fatal(err)
	}
	n := 1
	v := decPointers{PI: &n}
	if err := Unmarshal(page, &v); err != nil {
		t.Fatal(err)
	}
	if v.PI != &n || n != 5 || v.PT == nil || !v.PT.Equal(time.Unix(0, 0)) {
		t.Fatalf("got %+v, n %d", v, n)
	}
}

type decSlices struct {
	Tags  []string          `json:"tags"`
	Named decStrings        `json:"named"`
	Ints  []int             `json:"ints"`
	Nest  [][]string        `json:"nest"`
	Arr   [2]string         `json:"arr"`
	Names []decName         `json:"names"`
	Map   map[string]string `json:"map"`
	Any   any               `json:"any"`
	Bytes []byte            `json:"bytes"`
}

type decStrings []string

func TestDecodePlanSlices(t *testing.T) {
	rows := []map[string]any{
		{"tags": []string{"a", "b", "a"}, "named": []string{"x"}, "ints": []int{1, 2}, "nest": [][]string{{"p"}, nil},
			"arr": []string{"1", "2", "3"}, "names": []string{"n"}, "map": map[string]string{"k": "v"}, "any": []any{"s", 1.5},
			"bytes": []byte("hi")},
		{"tags": []string{}, "named": nil, "ints": []int{}, "nest": [][]string{}, "arr": []string{"1"}, "names": []string{}},
		{"tags": nil, "named": []string{}},
		{"tags": []any{"a", nil, "c"}, "named": []any{nil}},
		{},
		{"tags": []string{strings.Repeat("long", 100)}},
	}
	sameAsJSON[[]decSlices](t, rows)
	for _, v := range []any{[]any{"a", 1}, []any{true}, []any{1.5, "a"}, "notarray", 5, map[string]any{"a": "b"},
		[]any{[]any{"x"}}, []any{map[string]any{}}, []byte("xyz"), time.Unix(5, 0).UTC(), []any{time.Unix(5, 0).UTC()}} {
		sameAsJSON[[]decSlices](t, []map[string]any{{"tags": []string{"ok"}}, {"tags": v}})
		sameAsJSON[[]decSlices](t, []map[string]any{{"named": v}})
	}
}

func TestDecodePlanSlicesReuse(t *testing.T) {
	// A one-object page decodes into an existing struct: a []string with
	// room is reused, as by json.Unmarshal.
	page, err := Marshal(map[string]any{"tags": []string{"x", "y"}})
	if err != nil {
		t.Fatal(err)
	}
	backing := make([]string, 3, 8)
	backing[2] = "old"
	v := decSlices{Tags: backing}
	if err := Unmarshal(page, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Tags) != 2 || &v.Tags[0] != &backing[0] || v.Tags[0] != "x" || v.Tags[1] != "y" {
		t.Fatalf("got %q", v.Tags)
	}
	// Slices cut from the shared slab do not overlap: appending to one
	// leaves the next row's alone.
	var rows []decSlices
	page, err = Marshal([]map[string]any{{"tags": []string{"a"}}, {"tags": []string{"b", "c"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := Unmarshal(page, &rows); err != nil {
		t.Fatal(err)
	}
	_ = append(rows[0].Tags, "zzz")
	if rows[1].Tags[0] != "b" || cap(rows[0].Tags) != 1 {
		t.Fatalf("slab slices overlap: %q %q", rows[0].Tags, rows[1].Tags)
	}
}

type decTimes struct {
	T  time.Time  `json:"t"`
	PT *time.Time `json:"pt"`
	S  string     `json:"s"`
}

func TestDecodePlanTimes(t *testing.T) {
	var rows []decTimes
	for i, off := range []int{0, 3600, -5 * 3600, 5*3600 + 1800, 30, -59, 61, -(23*3600 + 59*60 + 59), 86399, 45 * 60} {
		tm := time.Date(2001+i, time.Month(1+i), 1+i, i, i, i, i*111111111, time.FixedZone("", off))
		rows = append(rows, decTimes{T: tm, PT: &tm, S: tm.Format(time.RFC3339Nano)})
	}
	rows = append(rows, decTimes{T: time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC)}, decTimes{T: time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC)})
	got := sameAsJSON[[]decTimes](t, rows)
	// Beyond the instant (which cmp compares with Equal), the zone is what
	// time.Time.UnmarshalJSON gives.
	js, _ := json.Marshal(rows)
	var want []decTimes
	if err := json.Unmarshal(js, &want); err != nil {
		t.Fatal(err)
	}
	for i := range want {
		wn, wo := want[i].T.Zone()
		gn, gotOff := got[i].T.Zone()
		if wn != gn || wo != gotOff || want[i].T.Location().String() != got[i].T.Location().String() {
			t.Errorf("row %d: zone %q %d (%v), want %q %d (%v)", i, gn, gotOff, got[i].T.Location(), wn, wo, want[i].T.Location())
		}
	}
	// Strings into time fields, and times into strings.
	sameAsJSON[[]decTimes](t, []map[string]any{{"t": "2020-01-02T03:04:05Z", "s": time.Unix(1e9, 5).UTC()}, {"t": "nope"}})
	sameAsJSON[[]decTimes](t, []map[string]any{{"t": 5}})
	sameAsJSON[[]decTimes](t, []map[string]any{{"t": nil, "pt": nil}})
}

// TestPlanTimesLocal checks the time.Local rule of time.Parse: an offset
// that time.Local has at that instant decodes into time.Local.
func TestDecodePlanTimesLocal(t *testing.T) {
	saved := time.Local
	defer func() { time.Local = saved }()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no zone database:", err)
	}
	time.Local = ny
	rows := []decTimes{
		{T: time.Date(2024, 1, 15, 12, 0, 0, 0, ny)},                          // -05:00, Local's offset then
		{T: time.Date(2024, 7, 15, 12, 0, 0, 0, ny)},                          // -04:00 (DST)
		{T: time.Date(2024, 7, 15, 12, 0, 0, 0, time.FixedZone("", -5*3600))}, // not Local's offset in July
		{T: time.Date(2024, 7, 15, 12, 0, 0, 0, time.UTC)},
	}
	got := sameAsJSON[[]decTimes](t, rows)
	for i, want := range []*time.Location{time.Local, time.Local, nil, time.UTC} {
		loc := got[i].T.Location()
		if want != nil && loc != want || want == nil && (loc == time.Local || loc == time.UTC) {
			t.Errorf("row %d in %v", i, loc)
		}
	}
}

type decEmbedded struct {
	ID int `json:"id"`
	decBase
	*DecExtra
	Other decInner `json:"other"`
	Dup1  int      `json:"dup"`
	Dup2  int      `json:"DUP"`
}

type decBase struct {
	Name  string    `json:"name"`
	When  time.Time `json:"when"`
	Count int32     `json:"count"`
	ID    string    `json:"base_id"`
}

type DecExtra struct {
	Note  string   `json:"note"`
	Score float64  `json:"score"`
	Tags  []string `json:"tags"`
}

type decHidden struct {
	*decBase
	X int `json:"x"`
}

func TestDecodePlanEmbedded(t *testing.T) {
	rows := []map[string]any{
		{"id": 1, "name": "a", "when": time.Unix(1e9, 0).UTC(), "count": 3, "base_id": "b1", "note": "n", "score": 1.5,
			"tags": []string{"t"}, "other": map[string]any{"a": 2, "b": []string{"q"}}, "dup": 1, "DUP": 2},
		{"id": 2, "name": "b"},
		{"id": 3, "note": "only extra"},
		{"NOTE": "upper", "Score": 2, "ID": 4, "Name": "folded"},
	}
	sameAsJSON[[]decEmbedded](t, rows)
	sameAsJSON[[]*decEmbedded](t, rows)
	// A nil embedded pointer to an unexported struct cannot be set.
	sameAsJSON[[]decHidden](t, []map[string]any{{"x": 1}})
	sameAsJSON[[]decHidden](t, []map[string]any{{"x": 1, "name": "n"}})
}

type decFold struct {
	UserName string `json:"user_name"`
	Kelvin   int    `json:"k"`
	Plain    int
	Long     string `json:"a_rather_long_key_name_that_goes_past_the_stack_buffer_limit"`
}

func TestDecodePlanCaseInsensitive(t *testing.T) {
	rows := []map[string]any{
		{"USER_NAME": "upper", "K": 1, "plain": 2, "A_RATHER_LONG_KEY_NAME_THAT_GOES_PAST_THE_STACK_BUFFER_LIMIT": "l"},
		{"user_name": "exact", "\u212a": 3, "PLAIN": 4},                        // Kelvin sign folds to k
		{"User_Name": "mixed", "user_name": "exact wins by order", "Plain": 5}, // later key wins
		{"username": "no match", "unknown": 1},
	}
	sameAsJSON[[]decFold](t, rows)
}

type decOmit struct {
	A string           `json:"a,omitempty"`
	B int              `json:"b,omitempty"`
	C *int             `json:"c,omitempty"`
	D []string         `json:"d,omitempty"`
	E map[string]int   `json:"e,omitempty"`
	F time.Time        `json:"f,omitzero"`
	G decInner         `json:"g,omitzero"`
	H float64          `json:"h,omitempty"`
	I bool             `json:"i,omitempty"`
	J json.Number      `json:"j,omitempty"`
	K map[string]any   `json:"k,omitempty"`
	L map[int]decInner `json:"l,omitempty"`
}

func TestDecodePlanOmitEmpty(t *testing.T) {
	n := 0
	rows := []decOmit{
		{},
		{A: "a", B: 1, C: &n, D: []string{"d"}, E: map[string]int{"e": 1}, F: time.Unix(9, 0).UTC(), G: decInner{A: 1},
			H: 0.5, I: true, J: "12.50", K: map[string]any{"k": []any{1.0, "x"}}, L: map[int]decInner{3: {A: 3}}},
		{B: -1, D: []string{}},
	}
	sameAsJSON[[]decOmit](t, rows)
}

type decMethods struct {
	Text    decText         `json:"text"`
	PText   *decText        `json:"ptext"`
	JSON    decJSON         `json:"json"`
	Quoted  int             `json:"quoted,string"`
	QStr    string          `json:"qstr,string"`
	QPtr    *int64          `json:"qptr,string"`
	Raw     json.RawMessage `json:"raw"`
	Num     json.Number     `json:"num"`
	Iface   any             `json:"iface"`
	Strs    decTexts        `json:"strs"`
	TextKey map[decText]int `json:"text_key"`
}

type decText struct{ V string }

func (p *decText) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errors.New("bad text")
	}
	p.V = "text:" + string(b)
	return nil
}

type decJSON struct{ V string }

func (p *decJSON) UnmarshalJSON(b []byte) error { p.V = "json:" + string(b); return nil }

type decTexts []string

func (p *decTexts) UnmarshalJSON(b []byte) error { *p = decTexts{string(b)}; return nil }

func TestDecodePlanMethodsAndOptions(t *testing.T) {
	rows := []map[string]any{
		{"text": "a", "ptext": "b", "json": map[string]any{"x": 1}, "quoted": "12", "qstr": `"q"`, "qptr": "-5",
			"raw": map[string]any{"r": []any{1, "2"}}, "num": 12.5, "iface": []any{1, "a", nil}, "strs": []string{"s"},
			"text_key": map[string]int{"k": 1}},
		{"text": nil, "ptext": nil, "json": nil, "quoted": "null", "qptr": "null", "raw": nil, "num": "17", "iface": nil, "strs": nil},
		{"json": 5, "num": json.Number("1e500"), "iface": map[string]any{"m": true}},
	}
	sameAsJSON[[]decMethods](t, rows)
	for _, r := range []map[string]any{{"text": "bad"}, {"text": 5}, {"quoted": 12}, {"quoted": "x"}, {"num": "nan"}, {"num": true}} {
		sameAsJSON[[]decMethods](t, []map[string]any{r})
	}
}

func TestDecodePlanNullRowsAndShapes(t *testing.T) {
	in := []*decScalars{nil, {I: 1, S: "a"}, nil, {B: true}}
	sameAsJSON[[]decScalars](t, in)
	sameAsJSON[[]*decScalars](t, in)
	sameAsJSON[[]map[string]any](t, in)
	// Rows with different key sets: absent columns leave fields zero.
	sameAsJSON[[]decScalars](t, []map[string]any{{"i": 1}, {"s": "x", "b": true}, {}, {"i": 2, "s": "y"}})
	// Rows into structs with no matching fields, and empty pages.
	sameAsJSON[[]struct{ Z int }](t, []map[string]any{{"i": 1}})
	sameAsJSON[[]decScalars](t, []decScalars{})
}

func TestDecodePlanDecodeIntoExisting(t *testing.T) {
	page, err := Marshal([]decScalars{{I: 1}, {S: "b"}})
	if err != nil {
		t.Fatal(err)
	}
	// A reused slice and an array are zeroed element by element first.
	v := []decScalars{{I: 9, S: "old", B: true}, {I: 8}, {I: 7}}
	if err := Unmarshal(page, &v); err != nil {
		t.Fatal(err)
	}
	want := []decScalars{{I: 1}, {S: "b"}}
	if d := cmp.Diff(want, v); d != "" {
		t.Fatal(d)
	}
	var a [3]decScalars
	a[2].I = 5
	if err := Unmarshal(page, &a); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([3]decScalars{{I: 1}, {S: "b"}, {}}, a); d != "" {
		t.Fatal(d)
	}
	var small [1]decScalars
	if err := Unmarshal(page, &small); !errors.Is(err, ErrDecode) {
		t.Fatalf("array too small: %v", err)
	}
}

func TestDecodePlanUniqueStrings(t *testing.T) {
	// Unique string columns (string-seq) with nulls, empty strings and
	// enough bytes to need several chunks; a second column repeats
	// strings.
	rng := rand.New(rand.NewPCG(1, 2))
	var rows []map[string]any
	for i := range 3000 {
		r := map[string]any{"u": strconv.Itoa(i) + strings.Repeat("é", rng.IntN(40)), "r": strconv.Itoa(i % 7)}
		switch i % 10 {
		case 3:
			r["u"] = nil
		case 5:
			delete(r, "u")
		}
		if i == 999 {
			r["u"] = strings.Repeat("big", 9000) // longer than a chunk
		}
		rows = append(rows, r)
	}
	type target struct {
		U  string  `json:"u"`
		R  string  `json:"r"`
		PU *string `json:"pu"`
	}
	sameAsJSON[[]target](t, rows)
	// The same column into a *string field.
	for _, r := range rows {
		if u, ok := r["u"]; ok {
			r["pu"] = u
			delete(r, "u")
		}
	}
	sameAsJSON[[]target](t, rows)
}

func TestDecodePlanErrorsHaveRowAndColumn(t *testing.T) {
	page, err := Marshal([]map[string]any{{"a": 1, "b": "x"}, {"a": 2, "b": 300}})
	if err != nil {
		t.Fatal(err)
	}
	var v []struct {
		A int
		B int8
	}
	err = Unmarshal(page, &v)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrDecode) || e.Row != 0 || e.Column != 1 || e.ColumnName != "b" {
		t.Fatalf("got %v (%+v)", err, e)
	}
	// The first failing cell in row order is reported, even though column
	// a, decoded first column by column, fails in a later row.
	page, err = Marshal([]map[string]any{{"a": 1, "b": 1}, {"a": 1, "b": 1000}, {"a": 1000, "b": 1}})
	if err != nil {
		t.Fatal(err)
	}
	var w []struct {
		A int8
		B int32
		C uint8 `json:"b"`
	}
	err = Unmarshal(page, &w)
	if !errors.As(err, &e) || e.Row != 1 || e.ColumnName != "b" {
		t.Fatalf("got %v (%+v)", err, e)
	}
}

// TestPlanDifferential decodes random rows, whose values often do not fit
// the fields, into a struct of many field types and compares with
// encoding/json.
func TestDecodePlanDifferential(t *testing.T) {
	type target struct {
		I    int            `json:"i"`
		I8   int8           `json:"i8"`
		U32  uint32         `json:"u32"`
		F32  float32        `json:"f32"`
		F64  float64        `json:"f64"`
		S    string         `json:"s"`
		B    bool           `json:"b"`
		T    time.Time      `json:"t"`
		PT   *time.Time     `json:"pt"`
		PS   *string        `json:"ps"`
		PI   *int64         `json:"pi"`
		SS   []string       `json:"ss"`
		Num  json.Number    `json:"num"`
		Any  any            `json:"any"`
		M    map[string]int `json:"m"`
		In   decInner       `json:"in"`
		PIn  *decInner      `json:"pin"`
		Ints []int          `json:"ints"`
	}
	keys := []string{"i", "i8", "u32", "f32", "f64", "s", "b", "t", "pt", "ps", "pi", "ss", "num", "any", "m", "in", "pin", "ints", "I", "S", "Ss", "extra"}
	rng := rand.New(rand.NewPCG(7, 9))
	value := func(depth int) any {
		switch rng.IntN(14) {
		case 0:
			return nil
		case 1:
			return rng.IntN(2) == 0
		case 2:
			return rng.IntN(300) - 150
		case 3:
			return rng.Int64() >> rng.IntN(64)
		case 4:
			return rng.Uint64()
		case 5:
			return float64(rng.IntN(1000)) / 8
		case 6:
			return rng.NormFloat64() * math.Pow(10, float64(rng.IntN(80)-40))
		case 7:
			return []string{"s", "t", "s"}[rng.IntN(3)] + strconv.Itoa(rng.IntN(5))
		case 8:
			return time.Unix(rng.Int64N(4e9), rng.Int64N(1e9)).In(time.FixedZone("", 60*(rng.IntN(1440)-720)))
		case 9:
			n := rng.IntN(4)
			out := make([]any, n)
			for i := range out {
				if rng.IntN(5) == 0 {
					out[i] = rng.IntN(3)
				} else if rng.IntN(6) > 0 {
					out[i] = "e" + strconv.Itoa(rng.IntN(4))
				}
			}
			return out
		case 10:
			return map[string]any{"a": rng.IntN(3), "b": []any{"x"}, "c": nil}
		case 11:
			return json.Number(strconv.Itoa(rng.IntN(100)) + ".50")
		case 12:
			return strconv.Itoa(rng.IntN(100))
		}
		return time.Unix(rng.Int64N(4e9), 0).UTC().Format(time.RFC3339)
	}
	for round := range 400 {
		rows := make([]map[string]any, 1+rng.IntN(6))
		for i := range rows {
			rows[i] = map[string]any{}
			for range rng.IntN(8) {
				rows[i][keys[rng.IntN(len(keys))]] = value(0)
			}
		}
		t.Run(strconv.Itoa(round), func(t *testing.T) {
			sameAsJSON[[]target](t, rows)
		})
	}
}

// TestPlanKinds pins the setter chosen for each field type.
func TestDecodePlanKinds(t *testing.T) {
	type kinds struct {
		B   bool
		I   int
		U16 uint16
		S   decName
		N   json.Number
		T   time.Time
		PT  *time.Time
		PP  **int
		SS  decStrings
		ST  decTexts
		TX  decText
		Q   int `json:",string"`
		M   map[string]int
		X   any
	}
	want := map[string]setKind{"B": setBool, "I": setInt64, "U16": setUint16, "S": setString, "N": setGeneric,
		"T": setTime, "PT": setPtr, "PP": setGeneric, "SS": setStrings, "ST": setGeneric, "TX": setGeneric,
		"Q": setGeneric, "M": setGeneric, "X": setGeneric}
	if strconv.IntSize == 32 {
		want["I"] = setInt32 // int is 32 bits wide here
	}
	typ := reflect.TypeFor[kinds]()
	sf := cachedFields(typ)
	for i := range sf.list {
		f := &sf.list[i]
		if got := planField(f).kind; got != want[f.name] {
			t.Errorf("%s: kind %d, want %d", f.name, got, want[f.name])
		}
	}
}
