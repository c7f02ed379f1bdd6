package pageread

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestFloatIntValidator checks integral-float columns (SPEC.md 5.2): a
// layout byte naming int, int-delta or int-for, then that layout's
// payload, every value within ±2^53; anything else is corrupt, or
// truncated where the payload ends early.
func TestFloatIntValidator(t *testing.T) {
	uv := func(v uint64) []byte { return format.AppendUvarint(nil, v) }
	sv := func(v int64) []byte { return format.AppendVarint(nil, v) }
	cat := slices.Concat[[]byte]
	const max = format.FloatIntMax
	lay := func(l byte) []byte { return []byte{l} }
	tests := []struct {
		name    string
		n       int
		payload []byte
		kind    error
		msg     string
		at      int
	}{
		{"int layout", 3, cat(lay(format.EncInt), sv(0), sv(-7), sv(1000)), nil, "", 0},
		{"int layout at ±2^53", 2, cat(lay(format.EncInt), sv(max), sv(-max)), nil, "", 0},
		{"int layout past 2^53", 2, cat(lay(format.EncInt), sv(1), sv(max+1)), format.ErrCorrupt, "integral float out of range", 2},
		{"int layout past -2^53", 1, cat(lay(format.EncInt), sv(-max-1)), format.ErrCorrupt, "integral float out of range", 1},
		{"int layout truncated", 2, cat(lay(format.EncInt), sv(1)), format.ErrTruncated, "integral float", 2},
		{"delta layout", 3, cat(lay(format.EncIntDelta), sv(100), sv(1), sv(-2)), nil, "", 0},
		{"delta layout climbing to 2^53", 2, cat(lay(format.EncIntDelta), sv(max-1), sv(1)), nil, "", 0},
		{"delta layout climbing past 2^53", 2, cat(lay(format.EncIntDelta), sv(max), sv(1)), format.ErrCorrupt, "integral float out of range", 1 + format.SizeVarint(max)},
		{"delta layout at MinInt64", 2, cat(lay(format.EncIntDelta), sv(-1<<63), sv(-1<<63)), format.ErrCorrupt, "integral float out of range", 1},
		{"delta layout non-minimal", 1, cat(lay(format.EncIntDelta), []byte{0x81, 0x00}), format.ErrCorrupt, "integral float", 1},
		{"frame layout", 3, cat(lay(format.EncIntFOR), sv(-5), uv(7), uv(0), uv(300)), nil, "", 0},
		{"frame layout reaching 2^53", 2, cat(lay(format.EncIntFOR), sv(max-10), uv(10), uv(0)), nil, "", 0},
		{"frame layout past 2^53", 2, cat(lay(format.EncIntFOR), sv(max-10), uv(11), uv(0)), format.ErrCorrupt, "frame offset out of range", 1 + format.SizeVarint(max-10)},
		{"frame minimum past -2^53", 1, cat(lay(format.EncIntFOR), sv(-max-1), uv(0)), format.ErrCorrupt, "integral float out of range", 1},
		{"frame minimum not the minimum", 2, cat(lay(format.EncIntFOR), sv(3), uv(1), uv(2)), format.ErrCorrupt, "frame minimum is not the minimum", 4},
		{"layout missing", 1, nil, format.ErrTruncated, "integer layout missing", 0},
		{"uint is no layout", 1, cat(lay(format.EncUint), uv(1)), format.ErrCorrupt, "unknown integer layout", 0},
		{"float is no layout", 1, cat(lay(format.EncFloat), []byte{0x3F, 1}), format.ErrCorrupt, "unknown integer layout", 0},
		{"null is no layout", 1, cat(lay(format.EncNull), sv(1)), format.ErrCorrupt, "unknown integer layout", 0},
		{"a layout with the bitmap bit", 1, cat(lay(format.EncInt|format.EncNullBitmap), sv(1)), format.ErrCorrupt, "unknown integer layout", 0},
	}
	for _, tt := range tests {
		checkColumn(t, tt.name, format.EncFloatInt, tt.n, tt.payload, tt.kind, tt.msg, tt.at)
	}
}

// TestFloatIntTag checks the tagged integral float (SPEC.md 5.5): an sv
// within ±2^53.
func TestFloatIntTag(t *testing.T) {
	for _, tt := range []struct {
		v  int64
		ok bool
	}{{0, true}, {-1, true}, {format.FloatIntMax, true}, {-format.FloatIntMax, true}, {format.FloatIntMax + 1, false}, {-format.FloatIntMax - 1, false}, {-1 << 63, false}} {
		b := format.AppendVarint([]byte{format.TagFloatInt}, tt.v)
		v := validator{r: reader{b: b}, l: &Layout{depth: 10}}
		v.value(1)
		if ok := v.r.err == nil && v.r.pos == len(b); ok != tt.ok {
			t.Errorf("%d: valid %v (%v), want %v", tt.v, ok, v.r.err, tt.ok)
		}
		if !tt.ok && (!errors.Is(v.r.err, format.ErrCorrupt) || v.r.err.Offset != 1) {
			t.Errorf("%d: error %v, want ErrCorrupt at 1", tt.v, v.r.err)
		}
	}
	// The tag after the highest: unsupported, as for any tag a reader
	// does not know.
	v := validator{r: reader{b: []byte{format.TagMax + 1}}, l: &Layout{depth: 10}}
	v.value(1)
	if !errors.Is(v.r.err, format.ErrUnsupported) {
		t.Errorf("tag %#x: error %v, want ErrUnsupported", format.TagMax+1, v.r.err)
	}
}

// TestIntFloatCell checks that an integral float reads as the cell a float
// column holds for it (AppendFloatCell's, normalised), so that it decodes
// to the same float64 and renders as json.Marshal renders that float64,
// at the ends of the range and around trailing zeros.
func TestIntFloatCell(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 7, 10, -10, 1000, -1000, 120, 1e15, -1e15, 123456789012345, 1e15 + 1,
		format.FloatIntMax, -format.FloatIntMax, format.FloatIntMax - 1, 9007199254740990, 4503599627370496} {
		c := intFloatCell(v)
		want, err := format.AppendFloatCell(nil, float64(v), 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.AppendTo(nil); string(got) != string(want) {
			t.Errorf("%d: cell % x, want % x", v, got, want)
		}
		if c.Float64() != float64(v) {
			t.Errorf("%d: Float64 %v", v, c.Float64())
		}
		text, _ := json.Marshal(float64(v))
		if got := jsonwire.AppendFloatJSON(nil, c); string(got) != string(text) {
			t.Errorf("%d: renders %s, json.Marshal %s", v, got, text)
		}
		if got := jsonwire.AppendInt(nil, v); string(got) != string(text) {
			t.Errorf("%d: AppendInt %s, json.Marshal %s", v, got, text)
		}
	}
}
