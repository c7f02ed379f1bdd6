package pageread

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// refTakeTime is TakeTimeJSON as it was before its varints were read
// together and its fields passed apart: cuv, cuvWide and the checks on a
// format.Timestamp, rendered by refTimeText. It returns the text and false
// for a bad cell, having marked the cursor bad.
func refTakeTime(c *Cursor) (string, bool) {
	c.i++
	c.acc += format.DecodeZigZag(c.cuv())
	f := c.cuvWide()
	off := int64(c.off)
	if c.mode == format.TimePerValue {
		off = format.DecodeZigZag(c.cuv())
		if int32(off) != c.off {
			c.mixed = c.off != noOffset
			c.off = int32(off)
		}
		c.zero = c.zero || off == 0
	}
	ts := format.Timestamp{Local: c.acc, Frac: uint32(f / 10), Digits: uint8(f % 10), Offset: int32(off), ZeroPlus: c.plus}
	if f > 9_999_999_999 || int64(ts.Offset) != off || !ts.Valid() || (c.enc == format.EncTextTime && off%60 != 0) {
		c.fail()
		return "", false
	}
	return refTimeText(ts), true
}

// refTimeText writes a valid ts as SPEC.md 5.4 spells it out, with package
// time for the calendar and fmt for the digits.
func refTimeText(ts format.Timestamp) string {
	s := `"` + time.Unix(ts.Local, 0).UTC().Format("2006-01-02T15:04:05")
	if ts.Digits > 0 {
		s += fmt.Sprintf(".%0*d", ts.Digits, ts.Frac)
	}
	if ts.Offset == 0 && !ts.ZeroPlus {
		return s + `Z"`
	}
	m, sign := ts.Offset/60, "+"
	if m < 0 {
		m, sign = -m, "-"
	}
	return s + fmt.Sprintf("%s%02d:%02d\"", sign, m/60, m%60)
}

// timeCursor returns a checked cursor over cells, as ResetDeferred sets one
// up after the mode byte and any shared offset.
func timeCursor(enc, mode uint8, off int32, plus bool, cells []byte) Cursor {
	c := Cursor{enc: enc, data: cells, mode: mode, off: off, plus: plus, max: math.MaxUint64}
	if mode == format.TimePerValue {
		c.off = noOffset
	}
	return c
}

// checkTakeTime takes every cell of cells with TakeTimeJSON and with
// refTakeTime on twin cursors, and fails unless both write the same text,
// go bad at the same cell and leave the cursors alike: once into a dst
// with no room past "pre" (through growTime) and once into one with the
// room.
func checkTakeTime(t *testing.T, enc, mode uint8, off int32, plus bool, cells []byte) {
	t.Helper()
	for _, room := range []int{0, jsonwire.TimestampWindow} {
		got := timeCursor(enc, mode, off, plus, cells)
		want := got
		for k := 0; !want.bad && want.pos < len(cells); k++ {
			g := string(got.TakeTimeJSON(append(make([]byte, 0, 3+room), "pre"...), nil))
			w, ok := refTakeTime(&want)
			if got.bad != want.bad || got.pos != want.pos || got.i != want.i ||
				(ok && !want.bad && (g != "pre"+w || got.acc != want.acc || got.off != want.off || got.mixed != want.mixed || got.zero != want.zero)) {
				t.Fatalf("enc %#x mode %d off %d plus %v, cells % x, cell %d, room %d: got %s (bad %v, pos %d, i %d), want pre%s (bad %v, pos %d, i %d)",
					enc, mode, off, plus, cells, k, room, g, got.bad, got.pos, got.i, w, want.bad, want.pos, want.i)
			}
		}
	}
}

// randTimeCell appends one time cell: steps of every varint length (one to
// ten bytes, both signs), fractions of every digit count, some too large
// for their digits or too long, and per-value offsets in and out of
// range, some not whole minutes; a few cells are damaged (a non-minimal or
// cut varint).
func randTimeCell(rng *rand.Rand, b []byte, mode uint8) []byte {
	var step int64
	switch rng.IntN(6) {
	case 0:
		step = rng.Int64N(128) - 64
	case 1:
		step = rng.Int64N(1<<14) - 1<<13
	case 2:
		step = rng.Int64N(1<<21) - 1<<20
	case 3:
		step = rng.Int64N(1<<40) - 1<<39
	case 4:
		step = int64(rng.Uint64())
	default:
		step = rng.Int64N(200_000) - 100_000
	}
	b = format.AppendVarint(b, step)
	d := uint64(rng.IntN(10))
	var frac uint64
	switch rng.IntN(8) {
	case 0:
		frac = 0
	case 1:
		frac = uint64(rng.Int64N(100))*10 + d // often too large for d
	case 2:
		frac = rng.Uint64() % 20_000_000_000 // often past 9_999_999_999
	case 3:
		frac = rng.Uint64()
	default:
		frac = uint64(rng.Int64N(int64(math.Pow10(int(d)))))*10 + d
	}
	b = format.AppendUvarint(b, frac)
	if mode == format.TimePerValue {
		var off int64
		switch rng.IntN(5) {
		case 0:
			off = 0
		case 1:
			off = rng.Int64N(2*86400+1) - 86400 // seconds, some past the limit
		case 2:
			off = int64(rng.Uint64())
		default:
			off = 60 * (rng.Int64N(2*1440-1) - 1439)
		}
		b = format.AppendVarint(b, off)
	}
	switch rng.IntN(40) {
	case 0:
		b = append(b, 0x80, 0x00) // a non-minimal varint where the next cell starts
	case 1:
		b = append(b, 0x81) // cut: a varint the payload ends in, or a continuation into the next cell
	case 2:
		if len(b) > 0 && b[len(b)-1] < 0x80 {
			b[len(b)-1] |= 0x80 // joins the cell's last varint to the next cell's first
		}
	}
	return b
}

// TestTakeTimeJSON compares TakeTimeJSON with refTakeTime on random columns
// of every mode and both encodings, each cut at every length, so that each
// cell is met with more and fewer than 8 bytes after it (the two ways of
// reading its varints), and on hand-made cells at the bounds.
func TestTakeTimeJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 26))
	for round := 0; round < 4000; round++ {
		enc := uint8(format.EncTime)
		if rng.IntN(2) == 0 {
			enc = format.EncTextTime
		}
		mode := uint8(rng.IntN(3))
		off := int32(0)
		if mode == format.TimeShared {
			off = 60 * int32(rng.IntN(2*1439)-1439)
			if off == 0 || rng.IntN(8) == 0 {
				off = int32(rng.IntN(2*86399) - 86399)
			}
		}
		plus := enc == format.EncTextTime && mode != format.TimeShared && rng.IntN(2) == 0
		var cells []byte
		for n := 1 + rng.IntN(6); n > 0; n-- {
			cells = randTimeCell(rng, cells, mode)
		}
		for cut := 0; cut <= len(cells); cut++ {
			checkTakeTime(t, enc, mode, off, plus, cells[:cut])
		}
	}
	sv, uv := format.AppendVarint, format.AppendUvarint
	pad := []byte{0, 0, 0, 0, 0, 0, 0, 0} // zero steps and fractions: 8 bytes after the cell
	cat := func(parts ...[]byte) []byte {
		var b []byte
		for _, p := range parts {
			b = append(b, p...)
		}
		return b
	}
	for _, cells := range [][]byte{
		cat(sv(nil, format.TimeMinLocal), uv(nil, 0), pad),
		cat(sv(nil, format.TimeMinLocal-1), uv(nil, 0), pad),
		cat(sv(nil, format.TimeMaxLocal), uv(nil, 9_999_999_999), pad),
		cat(sv(nil, format.TimeMaxLocal+1), uv(nil, 9), pad),
		cat(sv(nil, 1_741_946_709), uv(nil, 10_000_000_000), pad),
		cat(sv(nil, 1_741_946_709), uv(nil, 10_000_000_009), pad),
		cat(sv(nil, 1_741_946_709), uv(nil, 100), pad), // .0 with F = 10 > 9
		cat(sv(nil, 1_741_946_709), uv(nil, 10), pad),  // F = 1 with no digits
		cat(sv(nil, 1_741_946_709), uv(nil, 6_622_881_889), pad),
		{0x80, 0x00, 0, 0, 0, 0, 0, 0, 0, 0},             // a non-minimal step
		{0x02, 0x80, 0x00, 0, 0, 0, 0, 0, 0, 0},          // a non-minimal fraction
		{0x82, 0x80, 0x80, 0x00, 0x05, 0, 0, 0, 0, 0},    // a step of 4 bytes ending in zero
		{0x00, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, // a fraction past the 8 bytes
		{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0},
		// A step of 4 bytes, then a fraction read from a second load, and
		// (per-value) an offset of 3 bytes, one of 2, a zero one, or one
		// that is not minimal.
		cat(sv(nil, 100_000_000), uv(nil, 6_622_881_889), sv(nil, 19_800), pad),
		cat(sv(nil, -100_000_000), uv(nil, 1_234_567_899), sv(nil, -3600), pad),
		cat(sv(nil, 100_000_000), uv(nil, 0), sv(nil, 0), pad),
		cat(sv(nil, 100_000_000), []byte{0x80, 0x00}, pad), // a fraction that is not minimal
		cat(sv(nil, 5), uv(nil, 0), []byte{0xB0, 0x80, 0x00}, pad),
	} {
		for _, enc := range []uint8{format.EncTime, format.EncTextTime} {
			checkTakeTime(t, enc, format.TimeUTC, 0, false, cells)
			checkTakeTime(t, enc, format.TimeShared, 3600, false, cells)
			checkTakeTime(t, enc, format.TimeShared, 90, false, cells)
			checkTakeTime(t, enc, format.TimePerValue, 0, false, cells)
		}
	}
}

// FuzzTakeTimeJSON compares TakeTimeJSON with refTakeTime on any bytes,
// in every mode of both encodings.
func FuzzTakeTimeJSON(f *testing.F) {
	f.Add([]byte{0x02, 0x80, 0x00, 0, 0, 0, 0, 0, 0, 0}, uint8(0), int32(0))
	f.Add(format.AppendUvarint(format.AppendVarint(nil, 1_741_946_709), 6_622_881_889), uint8(1), int32(3600))
	f.Add([]byte{0x04, 0x8b, 0x27, 0x78, 0x02, 0x8b, 0x27, 0x77, 0, 0, 0, 0}, uint8(2), int32(0))
	f.Fuzz(func(t *testing.T, cells []byte, kind uint8, off int32) {
		enc := uint8(format.EncTime)
		if kind&4 != 0 {
			enc = format.EncTextTime
		}
		mode := kind & 3 % 3
		if mode != format.TimeShared {
			off = 0
		}
		checkTakeTime(t, enc, mode, off, kind&8 != 0 && enc == format.EncTextTime, cells)
	})
}

// TestTakeTimeJSONMarshal renders columns of random instants (years 0000
// to 9999, every offset a time column allows, seconds included, and every
// fraction length) with TakeTimeJSON, with and without a date cache, and
// compares each cell with time.Time.MarshalJSON; then the same instants as
// text times, whole-minute offsets with zero written +00:00, with the
// RFC 3339 text package time writes.
func TestTakeTimeJSONMarshal(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 16))
	var cache jsonwire.DateCache
	for round := range 2000 {
		text := round%2 == 1
		var cells []byte
		var want []string
		prev := int64(0)
		for range 1 + rng.IntN(40) {
			off := rng.IntN(2*format.TimeMaxOffset+1) - format.TimeMaxOffset
			switch {
			case text:
				off -= off % 60
				if rng.IntN(4) == 0 {
					off = 0
				}
			case rng.IntN(4) == 0:
				off = rng.IntN(181) - 90 // within a minute and a half of UTC
			}
			zone := time.UTC
			if off != 0 {
				zone = time.FixedZone("", off)
			}
			// An instant whose local time is within years 0000 to 9999.
			local := format.TimeMinLocal + rng.Int64N(format.TimeMaxLocal-format.TimeMinLocal+1)
			ns := int64(0)
			if d := rng.IntN(10); d > 0 {
				p := int64(math.Pow10(9 - d))
				ns = rng.Int64N(1e9/p) * p // d digits or fewer, once trailing zeros go
			}
			tm := time.Unix(local-int64(off), ns).In(zone)
			ts, err := format.TimestampOf(tm)
			if err != nil || ts.Local != local {
				t.Fatalf("%v: TimestampOf = %+v, %v", tm, ts, err)
			}
			cells = format.AppendVarint(cells, ts.Local-prev)
			cells = format.AppendUvarint(cells, uint64(ts.Frac)*10+uint64(ts.Digits))
			cells = format.AppendVarint(cells, int64(ts.Offset))
			prev = ts.Local
			var w string
			if text {
				w = `"` + strings.Replace(tm.Format(time.RFC3339Nano), "Z", "+00:00", 1) + `"`
			} else {
				b, _ := tm.MarshalJSON()
				w = string(b)
			}
			want = append(want, w)
		}
		enc := uint8(format.EncTime)
		if text {
			enc = format.EncTextTime
		}
		for _, dates := range []*jsonwire.DateCache{nil, &cache} {
			c := timeCursor(enc, format.TimePerValue, 0, text, cells)
			for i, w := range want {
				if got := string(c.TakeTimeJSON(make([]byte, 0, i%40), dates)); got != w || c.bad {
					t.Fatalf("round %d cell %d (cache %v): got %s (bad %v), want %s", round, i, dates != nil, got, c.bad, w)
				}
			}
			if c.pos != len(cells) {
				t.Fatalf("round %d: the cursor stops at %d of %d", round, c.pos, len(cells))
			}
		}
	}
}

// TestTailWordCont checks that tailWordCont gives the bytes left from i as
// a little-endian word with 0x80 bytes after them, and eight 0x80 bytes
// where i is not within the last 8 bytes of a payload of at least 8.
func TestTailWordCont(t *testing.T) {
	b := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	for i := -1; i <= len(b)+1; i++ {
		var want [8]byte
		for k := range want {
			want[k] = 0x80
			if i >= len(b)-8 && i+k < len(b) && i >= 0 {
				want[k] = b[i+k]
			}
		}
		if i >= 0 && i+8 <= len(b) && i != len(b)-8 {
			want = [8]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80} // 8 bytes or more left: not a tail
		}
		if got := tailWordCont(b, i); got != binary.LittleEndian.Uint64(want[:]) {
			t.Errorf("i = %d: got %#x, want % x", i, got, want)
		}
	}
	if got := tailWordCont(b[:7], 3); got != jsonwire.SWARHi {
		t.Errorf("a payload of 7 bytes: got %#x, want eight 0x80 bytes", got)
	}
}
