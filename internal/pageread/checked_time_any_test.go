package pageread

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestTimePerValue checks that TimePerValue reports the columns of
// per-value offsets and no others.
func TestTimePerValue(t *testing.T) {
	for _, mode := range []uint8{format.TimeUTC, format.TimeShared, format.TimePerValue} {
		c := timeCursor(format.EncTime, mode, 0, false, nil)
		if got, want := c.TimePerValue(), mode == format.TimePerValue; got != want {
			t.Errorf("mode %d: TimePerValue %v, want %v", mode, got, want)
		}
	}
}

// TestTakeTimeAnyJSON takes random columns of time cells (some damaged),
// of every mode and both encodings and cut at every length, with
// TakeTimeAnyJSON and with TakeTimeJSON on twin cursors, and fails unless
// both write the same text and leave the cursors alike after every cell,
// into a dst with no room past its start (through growTime) and one with
// the room.
func TestTakeTimeAnyJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 2))
	for round := 0; round < 2000; round++ {
		enc := uint8(format.EncTime)
		if rng.IntN(2) == 0 {
			enc = format.EncTextTime
		}
		mode := uint8(rng.IntN(3))
		off := int32(0)
		if mode == format.TimeShared {
			off = 60 * int32(rng.IntN(2*1439)-1439)
		}
		plus := enc == format.EncTextTime && mode != format.TimeShared && rng.IntN(2) == 0
		var cells []byte
		for n := 1 + rng.IntN(6); n > 0; n-- {
			cells = randTimeCell(rng, cells, mode)
		}
		for cut := 0; cut <= len(cells); cut++ {
			for _, room := range []int{0, jsonwire.TimestampWindow} {
				got := timeCursor(enc, mode, off, plus, cells[:cut])
				want := got
				for k := 0; !want.bad && want.pos < cut; k++ {
					g := string(got.TakeTimeAnyJSON(append(make([]byte, 0, 3+room), "pre"...), nil))
					w := string(want.TakeTimeJSON(append(make([]byte, 0, 3+room), "pre"...), nil))
					if g != w || got.bad != want.bad || got.pos != want.pos || got.i != want.i || got.acc != want.acc ||
						got.off != want.off || got.mixed != want.mixed || got.zero != want.zero {
						t.Fatalf("enc %#x mode %d cells % x, cell %d, room %d: got %s (bad %v, pos %d), want %s (bad %v, pos %d)",
							enc, mode, cells[:cut], k, room, g, got.bad, got.pos, w, want.bad, want.pos)
					}
				}
			}
		}
	}
}
