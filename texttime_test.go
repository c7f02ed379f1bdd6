package rowpage_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/internal/realdata"
	"github.com/rowpage/rowpage/jsonbridge"
)

// textTimeRows are rows of strings, some of them RFC 3339 text in every
// form a time cell writes back exactly (SPEC.md 5.4, text times): Z,
// +00:00, other offsets, 0 to 9 fractional digits; beside strings that
// only look like times, and columns that mix them.
func textTimeRows() []map[string]any {
	return []map[string]any{
		{"plus": "2025-03-14T10:04:15.738+00:00", "z": "2024-01-02T03:04:05Z", "off": "2024-01-02T03:04:05.123456789-08:00",
			"mixed": "2024-01-02T03:04:05Z", "late": "plain", "zones": "2024-01-02T03:04:05+00:00",
			"nest": map[string]any{"t": "2024-01-02T03:04:05+00:00", "l": []any{"2024-01-02T03:04:05Z", "x", "2024-01-02T03:04:05.5+01:00"}}},
		{"plus": "2025-03-14T10:04:16.000+00:00", "z": nil, "off": "2024-01-02T03:04:05+05:30",
			"mixed": "2024-01-02T03:04:05+00:00", "late": "2024-01-02T03:04:05Z", "zones": "2024-01-02T03:04:05Z",
			"nest": []any{"2024-01-02T03:04:05-00:00", "2024-01-02T03:04:05+00:00"}},
		{"plus": "1999-12-31T23:59:59.1+00:00", "z": "0000-01-01T00:00:00Z", "off": "9999-12-31T23:59:59.000000001+23:59",
			"mixed": "not a time", "late": "2024-02-30T00:00:00Z", "zones": "2024-01-02T03:04:05+00:00", "nest": nil},
		{"plus": "2025-03-14T10:04:15+00:00", "z": "2024-01-02T03:04:05.100Z", "off": "2024-01-02T03:04:05-00:30",
			"mixed": "2024-01-02T03:04:05.1234567890Z", "late": "2024-01-02T03:04:05", "zones": "2024-01-02T03:04:05+02:00"},
	}
}

// TestTextTimesRoundTrip checks that strings kept as text times read back
// as the same strings, render as encoding/json writes them, and need a 1.2
// reader, from Marshal and from AppendPage alike.
func TestTextTimesRoundTrip(t *testing.T) {
	rows := textTimeRows()
	want, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	fromValues, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	fromText, err := jsonbridge.AppendPage(nil, want)
	if err != nil {
		t.Fatal(err)
	}
	for name, page := range map[string][]byte{"Marshal": fromValues, "AppendPage": fromText} {
		if page[5] != format.MinorTextTime {
			t.Errorf("%s: minor version %d, want %d", name, page[5], format.MinorTextTime)
		}
		got, err := jsonbridge.AppendJSON(nil, page)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: JSON\n%s\nwant\n%s", name, got, want)
		}
		var back []map[string]any
		if err := rowpage.Unmarshal(page, &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := cmp.Diff(rows, back, cmp.Comparer(func(a, b map[string]any) bool { return cmp.Equal(a, b) })); d != "" {
			t.Errorf("%s: Unmarshal differs (-want +got):\n%s", name, d)
		}
	}
	// Columns whose every value is a text time of one zone style are
	// text-time columns; a column that began as strings stays one; a
	// column that writes offset 0 both ways, or mixes in other strings,
	// is tagged.
	var l pageread.Layout
	if err := l.Reset(fromValues, format.Limits{}.WithDefaults()); err != nil {
		t.Fatal(err)
	}
	wantEnc := map[string]uint8{"plus": format.EncTextTime, "z": format.EncTextTime | format.EncNullBitmap, "off": format.EncTextTime,
		"late": format.EncStrSeq, "mixed": format.EncAny, "zones": format.EncAny}
	for c := range l.Columns {
		name := l.ColumnName(c)
		if enc, ok := wantEnc[name]; ok && l.Columns[c].Enc != enc {
			t.Errorf("column %s: encoding %s, want %s", name, format.EncodingName(l.Columns[c].Enc), format.EncodingName(enc))
		}
	}
}

// TestTextTimesTyped reads text times into string and time.Time fields and
// through Rows: a string field gets the text, a time.Time what
// time.Time.UnmarshalJSON makes of it.
func TestTextTimesTyped(t *testing.T) {
	type row struct {
		Plus  string    `json:"plus"`
		PlusT time.Time `json:"plusT"`
		Off   time.Time `json:"off"`
		Any   any       `json:"any"`
	}
	text := []byte(`[{"plus":"2025-03-14T10:04:15.738+00:00","plusT":"2025-03-14T10:04:15.738+00:00","off":"2024-01-02T03:04:05.5-08:00","any":"2024-01-02T03:04:05Z"},` +
		`{"plus":"2025-03-15T00:00:00+00:00","plusT":"2025-03-15T00:00:00+00:00","off":"2024-01-02T03:04:05+05:30","any":"2024-01-02T03:04:05+00:00"}]`)
	page, err := jsonbridge.AppendPage(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	for _, purpose := range []string{"fresh", "reused"} {
		var want, got []row
		if err := json.Unmarshal(text, &want); err != nil {
			t.Fatal(err)
		}
		if purpose == "reused" {
			got = make([]row, 2)
		}
		if err := rowpage.Unmarshal(page, &got); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: Unmarshal differs from json.Unmarshal (-want +got):\n%s", purpose, d)
		}
	}
	p, err := rowpage.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	plus, _ := p.Column("plus")
	off, _ := p.Column("off")
	for r := range p.Rows() {
		s, ok := r.String(plus)
		if !ok || s != [...]string{"2025-03-14T10:04:15.738+00:00", "2025-03-15T00:00:00+00:00"}[r.Index()] {
			t.Errorf("row %d: String = %q, %v", r.Index(), s, ok)
		}
		tm, ok := r.Time(off)
		var want time.Time
		_ = want.UnmarshalText([]byte([...]string{"2024-01-02T03:04:05.5-08:00", "2024-01-02T03:04:05+05:30"}[r.Index()]))
		if !ok || !tm.Equal(want) {
			t.Errorf("row %d: Time = %v, %v; want %v", r.Index(), tm, ok, want)
		}
	}
}

// TestTextTimesMinor checks that a page without text times stays 1.0, byte
// for byte what it was: time.Time values are time cells, not text times.
func TestTextTimesMinor(t *testing.T) {
	page, err := rowpage.Marshal([]map[string]any{{"t": time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), "s": "2024-01-02"}})
	if err != nil {
		t.Fatal(err)
	}
	if page[5] != format.MinorVersion {
		t.Errorf("minor version %d, want %d", page[5], format.MinorVersion)
	}
}

// TestMapsPageAsTextPage checks the promise of text times: rows held as
// maps the way json.Unmarshal gives them (with UseNumber, so that numbers
// keep their text) make byte for byte the page AppendPage makes of their
// JSON, RFC 3339 strings included, on every generated dataset and on the
// real data when it is present. (With json.Unmarshal's float64 numbers the
// page keeps floats, which read back as float64; integral floats keep it
// within 5 % of the size: TestMapsPageNearTextPage.)
func TestMapsPageAsTextPage(t *testing.T) {
	sets := map[string][]map[string]any{}
	for _, s := range dataset.Sets {
		sets[s.Name] = s.Generic(100)
	}
	real, err := realdata.Load(realdata.Dir("."))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range real {
		sets[r.Name] = r.Rows[:min(100, len(r.Rows))]
	}
	for name, rows := range sets {
		text, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.UseNumber()
		var maps []map[string]any
		if err := dec.Decode(&maps); err != nil {
			t.Fatal(err)
		}
		fromMaps, err := rowpage.Marshal(maps)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fromText, err := jsonbridge.AppendPage(nil, text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(fromMaps, fromText) {
			t.Errorf("%s: the page of the maps (%d bytes) differs from that of their JSON (%d bytes)", name, len(fromMaps), len(fromText))
		}
	}
}
