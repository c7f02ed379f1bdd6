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
// marks the cursor bad and writes nothing. It reads a cell whose step and
// fraction varints both end within one 8-byte load (a step of up to 3
// bytes and a nanosecond fraction of 5 always do), in a column of one
// offset, and leaves every other cell to takeTimeJSON, which it calls
// last: so that the only call on its way is the renderer's
// (jsonwire.PutTimeCellJSON, which makes the checks of Timestamp.Valid
// and calls nothing), and nothing is saved for the others. The cell's
// fields go to the renderer apart, never through a Timestamp in memory,
// and its text is written in place in dst's spare room, as TakeIntJSON
// writes.
func (c *Cursor) TakeTimeJSON(dst []byte, cache *jsonwire.DateCache) []byte {
	p := c.pos
	if p+8 > len(c.data) || p < 0 || c.mode == format.TimePerValue {
		return c.takeTimeJSON(dst, cache)
	}
	w := word8(c.data, p)
	stops := ^w & jsonwire.SWARHi // the last byte of each varint
	rest := stops & (stops - 1)   // the stops after the step's
	cells := w & (rest ^ (rest - 1))
	// A zero byte after a continuation byte ends a varint that is not
	// minimal (see takeTimeJSON).
	zero := stops &^ (cells&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F)
	if rest == 0 || zero&(cells<<8) != 0 { // (rest != 0: stops != 0)
		return c.takeTimeJSON(dst, cache)
	}
	v := gather7(cells)                                   // one gather for both: the step's groups are its low 7 bits a byte
	s := uint(bits.TrailingZeros64(stops)+1) * 7 / 8 & 63 // the step's bits
	c.i++
	c.pos = p + bits.TrailingZeros64(rest)>>3 + 1
	c.acc += format.DecodeZigZag(v & (1<<s - 1))
	off := int64(c.off)
	if off != 0 && c.enc == format.EncTextTime && off%60 != 0 { // (timeCellValid)
		c.fail()
		return dst
	}
	n := len(dst)
	if cap(dst)-n < jsonwire.TimestampWindow {
		dst = growTime(dst)
	}
	m, ok := jsonwire.PutTimeCellJSON(spareTime(dst, n), c.acc, v>>s, off, c.plus, cache)
	if !ok {
		c.fail()
	}
	return dst[:n+m]
}

// takeTimeJSON is TakeTimeJSON for any cell: it renders the current cell
// of an EncTime or EncTextTime cursor as a quoted RFC 3339 string, as
// AppendTimestampJSON does, and moves past it, with dates from cache. It checks that the cell gives a Valid
// timestamp, with an offset in whole minutes for a text time; a bad cell
// marks the cursor bad and writes nothing. The step and fraction varints
// are read together from one 8-byte load when they end within it (a step
// of up to 3 bytes and a nanosecond fraction of 5 always do), in line; a
// fraction that ends past it is read from a second load (uvarint8), as
// is a per-value offset, unless fewer than 8 bytes are left or it is not
// minimal (then cuvWide or cuv); a step that ends past the first load, or
// one that is not minimal, takes timeStepFracSlow. The cell's fields go to the renderer apart
// (jsonwire.PutTimeCellJSON, which makes the checks of Timestamp.Valid and
// calls nothing), never through a Timestamp in memory, and its text is
// written in place in dst's spare room, as TakeIntJSON writes.
//
//go:noinline
func (c *Cursor) takeTimeJSON(dst []byte, cache *jsonwire.DateCache) []byte {
	c.i++
	var step, f uint64
	var w uint64
	if p := c.pos; p+8 <= len(c.data) && p >= 0 {
		w = word8(c.data, p)
	} else { // the column's last cells: the bytes left, padded
		w = tailWordCont(c.data, p)
	}
	{
		stops := ^w & jsonwire.SWARHi // the last byte of each varint
		rest := stops & (stops - 1)   // the stops after the step's
		cells := w & (rest ^ (rest - 1))
		// A zero byte after a continuation byte ends a varint that is not
		// minimal: the lanes test finds the stop bytes of value 0 (no lane
		// of the sum carries), the shift the bytes after a continuation.
		zero := stops &^ (cells&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F)
		if stops != 0 && zero&(cells<<8) == 0 {
			v := gather7(cells)                                   // one gather for both: the step's groups are its low 7 bits a byte
			s := uint(bits.TrailingZeros64(stops)+1) * 7 / 8 & 63 // the step's bits
			step = v & (1<<s - 1)
			if rest != 0 {
				c.pos += bits.TrailingZeros64(rest)>>3 + 1
				f = v >> s
			} else { // a fraction that ends past the word: a nanosecond one after a step of 4 bytes or more
				c.pos += int(s / 7)
				// Read from a second load (uvarint8) where 8 bytes are left,
				// in line: cuvWide's call cost about 50 instructions more.
				if p := c.pos; p+8 <= len(c.data) && p >= 0 {
					w, n := word8(c.data, p), 1
					if f = w & 0xFF; f >= 0x80 {
						f, n = uvarint8(w)
					}
					if c.pos = p + n; n == 0 { // 9 bytes or more, or not minimal
						f = c.cuvWide()
					}
				} else {
					f = c.cuvWide()
				}
			}
		} else { // no stop in w, a varint that is not minimal, or fewer than 8 bytes in all
			step, f = c.timeStepFracSlow()
		}
	}
	c.acc += format.DecodeZigZag(step)
	off := int64(c.off)
	if c.mode == format.TimePerValue {
		// Read from one load where 8 bytes are left, as the fraction
		// above: offsets of whole and half hours, in seconds, take 2 or
		// 3 bytes, which cuv read with a second call (cuvSlow).
		var u uint64
		if p := c.pos; p+8 <= len(c.data) && p >= 0 {
			w, n := word8(c.data, p), 1
			if u = w & 0xFF; u >= 0x80 { // two bytes or more: not UTC
				u, n = uvarint8(w)
			}
			if c.pos = p + n; n == 0 { // 9 bytes or more, or not minimal
				u = c.cuv()
			}
		} else {
			u = c.cuv()
		}
		off = format.DecodeZigZag(u)
		// Mode 2 needs two different offsets, and with TimeZeroPlus a zero
		// one (CheckDeferred); c.off holds the last one, noOffset before
		// the first.
		if int32(off) != c.off {
			c.mixed = c.off != noOffset
			c.off = int32(off)
		}
		c.zero = c.zero || off == 0
	}
	// timeCellValid: an offset out of the int32 range is out of Valid's,
	// which PutTimeCellJSON checks with the rest.
	if off != 0 && c.enc == format.EncTextTime && off%60 != 0 {
		c.fail()
		return dst
	}
	n := len(dst)
	if cap(dst)-n < jsonwire.TimestampWindow {
		dst = growTime(dst)
	}
	m, ok := jsonwire.PutTimeCellJSON((*[jsonwire.TimestampWindow]byte)(dst[n:n+jsonwire.TimestampWindow]), c.acc, f, off, c.plus, cache)
	if !ok {
		c.fail()
	}
	return dst[:n+m]
}

// tailWordCont returns the bytes b[i:] as a little-endian word padded with
// 0x80 bytes, when b has at least 8 bytes and i is within its last 8;
// otherwise eight 0x80 bytes. A 0x80 byte is a continuation byte, so that
// a varint reader of the word (TakeTimeJSON's stops) finds no varint
// ending past b: one that runs into the padding ends nowhere in the word
// and goes the way of a varint longer than the word, which reads b itself,
// and a word of no stops at all goes the slow way. It inlines:
// TakeTimeJSON reads the last cells of a column with it, where
// timeStepFracSlow's calls cost about 150 instructions a cell.
func tailWordCont(b []byte, i int) uint64 {
	n := len(b)
	if n < 8 || i < n-8 || i >= n {
		return jsonwire.SWARHi
	}
	s := uint(8-(n-i)) * 8 // the padding's bits: 8 to 56
	return word8(b, n-8)>>s | ^(^uint64(0)>>s)&jsonwire.SWARHi
}

// timeStepFracSlow reads a time cell's first two varints, sv(Δlocal) and
// uv(frac), with cuv and cuvWide: TakeTimeJSON's way when they do not end
// within 8 bytes, the column holds fewer than 8 bytes in all (the padded
// tail word covers a column's last cells otherwise), they run past its
// end, or one is not minimal (which cuv or cuvWide rejects, marking the
// cursor bad).
//
//go:noinline
func (c *Cursor) timeStepFracSlow() (step, frac uint64) {
	step = c.cuv()
	return step, c.cuvWide()
}

// growTime returns dst with room for jsonwire.TimestampWindow bytes past
// its length: TakeTimeJSON's way out, kept apart from its fast path.
//
//go:noinline
func growTime(dst []byte) []byte {
	return append(dst, make([]byte, jsonwire.TimestampWindow)...)[:len(dst)]
}
