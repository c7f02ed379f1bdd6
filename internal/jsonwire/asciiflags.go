package jsonwire

import "github.com/rowpage/rowpage/format"

// ASCIIFlags returns StringFlags(s) and true when every byte of s is ASCII,
// and false when one is not (the caller then asks StringFlags). It reads s
// eight bytes a turn, the last word overlapping the one before it, and
// collects the lanes of the bytes of each flag with the tests of
// specialLanes, without a branch per special byte: for the short strings
// that hold a quote or a control byte (permission strings such as
// read("user:1"), text with a newline), it costs about two thirds of what
// StringFlags does, which restarts its sweep after every byte that is not
// plain. It stops at the first word holding a byte from 0x80. No
// allocation.
func ASCIIFlags[S ~string | ~[]byte](s S) (uint8, bool) {
	n := len(s)
	var flags uint8
	if n < 8 {
		for i := 0; i < n; i++ {
			c := s[i]
			if c >= 0x80 {
				return 0, false
			}
			flags |= asciiFlags[c]
		}
		return flags, true
	}
	// The lanes of each test are as in specialLanes, grouped by flag:
	// ne collects bytes below 0x20, '"' and '\\', html '<', '>' and '&'.
	var ne, html uint64
	for i := 0; ; {
		w := Load64(s, i)
		if w&SWARHi != 0 {
			return 0, false
		}
		ne |= ^((w + swarLo*0x60) & ((w ^ swarLo*'"') + swarLo*0x7F) & ((w ^ swarLo*'\\') + swarLo*0x7F))
		html |= ^(((w ^ swarLo*'&') + swarLo*0x7F) & (((w & (swarLo * 0xFD)) ^ swarLo*'<') + swarLo*0x7F))
		if i+8 >= n {
			break
		}
		i = min(i+8, n-8)
	}
	if ne&SWARHi != 0 {
		flags = format.StrNeedsEscape
	}
	if html&SWARHi != 0 {
		flags |= format.StrHasHTML
	}
	return flags, true
}

// HTMLFlag returns format.StrHasHTML if s holds '<', '>' or '&', else 0,
// whatever its other bytes: StringFlags(s) has that flag exactly then.
// It is for the rest of a string whose escape flag is already known, as
// when a quote was seen (stringFlags in the page builder): no other byte
// can change the flags then. It reads s eight bytes a turn, the last word
// overlapping the one before it, and tests each word for a zero byte in
// w ^ "&&&&&&&&" and in (w | 0x02...) ^ ">>>>>>>>" ('<' and '>' differ
// only in bit 1): (v - 0x01...) &^ v has bit 7 set in some byte exactly
// when v has a zero byte, for any byte values, and the words' tests are
// collected and masked once. About two thirds of what ASCIIFlags costs, which
// tests both flags and stops at non-ASCII. No allocation.
func HTMLFlag[S ~string | ~[]byte](s S) uint8 {
	n := len(s)
	if n < 8 {
		for i := 0; i < n; i++ {
			if c := s[i]; c == '<' || c == '>' || c == '&' {
				return format.StrHasHTML
			}
		}
		return 0
	}
	var hit uint64
	for i := 0; ; {
		w := Load64(s, i)
		amp := w ^ swarLo*'&'
		angle := (w | swarLo*0x02) ^ swarLo*'>'
		hit |= (amp-swarLo)&^amp | (angle-swarLo)&^angle
		if i+8 >= n {
			break
		}
		i = min(i+8, n-8)
	}
	if hit&SWARHi != 0 {
		return format.StrHasHTML
	}
	return 0
}
