package pageread

import (
	"encoding/binary"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TakeIntJSON renders the current cell of an EncInt, EncIntDelta,
// EncIntFOR or EncFloatInt cursor as jsonwire.AppendInt renders the value
// of TakeIntChecked (TakeFloatIntChecked), with the same checks, and moves
// past it. It costs one call per integer cell where TakeIntChecked and
// AppendInt cost two: a varint of up to 8 bytes is read (from one load,
// by uvarint8: with fewer than 8 bytes left, the payload's last word,
// tailWord), and with 24 bytes of room in dst a
// value below 1e16 written in line as memberIntJSON writes it. Everything
// else (a longer, truncated or non-minimal varint, a dst without the room,
// a larger value) is left to calls that end it (takeIntSlow, AppendInt),
// so that nothing need be saved across a call on the way.
func (c *Cursor) TakeIntJSON(dst []byte) []byte {
	c.i++
	p := c.pos
	if uint(p) >= uint(len(c.data)) {
		return c.takeIntSlow(dst)
	}
	var u uint64
	if x := c.data[p]; x < 0x80 {
		u, c.pos = uint64(x), p+1
	} else {
		var w uint64
		if p+8 <= len(c.data) {
			w = word8(c.data, p)
		} else if w = tailWord(c.data, p); w == 0 { // fewer than 8 bytes left
			return c.takeIntSlow(dst)
		}
		if w&0x8000 == 0 && w&0x7F00 != 0 { // two bytes, minimal: deltas, years, counts
			u, c.pos = w&0x7F|w>>1&0x3F80, p+2
		} else {
			var k int
			if u, k = uvarint8(w); k == 0 {
				return c.takeIntSlow(dst)
			}
			c.pos = p + k
		}
	}
	var v int64 // intCell in line (it does not inline)
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
	if cap(dst)-n < 24 {
		return jsonwire.AppendInt(dst, v)
	}
	a := uint64(v) // |v|
	if v < 0 {
		a = -a
	}
	b := spare24(dst, n)
	b[0] = '-'
	i := int(uint64(v) >> 63) // past the sign of a negative value
	if a < 1e4 {
		if a < 10 {
			b[i] = byte('0' + a)
			return dst[:n+i+1]
		}
		// two to four digits: counts, sizes, years
		w := jsonwire.Digits4(uint32(a))
		z := jsonwire.ZeroDigitBits4(w) // a >= 10: not all
		binary.LittleEndian.PutUint32(b[i:i+4], (w|jsonwire.AsciiZeros&0xFFFFFFFF)>>z)
		return dst[:n+i+4-int(z>>3)]
	}
	if a < 1e8 { // five to eight digits: ids, sizes, offsets
		w := jsonwire.Digits8(uint32(a))
		z := jsonwire.ZeroDigitBits(w) // the leading zero digits' bits (a >= 10: not all)
		binary.LittleEndian.PutUint64(b[i:i+8], (w|jsonwire.AsciiZeros)>>z)
		return dst[:n+i+8-int(z>>3)]
	}
	if a < 1e16 { // nine to sixteen: ids, milliseconds, nanoseconds
		hi := a / 1e8             // 1 to 1e8-1: the digits before the last eight
		if uint32(hi) != c.high { // a column's timestamps share them for a day
			w := jsonwire.Digits8(uint32(hi))
			z := jsonwire.ZeroDigitBits(w)
			c.high, c.highText, c.highLen = uint32(hi), (w|jsonwire.AsciiZeros)>>z, uint8(8-z>>3)
		}
		binary.LittleEndian.PutUint64(b[i:i+8], c.highText)
		i += int(c.highLen)
		binary.LittleEndian.PutUint64(b[i:i+8], jsonwire.Digits8(uint32(a-hi*1e8))|jsonwire.AsciiZeros)
		return dst[:n+i+8]
	}
	return jsonwire.AppendInt(dst, v)
}

// TakeDigit takes the current cell of an integer cursor when it is the
// commonest integer cell of API rows (counts, flags, ordinals): a value
// 0 to 9 of an EncInt layout, a one-byte varint of an even zigzag value
// below 20, whose JSON is one digit. It returns that digit's text and
// true, having moved past the cell as TakeIntJSON would; for any other
// cell it returns false and leaves the cursor as it was, for TakeIntJSON.
// It inlines and calls nothing, so that such a cell costs its caller
// about a dozen instructions instead of TakeIntJSON's call of some sixty
// (on the instruments rows, three integer cells in four).
func (c *Cursor) TakeDigit() (byte, bool) {
	p := c.pos
	if uint(p) < uint(len(c.data)) && c.lay == format.EncInt {
		if x := c.data[p]; x < 20 && x&1 == 0 {
			c.i++
			c.pos = p + 1
			return '0' + x>>1, true
		}
	}
	return 0, false
}

// takeIntSlow is TakeIntJSON for a cell whose varint it does not read
// from one load: fewer than 8 bytes left, or a varint of 9 or more bytes
// or a non-minimal one, which cuvSlow reads or rejects.
func (c *Cursor) takeIntSlow(dst []byte) []byte {
	return jsonwire.AppendInt(dst, c.intCell(c.cuvSlow()))
}

// intCell is the value of an integer cell whose varint is u, in the
// cursor's layout, with TakeIntChecked's checks: a frame-of-reference
// offset past the frame's width, or an EncFloatInt value beyond
// ±FloatIntMax, marks the cursor bad.
func (c *Cursor) intCell(u uint64) int64 {
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
	return v
}

// memberIntJSON renders the TagInt or TagFloatInt member whose tag vt is at
// c.data[p], checked as TakeIntJSON checks an integer cell (a TagFloatInt
// value beyond ±FloatIntMax marks the cursor bad), and moves c past it.
// It is TakeIntJSON for containerJSON's loop (and valueJSON's integer
// cells), whose callers have read the tag at p (0 <= p < len(c.data))
// and, with 8 bytes after it, read those as the word w (word8: the loops
// test it for a small value first, smallIntJSON); with fewer they call
// memberIntSlow. With 24 bytes of room in dst, a varint of up to 8
// bytes is read from w (uvarint8) and a value below 1e16
// written with one or two digits8 moves past a sign written whether or
// not the value has one (the digits overwrite it), so a member costs this
// one call where cuvSlow and AppendInt cost two or three. Everything else
// (a longer or truncated varint, a larger value, a dst without the room)
// is left to calls that end it (memberIntCuv, AppendInt), so that
// nothing need be saved across a call on the way.
//
// Its digit switch is TakeIntJSON's, written out again on purpose: a
// helper holding it cannot inline (Digits8 alone costs 69 of the
// inliner's budget of 80), and sharing it by a call cost more than it
// saved. One body for both (cells' layouts switched on a parameter, both
// wrappers inlined) counted 2.7% more instructions per hit on
// citm-performances-100 and 0.5% more on rows-100; a frameless leaf for
// both, with the slow paths called by the callers, 4%; a frameless leaf
// for members alone, whose ok flag containerJSON tests, 1%.
func (c *Cursor) memberIntJSON(dst []byte, w uint64, p int, vt byte) []byte {
	q := p + 1
	n := len(dst)
	if cap(dst)-n < 24 {
		return c.memberIntCuv(dst, p, vt)
	}
	var u uint64
	if w&0x80 == 0 { // one byte, the commonest
		u, c.pos = w&0x7F, q+1
	} else if w&0x8000 == 0 && w&0x7F00 != 0 { // two bytes, minimal: ids, counts below 8192
		u, c.pos = w&0x7F|w>>1&0x3F80, q+2
	} else {
		var k int
		if u, k = uvarint8(w); k == 0 { // longer than 8 bytes, or not minimal
			return c.memberIntCuv(dst, p, vt)
		}
		c.pos = q + k
	}
	a := u>>1 + u&1 // |v|: the zigzag form of v < 0 is 2|v|-1
	b := spare24(dst, n)
	b[0] = '-'
	i := int(u & 1) // past the sign of a negative value
	switch {
	case a < 10:
		b[i] = byte('0' + a)
		return dst[:n+i+1]
	case a < 1e4: // two to four digits: counts, sizes, years
		w := jsonwire.Digits4(uint32(a))
		z := jsonwire.ZeroDigitBits4(w) // a >= 10: not all
		binary.LittleEndian.PutUint32(b[i:i+4], (w|jsonwire.AsciiZeros&0xFFFFFFFF)>>z)
		return dst[:n+i+4-int(z>>3)]
	case a < 1e8:
		w := jsonwire.Digits8(uint32(a))
		z := jsonwire.ZeroDigitBits(w) // the leading zero digits' bits (a >= 10: not all)
		binary.LittleEndian.PutUint64(b[i:i+8], (w|jsonwire.AsciiZeros)>>z)
		return dst[:n+i+8-int(z>>3)]
	case a < 1e9: // nine digits, the commonest long integer (ids)
		hi := uint32(a * 1441151881 >> 57) // a / 1e8: ceil(2^57/1e8) is exact below 6e9, and an immediate
		b[i] = byte('0' + hi)
		binary.LittleEndian.PutUint64(b[i+1:i+9], jsonwire.Digits8(uint32(a)-hi*1e8)|jsonwire.AsciiZeros)
		return dst[:n+i+9]
	case vt == format.TagFloatInt && a > format.FloatIntMax: // FloatIntMax is above 1e9
		c.fail()
		return dst
	case a < 1e16:
		hi := a / 1e8 // 10 to 1e8-1: the digits before the last eight
		w := jsonwire.Digits8(uint32(hi))
		z := jsonwire.ZeroDigitBits(w)
		binary.LittleEndian.PutUint64(b[i:i+8], (w|jsonwire.AsciiZeros)>>z)
		i += 8 - int(z>>3)
		binary.LittleEndian.PutUint64(b[i:i+8], jsonwire.Digits8(uint32(a-hi*1e8))|jsonwire.AsciiZeros)
		return dst[:n+i+8]
	}
	return jsonwire.AppendInt(dst, format.DecodeZigZag(u))
}

// memberIntJSON tests a TagFloatInt member's range only past nine digits.
const _ = uint64(format.FloatIntMax - 1e9) // does not compile if FloatIntMax < 1e9

// memberIntSlow is memberIntJSON for a member with fewer than 8 bytes
// after its tag (the last members of a column's payload): the bytes left
// are read as one word (tailWord) for memberIntJSON, where cuv and
// AppendInt took about 150 instructions a member; a payload shorter than
// a word goes to memberIntCuv.
func (c *Cursor) memberIntSlow(dst []byte, p int, vt byte) []byte {
	if w := tailWord(c.data, p+1); w != 0 {
		return c.memberIntJSON(dst, w, p, vt)
	}
	return c.memberIntCuv(dst, p, vt)
}

// tailWord returns the bytes b[i:] as a little-endian word, zeros past
// them, for a varint reader (uvarint8) of fewer than 8 bytes left: a
// varint running past b ends in a zero byte, which uvarint8 rejects as not
// minimal, so it never reads past b. It returns 0 when b has fewer than 8
// bytes in all or i is not within its last 8, and for a zero byte at
// b[i], which the callers' one-byte paths read without it. It inlines.
func tailWord(b []byte, i int) uint64 {
	n := len(b)
	if n < 8 || i < n-8 || i >= n {
		return 0
	}
	return word8(b, n-8) >> (uint(8-(n-i)) * 8)
}

// memberIntCuv is memberIntJSON for a member whose varint it does not read
// from one load: fewer than 8 bytes in the payload, or a varint of 9 or
// more bytes or a non-minimal one, which cuv reads or rejects.
func (c *Cursor) memberIntCuv(dst []byte, p int, vt byte) []byte {
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

// smallIntJSON appends v, 0 to 63, in decimal, to a dst with room for
// two bytes more: the integer members of API objects (counts, flags,
// indexes, ordinals) are mostly such, and containerJSON's loops take them
// in line with it (it inlines and calls nothing, so its loop saves no
// registers for it) where a call of memberIntJSON costs some forty
// instructions more. Tens are v*103>>10, exact below 179.
func smallIntJSON(dst []byte, v byte) []byte {
	n := len(dst)
	w := dst[n : n+2]
	t := byte(uint(v) * 103 >> 10)
	if t == 0 {
		w[0] = '0' + v
		return dst[:n+1]
	}
	w[0], w[1] = '0'+t, '0'+v-t*10
	return dst[:n+2]
}
