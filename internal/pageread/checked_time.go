package pageread

import (
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TakeTimeJSON renders the current cell of an EncTime or EncTextTime cursor
// as a quoted RFC 3339 string, as AppendTimestampJSON does, and moves past
// it, with dates from cache. It checks that the cell gives a Valid
// timestamp, with an offset in whole minutes for a text time; a bad cell
// marks the cursor bad and writes nothing. The step and fraction varints
// are read together (timeStepFrac) when they end within 8 bytes, and the
// cell's fields go to the renderer apart (AppendTimeFieldsJSON, which makes
// the checks of Timestamp.Valid), never through a Timestamp in memory.
func (c *Cursor) TakeTimeJSON(dst []byte, cache *jsonwire.DateCache) []byte {
	c.i++
	step, f, ok := c.timeStepFrac()
	if !ok {
		step = c.cuv()
		f = c.cuvWide()
	}
	c.acc += format.DecodeZigZag(step)
	off := int64(c.off)
	if c.mode == format.TimePerValue {
		off = format.DecodeZigZag(c.cuv())
		// Mode 2 needs two different offsets, and with TimeZeroPlus a zero
		// one (CheckDeferred); c.off holds the last one, noOffset before
		// the first.
		if int32(off) != c.off {
			c.mixed = c.off != noOffset
			c.off = int32(off)
		}
		c.zero = c.zero || off == 0
	}
	// timeCellValid: a fraction value f/10 of 10^9 or more never fits its
	// f%10 digits, and an offset out of the int32 range is out of Valid's.
	if off != 0 && c.enc == format.EncTextTime && off%60 != 0 {
		c.fail()
		return dst
	}
	out, ok := jsonwire.AppendTimeFieldsJSON(dst, c.acc, f/10, f%10, off, c.plus, cache)
	if !ok {
		c.fail()
	}
	return out
}

// timeStepFrac reads a time cell's first two varints, sv(Δlocal) and
// uv(frac), from one 8-byte load, when both end within it (a step of up
// to 3 bytes and a nanosecond fraction of 5 always do), and moves past
// them; ok is false, and the cursor unmoved, when they do not or fewer
// than 8 bytes are left. A varint of two or more bytes whose last byte is
// zero is not minimal: it marks the cursor bad (ok is true, the values 0).
// One gather7 joins the groups of both: the step's are the low 7 bits a
// byte of it. About 45 instructions where cuv and cuvWide take 80.
func (c *Cursor) timeStepFrac() (step, frac uint64, ok bool) {
	p := c.pos
	if p+8 > len(c.data) {
		return 0, 0, false
	}
	w := jsonwire.Load64(c.data, p)
	stops := ^w & jsonwire.SWARHi // the last byte of each varint
	rest := stops & (stops - 1)   // the stops after the step's
	if rest == 0 {
		return 0, 0, false
	}
	n := uint(bits.TrailingZeros64(rest)>>3 + 1) // bytes of both: 2 to 8
	cells := w & (^uint64(0) >> ((64 - 8*n) & 63))
	// A zero byte after a continuation byte ends a varint that is not
	// minimal: the lanes test finds the stop bytes of value 0 (no lane of
	// the sum carries), the shift the bytes after a continuation.
	zero := stops &^ (cells&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F)
	if zero&(cells<<8) != 0 {
		c.fail()
		return 0, 0, true
	}
	c.pos = p + int(n)
	v := gather7(cells)
	s := uint(bits.TrailingZeros64(stops)>>3+1) * 7 & 63 // the step's bits
	return v & (1<<s - 1), v >> s, true
}
