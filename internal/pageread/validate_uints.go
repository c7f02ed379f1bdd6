package pageread

import (
	"math"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// uints checks the n cells of an EncUint column: each a minimal uvarint,
// at least one of them past MaxInt64 (the reason for the encoding). A
// value past MaxInt64 takes exactly ten bytes (nine hold 63 bits), so a
// column earns its encoding with at least one ten-byte varint, and those
// are what its cells mostly are (ids and hashes above 2^63). With ten
// bytes left a varint is taken from one load: one byte by its high bit,
// two to eight by uvarint8, nine and ten by the two bytes past the word.
// Anything else, faults and the payload's last varints included, goes
// through reader.uvarint, which reports the fault as it always has. About
// 20 instructions a ten-byte varint, where reader.uvarint's chain of
// calls (uvarintSlow, ConsumeUvarint, consumeUvarint8,
// consumeUvarintLong) cost about 170.
func (v *validator) uints(n int) {
	r := &v.r
	b, pos := r.b, r.pos
	big := false
	for i := 0; i < n; i++ {
		if pos <= len(b)-format.MaxVarintLen {
			w := jsonwire.Load64(b, pos)
			switch stop := ^w & jsonwire.SWARHi; {
			case stop&0x80 != 0: // one byte
				pos++
				continue
			case stop != 0: // two to eight bytes
				if _, m := uvarint8(w); m != 0 {
					pos += m
					continue
				}
			default: // nine or ten bytes: the ninth ends it or the tenth is 1
				c := b[pos+8]
				if c-1 < 0x7F {
					pos += 9
					continue
				}
				if c >= 0x80 && b[pos+9] == 1 {
					pos += 10
					big = true
					continue
				}
			}
		}
		r.pos = pos
		big = r.uvarint("unsigned integer") > math.MaxInt64 || big
		if r.err != nil {
			return
		}
		pos = r.pos
	}
	r.pos = pos
	if !big {
		v.fail(format.ErrCorrupt, "uint column holds no value above MaxInt64")
	}
}
