package pageread

import (
	"github.com/rowpage/rowpage/format"
)

// chainJSON renders a checked array or object of one member whose tag has
// been read, at nesting depth d, as containerJSON does, for a chain of
// containers each the one member of the one before ({"a":[{"b":{…}}]},
// the hetero rows' "deep"): it enters them in one loop, writing each one's
// bracket and its member's key, until a container whose member is not
// such (of more members, an empty one, a scalar), which containerJSON
// renders; then it writes the closing brackets (closeChain). So a chain
// of n containers costs two calls, not n. It enters a container only
// where containerJSON would write the same: its count 1 (of one byte,
// canonical), an object's key of one byte within the table that writes
// with fixed moves (a fit, see fitFor), and a member that is an array or
// object; anything else is left to containerJSON, which reads the
// container from its count on and checks it. MaxDepth is not tested
// here: containerJSON, at the end of the chain, fails any chain that
// passes it. Up to 62 containers are entered in one call.
func (l *Layout) chainJSON(dst []byte, c *Cursor, tag byte, escapeHTML bool, stop, d int) []byte {
	st := &l.Strings
	mask := escapeMask(escapeHTML)
	fixed := fitMax // as in containerJSON
	if !l.flagsOK {
		fixed = -1
	}
	// kinds holds the kinds of the containers entered (1 for an object),
	// the innermost lowest, above a leading 1.
	kinds := uint64(1)
	for kinds < 1<<62 {
		p := c.pos // the container's count
		q := p + 1 // its member, after an object's key
		obj := tag == format.TagObject
		if obj {
			q++
		}
		if uint(q) >= uint(len(c.data)) || c.data[p] != 1 {
			break
		}
		vt := c.data[q]
		if vt-format.TagArray > 1 { // not an array or an object
			break
		}
		if obj {
			k := c.data[p+1]
			if k >= 0x80 || uint64(k) > c.max {
				break
			}
			f := fitOf(st, int(k))
			if f == 0 { // met first: its fit set as containerJSON sets it
				s, e, fl := strEntry(st, int(k))
				if fl>>(k&3*2)&mask != 0 || e-s > fixed || s+32 > len(st.data) {
					break
				}
				if f = fitFor(int(k), s, e-s, fl); f == 0 {
					break
				}
				st.fits[k] = f
			}
			if len(dst)+64 > cap(dst) {
				break
			}
			dst = append(dst, '{')
			dst = putKey(dst, fitData(st, f), int(f&(fitKnown-1)))
		} else {
			dst = append(dst, '[')
		}
		kinds = kinds<<1 | uint64(b2u(obj))
		c.pos = q + 1
		tag = vt
		d++
	}
	dst = l.containerJSON(dst, c, tag, escapeHTML, stop, d)
	if kinds != 1 {
		dst = closeChain(dst, c, kinds, stop)
	}
	return dst
}

// closeChain writes the closing brackets of the containers chainJSON
// entered, kinds as it holds them, innermost first ('}' is ']' + 0x20).
// Before the last, the outermost's, it tests stop, as the outermost's
// loop would have after its member closed (the tests of the loops inside
// it, made on shorter output, would have failed only if this one does).
func closeChain(dst []byte, c *Cursor, kinds uint64, stop int) []byte {
	for ; kinds > 3; kinds >>= 1 {
		dst = append(dst, ']'+byte(kinds&1)<<5)
	}
	if len(dst) > stop {
		c.fail()
		return dst
	}
	return append(dst, ']'+byte(kinds&1)<<5)
}
