package jsonbridge

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// handPage is a page built by hand from its sections, with the offset of
// each section's first byte (after its length), so that a test can say
// where an error must point.
type handPage struct {
	b    []byte
	secs [4]int // strings, shapes, row shapes, columns
}

// buildPage assembles header, counts and the four sections, and the
// CRC-32C trailer when crc is set.
func buildPage(kind format.Kind, rows, cols uint64, crc bool, strs, shapes, rowShapes, columns []byte) handPage {
	flags := byte(0)
	if crc {
		flags = format.FlagChecksum
	}
	var p handPage
	b := append([]byte(nil), format.Magic[:]...)
	b = append(b, format.MajorVersion, 0, flags, byte(kind))
	b = format.AppendUvarint(b, rows)
	b = format.AppendUvarint(b, cols)
	for i, s := range [][]byte{strs, shapes, rowShapes, columns} {
		b = format.AppendUvarint(b, uint64(len(s)))
		p.secs[i] = len(b)
		b = append(b, s...)
	}
	if crc {
		b = format.AppendChecksum(b, format.Checksum(b))
	}
	p.b = b
	return p
}

// hexBytes is a byte list from spaced hex, for sections written as SPEC.md
// writes them.
func hexBytes(t *testing.T, s string) []byte {
	t.Helper()
	var b []byte
	for _, f := range bytes.Fields([]byte(s)) {
		if len(f) != 2 {
			t.Fatalf("bad hex byte %q", f)
		}
		v := 0
		for _, c := range f {
			switch {
			case c >= '0' && c <= '9':
				v = v*16 + int(c-'0')
			case c >= 'a' && c <= 'f':
				v = v*16 + int(c-'a'+10)
			default:
				t.Fatalf("bad hex byte %q", f)
			}
		}
		b = append(b, byte(v))
	}
	return b
}

// canonicalCase is a page that breaks one rule of SPEC.md section 9 that
// a reader checks, beside the canonical page of the same JSON, which the
// writer must produce for v.
type canonicalCase struct {
	name      string
	v         any             // the values; Marshal must give good
	good, bad func() handPage // the canonical page and its non-canonical twin
	json      string          // what good renders
	// where the error must point in bad: byte offset (from the page
	// returned by bad), row and column (-1 when not applicable)
	at       func(p handPage) int
	row, col int
}

// canonicalCases are the four non-canonical forms of issue 20: an any
// column with a null bitmap, shapes out of first-use order, columns out of
// first-appearance order and time mode 2 where mode 0 or 1 fits.
func canonicalCases(t *testing.T, crc bool) []canonicalCase {
	h := func(s string) []byte { return hexBytes(t, s) }
	zone := time.FixedZone("", 2*3600)
	t0 := time.Date(2024, 5, 6, 7, 8, 9, 0, zone)
	return []canonicalCase{
		{
			name: "any column with a null bitmap",
			v:    []map[string]any{{"a": 1}, {"a": "x"}, {"a": nil}},
			json: `[{"a":1},{"a":"x"},{"a":null}]`,
			good: func() handPage {
				return buildPage(format.KindRows, 3, 1, crc, h("02 01 00 01 02 61 78"), h("01 01 00"), nil,
					h("00 0c 05   03 02 06 01 00")) // tags: int 1, string 1 "x", null
			},
			bad: func() handPage {
				return buildPage(format.KindRows, 3, 1, crc, h("02 01 00 01 02 61 78"), h("01 01 00"), nil,
					h("00 8c 05   04 03 02 06 01")) // bitmap 0b100, then int 1, string 1
			},
			at:  func(p handPage) int { return p.secs[3] + 3 }, // the payload
			row: -1, col: 0,
		},
		{
			name: "any column with a null bitmap and nulls as tags",
			v:    []map[string]any{{"a": 1}, {"a": "x"}, {"a": nil}},
			json: `[{"a":1},{"a":"x"},{"a":null}]`,
			good: func() handPage {
				return buildPage(format.KindRows, 3, 1, crc, h("02 01 00 01 02 61 78"), h("01 01 00"), nil,
					h("00 0c 05   03 02 06 01 00"))
			},
			bad: func() handPage {
				return buildPage(format.KindRows, 3, 1, crc, h("02 01 00 01 02 61 78"), h("01 01 00"), nil,
					h("00 8c 06   04 03 02 06 01 00")) // a bitmap, and the null again as a tag
			},
			at:  func(p handPage) int { return p.secs[3] + 3 },
			row: -1, col: 0,
		},
		{
			name: "shapes out of first-use order",
			v:    []map[string]any{{"a": 1}, {"a": 2, "b": 3}},
			json: `[{"a":1},{"a":2,"b":3}]`,
			good: func() handPage {
				return buildPage(format.KindRows, 2, 2, crc, h("02 01 00 01 02 61 62"),
					h("02   01 00   02 00 01"), h("01 02"), h("00 02 02  01 02 01   02 04  06"))
			},
			bad: func() handPage {
				// The same shapes listed the other way round: row 0 uses
				// shape 2 before any row has used shape 1.
				return buildPage(format.KindRows, 2, 2, crc, h("02 01 00 01 02 61 62"),
					h("02   02 00 01   01 00"), h("02 01"), h("00 02 02  01 02 01   02 04  06"))
			},
			at:  func(p handPage) int { return p.secs[2] },
			row: 0, col: -1,
		},
		{
			name: "shapes out of first-use order after a null row",
			v:    []map[string]any{nil, {"a": 1}, {"a": 2, "b": 3}, {"a": 4}},
			json: `[null,{"a":1},{"a":2,"b":3},{"a":4}]`,
			good: func() handPage {
				return buildPage(format.KindRows, 4, 2, crc, h("02 01 00 01 02 61 62"),
					h("02   01 00   02 00 01"), h("00 01 02 01"), h("00 02 03  01 02 01   02 04 08  06"))
			},
			bad: func() handPage {
				return buildPage(format.KindRows, 4, 2, crc, h("02 01 00 01 02 61 62"),
					h("02   02 00 01   01 00"), h("00 02 01 02"), h("00 02 03  01 02 01   02 04 08  06"))
			},
			at:  func(p handPage) int { return p.secs[2] + 1 },
			row: 1, col: -1,
		},
		{
			name: "columns out of first-appearance order",
			v:    []map[string]any{{"a": 1, "b": 2}},
			json: `[{"a":1,"b":2}]`,
			good: func() handPage {
				return buildPage(format.KindRows, 1, 2, crc, h("02 01 00 01 02 61 62"),
					h("01   02 00 01"), nil, h("00 02 01  01 02 01   02  04"))
			},
			bad: func() handPage {
				// Column 0 is "b" and column 1 "a": the one shape lists
				// column 1 first.
				return buildPage(format.KindRows, 1, 2, crc, h("02 01 00 01 02 61 62"),
					h("01   02 01 00"), nil, h("01 02 01  00 02 01   04  02"))
			},
			at:  func(p handPage) int { return p.secs[1] + 2 },
			row: -1, col: -1,
		},
		{
			name: "columns out of first-appearance order in a later shape",
			v:    []map[string]any{{"a": 1}, {"b": 2, "c": 3}},
			json: `[{"a":1},{"b":2,"c":3}]`,
			good: func() handPage {
				return buildPage(format.KindRows, 2, 3, crc, h("03 01 00 01 02 03 61 62 63"),
					h("02   01 00   02 01 02"), h("01 02"), h("00 02 01  01 02 01  02 02 01   02  04  06"))
			},
			bad: func() handPage {
				// Shape 2 lists column 2 ("b") before column 1 ("c").
				return buildPage(format.KindRows, 2, 3, crc, h("03 01 00 01 02 03 61 62 63"),
					h("02   01 00   02 02 01"), h("01 02"), h("00 02 01  02 02 01  01 02 01   02  06  04"))
			},
			at:  func(p handPage) int { return p.secs[1] + 4 },
			row: -1, col: -1,
		},
		{
			name: "object page with columns out of order",
			v:    map[string]any{"a": 1, "b": 2},
			json: `{"a":1,"b":2}`,
			good: func() handPage {
				return buildPage(format.KindObject, 1, 2, crc, h("02 01 00 01 02 61 62"),
					h("01   02 00 01"), nil, h("00 02 01  01 02 01   02  04"))
			},
			bad: func() handPage {
				return buildPage(format.KindObject, 1, 2, crc, h("02 01 00 01 02 61 62"),
					h("01   02 01 00"), nil, h("01 02 01  00 02 01   04  02"))
			},
			at:  func(p handPage) int { return p.secs[1] + 2 },
			row: -1, col: -1,
		},
		{
			name: "time mode 2 with one shared offset",
			v:    []map[string]any{{"t": t0}, {"t": t0.Add(time.Second)}},
			json: `[{"t":"2024-05-06T07:08:09+02:00"},{"t":"2024-05-06T07:08:10+02:00"}]`,
			good: func() handPage {
				// mode 1, sv 7200; cells: sv 1714979289, frac 0; sv 1, frac 0
				return buildPage(format.KindRows, 2, 1, crc, h("01 01 00 01 74"), h("01 01 00"), nil,
					h("00 09 0b   01 c0 70   b2 87 c4 e3 0c 00   02 00"))
			},
			bad: func() handPage {
				// mode 2: each cell ends with sv 7200
				return buildPage(format.KindRows, 2, 1, crc, h("01 01 00 01 74"), h("01 01 00"), nil,
					h("00 09 0d   02   b2 87 c4 e3 0c 00 c0 70   02 00 c0 70"))
			},
			at:  func(p handPage) int { return p.secs[3] + 3 }, // the mode byte
			row: -1, col: 0,
		},
		{
			name: "time mode 2 with every offset zero",
			v:    []map[string]any{{"t": t0.UTC()}, {"t": nil}, {"t": t0.UTC()}},
			json: `[{"t":"2024-05-06T05:08:09Z"},{"t":null},{"t":"2024-05-06T05:08:09Z"}]`,
			good: func() handPage {
				// bitmap 0b010, mode 0; cells: sv 1714972089, frac 0; sv 0, frac 0
				return buildPage(format.KindRows, 3, 1, crc, h("01 01 00 01 74"), h("01 01 00"), nil,
					h("00 89 0a   02 00   f2 96 c3 e3 0c 00   00 00"))
			},
			bad: func() handPage {
				return buildPage(format.KindRows, 3, 1, crc, h("01 01 00 01 74"), h("01 01 00"), nil,
					h("00 89 0c   02 02   f2 96 c3 e3 0c 00 00   00 00 00"))
			},
			at:  func(p handPage) int { return p.secs[3] + 4 }, // after the bitmap
			row: -1, col: 0,
		},
		{
			name: "time mode 2 in a one-cell value page",
			v:    t0,
			json: `"2024-05-06T07:08:09+02:00"`,
			good: func() handPage {
				return buildPage(format.KindValue, 1, 1, crc, h("00 01"), h("01 01 00"), nil,
					h("09 09   01 c0 70   b2 87 c4 e3 0c 00"))
			},
			bad: func() handPage {
				return buildPage(format.KindValue, 1, 1, crc, h("00 01"), h("01 01 00"), nil,
					h("09 09   02   b2 87 c4 e3 0c 00 c0 70"))
			},
			at:  func(p handPage) int { return p.secs[3] + 2 },
			row: -1, col: 0,
		},
	}
}

// TestReadersRejectNonCanonical feeds every validating reader (Open,
// Unmarshal, pageread.Parse and ParseValues, Layout.Reset and ResetDeferred,
// AppendJSON with deferred and with up-front validation, WriteJSON) a page
// that breaks each canonical-form rule of SPEC.md section 9 that the issue
// found unchecked, with and without a checksum. Each must fail with
// ErrCorrupt at the offending byte, while the canonical twin, which is what
// Marshal writes for the same values, reads back to the same JSON.
func TestReadersRejectNonCanonical(t *testing.T) {
	offsetMode, err := Options{Offset: 0, Limit: 1000}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	for _, crc := range []bool{false, true} {
		for _, c := range canonicalCases(t, crc) {
			name := c.name
			if crc {
				name += " (checksum)"
			}
			t.Run(name, func(t *testing.T) {
				good, bad := c.good(), c.bad()
				m, _ := rowpage.EncOptions{NoChecksum: !crc}.EncMode()
				page, err := m.Marshal(c.v)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(page, good.b) {
					t.Fatalf("Marshal wrote\n% x\nwant the canonical page\n% x", page, good.b)
				}
				if out, err := AppendJSON(nil, good.b); err != nil || string(out) != c.json {
					t.Fatalf("canonical page: AppendJSON = %s, %v; want %s", out, err, c.json)
				}
				want := bad.b
				wantAt := c.at(bad)
				for _, r := range canonicalReaders(offsetMode) {
					err := r.read(want)
					var e *rowpage.Error
					if !errors.Is(err, rowpage.ErrCorrupt) || !errors.As(err, &e) {
						t.Fatalf("%s: got %v, want ErrCorrupt", r.name, err)
					}
					if e.Offset != wantAt || e.Row != c.row || e.Column != c.col {
						t.Fatalf("%s: %v: at byte %d, row %d, column %d; want byte %d, row %d, column %d",
							r.name, err, e.Offset, e.Row, e.Column, wantAt, c.row, c.col)
					}
				}
			})
		}
	}
}

type canonicalReader struct {
	name string
	read func(page []byte) error
}

// canonicalReaders are the validating paths a page can take.
func canonicalReaders(offsetMode *Mode) []canonicalReader {
	return []canonicalReader{
		{"rowpage.Open", func(p []byte) error { _, err := rowpage.Open(p); return err }},
		{"rowpage.Unmarshal", func(p []byte) error { var v any; return rowpage.Unmarshal(p, &v) }},
		{"pageread.Parse", func(p []byte) error { _, err := pageread.Parse(p, format.Limits{}); return err }},
		{"pageread.ParseValues", func(p []byte) error { _, err := pageread.ParseValues(p, format.Limits{}); return err }},
		{"Layout.Reset", func(p []byte) error { var l pageread.Layout; return l.Reset(p, format.Limits{}) }},
		{"Layout.ResetDeferred+ValidateDeferred", func(p []byte) error {
			var l pageread.Layout
			if err := l.ResetDeferred(p, format.Limits{}); err != nil {
				return err
			}
			return l.ValidateDeferred()
		}},
		{"pageread.Inspect", func(p []byte) error { _, err := pageread.Inspect(p, format.Limits{}); return err }},
		{"AppendJSON", func(p []byte) error { _, err := AppendJSON(nil, p); return err }},
		{"AppendJSON (limit: validated first)", func(p []byte) error { _, err := offsetMode.AppendJSON(nil, p); return err }},
		{"WriteJSON", func(p []byte) error { return WriteJSON(io.Discard, p) }},
	}
}

// TestDeferredTimeModeNeedsTwoOffsets checks the checked time cursor's
// part of the mode rule on its own: a mode-2 column renders under
// ResetDeferred, and CheckDeferred accepts it only when two offsets differ,
// wherever the differing one is.
func TestDeferredTimeModeNeedsTwoOffsets(t *testing.T) {
	for _, offs := range [][]int{{60, 60, 60}, {60, 0, 60}, {0, 0, 60}, {60, 60, 0}, {-60, 60, -60}, {0, 0, 0}, {5}} {
		var rows []map[string]any
		mixed := false
		for i, o := range offs {
			mixed = mixed || o != offs[0]
			rows = append(rows, map[string]any{"t": time.Unix(1e9+int64(i), 0).In(time.FixedZone("", o))})
		}
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		l, err := pageread.Parse(page, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if mode := l.Columns[0].Payload[0]; (mode == format.TimePerValue) != mixed {
			t.Fatalf("offsets %v: Marshal chose time mode %d", offs, mode)
		}
		if _, err := AppendJSON(nil, page); err != nil {
			t.Fatalf("offsets %v: %v", offs, err)
		}
	}
}
