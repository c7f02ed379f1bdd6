package pagebuild

import (
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// SetTableFlags sets the flags of every string of a string table being
// written: string i is data[ends[i-1]:ends[i]] (from 0 for i = 0), and its
// two bits go to flags[i/4] as the table stores them (flags must be zero).
//
// Every distinct string of a page passes through here once, which on pages
// of text is, with hashing, the largest cost of encoding; so, like the
// verification that readers make (CheckTableFlags), it sweeps the data once,
// 16 or 32 bytes a turn, stopping only at bytes that are not plain, and
// computes the flags of each string holding one (stringFlags). ends must
// be ascending and end at len(data). Where jsonwire.ClassMasks has a
// vector form, the short ASCII strings take their flags from the class
// masks of the block they lie in (setFlagsByBlocks).
func SetTableFlags(flags, data []byte, ends []uint32) { setTableFlagsFrom(flags, data, ends, 0) }

// setTableFlagsFrom is SetTableFlags for strings i on of a table: data
// and ends end with string len(ends)-1, and string i starts at ends[i-1]
// (0 for i = 0). So that a big table's flags are set a run of strings at
// a time, just after the run is copied into the page, while its bytes are
// in the cache (Builder.copyTableSummed).
func setTableFlagsFrom(flags, data []byte, ends []uint32, i int) {
	if flagsByBlocks {
		setFlagsByBlocks(flags, data, ends, i)
		return
	}
	setFlagsBySweep(flags, data, ends, i)
}

// runStart returns where string i of a table starts, given the ends of
// its strings.
func runStart(ends []uint32, i int) int {
	if i == 0 {
		return 0
	}
	return int(ends[i-1])
}

// flagsByBlocks selects setFlagsByBlocks, where jsonwire.ClassMasks has a
// vector form; a variable so that tests run both ways everywhere.
var flagsByBlocks = jsonwire.ClassMasksFast

// setFlagsBySweep is setTableFlagsFrom by PlainPrefix and stringFlags, which
// restart at each string that holds a byte that is not plain: about 200
// instructions for a short string holding a quote.
func setFlagsBySweep(flags, data []byte, ends []uint32, i int) {
	start := runStart(ends, i)
	for pos := jsonwire.PlainPrefix(data, start); pos < len(data); pos = nextNotPlain(data, pos) {
		end := int(ends[i])
		if end <= pos && pos-end >= stringsFar { // far on: bisect
			i = stringHolding(ends, i, pos)
			start, end = int(ends[i-1]), int(ends[i])
		}
		for end <= pos { // find the string holding pos
			i++
			start, end = end, int(ends[i])
		}
		flags[i>>2] |= stringFlags(data[start:end], pos-start) << ((i & 3) * 2)
		pos = end
	}
}

// setFlagsByBlocks is setTableFlagsFrom with the class masks of 64-byte
// blocks, as the readers' checkFlagsByBlocks: PlainPrefix finds the next
// byte that is not plain; when it is ASCII and its string ends within 64
// bytes, the class masks of the 64 bytes from it (jsonwire.ClassMasks,
// about 50 instructions) give the flags of every ASCII string that ends
// within them (jsonwire.RangeFlags, a few instructions each), where
// setFlagsBySweep's stringFlags and restart cost about 200 a string. A
// string that is longer, or holds a byte from 0x80, takes stringFlags
// from its first byte that is not plain, as in setFlagsBySweep.
func setFlagsByBlocks(flags, data []byte, ends []uint32, i int) {
	start := runStart(ends, i)
	for pos := jsonwire.PlainPrefix(data, start); pos < len(data); {
		end := int(ends[i])
		if end <= pos && pos-end >= stringsFar { // far on: bisect
			i = stringHolding(ends, i, pos)
			start, end = int(ends[i-1]), int(ends[i])
		}
		for end <= pos { // find the string holding pos
			i++
			start, end = end, int(ends[i])
		}
		if data[pos] >= 0x80 || end-pos > jsonwire.ClassMasksLen {
			flags[i>>2] |= stringFlags(data[start:end], pos-start) << ((i & 3) * 2)
			pos = nextNotPlain(data, end)
			continue
		}
		esc, html, high := jsonwire.ClassMasks(data, pos)
		special := esc | html | high
		next := pos + jsonwire.ClassMasksLen
		for {
			// The bytes of string i before at are plain, so its flags
			// are those of data[at:end].
			off := bits.TrailingZeros64(special)
			f, ascii := uint8(0), false
			if end-pos <= jsonwire.ClassMasksLen {
				f, ascii = jsonwire.RangeFlags(esc, html, high, off, end-pos)
			}
			if !ascii {
				f = stringFlags(data[start:end], pos+off-start)
			}
			flags[i>>2] |= f << ((i & 3) * 2)
			if end-pos >= jsonwire.ClassMasksLen {
				next = end
				break
			}
			if special &= ^uint64(0) << uint(end-pos); special == 0 {
				break
			}
			for at := pos + bits.TrailingZeros64(special); end <= at; {
				i++
				start, end = end, int(ends[i])
			}
		}
		pos = jsonwire.PlainPrefixNear(data, next)
	}
}

// stringHolding returns the string of a table that holds byte pos of its
// data, given the ends of its strings and i, a string that ends at or
// before pos (ends[i] <= pos < ends[len(ends)-1]): the first j after i
// with ends[j] > pos, found by bisection. The flags' sweeps walk from
// string to string, about 9 instructions a string passed, and ask it
// where pos is stringsFar bytes or more past string i: a table of short
// plain strings between two that need flags, as most pages' are (95
// strings, 2 needing flags, on 25 sparse rows), cost about 870
// instructions a page walked.
func stringHolding(ends []uint32, i, pos int) int {
	p := uint32(pos)
	lo, hi := i+1, len(ends)-1 // ends[lo-1] <= p < ends[hi]
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ends[m] <= p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// stringsFar is how far past a string's end, in bytes, the flags' sweeps
// bisect for the string holding a byte (stringHolding) rather than walk
// to it: some 12 strings of a page of short values, about as many as the
// bisection's steps cost.
const stringsFar = 128

// nextNotPlain returns jsonwire.PlainPrefix(data, pos), the first byte at
// or after pos that is not plain, testing the word at pos first: after a
// string that needs escaping the next often does too, within a few bytes
// of its start (permissions such as update("team:…") follow each other),
// and the word's test costs a fraction of PlainPrefix's block call.
func nextNotPlain(data []byte, pos int) int {
	if pos+8 <= len(data) {
		if k := jsonwire.FirstNotPlain(Load64(data, pos)); k < 8 {
			return pos + k
		}
		pos += 8
	}
	return jsonwire.PlainPrefix(data, pos)
}

// stringFlags returns jsonwire.StringFlags(s), where s[at] is the first
// byte of s that is not plain. Less than asciiFlagsMax bytes before the
// end, a byte that needs escaping (a quote, a backslash, a control byte)
// leaves only the HTML flag to find, which jsonwire.HTMLFlag does for the
// rest of s, a word at a time and whatever its bytes: the short strings
// of a page that need escaping are mostly ASCII with a quote or two
// (permissions such as read("user:1")), and that costs about half of
// testing both flags. From another ASCII byte it asks jsonwire.ASCIIFlags
// for the rest of s; anything else (a longer rest, text in another script)
// goes to jsonwire.BlockFlags, which reads a rest of 35 bytes or more 32
// bytes a step where the processor has AVX2 (about 1.2 instructions a
// byte, where StringFlags walks non-ASCII text a sequence or two at a
// time), and a shorter one by StringFlags.
func stringFlags(s []byte, at int) uint8 {
	if c := s[at]; (c < 0x20 || c == '"' || c == '\\') && len(s)-at <= asciiFlagsMax {
		// The escape flag is set whatever follows, and no byte but '<',
		// '>' and '&' can add the other.
		return format.StrNeedsEscape | jsonwire.HTMLFlag(s[at+1:])
	}
	if s[at] < 0x80 && len(s)-at <= asciiFlagsMax {
		if f, ok := jsonwire.ASCIIFlags(s[at:]); ok {
			return f
		}
	}
	// The bytes before at are plain, so s[at:] has the flags of s.
	return jsonwire.BlockFlags(s[at:])
}

// asciiFlagsMax is the longest rest of a string that stringFlags gives to
// ASCIIFlags, which reads every word of it: StringFlags skips runs of plain
// bytes 32 at a time, and on longer text (a body with a newline) was the
// cheaper of the two.
const asciiFlagsMax = 64
