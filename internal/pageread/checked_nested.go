package pageread

import (
	"github.com/rowpage/rowpage/format"
)

// containerJSON renders a checked array or object whose tag has been read,
// at nesting depth d, checking it as the validator would (see
// TakeValueJSON). Keys and the commonest members (strings, integers,
// floats, nulls, booleans) are read and written in its loop, a key or
// string of up to 29 clean bytes with fixed moves, a clean string of up
// to 62 bytes (URLs, titles) with one call of putQuoted64 (through
// appendSpanJSON it took two: 2% more instructions per hit on
// github-events), an integer 0 to 63 with no call (smallIntJSON, with two
// bytes of room; about 4% fewer instructions per hit on instruments-25),
// any other integer with one (memberIntJSON), a float with one
// (floatJSON); a nested array or object takes a call of this
// function (an object's member of one member, of chainJSON, which
// enters a chain of such in one loop), and only other scalars
// (valueJSON) and strings of three-byte indexes (cuvSlow) take another;
// an empty array or object is written in the loop.
// Objects and arrays take loops of their own, the member switch written
// out in both: one loop testing for a key at each member counted about 5%
// more instructions per hit on citm-performances-25, 3.5% on twitter-25
// and 3% on github-events-25 (a test of the tag, reloaded after every
// call, and the closing bracket kept across the loop). Each member is
// followed by a comma, and the last one's is overwritten by the closing
// bracket. Once len(dst) passes stop after an element it
// marks the cursor bad and returns. A bad member marks the cursor bad,
// which moves it to the end of its payload, so that the next member (or
// the caller) fails at once.
func (l *Layout) containerJSON(dst []byte, c *Cursor, tag byte, escapeHTML bool, stop, d int) []byte {
	if d >= l.depth {
		c.fail()
		return dst
	}
	cnt, n := uv12(c.data, c.pos)
	if n == 0 {
		cnt = c.cuvSlow()
	}
	c.pos += n
	if cnt > uint64(len(c.data)-c.pos) {
		c.fail()
		return dst
	}
	obj := tag == format.TagObject
	if cnt == 0 {
		if obj {
			return append(dst, '{', '}')
		}
		return append(dst, '[', ']')
	}
	if obj {
		dst = append(dst, '{')
	} else {
		dst = append(dst, '[')
	}
	st := &l.Strings
	mask := escapeMask(escapeHTML)
	// fixed is the longest key or string written with fixed moves: none
	// while the table's flags are not trusted.
	fixed := fitMax
	if !l.flagsOK {
		fixed = -1
	}
	if obj {
		for ; cnt > 0; cnt-- {
			var key uint64
			if p := c.pos; uint(p) < uint(len(c.data)) && c.data[p] < 0x80 { // a one-byte key index, the commonest
				key, c.pos = uint64(c.data[p]), p+1
			} else {
				var n int
				key, n = uv12(c.data, p)
				c.pos += n
				if n == 0 {
					key = c.cuvSlow()
				}
			}
			if key > c.max {
				c.fail()
				return dst
			}
			k := int(key)
			if f := fitOf(st, k); f != 0 && len(dst)+32 <= cap(dst) { // a key met before
				dst = putKey(dst, fitData(st, f), int(f&(fitKnown-1)))
			} else {
				s, e, fl := strEntry(st, k)
				m := e - s
				clean := fl>>(uint(k&3)*2)&mask == 0
				if clean && m <= fixed && s+32 <= len(st.data) && len(dst)+32 <= cap(dst) {
					st.fits[k] = fitFor(k, s, m, fl)
					dst = putKey(dst, (*[32]byte)(st.data[s:s+32]), m)
				} else {
					dst = append(appendSpanJSON(dst, c.esc, k, st.data[s:s+m], clean && l.flagsOK, escapeHTML), ':')
				}
			}
			p := c.pos
			if uint(p) >= uint(len(c.data)) {
				c.fail()
				return dst
			}
			switch vt := c.data[p]; vt {
			case format.TagString:
				v, n := uv12(c.data, p+1)
				c.pos = p + 1 + n
				if n == 0 {
					v = c.cuvSlow()
				}
				if v > c.max {
					c.fail()
					return dst
				}
				k := int(v)
				s, e, fl := strEntry(st, k)
				m := e - s
				clean := fl>>(uint(k&3)*2)&mask == 0
				if clean && m <= fixed && s+32 <= len(st.data) && len(dst)+32 <= cap(dst) {
					dst = PutQuoted(dst, (*[32]byte)(st.data[s:s+32]), m)
				} else if clean && m <= 62 && fixed > 0 && s+64 <= len(st.data) && len(dst)+64 <= cap(dst) {
					// fixed > 0: the flags are verified. (Testing
					// l.flagsOK instead counted 2% more on twitter-25.)
					dst = putQuoted64(dst, (*[64]byte)(st.data[s:s+64]), m)
				} else {
					dst = appendSpanJSON(dst, c.esc, k, st.data[s:s+m], clean && l.flagsOK, escapeHTML)
				}
			case format.TagInt, format.TagFloatInt:
				if q := p + 1; q+8 <= len(c.data) {
					// The varint's word, read here once: 0 to 63 (a
					// one-byte varint of an even zigzag value) is
					// written in line (smallIntJSON), any other value
					// by memberIntJSON from the same word. (With the
					// room unchecked, append's call of growslice in
					// the loop counted 1% more on github-events-25.)
					w := word8(c.data, q)
					if w&0x81 == 0 && len(dst)+2 <= cap(dst) {
						c.pos = q + 1
						dst = smallIntJSON(dst, byte(w)>>1)
						break
					}
					dst = c.memberIntJSON(dst, w, p, vt)
					break
				}
				dst = c.memberIntSlow(dst, p, vt)
			case format.TagFloat:
				c.pos = p + 1
				dst = c.floatJSON(dst)
			case format.TagNull:
				c.pos = p + 1
				dst = append(dst, "null"...)
			case format.TagFalse:
				c.pos = p + 1
				dst = append(dst, "false"...)
			case format.TagTrue:
				c.pos = p + 1
				dst = append(dst, "true"...)
			case format.TagArray, format.TagObject:
				var m byte = 0x80 // the count's first byte
				if p+1 < len(c.data) {
					m = c.data[p+1]
				}
				if m == 0 && d+1 < l.depth {
					// Empty: a count of zero is all its payload. '[' + 0x20
					// is '{', and each closes two bytes on.
					c.pos = p + 2
					o := '[' + (vt-format.TagArray)<<5
					dst = append(dst, o, o+2)
					break
				}
				c.pos = p + 1
				if m == 1 && vt == format.TagObject {
					// An object of one member, an array or object (after
					// a key of one byte): a chain. (Tested here only: a
					// chain goes through objects, and the test in the
					// array loop, on every object of an array of them,
					// cost citm-performances-25 1% more. Without the
					// test of the member, the one-element arrays of
					// analytics-25 paid chainJSON's call for nothing,
					// 0.7%.)
					if q := p + 3; q < len(c.data) && c.data[q]-format.TagArray <= 1 {
						dst = l.chainJSON(dst, c, vt, escapeHTML, stop, d+1)
						break
					}
				}
				dst = l.containerJSON(dst, c, vt, escapeHTML, stop, d+1)
			default:
				dst = l.valueJSON(dst, c, escapeHTML, stop, d+1)
			}
			if len(dst) > stop {
				c.fail()
				return dst
			}
			dst = append(dst, ',')
		}
		dst[len(dst)-1] = '}'
		return dst
	}
	// An array's elements: the member switch of the loop above.
	for ; cnt > 0; cnt-- {
		p := c.pos
		if uint(p) >= uint(len(c.data)) {
			c.fail()
			return dst
		}
		switch vt := c.data[p]; vt {
		case format.TagString:
			v, n := uv12(c.data, p+1)
			c.pos = p + 1 + n
			if n == 0 {
				v = c.cuvSlow()
			}
			if v > c.max {
				c.fail()
				return dst
			}
			k := int(v)
			s, e, fl := strEntry(st, k)
			m := e - s
			clean := fl>>(uint(k&3)*2)&mask == 0
			if clean && m <= fixed && s+32 <= len(st.data) && len(dst)+32 <= cap(dst) {
				dst = PutQuoted(dst, (*[32]byte)(st.data[s:s+32]), m)
			} else if clean && m <= 62 && fixed > 0 && s+64 <= len(st.data) && len(dst)+64 <= cap(dst) {
				// fixed > 0: the flags are verified. (Testing
				// l.flagsOK instead counted 2% more on twitter-25.)
				dst = putQuoted64(dst, (*[64]byte)(st.data[s:s+64]), m)
			} else {
				dst = appendSpanJSON(dst, c.esc, k, st.data[s:s+m], clean && l.flagsOK, escapeHTML)
			}
		case format.TagInt, format.TagFloatInt:
			if q := p + 1; q+8 <= len(c.data) { // as in the loop above
				w := word8(c.data, q)
				if w&0x81 == 0 && len(dst)+2 <= cap(dst) {
					c.pos = q + 1
					dst = smallIntJSON(dst, byte(w)>>1)
					break
				}
				dst = c.memberIntJSON(dst, w, p, vt)
				break
			}
			dst = c.memberIntSlow(dst, p, vt)
		case format.TagFloat:
			c.pos = p + 1
			dst = c.floatJSON(dst)
		case format.TagNull:
			c.pos = p + 1
			dst = append(dst, "null"...)
		case format.TagFalse:
			c.pos = p + 1
			dst = append(dst, "false"...)
		case format.TagTrue:
			c.pos = p + 1
			dst = append(dst, "true"...)
		case format.TagArray, format.TagObject:
			if p+1 < len(c.data) && c.data[p+1] == 0 && d+1 < l.depth {
				// Empty: a count of zero is all its payload. '[' + 0x20
				// is '{', and each closes two bytes on.
				c.pos = p + 2
				o := '[' + (vt-format.TagArray)<<5
				dst = append(dst, o, o+2)
				break
			}
			c.pos = p + 1
			dst = l.containerJSON(dst, c, vt, escapeHTML, stop, d+1)
		default:
			dst = l.valueJSON(dst, c, escapeHTML, stop, d+1)
		}
		if len(dst) > stop {
			c.fail()
			return dst
		}
		dst = append(dst, ',')
	}
	dst[len(dst)-1] = ']'
	return dst
}

// uv12 reads a canonical varint of one or two bytes at b[pos:], the string
// indexes below 16384 and small integers, and returns it and its length;
// anything else (a longer varint, a truncated or non-minimal one, pos at
// the end) returns length 0, and then the varint at pos is one that
// cuvSlow may read (or reject). It inlines. (Comparing pos as unsigned,
// here and in the members' loops, also tells the compiler it is not
// negative, which drops the bounds check of the byte read after it.)
func uv12(b []byte, pos int) (uint64, int) {
	if uint(pos) < uint(len(b)) {
		x := b[pos]
		if x < 0x80 {
			return uint64(x), 1
		}
		if pos+1 < len(b) {
			if y := b[pos+1]; y-1 < 0x7F {
				return uint64(x&0x7F) | uint64(y)<<7, 2
			}
		}
	}
	return 0, 0
}
