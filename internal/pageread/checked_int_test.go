package pageread

import (
	"math"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestTakeIntJSON renders integer cells with TakeIntJSON and checks each
// against TakeIntChecked (TakeFloatIntChecked for a float-int cursor)
// followed by AppendInt on a reference cursor over the same payload, for
// every integer layout: values at the varint boundaries (127, 128, 16383,
// 16384) and at the digit paths' (9, 10, 1e8-1, 1e8, 1e9-1, 1e9, 1e16-1,
// 1e16, 17 to 19 digits), negative ones, the extremes, into buffers with every spare
// capacity around the fixed moves; and on payloads that are truncated, non-minimal, past a frame's
// range or past ±FloatIntMax, with and without 8 bytes after the cell,
// where both must go bad at the same place.
func TestTakeIntJSON(t *testing.T) {
	vals := []int64{0, 1, 9, 10, 11, 63, 64, 127, 128, 8191, 8192, 16383, 16384, 99999999, 1e8, 1e8 + 1,
		1 << 53, -(1 << 53), -1, -9, -10, -128, -99999999, -1e8, math.MaxInt64, math.MinInt64,
		999999999, 1e9, 1e9 + 1, 9000000004, 1e15 + 7, 1e16 - 1, 1e16, 1e16 + 1, -1e9, -1e16 + 1,
		1e17 - 1, 1e17, 1e18 - 1, 1e18, -1e18, 505874924095815681, -(1e17 + 3)}
	var zig, delta, frame []byte
	prev := int64(0)
	for _, v := range vals {
		zig = format.AppendUvarint(zig, format.EncodeZigZag(v))
		delta = format.AppendUvarint(delta, format.EncodeZigZag(v-prev))
		prev = v
		if v >= 0 {
			frame = format.AppendUvarint(frame, uint64(v))
		}
	}
	bad := [][]byte{{0x80}, {0x80, 0x80}, {0x81, 0x00}, {0x81, 0x80, 0x00}, {3, 0xFF},
		{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01},
		format.AppendUvarint([]byte{1}, format.EncodeZigZag(format.FloatIntMax+1)),
		format.AppendUvarint([]byte{1}, format.EncodeZigZag(-format.FloatIntMax-1)),
		format.AppendUvarint([]byte{1}, format.EncodeZigZag(format.FloatIntMax)),
		format.AppendUvarint(nil, math.MaxUint64)}
	for _, b := range bad[:len(bad):len(bad)] { // the same with 8 bytes after them: the one-load path
		bad = append(bad, append(b[:len(b):len(b)], 0, 1, 2, 3, 0x80, 5, 6, 7, 8))
	}
	bad = append(bad, []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, // 9 bytes
		[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 1, 2}, // 9 bytes, not minimal
		[]byte{0x85, 0x80, 0x80, 0x00, 1, 2, 3, 4, 5, 6, 7, 8},             // 4 bytes, not minimal
		[]byte{0x85, 0x80, 0x80, 0x01, 1, 2, 3, 4, 5, 6, 7, 8})
	type cursorCase struct {
		enc, lay uint8
		acc      int64
		max      uint64
		payloads [][]byte
	}
	cases := []cursorCase{
		{format.EncInt, format.EncInt, 0, math.MaxUint64, append([][]byte{zig}, bad...)},
		{format.EncIntDelta, format.EncIntDelta, 0, math.MaxUint64, append([][]byte{delta}, bad...)},
		{format.EncIntFOR, format.EncIntFOR, 0, math.MaxInt64, append([][]byte{frame}, bad...)},
		{format.EncIntFOR, format.EncIntFOR, -5, math.MaxInt64 + 5, append([][]byte{frame}, bad...)},
		{format.EncIntFOR, format.EncIntFOR, 1 << 40, math.MaxInt64 - 1<<40, append([][]byte{frame}, bad...)},
		{format.EncFloatInt, format.EncInt, 0, math.MaxUint64, append([][]byte{zig}, bad...)},
		{format.EncFloatInt, format.EncIntDelta, 0, math.MaxUint64, append([][]byte{delta}, bad...)},
		{format.EncFloatInt, format.EncIntFOR, -3, math.MaxInt64 + 3, append([][]byte{frame}, bad...)},
	}
	for _, tc := range cases {
		for _, p := range tc.payloads {
			for spare := 0; spare <= 40; spare++ {
				got := Cursor{enc: tc.enc, lay: tc.lay, acc: tc.acc, data: p, max: tc.max}
				want := got
				for k := 0; !want.bad && want.pos < len(p); k++ {
					dst := make([]byte, 3, 3+spare)
					copy(dst, "pre")
					g := string(got.TakeIntJSON(dst))
					var v int64
					if tc.enc == format.EncFloatInt {
						v = want.TakeFloatIntChecked()
					} else {
						v = want.TakeIntChecked()
					}
					w := string(jsonwire.AppendInt([]byte("pre"), v))
					if got.bad != want.bad || got.pos != want.pos || got.i != want.i || got.acc != want.acc ||
						(!want.bad && g != w) {
						t.Fatalf("enc %d lay %d acc %d % x, cell %d, spare %d: got %s (bad %v, pos %d), want %s (bad %v, pos %d)",
							tc.enc, tc.lay, tc.acc, p, k, spare, g, got.bad, got.pos, w, want.bad, want.pos)
					}
					if !want.bad && w != "pre"+strconv.FormatInt(v, 10) {
						t.Fatalf("AppendInt(%d) = %s", v, w)
					}
				}
			}
		}
	}
}
