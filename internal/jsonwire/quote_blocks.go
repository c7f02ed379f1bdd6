package jsonwire

import "math/bits"

// appendQuotedBlocks appends s[i:] quoted as AppendQuoted does, and the
// closing quote, s[i] being ASCII or the start of a UTF-8 sequence. It is
// appendQuotedFrom by class masks, for long escaped strings: text in
// another script with ASCII in it (tweets, profiles: Japanese with spaces,
// newlines and " & " between words), where appendQuotedFrom goes back and
// forth between PlainPrefix and plainRunes at a call each and measures
// every sequence, and ASCII text with many escapes (markdown bodies),
// where it calls PlainPrefix once an escape. Here each 64 bytes cost one
// ClassMasks (about 50 instructions; classMasks64 for a whole block) for
// the ASCII bytes to escape, and the text between two of them one append,
// after one FlagsClear when its class masks show a byte from 0x80 in it
// (about 1.3 instructions a byte with AVX2). Text that FlagsClear finds
// not clean (invalid UTF-8, U+2028 or U+2029, or '<', '>' or '&' kept as
// they are without escapeHTML) is escaped by appendQuotedFrom
// (appendTextRun): every ASCII byte being a sequence boundary, the text
// between two stops escapes as it would within the whole string.
func appendQuotedBlocks(dst, s []byte, i int, escapeHTML bool) []byte {
	start, high := i, false // s[start:] is not written yet; high: s[start:blk] holds a byte from 0x80
	for blk := i; blk < len(s); {
		var esc, html, hi uint64
		if blk+ClassMasksLen <= len(s) {
			esc, html, hi = classMasks64(s, blk)
		} else {
			esc, html, hi = ClassMasks(s, blk)
		}
		stops := esc
		if escapeHTML {
			stops |= html
		}
		stops &^= hi // esc marks the bytes from 0x80 too
		if stops|hi == 0 {
			// Plain ASCII: the text goes on, up to its next byte that
			// is not plain, in PlainPrefix's blocks (long ASCII text
			// with few escapes: a ClassMasks a block counted about
			// 0.5% more a hit on baas-25 than appendQuotedFrom).
			blk = PlainPrefix(s, min(blk+ClassMasksLen, len(s)))
			continue
		}
		for stops != 0 {
			k := uint(bits.TrailingZeros64(stops))
			stops &= stops - 1
			j := blk + int(k)
			if start < j {
				// hi has no bits below start in this block.
				if high || hi&(1<<k-1) != 0 {
					dst = appendTextRun(dst, s[start:j], escapeHTML)
				} else {
					dst = append(dst, s[start:j]...)
				}
			}
			hi &^= 2<<k - 1
			dst = appendASCIIEscape(dst, s[j])
			start, high = j+1, false
		}
		high = high || hi != 0
		blk += ClassMasksLen
	}
	if start < len(s) {
		if high {
			dst = appendTextRun(dst, s[start:], escapeHTML)
		} else {
			dst = append(dst, s[start:]...)
		}
	}
	return append(dst, '"')
}

// appendTextRun appends t, text of a string that holds a byte from 0x80
// but no byte below 0x20, '"' or '\\' (nor '<', '>' or '&' when
// escapeHTML), as AppendQuoted writes it within the string: as it is when
// FlagsClear passes it, otherwise through appendQuotedFrom.
func appendTextRun(dst, t []byte, escapeHTML bool) []byte {
	if FlagsClear(t) {
		return append(dst, t...)
	}
	dst = appendQuotedFrom(dst, t, 0, escapeHTML)
	return dst[:len(dst)-1] // its closing quote
}
