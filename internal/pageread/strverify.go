package pageread

import (
	"bytes"
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// CheckTableFlags checks the stored flags of every string of a string table
// against its bytes, as a reader that copies strings unescaped must
// (SPEC.md section 3); the arguments are as for SetTableFlags, with ends
// already validated. It returns the index of the first string with wrong
// flags, or -1.
//
// Like SetTableFlags it sweeps the data once, stopping only at bytes that
// are not plain: a string made of plain bytes alone must have flags 0, and
// each string holding another byte gets its flags computed in full (or,
// when it is marked clean, checked to be so by FlagsClear, which runs
// through non-ASCII text in one loop). Since a
// string whose flags are non-zero must hold such a byte, counting the
// non-zero stored flags catches one that claims a flag its bytes lack. The
// cost is about that of reading the data once, whatever the number of
// strings.
func CheckTableFlags(flags, data []byte, ends []uint32) int {
	if flagsByBlocks {
		return checkFlagsByBlocks(flags, data, ends)
	}
	return checkFlagsBySweep(flags, data, ends)
}

// flagsByBlocks selects checkFlagsByBlocks, where jsonwire.ClassMasks has
// a vector form; a variable so that tests run both ways everywhere.
var flagsByBlocks = jsonwire.ClassMasksFast

// checkFlagsBySweep is CheckTableFlags by PlainPrefix and stopFlags, which
// restart at each string that holds a special byte: 200 to 450
// instructions such a string.
func checkFlagsBySweep(flags, data []byte, ends []uint32) int {
	claimed := flaggedCount(flags)
	confirmed := 0
	i, next := 0, 0 // next: the first string after i with flags, once asked
	for pos := jsonwire.PlainPrefix(data, 0); pos < len(data); pos = jsonwire.PlainPrefix(data, pos) {
		end := int(ends[i])
		for end <= pos { // find the string holding pos
			i++
			end = int(ends[i])
		}
		// The bytes before pos are plain, so the string's flags are those
		// of data[pos:end]. A string marked clean, the common case (text
		// with non-ASCII in it), takes the quicker test of FlagsClear,
		// with the clean strings in another script after it (cleanRun).
		want := tableFlag(flags, i)
		if want == 0 {
			last := i
			if end < len(data) && data[end] >= 0xC0 {
				last = cleanRun(flags, data, ends, i, &next)
			}
			if !jsonwire.FlagsClear(data[pos:ends[last]]) {
				return firstWrongFlags(flags, data, ends)
			}
			i, pos = last, int(ends[last])
			continue
		}
		f := claimedFlags(data[pos:end], want)
		if f != want {
			return firstWrongFlags(flags, data, ends)
		}
		if f != 0 {
			confirmed++
		}
		pos = end
	}
	if confirmed != claimed {
		return firstWrongFlags(flags, data, ends)
	}
	return -1
}

// checkFlagsByBlocks is CheckTableFlags with the class masks of 64-byte
// blocks. PlainPrefix finds the next byte that is not plain, as in
// checkFlagsBySweep; when it is ASCII, the class masks of the 64 bytes
// from it (jsonwire.ClassMasks, about 50 instructions) give the flags of
// every ASCII string that ends within them (jsonwire.RangeFlags, about 30
// instructions each), where checkFlagsBySweep took 200 to 450 for each,
// restarting its sweep after it. A string that runs into the next block,
// ASCII in this one, takes that block's masks too, and the check goes on
// in that block (in a table of short flagged strings, such as baas's
// permissions, one string in two or three ends past a block). A string
// that is longer, or holds a byte from 0x80, is checked from its first
// special byte as checkFlagsBySweep does; and when that first special byte is from 0x80 (text in another
// script) or its string runs past the 64 bytes, no block is read: its
// masks would rarely serve.
func checkFlagsByBlocks(flags, data []byte, ends []uint32) int {
	claimed := flaggedCount(flags)
	confirmed := 0
	i, next := 0, 0 // next: the first string after i with flags, once asked
	for pos := jsonwire.PlainPrefix(data, 0); pos < len(data); {
		end := int(ends[i])
		for end <= pos { // find the string holding pos
			i++
			end = int(ends[i])
		}
		want := tableFlag(flags, i)
		if data[pos] >= 0x80 || end-pos > jsonwire.ClassMasksLen {
			// As in checkFlagsBySweep: a string marked clean is checked
			// with the clean strings after it, in one run.
			if want == 0 {
				last := i
				if end < len(data) && joinsRun(data[end]) {
					last = cleanRun(flags, data, ends, i, &next)
				}
				if !jsonwire.FlagsClear(data[pos:ends[last]]) {
					return firstWrongFlags(flags, data, ends)
				}
				i, pos = last, jsonwire.PlainPrefix(data, int(ends[last]))
				continue
			}
			f := claimedFlags(data[pos:end], want)
			if f != want {
				return firstWrongFlags(flags, data, ends)
			}
			if f != 0 {
				confirmed++
			}
			pos = jsonwire.PlainPrefixNear(data, end)
			continue
		}
		esc, html, high := jsonwire.ClassMasks(data, pos)
		special := esc | html | high
		next := pos + jsonwire.ClassMasksLen
		for {
			// The bytes of string i before at are plain, so its flags
			// are those of data[at:end].
			// special is never 0 here, so off is below 64, as are the
			// counts of the shifts below (each masked with 63 to say so:
			// unmasked, the compiler guards each against counts of 64
			// and more).
			off := uint(bits.TrailingZeros64(special)) & 63
			at := pos + int(off)
			f, ascii := uint8(0), false
			if end-pos <= jsonwire.ClassMasksLen {
				f, ascii = jsonwire.RangeFlags(esc, html, high, int(off), end-pos)
			} else if end-pos <= 2*jsonwire.ClassMasksLen && high>>off == 0 {
				// String i runs into the next block, ASCII so far: its
				// flags are those of its bits here and of its bits
				// there, and the check goes on in that block.
				f = maskFlags(esc>>off, html>>off)
				pos += jsonwire.ClassMasksLen
				esc, html, high = jsonwire.ClassMasks(data, pos)
				var rest uint8
				rest, ascii = jsonwire.RangeFlags(esc, html, high, 0, end-pos)
				f |= rest
				special = esc | html | high
				next = pos + jsonwire.ClassMasksLen
			}
			if !ascii {
				f = nonASCIIFlags(data[at:end], want)
			}
			if f != want {
				return firstWrongFlags(flags, data, ends)
			}
			if f != 0 {
				confirmed++
			}
			if end-pos >= jsonwire.ClassMasksLen {
				next = end
				break
			}
			if special &= ^uint64(0) << (uint(end-pos) & 63); special == 0 { // (end-pos: 1 to 63)
				break
			}
			for at = pos + bits.TrailingZeros64(special); end <= at; end = int(ends[i]) {
				i++
			}
			want = tableFlag(flags, i)
		}
		pos = jsonwire.PlainPrefixNear(data, next)
	}
	if confirmed != claimed {
		return firstWrongFlags(flags, data, ends)
	}
	return -1
}

// maskFlags returns the flags that class masks esc and html of ASCII
// bytes say: StrNeedsEscape when esc has a bit, StrHasHTML when html has.
// Inlines.
func maskFlags(esc, html uint64) (f uint8) {
	if esc != 0 {
		f = format.StrNeedsEscape
	}
	if html != 0 {
		f |= format.StrHasHTML
	}
	return f
}

// nonASCIIFlags returns the flags of s, the part of a string from its
// first byte that is not plain, or 0 when want is 0 and s needs none: a
// string marked clean, the common case for text with non-ASCII in it,
// takes the quicker test of FlagsClear.
func nonASCIIFlags(s []byte, want uint8) uint8 {
	if want == 0 && jsonwire.FlagsClear(s) {
		return 0
	}
	return claimedFlags(s, want)
}

// claimedFlags returns the flags of s, the part of a string from its first
// byte that is not plain, as stopFlags does, or want when a few byte
// searches prove that s has exactly those flags. When want claims
// StrNeedsEscape, a control byte, '"', '\\', U+2028 or U+2029 at the start
// of s proves it, or a '\n', '"' or '\\' further on; then one of '<', '>'
// and '&' proves StrHasHTML, and the absence of all three its absence.
// On a long string of text in another script (a post with a line break or
// a quotation) the searches, vectorized, cost a fraction of stopFlags'
// walk through every sequence: on the twitter statuses about 330
// instructions a string where stopFlags took about 1,700. On ASCII text,
// which stopFlags skips in blocks, they would cost more than they save, so
// they are tried only on strings longer than stopFlagsASCIIMax whose first
// 16 bytes hold a byte from 0x80; a string they prove nothing about (its
// escape a tab or invalid UTF-8 further on) goes to stopFlags after them.
//
// Where jsonwire.BlockFlags has a vector form, such a string is given to
// it instead, whatever its flags claim: it reads the string once, 32
// bytes a step, about 1.2 instructions a byte (on the twitter statuses
// about 180 instructions a string where the searches took 330).
func claimedFlags(s []byte, want uint8) uint8 {
	if len(s) <= stopFlagsASCIIMax || (jsonwire.Load64(s, 0)|jsonwire.Load64(s, 8))&jsonwire.SWARHi == 0 {
		return stopFlags(s)
	}
	if jsonwire.BlockFlagsFast {
		return jsonwire.BlockFlags(s)
	}
	if want&format.StrNeedsEscape == 0 {
		return stopFlags(s)
	}
	if c := s[0]; c >= 0x20 && c != '"' && c != '\\' && !(c == 0xE2 && s[1] == 0x80 && s[2]&0xFE == 0xA8) &&
		bytes.IndexByte(s, '\n') < 0 && bytes.IndexByte(s, '"') < 0 && bytes.IndexByte(s, '\\') < 0 {
		return stopFlags(s)
	}
	// StrNeedsEscape is proven; StrHasHTML must be as claimed.
	if want&format.StrHasHTML == 0 {
		if bytes.IndexByte(s, '<') < 0 && bytes.IndexByte(s, '>') < 0 && bytes.IndexByte(s, '&') < 0 {
			return want
		}
	} else if bytes.IndexByte(s, '&') >= 0 || bytes.IndexByte(s, '<') >= 0 || bytes.IndexByte(s, '>') >= 0 {
		return want
	}
	return stopFlags(s)
}

// stopFlags returns the flags of s, the part of a string from its first
// byte that is not plain. A short ASCII s (a permission string such as
// read("user:abc"), a line or two of text) is taken by ASCIIFlags, which
// looks up only the special bytes of each word, at about half the cost of
// StringFlags restarting its sweep after each. A short s that ASCIIFlags
// declines (a byte from 0x80 in it: a name or a few words in another
// script after a quote or a line break) goes to jsonwire.BlockFlags where
// it has a vector form, which reads it as one or two blocks whatever its
// script: on the hetero pages' flagged strings about 230 instructions a
// string where StringFlags took about 590. Anything else goes to
// StringFlags, which sweeps long runs of plain bytes with SIMD and stops
// once both flags are found.
func stopFlags(s []byte) uint8 {
	if len(s) <= stopFlagsASCIIMax {
		if f, ok := jsonwire.ASCIIFlags(s); ok {
			return f
		}
		if jsonwire.BlockFlagsFast {
			return jsonwire.BlockFlags(s)
		}
	}
	return jsonwire.StringFlags(s)
}

// stopFlagsASCIIMax is the longest string stopFlags gives ASCIIFlags.
// Measured: on pages whose flagged strings are long (github-events' commit
// messages) ASCIIFlags for every length cost 8% more instructions per hit.
const stopFlagsASCIIMax = 64

// cleanRun returns the index of the last string of the run of strings
// from i that FlagsClear may check in one call, where a table of names in
// another script (repeat-25) paid a call and a restart of the sweep for
// each string, 250 to 300 instructions: string i is marked clean, and so
// is each string after it in the run, which starts a UTF-8 sequence with
// a byte joinsRun takes. next holds the index of the first string after i with
// flags, as nextFlagged returns it, or a number not above i when not yet
// known.
//
// The bytes of clean strings, put end to end, are clean; and clean bytes
// cut only where a sequence starts are clean strings. So FlagsClear of the
// whole run is true exactly when every string of it is clean. Cost: about
// six instructions a string.
func cleanRun(flags, data []byte, ends []uint32, i int, next *int) (last int) {
	if *next <= i {
		*next = nextFlagged(flags, i+1)
	}
	j := min(*next, len(ends)) // strings i to j-1 are marked clean
	last = i
	if jsonwire.BlockFlagsFast { // joinsRun, read once: any byte that starts a sequence
		for last+1 < j {
			e := ends[last]
			if int(e) >= len(data) || data[e]&0xC0 == 0x80 {
				break
			}
			last++
		}
		return last
	}
	for last+1 < j && int(ends[last]) < len(data) && joinsRun(data[ends[last]]) {
		last++
	}
	return last
}

// joinsRun reports whether a string marked clean that starts with byte c
// joins the run of cleanRun before it: when c is a lead byte, and, where
// FlagsClear reads 32 bytes a step (jsonwire.BlockFlagsFast), when it is
// ASCII too. Either way a sequence starts at c. With the byte loop, a
// string of ASCII costs less apart, skipped by PlainPrefix; with the
// vector form, a run of a table of posts (names, links, text) is checked
// in one call where each string paid a PlainPrefix and a turn of the loop.
func joinsRun(c byte) bool {
	return c >= 0xC0 || c < 0x80 && jsonwire.BlockFlagsFast
}

// nextFlagged returns the index of the first string from i on whose
// stored flags are not 0, or a number at least the count of strings when
// there is none (the padding bits of the last flags byte are zero). It
// reads the flags 32 strings a word.
func nextFlagged(flags []byte, i int) int {
	b := i >> 2
	if b >= len(flags) {
		return len(flags) * 4
	}
	if w := flags[b] >> ((i & 3) * 2); w != 0 {
		return i + bits.TrailingZeros8(w)>>1
	}
	for b++; b+8 <= len(flags); b += 8 {
		if w := jsonwire.Load64(flags, b); w != 0 {
			return b*4 + bits.TrailingZeros64(w)>>1
		}
	}
	for ; b < len(flags); b++ {
		if flags[b] != 0 {
			return b*4 + bits.TrailingZeros8(flags[b])>>1
		}
	}
	return len(flags) * 4
}

// tableFlag returns string i's two flag bits.
func tableFlag(flags []byte, i int) uint8 { return flags[i>>2] >> ((i & 3) * 2) & 3 }

// flaggedCount returns how many strings have non-zero stored flags. The
// padding bits of the last flags byte are zero (checked before).
func flaggedCount(f []byte) int {
	const pairs = 0x5555555555555555 // the low bit of every 2-bit pair
	n := 0
	for ; len(f) >= 8; f = f[8:] {
		w := jsonwire.Load64(f, 0)
		n += bits.OnesCount64((w | w>>1) & pairs)
	}
	for _, b := range f {
		n += bits.OnesCount8((b | b>>1) & 0x55)
	}
	return n
}

// firstWrongFlags finds, string by string, the first string whose stored
// flags differ from its bytes' flags: the slow path that names the culprit
// once CheckTableFlags knows there is one.
func firstWrongFlags(flags, data []byte, ends []uint32) int {
	start := 0
	for i, e := range ends {
		if jsonwire.StringFlags(data[start:e]) != tableFlag(flags, i) {
			return i
		}
		start = int(e)
	}
	return -1
}

// verifyFlags checks every string's stored flags against its bytes (see
// CheckTableFlags). It returns the index of the first string with
// wrong flags, or -1. The ends must already be validated.
func (t *StringTable) verifyFlags() int {
	return CheckTableFlags(t.flags, t.data, t.offs[1:t.count+1])
}
