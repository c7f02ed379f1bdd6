package rowpage

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
)

// tableFlags sets the flags of every string of a string table: string i is
// data[ends[i-1]:ends[i]], and its two bits go to flags[i/4] as the table
// stores them (flags must be zero). Each string gets the flags
// format.StringFlags computes; TestTableFlagsMatchesFormat and
// FuzzTableFlags check that.
//
// Every distinct string of a page is scanned here once, which on pages of
// text is, with hashing, the largest cost of encoding. So rather than scan
// string by string, tableFlags scans the table's data, where the strings
// lie back to back, in a few passes: one a word at a time for bytes below
// 0x20 and non-ASCII bytes (the strings holding one are then scanned
// exactly, by format.StringFlags), then one bytes.IndexByte pass (vector
// instructions) for each of '"', '\', '<', '>' and '&', which most text
// lacks. A match anywhere in a string sets that string's flag, and the
// search goes on after the string.
func tableFlags(flags []byte, data []byte, ends []uint32) {
	set := func(i int, f uint8) { flags[i>>2] |= f << ((i & 3) * 2) }
	// Pass 1: control and non-ASCII bytes.
	for p := 0; p < len(data); {
		if p+16 <= len(data) {
			w0, w1 := flagsWord(data, p), flagsWord(data, p+8)
			if ((w0-flagsLow*0x20)|w0|(w1-flagsLow*0x20)|w1)&flagsHigh == 0 {
				p += 16
				continue
			}
		}
		// A byte of data[p:p+16] may be below 0x20 or non-ASCII: check
		// each, and scan the string of the first that is exactly.
		q := min(p+16, len(data))
		for ; p < q; p++ {
			if c := data[p]; c < 0x20 || c >= utf8.RuneSelf {
				i := tableStringAt(ends, p)
				start := 0
				if i > 0 {
					start = int(ends[i-1])
				}
				set(i, format.StringFlags(data[start:ends[i]]))
				p = int(ends[i])
				break
			}
		}
	}
	// Pass 2: the bytes that need an escape, or HTML escaping, in ASCII.
	for _, c := range [...]struct {
		b byte
		f uint8
	}{{'"', format.StrNeedsEscape}, {'\\', format.StrNeedsEscape}, {'<', format.StrHasHTML}, {'>', format.StrHasHTML}, {'&', format.StrHasHTML}} {
		for p := 0; ; {
			j := bytes.IndexByte(data[p:], c.b)
			if j < 0 {
				break
			}
			i := tableStringAt(ends, p+j)
			set(i, c.f)
			p = int(ends[i])
		}
	}
}

// tableStringAt returns the index of the string that holds data byte p.
func tableStringAt(ends []uint32, p int) int {
	i, _ := slices.BinarySearch(ends, uint32(p+1))
	return i
}

// SWAR constants: one bit or value per byte of a 64-bit word.
const (
	flagsLow  = 0x0101010101010101
	flagsHigh = 0x8080808080808080
)

// flagsWord reads s[i:i+8] as a little-endian word (one load once compiled).
func flagsWord[S ~string | ~[]byte](s S, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
