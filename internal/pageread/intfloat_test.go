package pageread

import (
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestIntFloatValidator checks int-or-float columns (SPEC.md 5.2, 5.3):
// each number cell IntFloatSelector and a canonical sv, or a valid float
// cell; and both kinds in the column (SPEC.md 9), else corrupt, or
// truncated where the payload ends early.
func TestIntFloatValidator(t *testing.T) {
	const sel = format.IntFloatSelector
	sv := func(v int64) []byte { return format.AppendVarint([]byte{sel}, v) }
	fl := func(f float64) []byte {
		b, err := format.AppendFloatCell(nil, f, 64)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	raw := func(bits uint64) []byte {
		return binary.LittleEndian.AppendUint64([]byte{format.FloatRawSelector}, bits)
	}
	cat := slices.Concat[[]byte]
	tests := []struct {
		name    string
		n       int
		payload []byte
		kind    error
		msg     string
		at      int
	}{
		{"int and float", 2, cat(sv(1), fl(2.5)), nil, "", 0},
		{"float and int", 2, cat(fl(2.5), sv(1)), nil, "", 0},
		{"int64 ends, raw floats", 4, cat(sv(math.MaxInt64), sv(math.MinInt64), fl(5e-324), fl(math.Copysign(0, -1))), nil, "", 0},
		{"an integral float", 2, cat(sv(3), fl(3)), nil, "", 0},
		{"only integers", 2, cat(sv(1), sv(2)), format.ErrCorrupt, "holds no float", 4},
		{"only floats", 2, cat(fl(1.5), fl(2)), format.ErrCorrupt, "holds no integer", 4},
		{"non-minimal integer", 2, cat([]byte{sel, 0x81, 0x00}, fl(1.5)), format.ErrCorrupt, "integer", 1},
		{"overlong integer", 2, cat([]byte{sel}, []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02}, fl(1.5)), format.ErrCorrupt, "integer", 1},
		{"integer missing", 2, cat(fl(1.5), []byte{sel}), format.ErrTruncated, "integer", 3},
		{"integer cut short", 2, cat(fl(1.5), []byte{sel, 0x81}), format.ErrTruncated, "integer", 3},
		{"float cut short", 2, cat(sv(1), []byte{0x3E}), format.ErrTruncated, "float", 2},
		{"raw float cut short", 2, cat(sv(1), raw(1)[:5]), format.ErrTruncated, "float", 2},
		{"cell missing", 3, cat(sv(1), fl(1.5)), format.ErrTruncated, "float", 4},
		{"NaN", 2, cat(sv(1), raw(math.Float64bits(math.NaN()))), format.ErrCorrupt, "invalid float cell", 2},
		{"mantissa with a trailing zero", 2, cat(sv(1), []byte{0x3F, 10}), format.ErrCorrupt, "invalid float cell", 2},
		{"negative selector 0xFF is raw", 2, cat(sv(1), []byte{0xFF, 1}), format.ErrTruncated, "float", 2},
	}
	for _, tt := range tests {
		checkColumn(t, tt.name, format.EncIntFloat, tt.n, tt.payload, tt.kind, tt.msg, tt.at)
		// The checked cursor agrees: it renders valid payloads as numbers
		// and marks invalid cells bad (the two-kinds rule and the payload's
		// end are CheckDeferred's).
		c := Cursor{enc: format.EncIntFloat, data: tt.payload, max: math.MaxUint64}
		for range tt.n {
			c.TakeIntFloatJSON(nil)
		}
		ok := !c.bad && c.pos == len(tt.payload) && c.ints && c.flts
		if ok != (tt.kind == nil) {
			t.Errorf("%s: checked cursor ok %v (bad %v, at %d of %d, ints %v, floats %v)", tt.name, ok, c.bad, c.pos, len(tt.payload), c.ints, c.flts)
		}
	}
}

// TestIntFloatCells reads number cells through TakeCell and renders them
// through the checked cursor: integers as TagInt and their decimal,
// floats as TagFloat and encoding/json's text.
func TestIntFloatCells(t *testing.T) {
	var payload []byte
	type want struct {
		tag  uint8
		i    int64
		f    float64
		text string
	}
	var wants []want
	for _, v := range []any{int64(0), int64(-1), int64(1<<53 + 1), int64(math.MinInt64), 12.5, 1e21, 5e-324, math.Copysign(0, -1), 2.0} {
		switch v := v.(type) {
		case int64:
			payload = format.AppendVarint(append(payload, format.IntFloatSelector), v)
			wants = append(wants, want{tag: format.TagInt, i: v, text: formatInt(v)})
		case float64:
			payload, _ = format.AppendFloatCell(payload, v, 64)
			text := map[float64]string{12.5: "12.5", 1e21: "1e+21", 5e-324: "5e-324", 2: "2"}[v]
			if v == 0 {
				text = "-0"
			}
			wants = append(wants, want{tag: format.TagFloat, f: v, text: text})
		}
	}
	c := Cursor{enc: format.EncIntFloat, data: payload, max: math.MaxUint64}
	k := c
	var cell Cell
	for i, w := range wants {
		c.TakeCell(&cell)
		if cell.Tag != w.tag || (w.tag == format.TagInt && cell.Int != w.i) ||
			(w.tag == format.TagFloat && math.Float64bits(cell.Float.Float64()) != math.Float64bits(w.f)) {
			t.Errorf("cell %d: %+v, want %+v", i, cell, w)
		}
		if got := string(k.TakeIntFloatJSON(nil)); got != w.text {
			t.Errorf("cell %d: renders %s, want %s", i, got, w.text)
		}
	}
	if c.pos != len(payload) || k.pos != len(payload) || k.bad {
		t.Errorf("cursors end at %d and %d (bad %v) of %d", c.pos, k.pos, k.bad, len(payload))
	}
}

func formatInt(v int64) string {
	if v == math.MinInt64 {
		return "-9223372036854775808"
	}
	neg := v < 0
	if neg {
		v = -v
	}
	var b []byte
	for {
		b = append([]byte{byte('0' + v%10)}, b...)
		v /= 10
		if v == 0 {
			break
		}
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}
