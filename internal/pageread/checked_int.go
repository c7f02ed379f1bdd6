package pageread

import (
	"encoding/binary"
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TakeIntJSON renders the current cell of an EncInt, EncIntDelta,
// EncIntFOR or EncFloatInt cursor as jsonwire.AppendInt renders the value
// of TakeIntChecked (TakeFloatIntChecked), with the same checks, and moves
// past it. It costs one call per integer cell where TakeIntChecked and
// AppendInt cost two: a varint of up to 8 bytes is read (with 8 bytes
// left, from one load, as cuvSlow reads it), and a value from 0 to 1e8-1
// written (eight digits from jsonwire.Digits8 in one move, slack past
// them within cap(dst)), in line.
func (c *Cursor) TakeIntJSON(dst []byte) []byte {
	c.i++
	var u uint64
	if p := c.pos; p < len(c.data) && c.data[p] < 0x80 {
		u = uint64(c.data[p])
		c.pos = p + 1
	} else if p+8 <= len(c.data) {
		w := jsonwire.Load64(c.data, p)
		n := bits.TrailingZeros64(^w&jsonwire.SWARHi)>>3 + 1 // 9 when no byte ends it
		switch {
		case n == 2 && byte(w>>8) != 0: // the commonest long varint, as cuvSlow reads it first
			u, c.pos = w&0x7F|(w>>8&0x7F)<<7, p+2
		case n > 8:
			u = c.cuvSlow()
		case w>>(8*(n-1))&0xFF == 0: // a last byte of zero: not minimal
			c.fail()
		default:
			u, c.pos = gather7(w&(^uint64(0)>>(64-8*n))), p+n
		}
	} else {
		u = c.cuvSlow()
	}
	var v int64
	switch c.lay {
	case format.EncInt:
		v = format.DecodeZigZag(u)
	case format.EncIntDelta:
		c.acc = int64(uint64(c.acc) + uint64(format.DecodeZigZag(u)))
		v = c.acc
	default: // EncIntFOR
		if u > c.max {
			c.fail()
		}
		v = int64(uint64(c.acc) + u)
	}
	if c.enc == format.EncFloatInt && !isFloatInt(v) {
		c.fail()
	}
	n := len(dst)
	if uint64(v) >= 1e8 || cap(dst)-n < 8 {
		return jsonwire.AppendInt(dst, v)
	}
	b := (*[8]byte)(dst[n : n+8])
	if v < 10 {
		b[0] = byte('0' + v)
		return dst[:n+1]
	}
	w := jsonwire.Digits8(uint32(v))
	z := uint(bits.TrailingZeros64(w)) &^ 7 // the leading zero digits' bits (v >= 10: not all)
	binary.LittleEndian.PutUint64(b[:], (w|jsonwire.AsciiZeros)>>z)
	return dst[:n+8-int(z>>3)]
}
