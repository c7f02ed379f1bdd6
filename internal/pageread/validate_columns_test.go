package pageread

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestFloatValidatorMatchesConsume checks that the float-column validator
// accepts exactly the cells ConsumeFloatCell accepts, and fails at the
// same cell with the same kind of error, on payloads of valid cells with
// random damage.
func TestFloatValidatorMatchesConsume(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 200_000 {
		var b []byte
		n := 1 + rng.IntN(4)
		for range n {
			switch rng.IntN(3) {
			case 0:
				b = appendRawCell(b, rng.Uint64())
			case 1:
				b = appendDecimalCell(b, format.Decimal{Neg: rng.IntN(2) == 0, Mant: rng.Uint64N(2e17), Exp: rng.IntN(130) - 65})
			default:
				b = append(b, byte(rng.IntN(256)))
			}
		}
		if len(b) > 0 && rng.IntN(2) == 0 {
			b = b[:rng.IntN(len(b))]
		}
		// Reference: ConsumeFloatCell cell by cell.
		wantPos, wantKind := -1, error(nil)
		pos := 0
		for range n {
			_, k := format.ConsumeFloatCell(b[pos:])
			if k < 0 {
				wantPos, wantKind = pos, format.ErrCorrupt
				if k == format.ErrCodeTruncated {
					wantKind = format.ErrTruncated
				}
				break
			}
			pos += k
		}
		v := validator{r: reader{b: b}}
		v.floats(n)
		switch {
		case wantKind == nil && v.r.err != nil:
			t.Fatalf("% x: validator error %v, ConsumeFloatCell accepts", b, v.r.err)
		case wantKind == nil && v.r.pos != pos:
			t.Fatalf("% x: validator ends at %d, want %d", b, v.r.pos, pos)
		case wantKind != nil && (v.r.err == nil || !errors.Is(v.r.err, wantKind) || v.r.err.Offset != wantPos):
			t.Fatalf("% x: validator error %v, want %v at %d", b, v.r.err, wantKind, wantPos)
		}
	}
}

// TestTimeAndFrameValidatorErrors feeds the time-column and
// frame-of-reference validators damaged payloads and checks the kind of
// error, its message and the offset of the cell it blames.
func TestTimeAndFrameValidatorErrors(t *testing.T) {
	uv := func(v uint64) []byte { return format.AppendUvarint(nil, v) }
	sv := func(v int64) []byte { return format.AppendVarint(nil, v) }
	cat := slices.Concat[[]byte]
	const day = 1_700_006_400 // a valid local time, 2023-11-15
	tests := []struct {
		name    string
		enc     uint8
		n       int
		payload []byte
		kind    error
		msg     string
		at      int
	}{
		{"valid UTC times", format.EncTime, 2, cat([]byte{format.TimeUTC}, sv(day), uv(0), sv(60), uv(1233)), nil, "", 0},
		{"valid per-value offsets", format.EncTime, 2, cat([]byte{format.TimePerValue}, sv(day), uv(0), sv(-18000), sv(1), uv(0), sv(0)), nil, "", 0},
		{"per-value offsets all equal", format.EncTime, 2, cat([]byte{format.TimePerValue}, sv(day), uv(0), sv(-18000), sv(1), uv(0), sv(-18000)), format.ErrCorrupt, "time mode 2 with every offset equal", 0},
		{"one per-value offset", format.EncTime, 1, cat([]byte{format.TimePerValue}, sv(day), uv(0), sv(0)), format.ErrCorrupt, "time mode 2 with every offset equal", 0},
		{"per-value offsets differ only in the last cell", format.EncTime, 3, cat([]byte{format.TimePerValue}, sv(day), uv(0), sv(60), sv(1), uv(0), sv(60), sv(1), uv(0), sv(120)), nil, "", 0},
		{"seconds truncated", format.EncTime, 1, []byte{format.TimeUTC, 0x80}, format.ErrTruncated, "time seconds", 1},
		{"two-byte steps and fractions", format.EncTime, 3, cat([]byte{format.TimeUTC}, sv(day), uv(5003), sv(100), uv(1233), sv(-8192), uv(9993)), nil, "", 0},
		{"second cell's seconds non-minimal", format.EncTime, 2, cat([]byte{format.TimeUTC}, sv(day), uv(0), []byte{0x81, 0x00}, uv(0)), format.ErrCorrupt, "time seconds", 7},
		{"second cell's fraction cut short", format.EncTime, 2, cat([]byte{format.TimeUTC}, sv(day), uv(0), sv(100), []byte{0x81}), format.ErrTruncated, "time fraction", 9},
		{"fraction non-minimal", format.EncTime, 1, cat([]byte{format.TimeUTC}, sv(day), []byte{0x80, 0x00}), format.ErrCorrupt, "time fraction", 6},
		{"offset missing", format.EncTime, 1, cat([]byte{format.TimePerValue}, sv(day), uv(0)), format.ErrTruncated, "time offset", 7},
		{"second cell past year 9999", format.EncTime, 2, cat([]byte{format.TimeUTC}, sv(day), uv(0), sv(format.TimeMaxLocal), uv(0)), format.ErrCorrupt, "timestamp out of range", 7},
		{"offset of a day", format.EncTime, 1, cat([]byte{format.TimePerValue}, sv(day), uv(0), sv(86400)), format.ErrCorrupt, "timestamp out of range", 1},
		{"zero fraction of 5 digits: valid", format.EncTime, 1, cat([]byte{format.TimeUTC}, sv(day), uv(5)), nil, "", 0},
		{"fraction beyond its digits", format.EncTime, 1, cat([]byte{format.TimeUTC}, sv(day), uv(101)), format.ErrCorrupt, "timestamp out of range", 1},
		{"shared offset non-minimal, then a bad cell", format.EncTime, 1, cat([]byte{format.TimeShared, 0x80, 0x00}, []byte{0x80}), format.ErrCorrupt, "time offset", 1},
		{"shared offset of zero", format.EncTime, 1, cat([]byte{format.TimeShared}, sv(0), sv(day), uv(0)), format.ErrCorrupt, "shared time offset out of range", 2},
		{"unknown time mode", format.EncTime, 1, cat([]byte{format.TimeModes}, sv(day), uv(0)), format.ErrCorrupt, "unknown time mode", 0},
		{"text times: all +00:00", format.EncTextTime, 2, cat([]byte{format.TimeUTC | format.TimeZeroPlus}, sv(day), uv(0), sv(60), uv(7383)), nil, "", 0},
		{"text times: a shared offset in minutes", format.EncTextTime, 1, cat([]byte{format.TimeShared}, sv(19800), sv(day), uv(0)), nil, "", 0},
		{"text times: +00:00 beside other offsets", format.EncTextTime, 2, cat([]byte{format.TimePerValue | format.TimeZeroPlus}, sv(day), uv(0), sv(0), sv(1), uv(0), sv(3600)), nil, "", 0},
		{"text times: a shared offset with +00:00", format.EncTextTime, 1, cat([]byte{format.TimeShared | format.TimeZeroPlus}, sv(3600), sv(day), uv(0)), format.ErrCorrupt, "unknown time mode", 0},
		{"text times: +00:00 without a zero offset", format.EncTextTime, 2, cat([]byte{format.TimePerValue | format.TimeZeroPlus}, sv(day), uv(0), sv(60), sv(1), uv(0), sv(3600)), format.ErrCorrupt, "without a zero offset", 0},
		{"text times: a shared offset of seconds", format.EncTextTime, 1, cat([]byte{format.TimeShared}, sv(90), sv(day), uv(0)), format.ErrCorrupt, "shared time offset out of range", 3},
		{"text times: a per-value offset of seconds", format.EncTextTime, 2, cat([]byte{format.TimePerValue}, sv(day), uv(0), sv(0), sv(1), uv(0), sv(-30)), format.ErrCorrupt, "timestamp out of range", 8},
		{"time cells: TimeZeroPlus is no mode", format.EncTime, 1, cat([]byte{format.TimeUTC | format.TimeZeroPlus}, sv(day), uv(0)), format.ErrCorrupt, "unknown time mode", 0},
		// Fractions of three to eight bytes with eight bytes left are read
		// from one load; the rest, and any fault, as before.
		{"nanosecond, microsecond and last nanosecond fractions", format.EncTime, 3, cat([]byte{format.TimeUTC}, sv(day), uv(1_234_567_899), sv(1), uv(1_234_566), sv(1), uv(9_999_999_999)), nil, "", 0},
		{"five-byte fraction non-minimal, a cell after", format.EncTime, 2, cat([]byte{format.TimeUTC}, sv(day), []byte{0x80, 0x80, 0x80, 0x80, 0x00}, sv(1), uv(0)), format.ErrCorrupt, "time fraction", 6},
		{"eight-byte fraction non-minimal, a cell after", format.EncTime, 2, cat([]byte{format.TimeUTC}, sv(day), []byte{0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, sv(1), uv(0)), format.ErrCorrupt, "time fraction", 6},
		{"fraction of eleven digits, a cell after", format.EncTime, 2, cat([]byte{format.TimeUTC}, sv(day), uv(10_000_000_009), sv(1), uv(0)), format.ErrCorrupt, "timestamp out of range", 1},
		{"nine-byte fraction, a cell after", format.EncTime, 2, cat([]byte{format.TimeUTC}, sv(day), uv(1<<60), sv(1), uv(0)), format.ErrCorrupt, "timestamp out of range", 1},
		{"second cell's fraction beyond its digits, in one load", format.EncTime, 3, cat([]byte{format.TimeUTC}, sv(day), uv(0), sv(1), uv(1_000_000_000), sv(1), uv(0)), format.ErrCorrupt, "timestamp out of range", 7},
		{"valid frame", format.EncIntFOR, 3, cat(sv(-5), uv(7), uv(0), uv(300)), nil, "", 0},
		{"frame offset overflows", format.EncIntFOR, 2, cat(sv(10), uv(0), uv(1<<63)), format.ErrCorrupt, "frame offset out of range", 2},
		{"frame minimum not the minimum", format.EncIntFOR, 2, cat(sv(10), uv(1), uv(2)), format.ErrCorrupt, "frame minimum is not the minimum", 3},
		{"frame offsets truncated", format.EncIntFOR, 2, cat(sv(10), uv(0)), format.ErrTruncated, "frame offset", 2},
	}
	for _, tt := range tests {
		checkColumn(t, tt.name, tt.enc, tt.n, tt.payload, tt.kind, tt.msg, tt.at)
	}
}

// checkColumn validates payload as n cells of a column of encoding enc and
// checks the outcome: with kind nil, no error and every byte read; else an
// error of that kind whose message holds msg, at offset at.
func checkColumn(t *testing.T, name string, enc uint8, n int, payload []byte, kind error, msg string, at int) {
	t.Helper()
	v := validator{r: reader{b: payload}}
	v.column(enc, n)
	err := v.r.err
	switch {
	case kind == nil && err != nil:
		t.Errorf("%s: unexpected error %v", name, err)
	case kind == nil && v.r.pos != len(payload):
		t.Errorf("%s: validator stopped at %d of %d bytes", name, v.r.pos, len(payload))
	case kind != nil && (err == nil || !errors.Is(err, kind) || !strings.Contains(err.Msg, msg) || err.Offset != at):
		t.Errorf("%s: error %v, want %v %q at %d", name, err, kind, msg, at)
	}
}

// appendDecimalCell writes d as a decimal float cell without checking it,
// as format does inside AppendFloatCell, so that tests can write bad ones.
func appendDecimalCell(dst []byte, d format.Decimal) []byte {
	s := byte(d.Exp + format.FloatExpBias)
	if d.Neg {
		s |= 0x80
	}
	return format.AppendUvarint(append(dst, s), d.Mant)
}

// appendRawCell writes bits as a raw float cell without checking them.
func appendRawCell(dst []byte, bits uint64) []byte {
	return binary.LittleEndian.AppendUint64(append(dst, format.FloatRawSelector), bits)
}

// TestTextTimeTags checks the tagged text times of SPEC.md 5.5: offsets in
// whole minutes, and offset 0 for TagTextTimePlus.
func TestTextTimeTags(t *testing.T) {
	uv := func(x uint64) []byte { return format.AppendUvarint(nil, x) }
	sv := func(x int64) []byte { return format.AppendVarint(nil, x) }
	val := func(tag byte, off int64) []byte {
		return append(append(append([]byte{tag}, sv(1_700_006_400)...), uv(7383)...), sv(off)...)
	}
	for _, tt := range []struct {
		name string
		b    []byte
		ok   bool
	}{
		{"text time, Z", val(format.TagTextTime, 0), true},
		{"text time, +05:30", val(format.TagTextTime, 19800), true},
		{"text time, 30 s", val(format.TagTextTime, 30), false},
		{"text time +00:00", val(format.TagTextTimePlus, 0), true},
		{"text time +00:00 with an offset", val(format.TagTextTimePlus, 3600), false},
		{"time, 30 s", val(format.TagTime, 30), true},
	} {
		v := validator{r: reader{b: tt.b}, l: &Layout{depth: 10}}
		v.value(1)
		if ok := v.r.err == nil && v.r.pos == len(tt.b); ok != tt.ok {
			t.Errorf("%s: valid %v (%v), want %v", tt.name, ok, v.r.err, tt.ok)
		}
		if !tt.ok && !errors.Is(v.r.err, format.ErrCorrupt) {
			t.Errorf("%s: error %v, want ErrCorrupt", tt.name, v.r.err)
		}
	}
}
