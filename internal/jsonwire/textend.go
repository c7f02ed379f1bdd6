package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// TextEnd returns the position of the first '"', '\\' or byte below 0x20
// in p (len(p) if there is none) and whether the bytes before it are valid
// UTF-8: the end of a run of JSON string text that needs no decoding, and
// whether it may be taken as it is. When the bytes are not valid, ok is
// false and n is meaningless. It is utf8.Valid(p[:n]) for that n in one
// pass, where finding n first and then checking p[:n] reads every byte
// twice: ASCII is skipped a word at a time with the test for the bytes
// that stop the text (about twelve instructions a word) and multi-byte
// sequences are taken with a table lookup and a mask test per continuation
// byte (runs of two-byte sequences four at a time, and the one to three
// that end such a run in one step, runs of three-byte ones two
// at a time), never tested for a stop,
// since every byte that stops the text is ASCII. No allocation.
func TextEnd(p []byte) (n int, ok bool) {
	end := uint(len(p))
	i := uint(0)
scan:
	for i < end {
		c := p[i]
		switch stringTextClass[c] {
		case vASCII:
			// The rest of the run, eight bytes a turn, up to the word
			// that holds its first stop or non-ASCII byte.
			i++
			for i+8 <= end {
				w := binary.LittleEndian.Uint64(p[i:])
				if m := (stringStopLanes(w) | w) & SWARHi; m != 0 {
					i += uint(bits.TrailingZeros64(m)) >> 3
					continue scan
				}
				i += 8
			}
			for i < end && stringTextClass[p[i]] == vASCII {
				i++
			}
		case vStop:
			return int(i), true
		case vTwo:
			// Two-byte sequences a word at a time: four of them a turn,
			// then the one to three that end the run, such as the last
			// letters of a word before a space, in the same step.
			if end-i >= 8 {
				if k := twoByteLanes(binary.LittleEndian.Uint64(p[i:])); k > 0 {
					for k == 4 && end-i >= 16 {
						i += 8
						k = twoByteLanes(binary.LittleEndian.Uint64(p[i:]))
					}
					i += 2 * k
					continue
				}
			}
			if i+1 >= end || p[i+1]&0xC0 != 0x80 {
				return int(i), false
			}
			i += 2
		case vThree:
			if q := p[i:]; len(q) >= 8 && threeByteValid(binary.LittleEndian.Uint64(q)) {
				for q = q[6:]; len(q) >= 8 && threeByteValid(binary.LittleEndian.Uint64(q)); q = q[6:] {
				}
				i = end - uint(len(q))
				continue
			}
			if i+2 >= end || p[i+1]&0xC0 != 0x80 || p[i+2]&0xC0 != 0x80 {
				return int(i), false
			}
			i += 3
		case vThreeNarrow:
			if i+2 >= end {
				return int(i), false
			}
			if c1 := p[i+1]; c1 < secondLo[c] || c1 > secondHi[c] || p[i+2]&0xC0 != 0x80 {
				return int(i), false
			}
			i += 3
		case vFour:
			if i+3 >= end {
				return int(i), false
			}
			if c1 := p[i+1]; c1 < secondLo[c] || c1 > secondHi[c] || p[i+2]&0xC0 != 0x80 || p[i+3]&0xC0 != 0x80 {
				return int(i), false
			}
			i += 4
		default:
			return int(i), false
		}
	}
	return int(end), true
}

// vStop is the class of the bytes that stop string text: '"', '\\' and
// those below 0x20 (stringTextClass).
const vStop = vFour + 1

// stringTextClass is validClass with the bytes that stop string text in a class
// of their own.
var stringTextClass = func() (t [256]uint8) {
	t = validClass
	for c := range 0x20 {
		t[c] = vStop
	}
	t['"'], t['\\'] = vStop, vStop
	return t
}()

// stringStopLanes returns a word with the high bit of each byte of w that is
// '"', '\\' or below 0x20 set, among the bytes below 0x80 up to the first
// such byte: only the lowest flag is meaningful, as borrows carry flags
// upwards, and bytes from 0x80 may be flagged or not. Inlines.
func stringStopLanes(w uint64) uint64 {
	q := w ^ (swarLo * '"')
	s := w ^ (swarLo * '\\')
	return (q - swarLo) | (s - swarLo) | (w - swarLo*0x20)
}
