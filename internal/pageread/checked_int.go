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
// left, from one load, as cuvSlow reads it), and a value from 0 to 1e16-1
// written (eight digits from jsonwire.Digits8 in one move, or two for
// nine digits or more, slack past them within cap(dst)), in line.
func (c *Cursor) TakeIntJSON(dst []byte) []byte {
	c.i++
	var u uint64
	if p := c.pos; uint(p) < uint(len(c.data)) && c.data[p] < 0x80 {
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
		if uint64(v)-1e8 < 1e16-1e8 && cap(dst)-n >= 16 { // 9 to 16 digits: ids, nanoseconds
			hi := uint64(v) / 1e8
			b := (*[16]byte)(dst[n : n+16])
			i := 1
			if hi < 10 {
				b[0] = byte('0' + hi)
			} else {
				w := jsonwire.Digits8(uint32(hi))
				z := uint(bits.TrailingZeros64(w)) &^ 7
				binary.LittleEndian.PutUint64(b[:8], (w|jsonwire.AsciiZeros)>>z)
				i = 8 - int(z>>3)
			}
			binary.LittleEndian.PutUint64(b[i:i+8], jsonwire.Digits8(uint32(uint64(v)-hi*1e8))|jsonwire.AsciiZeros)
			return dst[:n+i+8]
		}
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

// memberIntJSON renders the TagInt or TagFloatInt member whose tag vt is at
// c.data[p], checked as TakeIntJSON checks an integer cell (a TagFloatInt
// value beyond ±FloatIntMax marks the cursor bad), and moves c past it.
// It is TakeIntJSON for containerJSON's loop (and valueJSON's integer
// cells): with 8 bytes after the tag a
// varint of up to 8 bytes is read from one load, and a value below 1e16
// written with one or two digits8 moves, so a member costs this one call
// where cuvSlow and AppendInt cost two or three. Everything else (a
// longer or truncated varint, a larger value, a dst without 24 bytes of
// room) is left to calls that end it (memberIntSlow, AppendInt), so that
// nothing need be saved across a call on the way.
func (c *Cursor) memberIntJSON(dst []byte, p int, vt byte) []byte {
	q := p + 1
	if q+8 > len(c.data) {
		return c.memberIntSlow(dst, p, vt)
	}
	w := jsonwire.Load64(c.data, q)
	var u uint64
	if w&0x80 == 0 { // one byte, the commonest
		u, c.pos = w&0x7F, q+1
	} else {
		var n int
		if u, n = checkedWordUvarint(w); n == 0 { // longer than 8 bytes, or not minimal
			return c.memberIntSlow(dst, p, vt)
		}
		c.pos = q + n
	}
	v := format.DecodeZigZag(u)
	if vt == format.TagFloatInt && !isFloatInt(v) {
		c.fail()
		return dst
	}
	n := len(dst)
	if cap(dst)-n < 24 {
		return jsonwire.AppendInt(dst, v)
	}
	b := (*[24]byte)(dst[n : n+24])
	i := 0
	if v < 0 {
		b[0] = '-'
		u, i = -uint64(v), 1
	} else {
		u = uint64(v)
	}
	switch {
	case u < 10:
		b[i] = byte('0' + u)
		return dst[:n+i+1]
	case u < 1e8:
		w := jsonwire.Digits8(uint32(u))
		z := uint(bits.TrailingZeros64(w)) &^ 7 // the leading zero digits' bits (u >= 10: not all)
		binary.LittleEndian.PutUint64(b[i:i+8], (w|jsonwire.AsciiZeros)>>z)
		return dst[:n+i+8-int(z>>3)]
	case u < 1e16:
		hi := u / 1e8 // 1 to 1e8-1: the digits before the last eight
		if hi < 10 {  // nine digits, the commonest long integer (ids)
			b[i] = byte('0' + hi)
			i++
		} else {
			w := jsonwire.Digits8(uint32(hi))
			z := uint(bits.TrailingZeros64(w)) &^ 7
			binary.LittleEndian.PutUint64(b[i:i+8], (w|jsonwire.AsciiZeros)>>z)
			i += 8 - int(z>>3)
		}
		binary.LittleEndian.PutUint64(b[i:i+8], jsonwire.Digits8(uint32(u-hi*1e8))|jsonwire.AsciiZeros)
		return dst[:n+i+8]
	}
	return jsonwire.AppendInt(dst, v)
}

// memberIntSlow is memberIntJSON for a member whose varint it does not read
// from one load: fewer than 8 bytes after the tag, or a varint of 9 or
// more bytes or a non-minimal one, which cuv reads or rejects.
func (c *Cursor) memberIntSlow(dst []byte, p int, vt byte) []byte {
	c.pos = p + 1
	v := format.DecodeZigZag(c.cuv())
	if vt == format.TagFloatInt && !isFloatInt(v) {
		c.fail()
		return dst
	}
	return jsonwire.AppendInt(dst, v)
}

// cuvWide is cuv for varints that are often long (a timestamp's fraction
// digits, five bytes for nanoseconds): with 8 bytes left in the payload
// one load reads a varint of up to 8 bytes, as memberIntJSON does, in one
// call where cuv and cuvSlow take two. Other varints take cuvSlow.
func (c *Cursor) cuvWide() uint64 {
	p := c.pos
	if uint(p) < uint(len(c.data)) && c.data[p] < 0x80 { // one byte (a whole-second time's zero)
		c.pos = p + 1
		return uint64(c.data[p])
	}
	if p+8 <= len(c.data) {
		if v, n := checkedWordUvarint(jsonwire.Load64(c.data, p)); n != 0 {
			c.pos = p + n
			return v
		}
	}
	return c.cuvSlow() // 9 or 10 bytes, or not minimal (which cuvSlow rejects)
}
