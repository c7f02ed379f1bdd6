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
// exactly, by stringFlags), then one bytes.IndexByte pass (vector
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
				set(i, stringFlags(data[start:ends[i]]))
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

// stringFlags returns the escaping flags of s, exactly as
// format.StringFlags does, reading ASCII two words at a time.
// TestStringFlagsMatchesFormat and FuzzStringFlags compare the two.
func stringFlags[S ~string | ~[]byte](s S) uint8 {
	const all = format.StrNeedsEscape | format.StrHasHTML
	var esc, html uint64 // lanes seen, as flagsEscapeLanes and flagsHTMLLanes mark them
	var flags uint8
	i := 0
	for {
		for ; i+16 <= len(s); i += 16 {
			w0, w1 := flagsWord(s, i), flagsWord(s, i+8)
			if (w0|w1)&flagsHigh != 0 {
				break
			}
			esc |= flagsEscapeLanes(w0) | flagsEscapeLanes(w1)
			html |= flagsHTMLLanes(w0) | flagsHTMLLanes(w1)
			if esc != 0 && html != 0 {
				return all
			}
		}
		if i+8 <= len(s) {
			if w := flagsWord(s, i); w&flagsHigh == 0 {
				esc |= flagsEscapeLanes(w)
				html |= flagsHTMLLanes(w)
				i += 8
				continue
			}
		} else if i < len(s) && len(s) >= 8 {
			// The last bytes, as the word that ends the string: if it is
			// all ASCII, rereading the bytes before i changes nothing.
			if w := flagsWord(s, len(s)-8); w&flagsHigh == 0 {
				esc |= flagsEscapeLanes(w)
				html |= flagsHTMLLanes(w)
				i = len(s)
			}
		}
		if esc != 0 {
			flags |= format.StrNeedsEscape
		}
		if html != 0 {
			flags |= format.StrHasHTML
		}
		if i >= len(s) || flags == all {
			return flags
		}
		if c := s[i]; c < utf8.RuneSelf {
			flags |= flagsOfASCII[c]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
			if size == 1 || r == '\u2028' || r == '\u2029' { // size 1: invalid UTF-8
				flags |= format.StrNeedsEscape
			}
			i += size
		}
	}
}

// SWAR constants: one bit or value per byte of a 64-bit word.
const (
	flagsLow  = 0x0101010101010101
	flagsHigh = 0x8080808080808080
)

// flagsOfASCII holds the string flags of each ASCII byte.
var flagsOfASCII = func() (t [utf8.RuneSelf]uint8) {
	for c := range 0x20 {
		t[c] = format.StrNeedsEscape
	}
	t['"'], t['\\'] = format.StrNeedsEscape, format.StrNeedsEscape
	t['<'], t['>'], t['&'] = format.StrHasHTML, format.StrHasHTML, format.StrHasHTML
	return t
}()

// flagsWord reads s[i:i+8] as a little-endian word (one load once compiled).
func flagsWord[S ~string | ~[]byte](s S, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// The lane tests assume every byte of w is ASCII (below 0x80): then adding
// 0x60 or 0x7F to a byte never carries into the next one, and the sum has
// the byte's high bit set exactly when the byte is >= 0x20, or non-zero. A
// test's result has 0x80 set in each lane that matches. (Pass 1 of
// tableFlags uses w-0x20 instead: with every byte ASCII it has a high bit
// set exactly when some byte is below 0x20, since the lowest such byte
// takes no borrow and wraps, and bytes from 0x20 to 0x7F never borrow.)

// flagsEscapeLanes marks the bytes of an ASCII word that are below 0x20, '"' or
// '\'.
func flagsEscapeLanes(w uint64) uint64 {
	return ^((w + flagsLow*0x60) & ((w ^ flagsLow*'"') + flagsLow*0x7F) & ((w ^ flagsLow*'\\') + flagsLow*0x7F)) & flagsHigh
}

// flagsHTMLLanes marks the bytes of an ASCII word that are '<', '>' or '&'.
// '<' (0x3C) and '>' (0x3E) differ only in bit 1, so one test finds both.
func flagsHTMLLanes(w uint64) uint64 {
	return ^((((w | flagsLow*0x02) ^ flagsLow*'>') + flagsLow*0x7F) & ((w ^ flagsLow*'&') + flagsLow*0x7F)) & flagsHigh
}
