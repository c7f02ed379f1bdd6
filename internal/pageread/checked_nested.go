package pageread

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// containerJSON renders a checked array or object whose tag has been read,
// at nesting depth d, checking it as the validator would (see
// TakeValueJSON). Keys and the commonest members (strings, integers,
// integral floats, nulls, booleans) are read and written in its loop, a
// key or string of up to 29 clean bytes with fixed moves; a nested array
// or object takes a call of this function, and only other scalars
// (valueJSON), strings that need escaping or are longer (AppendStringJSON)
// and varints of three bytes or more (cuvSlow) take another. Once len(dst)
// passes stop after an element it marks the cursor bad and returns.
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
	if obj {
		dst = append(dst, '{')
	} else {
		dst = append(dst, '[')
	}
	st := &l.Strings
	mask := escapeMask(escapeHTML)
	for i := uint64(0); i < cnt; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		if obj {
			key, n := uv12(c.data, c.pos)
			if n == 0 {
				key = c.cuvSlow()
			}
			c.pos += n
			if key > c.max {
				c.fail()
				return dst
			}
			k := int(key)
			o := st.offs[k : k+2 : k+2]
			s, m := int(o[0]), int(o[1])-int(o[0])
			if st.flags[k>>2]>>(uint(k&3)*2)&mask == 0 && l.flagsOK && m <= 29 && s+32 <= len(st.data) && cap(dst)-len(dst) >= 32 {
				dst = putKey(dst, (*[32]byte)(st.data[s:s+32]), m)
			} else {
				dst = append(l.AppendStringJSON(dst, k, escapeHTML), ':')
			}
		}
		p := c.pos
		if p >= len(c.data) {
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
			o := st.offs[k : k+2 : k+2]
			s, m := int(o[0]), int(o[1])-int(o[0])
			if st.flags[k>>2]>>(uint(k&3)*2)&mask == 0 && l.flagsOK && m <= 29 && s+32 <= len(st.data) && cap(dst)-len(dst) >= 32 {
				dst = putQuoted(dst, (*[32]byte)(st.data[s:s+32]), m)
			} else {
				dst = l.AppendStringJSON(dst, k, escapeHTML)
			}
		case format.TagInt, format.TagFloatInt:
			c.pos = p + 1
			var u uint64
			if p+1 < len(c.data) && c.data[p+1] < 0x80 {
				u = uint64(c.data[p+1])
				c.pos = p + 2
			} else {
				u = c.cuvSlow()
			}
			v := format.DecodeZigZag(u)
			if vt == format.TagFloatInt && !isFloatInt(v) {
				c.fail()
				return dst
			}
			dst = jsonwire.AppendInt(dst, v)
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
			c.pos = p + 1
			dst = l.containerJSON(dst, c, vt, escapeHTML, stop, d+1)
		default:
			dst = l.valueJSON(dst, c, escapeHTML, stop, d+1)
		}
		if c.bad || len(dst) > stop {
			c.fail()
			return dst
		}
	}
	if obj {
		return append(dst, '}')
	}
	return append(dst, ']')
}

// uv12 reads a canonical varint of one or two bytes at b[pos:], the string
// indexes below 16384 and small integers, and returns it and its length;
// anything else (a longer varint, a truncated or non-minimal one, pos at
// the end) returns length 0, and then the varint at pos is one that
// cuvSlow may read (or reject). It inlines.
func uv12(b []byte, pos int) (uint64, int) {
	if pos < len(b) {
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
