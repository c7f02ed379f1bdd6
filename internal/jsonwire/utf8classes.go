package jsonwire

// The tables and the word test TextEnd takes UTF-8 with: the class of each
// lead byte, the ranges of the second byte where the Unicode standard's
// table 3-7 narrows them, and two three-byte sequences checked in one word.

// The classes of validClass.
const (
	vASCII       = iota // 00-7F
	vInvalid            // 80-C1, F5-FF: continuation bytes, overlong two-byte leads, no lead at all
	vTwo                // C2-DF
	vThree              // E1-EC, EE, EF: the second byte is any continuation byte
	vThreeNarrow        // E0, ED: the second byte has a narrower range (secondLo, secondHi)
	vFour               // F0-F4: ranges in secondLo and secondHi
)

// validClass[c] is the class of c as the first byte of a sequence.
// Unlike leadClass it counts E2 as an ordinary three-byte lead: U+2028
// and U+2029 are valid UTF-8 (threeByteValid takes them too). TextEnd
// reads it through stringTextClass, which adds the bytes that stop text.
var validClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c < 0x80:
			t[c] = vASCII
		case c < 0xC2 || c > 0xF4:
			t[c] = vInvalid
		case c < 0xE0:
			t[c] = vTwo
		case c == 0xE0 || c == 0xED:
			t[c] = vThreeNarrow
		case c < 0xF0:
			t[c] = vThree
		default:
			t[c] = vFour
		}
	}
	return t
}()

// secondLo[c] and secondHi[c] bound the second byte of a sequence that
// starts with c, for the leads of classes vThreeNarrow and vFour: the
// ranges of the Unicode standard's table 3-7, as unicode/utf8 applies them.
var secondLo, secondHi = func() (lo, hi [256]byte) {
	for c := range 256 {
		lo[c], hi[c] = 0x80, 0xBF
	}
	lo[0xE0] = 0xA0 // no overlong forms below U+0800
	hi[0xED] = 0x9F // no surrogates
	lo[0xF0] = 0x90 // no overlong forms below U+10000
	hi[0xF4] = 0x8F // nothing above U+10FFFF
	return lo, hi
}()

// The constants of the two-sequence word tests: each holds one 24-bit lane
// per sequence (lead, first continuation, second continuation, from the
// low byte up).
const (
	threeShapeMask, threeShape = 0xC0C0F0C0C0F0, 0x8080E08080E0 // 1110xxxx 10xxxxxx 10xxxxxx
	threeE0ED                  = 0x00200F00200F                 // the lead's low nibble and bit 5 of the next byte
	threeED                    = 0x00200D00200D                 // ED A0-BF under threeE0ED; E0 80-9F is 0
	threeCarry, threeTop       = 0x7FFFFF7FFFFF, 0x800000800000
)

// threeByteValid reports whether the first six bytes of w (loaded
// little-endian) are two valid three-byte UTF-8 sequences: leads 0xE0 to
// 0xEF followed by two continuation bytes, except the overlong forms
// (E0 80-9F) and the surrogates (ED A0-BF). It is threeByteRun without
// the test for U+2028 and U+2029, which are valid. The last two bytes of
// w are ignored. Cost: about fifteen instructions.
func threeByteValid(w uint64) bool {
	return w&threeShapeMask == threeShape && threeByteLanes(w)&threeTop == threeTop
}

// threeByteLanes returns, for a word of the three-byte shape, each lane's
// top bit set when the lane is neither E0 80-9F nor ED A0-BF: the test
// threeByteValid and threeByteRun share. The masked value and its xor with
// threeED are zero in a lane exactly when the lane is one of those, and
// below 0x800000: adding 0x7FFFFF sets the lane's top bit when it is
// non-zero, without carrying out of it.
func threeByteLanes(w uint64) uint64 {
	q := w & threeE0ED
	return (q + threeCarry) & ((q ^ threeED) + threeCarry)
}
