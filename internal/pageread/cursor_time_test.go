package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestCursorTimeParts reads time cells whose step and fraction varints
// have every pair of lengths (the step up to ten bytes, the fraction up to
// five, a nanosecond fraction's most), with 0 to 9 bytes after them (the
// one-load read needs eight from the cell's start), through TakeTime and
// TakeCell, and compares with the cell decoded by format.ConsumeUvarint.
func TestCursorTimeParts(t *testing.T) {
	var steps, fracs []uint64
	for k := 1; k <= 10; k++ {
		steps = append(steps, 1<<(7*(k-1)), 1<<min(7*k, 64)-1)
	}
	for k := 1; k <= 5; k++ {
		fracs = append(fracs, 1<<(7*(k-1)), 1<<(7*k)-1)
	}
	for _, step := range steps {
		for _, frac := range fracs {
			for pad := range 10 {
				data := []byte{format.TimeShared, 0} // mode, then a zero shared offset
				data = format.AppendUvarint(data, step)
				data = format.AppendUvarint(data, frac)
				end := len(data)
				data = append(data, make([]byte, pad)...)
				want := format.Timestamp{Local: format.DecodeZigZag(step), Frac: uint32(frac / 10), Digits: uint8(frac % 10)}

				c := Cursor{enc: format.EncTime, data: data, pos: 2, mode: format.TimeShared}
				if got := c.TakeTime(); got != want || c.pos != end {
					t.Errorf("TakeTime of step %d, fraction %d, %d bytes after: %+v at %d, want %+v at %d",
						step, frac, pad, got, c.pos, want, end)
				}
				c = Cursor{enc: format.EncTime, data: data, pos: 2, mode: format.TimeShared}
				var cell Cell
				if c.TakeCell(&cell); cell.Tag != format.TagTime || cell.Time != want || c.pos != end {
					t.Errorf("TakeCell of step %d, fraction %d, %d bytes after: %+v at %d, want %+v at %d",
						step, frac, pad, cell.Time, c.pos, want, end)
				}
			}
		}
	}
}

// TestCursorTimeRun reads a run of time cells one after another, as a
// column's are, with steps that add up and a per-value offset after each
// pair, and checks every cell and where the run ends.
func TestCursorTimeRun(t *testing.T) {
	type cell struct {
		step int64
		frac uint64
		off  int64
	}
	cells := []cell{{1_700_000_000, 1234567899, 0}, {1, 0, 60}, {-3, 5, -3600}, {200, 9990, 0},
		{70_000, 999_999_999_9, 1}, {0, 1, 0}, {1 << 40, 17, 0}, {-(1 << 40), 123_456_789_9, 120}, {2, 0, 0}}
	data := []byte{format.TimePerValue}
	for _, x := range cells {
		data = format.AppendUvarint(data, format.EncodeZigZag(x.step))
		data = format.AppendUvarint(data, x.frac)
		data = format.AppendUvarint(data, format.EncodeZigZag(x.off))
	}
	c := Cursor{enc: format.EncTime, data: data, pos: 1, mode: format.TimePerValue}
	var local int64
	for i, x := range cells {
		local += x.step
		want := format.Timestamp{Local: local, Frac: uint32(x.frac / 10), Digits: uint8(x.frac % 10), Offset: int32(x.off)}
		if got := c.TakeTime(); got != want {
			t.Fatalf("cell %d: %+v, want %+v", i, got, want)
		}
	}
	if c.pos != len(data) {
		t.Fatalf("run ends at %d, want %d", c.pos, len(data))
	}
}
