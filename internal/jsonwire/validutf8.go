package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// ValidUTF8 reports whether p is valid UTF-8, exactly as utf8.Valid does:
// no stray continuation byte, no overlong form, no surrogate (U+D800 to
// U+DFFF), nothing above U+10FFFF, no sequence cut short.
//
// It differs from utf8.Valid in how it walks mixed text. utf8.Valid skips
// ASCII eight bytes a turn only while it has seen nothing else; from the
// first multi-byte sequence on it goes one byte at a time, ASCII included.
// ValidUTF8 goes back to eight-byte ASCII skips after every multi-byte
// sequence, takes two- and the common three-byte sequences with one mask
// test each, and runs of them four two-byte or two three-byte sequences a
// turn (twoByteRun, threeByteRun). Only the leads with narrower ranges for
// their second byte (E0, ED, F0 to F4) and invalid bytes take seqLen. Cost: about two
// instructions an ASCII byte in runs of eight, a few an ASCII byte between
// sequences, and five to eight a sequence in runs of Cyrillic or CJK text.
// No allocation.
func ValidUTF8(p []byte) bool {
	n := uint(len(p))
	i := uint(0)
	for i < n {
		c := p[i]
		switch validClass[c] {
		case 0:
			if c >= 0x80 {
				k := seqLen(p, int(i))
				if k == 0 {
					return false
				}
				i += uint(k)
				continue
			}
			// ASCII: the rest of the run is taken eight bytes a turn,
			// up to the word that holds its first non-ASCII byte.
			i++
			for i+8 <= n {
				if m := binary.LittleEndian.Uint64(p[i:]) & SWARHi; m != 0 {
					i += uint(bits.TrailingZeros64(m)) >> 3
					break
				}
				i += 8
			}
		case 2:
			// Cyrillic, Greek, Hebrew, Arabic or accented Latin: a run
			// of two-byte sequences is taken four at a time.
			if i+8 <= n && twoByteRun(binary.LittleEndian.Uint64(p[i:])) {
				for i += 8; i+8 <= n && twoByteRun(binary.LittleEndian.Uint64(p[i:])); i += 8 {
				}
				continue
			}
			if i+1 >= n || p[i+1]&0xC0 != 0x80 {
				return false
			}
			i += 2
		case 3:
			// CJK, kana or Hangul: a run of three-byte sequences is taken
			// two at a time. threeByteRun also turns down U+2028 and
			// U+2029, which are valid: those fall to the test below.
			if i+8 <= n && threeByteRun(binary.LittleEndian.Uint64(p[i:])) {
				for i += 6; i+8 <= n && threeByteRun(binary.LittleEndian.Uint64(p[i:])); i += 6 {
				}
				continue
			}
			if i+2 >= n || p[i+1]&0xC0 != 0x80 || p[i+2]&0xC0 != 0x80 {
				return false
			}
			i += 3
		}
	}
	return true
}

// validClass[c] is 2 for the lead bytes of two-byte sequences (C2-DF), 3
// for the three-byte leads whose second byte may be any continuation byte
// (E1-EC, EE, EF) and 0 for every other byte: ASCII, continuation bytes,
// the leads E0, ED and F0-F4, whose second byte has a narrower range, and
// bytes that never start a sequence. Unlike leadClass it counts E2 as an
// ordinary lead: U+2028 and U+2029 are valid UTF-8.
var validClass = func() (t [256]uint8) {
	for c := 0xC2; c < 0xE0; c++ {
		t[c] = 2
	}
	for c := 0xE1; c < 0xF0; c++ {
		if c != 0xED {
			t[c] = 3
		}
	}
	return t
}()
