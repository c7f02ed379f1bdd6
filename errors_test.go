package rowpage

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
)

// withCRC recomputes the checksum of a page edited by a test.
func withCRC(p []byte) []byte {
	if len(p) < format.HeaderSize+format.ChecksumSize || p[6]&format.FlagChecksum == 0 {
		return p
	}
	n := len(p) - format.ChecksumSize
	return format.AppendChecksum(p[:n:n], format.Checksum(p[:n]))
}

func edit(p []byte, f func([]byte) []byte) []byte {
	return withCRC(f(append([]byte(nil), p...)))
}

func TestOpenErrors(t *testing.T) {
	good, err := Marshal([]map[string]any{{"a": 1, "b": "x"}, {"a": 2, "b": "x"}})
	if err != nil {
		t.Fatal(err)
	}
	noCRC, _ := EncOptions{NoChecksum: true}.EncMode()
	plain, _ := noCRC.Marshal([]map[string]any{{"a": 1, "b": "x"}, {"a": 2, "b": "x"}})
	// plain: header(8) rows cols | strings: 0a? ...; locate sections by parsing.
	cases := []struct {
		name string
		page []byte
		want error
	}{
		{"empty", nil, ErrUnsupported},
		{"json entry", []byte(`[{"a":1}]`), ErrUnsupported},
		{"magic prefix", good[:3], ErrTruncated},
		{"header cut", good[:6], ErrTruncated},
		{"major 2", edit(good, func(p []byte) []byte { p[4] = 2; return p }), ErrUnsupported},
		{"unknown flag", edit(good, func(p []byte) []byte { p[6] |= 0x40; return p }), ErrUnsupported},
		{"compressed flag on a plain body: section codec 0x0a is unknown", edit(good, func(p []byte) []byte { p[6] |= format.FlagCompressed; return p }), ErrUnsupported},
		{"unknown kind", edit(good, func(p []byte) []byte { p[7] = 9; return p }), ErrUnsupported},
		{"bad checksum", func() []byte { p := append([]byte(nil), good...); p[len(p)-1] ^= 1; return p }(), ErrChecksum},
		{"flipped body byte", func() []byte { p := append([]byte(nil), good...); p[12] ^= 0x10; return p }(), ErrChecksum},
		{"checksum missing", good[:9], ErrTruncated},
		{"truncated body", plain[:len(plain)-1], ErrTruncated},
		{"trailing byte", append(append([]byte(nil), plain...), 0), ErrCorrupt},
		{"non-minimal row count", func() []byte {
			p := append([]byte(nil), plain[:8]...)
			p = append(p, 0x82, 0x00) // 2 written in two bytes
			return append(p, plain[9:]...)
		}(), ErrCorrupt},
		{"too many rows", edit(plain, func(p []byte) []byte { p[8] = 0x7f; return p }), ErrTruncated},
		{"object page with two rows", edit(plain, func(p []byte) []byte { p[7] = byte(format.KindObject); return p }), ErrCorrupt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Open(c.page)
			if !errors.Is(err, c.want) {
				t.Fatalf("Open: got %v, want %v", err, c.want)
			}
			var e *Error
			if !errors.As(err, &e) || !strings.HasPrefix(err.Error(), "rowpage: ") {
				t.Fatalf("error %q is not a *rowpage.Error with the package prefix", err)
			}
		})
	}
}

// TestOpenCorruptSections edits each byte of a checksum-less page to every
// value and requires Open to either succeed (the edit made another valid
// page) or fail with one of the sentinels, never panic.
func TestOpenEveryByteEdit(t *testing.T) {
	m, _ := EncOptions{NoChecksum: true}.EncMode()
	page, err := m.Marshal([]any{
		map[string]any{"a": 1, "b": "x", "c": []any{1.5, "y", nil, true}, "t": time.Unix(1e9, 5e8).UTC()},
		nil,
		map[string]any{"b": "z", "a": int64(-1) << 40, "d": []byte{1, 2}},
	})
	if err != nil {
		t.Fatal(err)
	}
	sentinels := []error{ErrCorrupt, ErrTruncated, ErrUnsupported, ErrLimit, ErrChecksum}
	for i := range page {
		for v := 0; v < 256; v++ {
			p := append([]byte(nil), page...)
			p[i] = byte(v)
			pg, err := Open(p)
			if err == nil {
				// A valid page must render and decode without trouble.
				pageJSON(t, p)
				var out any
				if err := pg.Decode(&out); err != nil {
					t.Fatalf("byte %d = %#x: Open accepted but Decode failed: %v", i, v, err)
				}
				continue
			}
			ok := false
			for _, s := range sentinels {
				ok = ok || errors.Is(err, s)
			}
			if !ok {
				t.Fatalf("byte %d = %#x: unexpected error %v", i, v, err)
			}
		}
	}
	for n := range page {
		if _, err := Open(page[:n]); err == nil {
			t.Fatalf("Open accepted a page cut to %d bytes", n)
		}
	}
}

type badMarshaler struct{}

func (badMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("boom") }

type invalidMarshaler struct{}

func (invalidMarshaler) MarshalJSON() ([]byte, error) { return []byte(`{"a":`), nil }

type cyclic struct {
	Next *cyclic `json:"next"`
}

// bigMapRows returns n rows of twelve keys k0 to k11 whose cell bad of row
// badRow is a channel, which no page can hold.
func bigMapRows(n, badRow int, bad string) []map[string]any {
	rows := make([]map[string]any, n)
	for r := range rows {
		m := make(map[string]any, 12)
		for i := range 12 {
			m["k"+strconv.Itoa(i)] = r*12 + i
		}
		if r == badRow {
			m[bad] = make(chan int)
		}
		rows[r] = m
	}
	return rows
}

func TestMarshalErrors(t *testing.T) {
	loop := &cyclic{}
	loop.Next = loop
	cases := []struct {
		name string
		v    any
		want error
		row  int
		col  string
	}{
		{"chan", []map[string]any{{"ok": 1}, {"c": make(chan int)}}, ErrUnsupportedType, 1, "c"},
		{"func", map[string]any{"f": func() {}}, ErrUnsupportedType, 0, "f"},
		{"complex", []map[string]any{{"z": complex(1, 2)}}, ErrUnsupportedType, 0, "z"},
		{"NaN", []map[string]any{{"x": 1.0}, {"x": math.NaN()}}, ErrUnsupportedType, 1, "x"},
		{"+Inf nested", []map[string]any{{"x": []any{math.Inf(1)}}}, ErrUnsupportedType, 0, "x"},
		{"NaN after a fraction in an array", []map[string]any{{"x": []any{0.5, 2.0, math.NaN()}}}, ErrUnsupportedType, 0, "x"},
		{"-Inf in a nested object", []map[string]any{{"x": map[string]any{"k": math.Inf(-1)}}}, ErrUnsupportedType, 0, "x"},
		{"float32 Inf", []struct{ F float32 }{{float32(math.Inf(-1))}}, ErrUnsupportedType, 0, "F"},
		{"cycle", []*cyclic{loop}, ErrLimit, 0, "next"},
		{"year 10000", []map[string]any{{"t": time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}}, ErrUnsupportedType, 0, "t"},
		{"marshaler error", []map[string]any{{"m": badMarshaler{}}}, ErrUnsupportedType, 0, "m"},
		{"marshaler invalid", []map[string]any{{"m": invalidMarshaler{}}}, ErrInvalidJSON, 0, "m"},
		{"bad number", []map[string]any{{"n": json.Number("1.2.3")}}, ErrUnsupportedType, 0, "n"},
		{"bad map key", map[string]any{"m": map[[2]int]int{{1, 2}: 3}}, ErrUnsupportedType, 0, "m"},
		// Rows whose key set was met before take the page's column sets
		// (slotSet, setRowNew), and maps of more than eight keys the big-map
		// path: a bad cell there names its row and column too.
		{"chan in a known key set", []map[string]any{{"a": 1, "b": "x"}, {"a": 2, "b": "y"}, {"b": "z", "a": make(chan int)}}, ErrUnsupportedType, 2, "a"},
		{"NaN in a new set of known keys", []map[string]any{{"a": 1}, {"b": 2}, {"a": 3, "b": math.NaN()}}, ErrUnsupportedType, 2, "b"},
		{"chan in a big map", bigMapRows(3, 2, "k7"), ErrUnsupportedType, 2, "k7"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Marshal(c.v)
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T is not *Error", err)
			}
			if e.Row != c.row || e.ColumnName != c.col {
				t.Fatalf("error %q names row %d column %q, want row %d column %q", err, e.Row, e.ColumnName, c.row, c.col)
			}
			if _, jerr := json.Marshal(c.v); jerr == nil && c.want != ErrLimit {
				t.Fatalf("json.Marshal accepted what Marshal rejected")
			}
		})
	}
	t.Run("marshaler cause kept", func(t *testing.T) {
		_, err := Marshal(map[string]any{"m": badMarshaler{}})
		if err == nil || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("cause lost: %v", err)
		}
	})
}

func TestDecodeErrors(t *testing.T) {
	page, _ := Marshal([]map[string]any{{"n": 300, "s": "x", "f": 1.5, "neg": -1}})
	var s struct{ N int8 }
	if err := Unmarshal(page, []struct{}{}); !errors.Is(err, ErrDecode) {
		t.Fatalf("non-pointer: %v", err)
	}
	if err := Unmarshal(page, &s); !errors.Is(err, ErrDecode) {
		t.Fatalf("rows into a struct: %v", err)
	}
	cases := []struct {
		name string
		into any
	}{
		{"overflow int8", &[]struct{ N int8 }{}},
		{"string into int", &[]struct{ S int }{}},
		{"float into int", &[]struct{ F int }{}},
		{"negative into uint", &[]struct{ Neg uint }{}},
		{"number into string", &[]struct{ N string }{}},
		{"string into bool", &[]struct{ S bool }{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Unmarshal(page, c.into)
			if !errors.Is(err, ErrDecode) {
				t.Fatalf("got %v, want ErrDecode", err)
			}
			var e *Error
			if !errors.As(err, &e) || e.Row != 0 || e.Column < 0 {
				t.Fatalf("error %q lacks row and column", err)
			}
		})
	}
}
