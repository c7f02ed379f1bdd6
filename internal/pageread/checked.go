package pageread

import (
	"encoding/binary"
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// Checked reads. These Take methods decode a cell as their unchecked
// counterparts do and verify it as the validator would: a malformed or
// out-of-range cell marks the cursor bad (see Layout.CheckDeferred) and
// yields a harmless stand-in value, never a panic or an out-of-bounds read.
// They cost a comparison or two per cell over the unchecked methods, and
// are what a renderer uses on a Layout from ResetDeferred; on a fully
// validated Layout their checks simply never fail.

// cuv reads a canonical uvarint; past the payload or on a malformed one it
// marks the cursor bad, moves it to the end of the payload and returns 0.
// Longer varints take cuvSlow. (It does not inline: the bounds check puts
// it just over the inliner's budget, where the unchecked uv fits.)
func (c *Cursor) cuv() uint64 {
	if c.pos < len(c.data) {
		if b := c.data[c.pos]; b < 0x80 {
			c.pos++
			return uint64(b)
		}
	}
	return c.cuvSlow()
}

// cuvSlow reads a varint of two or more bytes. A canonical two-byte one
// (string indexes from 128 to 16383, the commonest) is read first, with
// two loads; a longer one with 8 bytes left in the payload from one load,
// as uvSlow does, plus the check that its last byte is not zero; otherwise
// with ConsumeUvarint. A second byte of zero is not minimal, and fails on
// those paths as it always did. It must be called at a byte of 0x80 or
// more, or at the end of the payload (as cuv and uv12 leave it).
//
//go:noinline
func (c *Cursor) cuvSlow() uint64 {
	if p := c.pos; p+1 < len(c.data) {
		if b := c.data[p+1]; b-1 < 0x7F { // a two-byte varint: string indexes from 128 on
			c.pos = p + 2
			return uint64(c.data[p]&0x7F) | uint64(b)<<7
		}
	}
	if c.pos+8 <= len(c.data) {
		w := jsonwire.Load64(c.data, c.pos)
		if stop := ^w & jsonwire.SWARHi; stop != 0 {
			n := bits.TrailingZeros64(stop)>>3 + 1
			w &= ^uint64(0) >> (64 - 8*n) // n = 8 keeps all
			if w>>(8*(n-1)) == 0 {        // a last byte of zero: not minimal
				c.fail()
				return 0
			}
			c.pos += n
			return gather7(w)
		}
		if v, ok := c.uv910(w); ok {
			return v
		}
	}
	v, n := format.ConsumeUvarint(c.data[c.pos:])
	if n < 0 {
		c.fail()
		return 0
	}
	c.pos += n
	return v
}

// uv910 reads a varint of nine or ten bytes at the cursor, whose first
// eight bytes, all with continuation bits, are w (int64s past ±2^55
// zigzagged, such as 64-bit ids, and uint64s from 2^56): the ninth byte
// holds bits 56 to 62, and a tenth, after a ninth with its continuation
// bit, may only be 1 (bit 63). ok is false, and the cursor unmoved, for
// anything else (a ninth or tenth byte of zero, which is not minimal, a
// tenth past 1, which overflows, or too few bytes), which ConsumeUvarint
// then reads and rejects: in line, where a call of ConsumeUvarint
// checked each of the ten bytes in turn. It is shared by cuvSlow and
// uvSlow, so checks that never fail after Parse cost uvSlow a compare.
func (c *Cursor) uv910(w uint64) (uint64, bool) {
	p := c.pos + 8
	if p >= len(c.data) {
		return 0, false
	}
	b := c.data[p]
	if b-1 < 0x7F { // a ninth byte ends it
		c.pos = p + 1
		return gather7(w) | uint64(b)<<56, true
	}
	if b >= 0x80 && p+1 < len(c.data) && c.data[p+1] == 1 {
		c.pos = p + 2
		return gather7(w) | uint64(b&0x7F)<<56 | 1<<63, true
	}
	return 0, false
}

// fail marks the cursor bad and moves it to the end of its payload, so
// that every later read fails fast.
func (c *Cursor) fail() {
	c.bad = true
	c.pos = len(c.data)
}

// TakeStrChecked is TakeStr with checks: an index past the string table
// reads as index 0.
func (c *Cursor) TakeStrChecked() uint32 {
	c.i++
	if c.enc == format.EncStrSeq {
		v := c.acc
		c.acc++
		return uint32(v)
	}
	v := c.cuv()
	if v > c.max {
		c.fail()
		return 0
	}
	return uint32(v)
}

// TakeStrJSON renders the current cell of an EncStrRef or EncStrSeq
// cursor as AppendStringJSON does and moves past it, with TakeStrChecked's
// checks: an index past the string table marks the cursor bad and renders
// string 0. It costs one call per string cell where TakeStrChecked and
// AppendStringJSON cost two or three: an index of one or two bytes is read,
// and a short clean string written (PutQuoted), in line.
func (l *Layout) TakeStrJSON(dst []byte, c *Cursor, escapeHTML bool) []byte {
	c.i++
	var v uint64
	if c.enc == format.EncStrSeq {
		v = uint64(c.acc)
		c.acc++
	} else {
		var n int
		v, n = uv12(c.data, c.pos)
		c.pos += n
		if n == 0 {
			v = c.cuvSlow()
		}
		if v > c.max {
			c.fail()
			v = 0
		}
	}
	i := int(v)
	t := &l.Strings
	s, e, fl := strEntry(t, i)
	m := e - s
	// The string's flag bits under the mode: fl masked by two loads
	// (flagPairs, pairMasks), where a shift of fl by i&3 took CX, which
	// held dst, and escapeMask a branch; tested once, in its own branch,
	// where a bool clean was made a value and tested again.
	if fl&flagPairs[i&3]&pairMasks[b2u(escapeHTML)] != 0 || !l.flagsOK {
		return appendSpanJSON(dst, c.esc, i, t.data[s:s+m], false, escapeHTML)
	}
	if m <= 30 && s+32 <= len(t.data) && cap(dst)-len(dst) >= 32 {
		return PutQuoted(dst, (*[32]byte)(t.data[s:s+32]), m)
	}
	// A clean string of 31 to 62 bytes (hex ids, URLs, titles): four
	// 16-byte moves, as containerJSON writes a nested one, where
	// appendSpanJSON's call with its memmove cost about 40 more.
	if m <= 62 && s+64 <= len(t.data) && cap(dst)-len(dst) >= 64 {
		return putQuoted64(dst, (*[64]byte)(t.data[s:s+64]), m)
	}
	return appendSpanJSON(dst, c.esc, i, t.data[s:s+m], true, escapeHTML)
}

// StrIndex returns the string index of the current cell of c, an
// EncStrRef or EncStrSeq cursor (as for TakeStrJSON), and how it is
// taken: a reference of one or two bytes (strings below 16,384), n its
// bytes, not yet checked against the table (CleanStr does); a sequence's
// next index, n = SeqStr; or n = 0 for a longer reference, which
// TakeStrJSON reads or rejects. It does not move the cursor: SkipStr
// does, once the caller has written the string (CleanStr, ShortStr);
// else TakeStrJSON reads the cell. The four inline, so that a render loop
// writes a short clean string without a call: TakeStrJSON's call, and
// the loop's reloads after it, cost more than the string's moves.
func (c *Cursor) StrIndex() (k uint, n int) {
	if c.enc == format.EncStrSeq {
		return uint(c.acc), SeqStr
	}
	// Two bytes are read whatever the length (fewer nodes for the
	// inliner than uv12's two tests): a column's last cell, when the
	// payload ends with it, is left to TakeStrJSON.
	if p := c.pos; uint(p+1) < uint(len(c.data)) {
		x, y := c.data[p], c.data[p+1]
		if x < 0x80 {
			return uint(x), 1
		}
		if y-1 < 0x7F {
			return uint(x&0x7F) | uint(y)<<7, 2
		}
	}
	return 0, 0
}

// SeqStr is StrIndex's n for a cell of an EncStrSeq cursor.
const SeqStr = -1

// SkipStr moves c past the cell whose index StrIndex read, with its n.
func (c *Cursor) SkipStr(n int) {
	if n == SeqStr {
		c.acc++
	} else {
		c.pos += n
	}
	c.i++
}

// CleanStr reports whether k, an index StrIndex read from c, names a
// string of the table (at most the cursor's largest) that needs no
// escaping under either mode: its two flag bits clear, the flags
// verified.
func (l *Layout) CleanStr(c *Cursor, k uint) bool {
	return uint64(k) <= c.max && l.flagsOK && strFlags(&l.Strings, k)&flagPairs[k&3] == 0
}

// flagPairs masks the two flag bits of string k in its flags byte, at
// k&3: a load, where a shift by a variable count takes the CX register.
var flagPairs = [4]byte{3, 3 << 2, 3 << 4, 3 << 6}

// pairMasks holds escapeMask of each mode (false, true) in each of the
// four flag pairs of a flags byte.
var pairMasks = [2]byte{
	0x55 * format.StrNeedsEscape,
	0x55 * (format.StrNeedsEscape | format.StrHasHTML),
}

// b2u returns 1 for true and 0 for false, without a branch.
func b2u(b bool) uint {
	var u uint
	if b {
		u = 1
	}
	return u
}

// ShortStr returns the 32 bytes of string data from the start of string
// k, an index CleanStr accepted, and its length m, when it is at most
// 30 bytes long and the data has 32 bytes from its start: what
// TakeStrJSON would write with PutQuoted. Otherwise it returns nil.
func (l *Layout) ShortStr(k uint) (*[32]byte, int) {
	if s, e := strEnds(&l.Strings, k); uint(e-s) <= 30 && s+32 <= len(l.Strings.data) {
		return data32(&l.Strings, s), e - s
	}
	return nil, 0
}

// TakeIntChecked is TakeInt with checks: a frame offset past the largest
// that fits an int64 marks the cursor bad.
func (c *Cursor) TakeIntChecked() int64 {
	c.i++
	var v uint64 // every layout's cell is one uvarint: cuv, with its one-byte case in line
	if p := c.pos; uint(p) < uint(len(c.data)) && c.data[p] < 0x80 {
		v = uint64(c.data[p])
		c.pos = p + 1
	} else {
		v = c.cuvSlow()
	}
	switch c.lay {
	case format.EncInt:
		return format.DecodeZigZag(v)
	case format.EncIntDelta:
		c.acc = int64(uint64(c.acc) + uint64(format.DecodeZigZag(v)))
		return c.acc
	default: // EncIntFOR
		if v > c.max {
			c.fail()
		}
		return int64(uint64(c.acc) + v)
	}
}

// TakeFloatIntChecked is TakeIntChecked for an EncFloatInt cursor: a value
// beyond ±FloatIntMax also marks the cursor bad. encoding/json writes such
// a float64 as its decimal integer, so a renderer writes what it returns as
// an int.
func (c *Cursor) TakeFloatIntChecked() int64 {
	v := c.TakeIntChecked()
	if !isFloatInt(v) {
		c.fail()
	}
	return v
}

// TakeIntFloatJSON renders the current number cell of an EncIntFloat
// cursor and moves past it: an integer (IntFloatSelector and an sv) as
// AppendInt does, a float cell as TakeFloatJSON does, with the same checks.
// It records which of the two it met for CheckDeferred.
func (c *Cursor) TakeIntFloatJSON(dst []byte) []byte {
	c.i++
	if c.pos < len(c.data) && c.data[c.pos] == format.IntFloatSelector {
		c.pos++
		c.ints = true
		return jsonwire.AppendInt(dst, format.DecodeZigZag(c.cuv()))
	}
	c.flts = true
	return c.floatJSON(dst)
}

// TakeFloatJSON renders the current cell of an EncFloat cursor as
// AppendFloatJSON does and moves past it, decoding the cell straight into
// text. It checks the cell as ConsumeFloatCell would; a bad cell marks the
// cursor bad and writes nothing.
func (c *Cursor) TakeFloatJSON(dst []byte) []byte {
	c.i++
	return c.floatJSON(dst)
}

// floatJSON renders the checked float cell at the cursor.
func (c *Cursor) floatJSON(dst []byte) []byte {
	if c.pos >= len(c.data) {
		c.fail()
		return dst
	}
	s := c.data[c.pos]
	if s == format.FloatRawSelector {
		if len(c.data)-c.pos < format.FloatRawSize {
			c.fail()
			return dst
		}
		bits := binary.LittleEndian.Uint64(c.data[c.pos+1:])
		if !format.ValidFloatCell(s, bits) {
			c.fail()
			return dst
		}
		c.pos += format.FloatRawSize
		if bits == 1<<63 { // -0, the one raw cell of an everyday magnitude: no digit search
			return append(dst, '-', '0')
		}
		return c.esc.rawFloatJSON(dst, bits) // the float64 limits, sentinels: often repeated
	}
	// The mantissa: one or two bytes (below 16384: prices, rates) read in
	// line, as TakeStrJSON reads an index, where cuv took a call; three to
	// eight (long digits: a random measure's 16 or 17) from one load where
	// 8 bytes are left, as memberIntJSON reads an integer, where cuvSlow's
	// call cost about 50 instructions more. Nine bytes or more, fewer
	// than 8 left, or a varint that is not minimal take cuvSlow, which
	// reads or rejects it.
	q := c.pos + 1
	m, n := uv12(c.data, q)
	if n == 0 && q+8 <= len(c.data) && q >= 0 {
		m, n = uvarint8(word8(c.data, q))
	}
	if c.pos = q + n; n == 0 {
		if m = c.cuvSlow(); c.bad { // a bad varint: nothing written
			return dst
		}
	}
	// A whole value of one digit, 0 to 9 (the zeros of a column of
	// amounts): the cell is valid (0's selector is FloatExpBias, and no
	// other mantissa below 10 is a multiple of 10), and its JSON the
	// digit, without AppendDecimalJSON's call (about 75 instructions).
	if s == format.FloatExpBias && m < 10 {
		return append(dst, byte('0'+m))
	}
	if !format.ValidFloatCell(s, m) {
		c.fail()
		return dst
	}
	d := format.Decimal{Neg: s&0x80 != 0, Mant: m, Exp: int(s&0x7F) - format.FloatExpBias}
	if m >= 1e8 { // long digits (random measures): one call, not two
		return jsonwire.AppendLongDecimalJSON(dst, d)
	}
	return jsonwire.AppendDecimalJSON(dst, d)
}

// TakeStrListJSON renders the current cell of an EncStrList cursor as a
// JSON array and moves past it, reading each string index once. Once
// len(dst) passes stop it writes no more elements but still moves past the
// cell (see AppendCellJSON). It checks as it reads: a list longer than the
// bytes left, or an index past the string table, marks the cursor bad (see
// Layout.CheckDeferred), and the output is then garbage, to be discarded.
// As in TakeStrJSON, an index of one or two bytes is read, and a short
// clean string written (PutQuoted), in line: one call per list, not one
// per element.
func (l *Layout) TakeStrListJSON(dst []byte, c *Cursor, escapeHTML bool, stop int) []byte {
	c.i++
	// The count, as cuv reads it, with its one-byte case in line (lists
	// of up to 127 strings): cuv does not inline, and its call cost
	// about as much as the read.
	var n uint64
	if p := c.pos; p < len(c.data) && c.data[p] < 0x80 {
		n, c.pos = uint64(c.data[p]), p+1
	} else {
		n = c.cuvSlow()
	}
	if n == 0 {
		return append(dst, '[', ']')
	}
	if n > uint64(len(c.data)-c.pos) {
		c.fail()
		return append(dst, '[', ']')
	}
	t := &l.Strings
	mask := escapeMask(escapeHTML)
	fixed := 30 // the longest string written with fixed moves: none while the flags are not trusted
	if !l.flagsOK {
		fixed = -1
	}
	dst = append(dst, '[')
	for {
		v, k := uv12(c.data, c.pos)
		c.pos += k
		if k == 0 {
			v = c.cuvSlow()
		}
		if v > c.max {
			c.fail()
			v = 0
		}
		i := int(v)
		s, e, fl := strEntry(t, i)
		m := e - s
		clean := fl>>(uint(i&3)*2)&mask == 0
		if clean && m <= fixed && s+32 <= len(t.data) && cap(dst)-len(dst) >= 32 {
			dst = PutQuoted(dst, (*[32]byte)(t.data[s:s+32]), m)
		} else {
			dst = appendSpanJSON(dst, c.esc, i, t.data[s:s+m], clean && l.flagsOK, escapeHTML)
		}
		if n--; n == 0 {
			break
		}
		if len(dst) > stop {
			for ; n > 0; n-- {
				c.strIndex()
			}
			break
		}
		dst = append(dst, ',')
	}
	return append(dst, ']')
}

// strIndex reads a checked string index; a bad one reads as 0.
func (c *Cursor) strIndex() int {
	v := c.cuv()
	if v > c.max {
		c.fail()
		return 0
	}
	return int(v)
}
