package rowpage_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/internal/realdata"
	"github.com/rowpage/rowpage/jsonbridge"
)

// floatIntRows are rows of floats as json.Unmarshal gives them, most of
// them integers: columns in each integer layout (plain, delta, frame of
// reference near 2^53), ±2^53 itself, float32 sources, integers nested and
// in an any column, beside columns that must stay float columns (a
// fraction, −0, 1e300, 2^53+2).
func floatIntRows() []map[string]any {
	const max = 1 << 53
	negZero := math.Copysign(0, -1)
	var rows []map[string]any
	for i := range 12 {
		row := map[string]any{
			"count":   float64(i * i),
			"id":      float64(1_000_000_000_000 + int64(i)*7),
			"big":     float64(max - int64(i%2)*100 - int64(i)),
			"neg":     float64(((i*7)%5 - 2) * 10),
			"edge":    []float64{max, -max, 0, max - 1}[i%4],
			"f32":     []float32{3, 1 << 30, -7, 16777217}[i%4],
			"frac":    []float64{1, 2.5, 3}[i%3],
			"negzero": []float64{negZero, 1}[i%2],
			"huge":    []float64{1e300, 2}[i%2],
			"over":    []float64{max + 2, 1}[i%2],
			"nest":    map[string]any{"n": float64(i), "l": []any{1.0, 2.5, -3.0, "x", max + 2.0, negZero, float64(-max)}},
			"mix":     []any{float64(i) * 10, "s", true}[i%3],
		}
		if i%4 == 1 {
			row["count"], row["big"], row["nest"] = nil, nil, nil
		}
		rows = append(rows, row)
	}
	return rows
}

// floatBits compares float64s bit for bit, so that −0 is not 0.
var floatBits = cmp.Comparer(func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) })

// unmarshalsLikeJSON checks that Unmarshal of page into []map[string]any
// gives, in each mode, what json.Unmarshal gives of text (with a Decoder
// that uses json.Number when the mode does), float64s bit for bit.
func unmarshalsLikeJSON(t *testing.T, name string, page, text []byte, modes ...rowpage.DecOptions) {
	t.Helper()
	for _, o := range modes {
		m, err := o.DecMode()
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		if o.UseNumber {
			dec.UseNumber()
		}
		var want, back []map[string]any
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if err := m.Unmarshal(page, &back); err != nil {
			t.Fatalf("%s %+v: %v", name, o, err)
		}
		if d := cmp.Diff(want, back, floatBits); d != "" {
			t.Errorf("%s %+v: Unmarshal differs from json.Unmarshal (-want +got):\n%s", name, o, d)
		}
	}
}

// TestFloatIntRoundTrip checks integral floats (SPEC.md 5.2, 5.5): the
// float columns whose values are all integers within ±2^53 are written as
// EncFloatInt in the layout an int column would take, the others stay
// float columns, the page needs a 1.3 reader, its JSON is json.Marshal's
// byte for byte, and it decodes to float64s in every DecOptions mode,
// equal to what json.Unmarshal gives.
func TestFloatIntRoundTrip(t *testing.T) {
	rows := floatIntRows()
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	if page[5] != format.MinorFloatInt {
		t.Errorf("minor version %d, want %d", page[5], format.MinorFloatInt)
	}
	got, err := jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, text) {
		t.Errorf("AppendJSON\n%s\nwant (json.Marshal)\n%s", got, text)
	}
	var w bytes.Buffer
	if err := jsonbridge.WriteJSON(&w, page); err != nil || !bytes.Equal(w.Bytes(), text) {
		t.Errorf("WriteJSON (%v)\n%s\nwant (json.Marshal)\n%s", err, w.Bytes(), text)
	}

	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	const fi, bm = format.EncFloatInt, format.EncNullBitmap
	wantEnc := map[string]uint8{"count": fi | bm, "id": fi, "big": fi | bm, "neg": fi, "edge": fi, "f32": fi,
		"frac": format.EncFloat, "negzero": format.EncFloat, "huge": format.EncFloat, "over": format.EncFloat,
		"nest": format.EncAny, "mix": format.EncAny}
	wantLayout := map[string]uint8{"id": format.EncIntDelta, "big": format.EncIntFOR, "neg": format.EncInt}
	for c, col := range l.Columns {
		name := l.ColumnName(c)
		if col.Enc != wantEnc[name] {
			t.Errorf("column %s: encoding %s, want %s", name, format.EncodingName(col.Enc), format.EncodingName(wantEnc[name]))
			continue
		}
		at := 0 // the layout byte follows the null bitmap
		if col.Enc&format.EncNullBitmap != 0 {
			at = (col.Count + 7) / 8
		}
		if lay, ok := wantLayout[name]; ok && col.Payload[at] != lay {
			t.Errorf("column %s: integer layout %s, want %s", name, format.EncodingName(col.Payload[at]), format.EncodingName(lay))
		}
	}
	if !bytes.Contains(page, []byte{format.TagFloatInt, 2}) { // nest.n = 1 and mix = 10 are tagged integral floats
		t.Error("no TagFloatInt value in the page")
	}

	unmarshalsLikeJSON(t, "", page, text, rowpage.DecOptions{}, rowpage.DecOptions{JSONCompatible: true},
		rowpage.DecOptions{JSONCompatible: true, UseNumber: true})
	// Without float32 sources, the rows come back as they were.
	for _, r := range rows {
		delete(r, "f32")
	}
	page, err = rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	var back []map[string]any
	if err := rowpage.Unmarshal(page, &back); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rows, back, floatBits); d != "" {
		t.Errorf("Unmarshal differs from the rows (-want +got):\n%s", d)
	}
}

// TestFloatIntTyped decodes integral-float columns into typed fields, each
// set of types as json.Unmarshal decodes the page's JSON into them, and
// reads them through Row and Elems as float columns read.
func TestFloatIntTyped(t *testing.T) {
	type floats struct {
		Count *float64       `json:"count"`
		ID    float64        `json:"id"`
		Big   float64        `json:"big"`
		Neg   float64        `json:"neg"`
		Edge  float64        `json:"edge"`
		F32   float32        `json:"f32"`
		Nest  map[string]any `json:"nest"`
		Mix   any            `json:"mix"`
	}
	type ints struct {
		Count int    `json:"count"`
		ID    int64  `json:"id"`
		Big   *int64 `json:"big"`
		Neg   int32  `json:"neg"`
		Edge  int64  `json:"edge"`
		F32   int    `json:"f32"`
		Nest  struct {
			N uint8 `json:"n"`
		} `json:"nest"`
	}
	type others struct {
		Count float32 `json:"count"`
		ID    any     `json:"id"`
		Big   uint64  `json:"big"`
		Edge  float32 `json:"edge"`
		F32   float64 `json:"f32"`
	}
	rows := floatIntRows()
	for _, r := range rows {
		r["mix"] = float64(len(r)) // an any column would not fit ints
	}
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, want any, dsts ...any) {
		t.Helper()
		if err := json.Unmarshal(text, want); err != nil {
			t.Fatalf("%s: json.Unmarshal: %v", name, err)
		}
		for _, dst := range dsts {
			if err := rowpage.Unmarshal(page, dst); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if d := cmp.Diff(want, dst, floatBits); d != "" {
				t.Errorf("%s: Unmarshal differs from json.Unmarshal (-want +got):\n%s", name, d)
			}
		}
	}
	// Each into a nil slice and into one of the right length.
	check("floats", new([]floats), new([]floats), &[]floats{11: {}})
	check("ints", new([]ints), new([]ints), &[]ints{11: {}})
	check("others", new([]others), new([]others), &[]others{11: {}})

	p, err := rowpage.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := p.Column("id")
	nest, _ := p.Column("nest")
	for r := range p.Rows() {
		want := rows[r.Index()]["id"].(float64)
		if f, ok := r.Float(id); !ok || f != want {
			t.Errorf("row %d: Float = %v, %v; want %v", r.Index(), f, ok, want)
		}
		if _, ok := r.Int(id); ok {
			t.Errorf("row %d: Int of a float column reports ok", r.Index())
		}
		if v, ok := r.Value(id); !ok || v != any(want) {
			t.Errorf("row %d: Value = %#v, %v; want %v", r.Index(), v, ok, want)
		}
		e, ok := r.Elems(nest)
		if r.Index()%4 == 1 {
			continue // a null
		}
		if !ok || !e.Next() || e.Key() != "l" {
			t.Fatalf("row %d: no nest.l", r.Index())
		}
		l, _ := e.Elems()
		var got []float64
		for l.Next() {
			if f, ok := l.Float(); ok {
				got = append(got, f)
			}
		}
		if d := cmp.Diff([]float64{1, 2.5, -3, 1<<53 + 2, math.Copysign(0, -1), -(1 << 53)}, got, floatBits); d != "" {
			t.Errorf("row %d: nest.l through Elems (-want +got):\n%s", r.Index(), d)
		}
	}
}

// TestFloatIntMinor checks that pages whose floats are not all integers
// within ±2^53 stay what they were: float columns, minor version 0.
func TestFloatIntMinor(t *testing.T) {
	vals := []float64{1.5, 2, math.Copysign(0, -1), 1e300, 1<<53 + 2, -(1<<53 + 2), 1e16}
	m, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range vals[2:] {
		p, err := m.Marshal([]map[string]any{{"f": f}, {"f": 1.0}})
		if err != nil {
			t.Fatal(err)
		}
		l, err := pageread.Parse(p, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		cell, _ := format.AppendFloatCell(nil, f, 64)
		one, _ := format.AppendFloatCell(nil, 1, 64)
		if p[5] != format.MinorVersion || l.Columns[0].Enc != format.EncFloat || !bytes.Equal(l.Columns[0].Payload, append(cell, one...)) {
			t.Errorf("%v: minor %d, encoding %s, payload % x", f, p[5], format.EncodingName(l.Columns[0].Enc), l.Columns[0].Payload)
		}
	}
	p, err := rowpage.Marshal([]map[string]any{{"f": vals[0], "n": []any{vals[0], vals[2], vals[3]}}, {"f": vals[1]}})
	if err != nil {
		t.Fatal(err)
	}
	if p[5] != format.MinorVersion {
		t.Errorf("1.5 and 2: minor %d", p[5])
	}
}

// TestFloatIntUnsupported checks what a 1.2 reader makes of a 1.3 page: an
// encoding byte or a tag past the highest it knows is ErrUnsupported (a
// cache miss), not damage. The page is patched to the byte past this
// reader's highest encoding or tag, which is to it what 0x0F is to a 1.2
// reader (since 1.4 the encoding past 0x0F is EncIntFloat, so the column
// byte becomes EncMax+1).
func TestFloatIntUnsupported(t *testing.T) {
	m, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v  any
		at func(col pageread.Column) int // where the 0x0F byte is
		to byte
	}{
		{[]map[string]any{{"n": 1.0}, {"n": 2.0}}, func(col pageread.Column) int { return col.Offset - 2 }, format.EncMax + 1}, // enc, uv(3): the payload 02 02 04 follows
		{[]map[string]any{{"n": []any{1.0}}}, func(col pageread.Column) int { return col.Offset + 2 }, format.TagMax + 1},      // 0b 01, then the tag
	} {
		page, err := m.Marshal(tc.v)
		if err != nil {
			t.Fatal(err)
		}
		l, err := pageread.Parse(page, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		i := tc.at(l.Columns[0])
		if page[i] != 0x0F {
			t.Fatalf("%v: byte %d is %#x, not the integral float's 0x0F", tc.v, i, page[i])
		}
		page[i] = tc.to
		if _, err := rowpage.Open(page); !errors.Is(err, rowpage.ErrUnsupported) {
			t.Errorf("%v with byte %d patched to %#x: %v, want ErrUnsupported", tc.v, i, page[i], err)
		}
		if _, err := jsonbridge.AppendJSON(nil, page); !errors.Is(err, rowpage.ErrUnsupported) {
			t.Errorf("%v with byte %d patched to %#x: AppendJSON %v, want ErrUnsupported", tc.v, i, page[i], err)
		}
	}
}

// TestMapsPageNearTextPage checks the target of issue 15: rows held as maps
// the way plain json.Unmarshal gives them (every number a float64, every
// time a string) make a page within 5 % of the size of the page AppendPage
// makes of their JSON, on every generated dataset at 25, 100 and 1,000 rows
// and on the real data (up to 1,000 rows of each set) when it is present.
// Integral floats carry it: before them, such pages were up to 9 % larger
// on the generated sets and 40 % on the real instruments file.
func TestMapsPageNearTextPage(t *testing.T) {
	type set struct {
		name string
		rows []map[string]any
	}
	var sets []set
	for _, s := range dataset.Sets {
		for _, n := range []int{25, 100, 1000} {
			sets = append(sets, set{s.Name + "/" + strconv.Itoa(n), s.Generic(n)})
		}
	}
	real, err := realdata.Load(realdata.Dir("."))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range real {
		sets = append(sets, set{r.Name, r.Rows[:min(1000, len(r.Rows))]})
	}
	for _, s := range sets {
		text, err := json.Marshal(s.rows)
		if err != nil {
			t.Fatal(err)
		}
		var maps []map[string]any
		if err := json.Unmarshal(text, &maps); err != nil {
			t.Fatal(err)
		}
		fromMaps, err := rowpage.Marshal(maps)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		fromText, err := jsonbridge.AppendPage(nil, text)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		ratio := float64(len(fromMaps)) / float64(len(fromText))
		t.Logf("%-24s maps %8d B, text %8d B: %.3f", s.name, len(fromMaps), len(fromText), ratio)
		if ratio > 1.05 {
			t.Errorf("%s: the page of the maps is %d bytes, %.1f %% more than the %d of their JSON's", s.name, len(fromMaps), 100*(ratio-1), len(fromText))
		}
	}
}
