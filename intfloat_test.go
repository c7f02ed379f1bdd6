package rowpage_test

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/jsonbridge"
)

// intFloatRows are rows whose columns mix integers and floats (SPEC.md 5.2,
// 9 item 11): with nulls and without, at the ends of the int64 range, 2^53+1
// (an integer no float64 holds), −0 and integral floats (which stay
// floats), floats that need the raw form (5e-324, 1e300), float32 sources;
// beside columns of one kind, which keep their encodings, and mixes that
// stay any (a string, a uint above MaxInt64).
func intFloatRows() []map[string]any {
	negZero := math.Copysign(0, -1)
	var rows []map[string]any
	for i := range 14 {
		row := map[string]any{
			"price":  []any{int64(12), 12.5, int64(0), int64(-3), 19.99, 2.0, negZero}[i%7],
			"edge":   []any{int64(math.MaxInt64), int64(math.MinInt64), int64(1<<53 + 1), 5e-324, 1e300, -1e-7, int64(math.MinInt64 + 1), -2.5e-308}[i%8],
			"f32":    []any{int64(7), float32(0.1), float32(1 << 30), int64(-1), float32(16777217)}[i%5],
			"ints":   int64(i * 3),
			"floats": float64(i) + 0.25,
			"str":    []any{int64(1), 1.5, "x"}[i%3],
			"uint":   []any{uint64(1<<63 + 5), 1.5, int64(-1)}[i%3],
			"nest":   []any{int64(i), 0.5},
		}
		if i%4 == 1 {
			row["price"] = nil
		}
		rows = append(rows, row)
	}
	return rows
}

// TestIntFloatRoundTrip checks int-or-float columns (SPEC.md 5.2): columns
// of integers and floats, and only those, are written as EncIntFloat, the
// page needs a 1.4 reader, its JSON is json.Marshal's byte for byte, and it
// decodes as an any column of the same values did: int64 for the integers
// and float64 for the floats by default, json.Unmarshal's values in the
// JSON-compatible modes. The page of the rows' JSON text (AppendPage) has
// the same columns.
func TestIntFloatRoundTrip(t *testing.T) {
	rows := intFloatRows()
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	fromText, err := jsonbridge.AppendPage(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	const nf, bm = format.EncIntFloat, format.EncNullBitmap
	want := map[string]uint8{"price": nf | bm, "edge": nf, "f32": nf, "ints": format.EncInt,
		"floats": format.EncFloat, "str": format.EncAny, "uint": format.EncAny, "nest": format.EncAny}
	for _, p := range []struct {
		name string
		page []byte
	}{{"Marshal", page}, {"AppendPage", fromText}} {
		if p.page[5] != format.MinorIntFloat {
			t.Errorf("%s: minor version %d, want %d", p.name, p.page[5], format.MinorIntFloat)
		}
		l, err := pageread.Parse(p.page, format.Limits{})
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		for c, col := range l.Columns {
			name := l.ColumnName(c)
			if w := want[name]; col.Enc != w && !(p.name == "AppendPage" && name == "ints" && col.Enc == format.EncIntDelta) {
				t.Errorf("%s: column %s: %s, want %s", p.name, name, format.EncodingName(col.Enc), format.EncodingName(w))
			}
		}
		got, err := jsonbridge.AppendJSON(nil, p.page)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, text) {
			t.Errorf("%s: AppendJSON\n%s\nwant (json.Marshal)\n%s", p.name, got, text)
		}
		var w bytes.Buffer
		if err := jsonbridge.WriteJSON(&w, p.page); err != nil || !bytes.Equal(w.Bytes(), text) {
			t.Errorf("%s: WriteJSON (%v)\n%s\nwant (json.Marshal)\n%s", p.name, err, w.Bytes(), text)
		}
		unmarshalsLikeJSON(t, p.name, p.page, text, rowpage.DecOptions{JSONCompatible: true},
			rowpage.DecOptions{JSONCompatible: true, UseNumber: true})
	}
	// By default the rows come back as they were: int64s and float64s
	// (float32 sources as the float64 of their digits).
	var back []map[string]any
	if err := rowpage.Unmarshal(page, &back); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if f, ok := r["f32"].(float32); ok {
			r["f32"] = float64(jsonFloat32(t, f))
		}
	}
	if d := cmp.Diff(rows, back, floatBits); d != "" {
		t.Errorf("Unmarshal differs from the rows (-want +got):\n%s", d)
	}
	// The text's page decodes each number of the text as an int64 when it
	// is written as one (2.0 and float32(2^30) are), else as a float64.
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var wantText, backText []map[string]any
	if err := dec.Decode(&wantText); err != nil {
		t.Fatal(err)
	}
	for _, r := range wantText {
		for k, v := range r {
			r[k] = typedNumbers(v)
		}
	}
	if err := rowpage.Unmarshal(fromText, &backText); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(wantText, backText, floatBits); d != "" {
		t.Errorf("Unmarshal of the text's page differs from the text (-want +got):\n%s", d)
	}
}

// typedNumbers replaces each json.Number in v by the int64, uint64 or
// float64 its text denotes: an integer if the text is its canonical
// decimal (SPEC.md 9 item 6; "-0" is a float).
func typedNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil && strconv.FormatInt(i, 10) == string(v) {
			return i
		}
		if u, err := strconv.ParseUint(string(v), 10, 64); err == nil && strconv.FormatUint(u, 10) == string(v) {
			return u
		}
		f, _ := v.Float64()
		return f
	case []any:
		for i := range v {
			v[i] = typedNumbers(v[i])
		}
	}
	return v
}

// jsonFloat32 returns the float64 that json.Unmarshal gives for the JSON
// text of f.
func jsonFloat32(t *testing.T, f float32) float64 {
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var v float64
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestIntFloatTyped decodes int-or-float columns into struct fields as
// json.Unmarshal decodes their JSON, and reads them through Row and Elems:
// an integer cell is an Int, a float cell a Float, as in an any column.
func TestIntFloatTyped(t *testing.T) {
	type in struct {
		Price any   `json:"price"`
		Qty   any   `json:"qty"`
		N     int64 `json:"n"`
	}
	type out struct {
		Price *float64 `json:"price"`
		Qty   float32  `json:"qty"`
		N     any      `json:"n"`
	}
	src := []in{{12, int64(3), 1}, {12.5, 0.5, 2}, {nil, int64(-7), 3}, {-0.25, int64(1<<53 + 1), 4}}
	page, err := rowpage.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if e := l.Columns[0].Enc; e != format.EncIntFloat|format.EncNullBitmap {
		t.Errorf("price: %s", format.EncodingName(e))
	}
	if e := l.Columns[1].Enc; e != format.EncIntFloat {
		t.Errorf("qty: %s", format.EncodingName(e))
	}
	text, err := json.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	var want, got []out
	if err := json.Unmarshal(text, &want); err != nil {
		t.Fatal(err)
	}
	for _, o := range []rowpage.DecOptions{{}, {JSONCompatible: true}} {
		m, _ := o.DecMode()
		got = nil
		if err := m.Unmarshal(page, &got); err != nil {
			t.Fatal(err)
		}
		if !o.JSONCompatible {
			for i := range want {
				want[i].N = int64(i + 1)
			}
		} else {
			for i := range want {
				want[i].N = float64(i + 1)
			}
		}
		if d := cmp.Diff(want, got, floatBits); d != "" {
			t.Errorf("%+v: Unmarshal (-json.Unmarshal +got):\n%s", o, d)
		}
	}
	// float64 fields, which the struct plan reads straight from the column
	// (an integer beyond 2^53 rounds as json.Unmarshal rounds its text).
	type flat struct {
		Price float64 `json:"price"`
		Qty   float64 `json:"qty"`
	}
	var wantFlat, gotFlat []flat
	if err := json.Unmarshal(text, &wantFlat); err != nil {
		t.Fatal(err)
	}
	for _, dst := range []*[]flat{&gotFlat, {{Price: 1}, {}, {}, {}}} {
		if err := rowpage.Unmarshal(page, dst); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(wantFlat, *dst, floatBits); d != "" {
			t.Errorf("Unmarshal into float64 fields (-json.Unmarshal +got):\n%s", d)
		}
	}
	var back []in
	if err := rowpage.Unmarshal(page, &back); err != nil {
		t.Fatal(err)
	}
	wantBack := []in{{int64(12), int64(3), 1}, {12.5, 0.5, 2}, {nil, int64(-7), 3}, {-0.25, int64(1<<53 + 1), 4}}
	if d := cmp.Diff(wantBack, back, floatBits); d != "" {
		t.Errorf("Unmarshal into any fields (-want +got):\n%s", d)
	}

	p, err := rowpage.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	qty, _ := p.Column("qty")
	for r := range p.Rows() {
		v := wantBack[r.Index()].Qty
		i, iok := r.Int(qty)
		f, fok := r.Float(qty)
		switch v := v.(type) {
		case int64: // Float converts an integer, as for an any column
			if !iok || i != v || !fok || f != float64(v) {
				t.Errorf("row %d: Int %d, %v; Float %v, %v; want the integer %d", r.Index(), i, iok, f, fok, v)
			}
		case float64:
			if !fok || f != v || iok {
				t.Errorf("row %d: Float %v, %v; Int ok %v; want the float %v", r.Index(), f, fok, iok, v)
			}
		}
		if got, ok := r.Value(qty); !ok || got != v {
			t.Errorf("row %d: Value %#v, %v; want %#v", r.Index(), got, ok, v)
		}
	}
}

// TestIntFloatMinor checks that pages without a column of both kinds stay
// what they were: a column of integers and integral floats, or floats and
// a null, is no int-or-float column, and needs no 1.4 reader.
func TestIntFloatMinor(t *testing.T) {
	for _, tc := range []struct {
		rows  []map[string]any
		enc   uint8
		minor uint8
	}{
		{[]map[string]any{{"a": 1}, {"a": 2}}, format.EncInt, format.MinorVersion},
		{[]map[string]any{{"a": 1.5}, {"a": nil}}, format.EncFloat | format.EncNullBitmap, format.MinorVersion},
		{[]map[string]any{{"a": 1.0}, {"a": nil}}, format.EncFloatInt | format.EncNullBitmap, format.MinorFloatInt},
		{[]map[string]any{{"a": 1}, {"a": 2.0}}, format.EncIntFloat, format.MinorIntFloat},
		{[]map[string]any{{"a": nil}, {"a": 2.0}, {"a": 1}}, format.EncIntFloat | format.EncNullBitmap, format.MinorIntFloat},
		{[]map[string]any{{"a": 1}, {"a": 2.5}, {"a": true}}, format.EncAny, format.MinorVersion},
		{[]map[string]any{{"a": 1}, {"a": 2.5}, {"a": []any{1}}}, format.EncAny, format.MinorVersion},
		{[]map[string]any{{"a": 1}, {"a": json.Number("2.5")}}, format.EncIntFloat, format.MinorIntFloat},
		{[]map[string]any{{"a": 1}, {"a": json.Number("2.50")}}, format.EncAny, format.MinorVersion},
	} {
		page, err := rowpage.Marshal(tc.rows)
		if err != nil {
			t.Fatal(err)
		}
		l, err := pageread.Parse(page, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if l.Columns[0].Enc != tc.enc || page[5] != tc.minor {
			t.Errorf("%v: %s, minor %d; want %s, %d", tc.rows, format.EncodingName(l.Columns[0].Enc), page[5], format.EncodingName(tc.enc), tc.minor)
		}
		text, _ := json.Marshal(tc.rows)
		if got, err := jsonbridge.AppendJSON(nil, page); err != nil || !bytes.Equal(got, text) {
			t.Errorf("%v: AppendJSON %s (%v), want %s", tc.rows, got, err, text)
		}
	}
	// A compressed page (minor 1 without the column) takes the minor of
	// its contents too.
	rows := intFloatRows()
	for range 5 {
		rows = append(rows, rows...)
	}
	m, err := rowpage.EncOptions{Compression: rowpage.CompressSmall}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := json.Marshal(rows)
	// The rows repeat, and so do the arrays of their "nest" column: minor
	// 6 (repeats) outranks 4.
	if page[5] != format.MinorRepeat || page[6]&format.FlagCompressed == 0 {
		t.Errorf("compressed: minor %d, flags %#x", page[5], page[6])
	}
	if got, err := jsonbridge.AppendJSON(nil, page); err != nil || !bytes.Equal(got, text) {
		t.Errorf("compressed: AppendJSON differs from json.Marshal (%v)", err)
	}
}
