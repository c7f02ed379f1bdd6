package pageread

import "encoding/binary"

// StringTable is a parsed view of a page's string table. Strings are reached
// by index in O(1): entry i spans data[offs[i]:offs[i+1]]. Parse decodes the
// page's fixed-width end offsets once into offs, so that each of the many
// string cells a page renders costs two loads instead of a switch on the
// width and a little-endian gather.
type StringTable struct {
	count int
	flags []byte   // 2 bits per string
	offs  []uint32 // count+1 offsets: 0, then each string's end
	data  []byte   // the string bytes
	fits  []uint32 // per string, 0 until containerJSON has written it as a key; see fitOf
	str   string   // data viewed as a string (no copy unless built with purego)
}

// Len returns the number of strings in the table.
func (t *StringTable) Len() int { return t.count }

// DataLen returns the total bytes of string data.
func (t *StringTable) DataLen() int { return len(t.data) }

func (t *StringTable) span(i int) (int, int) {
	o := t.offs[i : i+2 : i+2]
	return int(o[0]), int(o[1])
}

// decodeEnds reads n little-endian offsets of the given width from b
// (len(b) = n*width) into offs[1:n+1], and returns a bound on the spans
// between consecutive ends (from 0 before the first): at least the longest,
// with an end below the one before it counted as a span longer than any
// string, and below twice the longest otherwise. One pass that lets the
// caller accept order and MaxStringBytes with a single comparison, and
// look for the culprit only when it fails. The widths of most tables, 1
// and 2, take their ends 8 and 4 at a time from one load, and their spans'
// bound as the OR of the spans (about 11 instructions an end of width 2,
// where a byte-by-byte gather and a max took 14).
func decodeEnds(offs []uint32, b []byte, n, width int) (bound uint64) {
	offs[0] = 0
	ends := offs[1 : n+1]
	prev := 0
	i := 0
	// spans is the OR of the spans so far (a closure capturing it, as
	// this once had, kept it in memory: 15 instructions an end).
	spans := uint64(0)
	switch width {
	case 1:
		for ; i+8 <= len(ends) && i+8 <= len(b); i += 8 {
			w := binary.LittleEndian.Uint64(b[i:])
			e0, e1, e2, e3 := int(w&0xFF), int(w>>8&0xFF), int(w>>16&0xFF), int(w>>24&0xFF)
			e4, e5, e6, e7 := int(w>>32&0xFF), int(w>>40&0xFF), int(w>>48&0xFF), int(w>>56)
			o := ends[i : i+8 : i+8]
			o[0], o[1], o[2], o[3] = uint32(e0), uint32(e1), uint32(e2), uint32(e3)
			o[4], o[5], o[6], o[7] = uint32(e4), uint32(e5), uint32(e6), uint32(e7)
			spans |= uint64(e0-prev) | uint64(e1-e0) | uint64(e2-e1) | uint64(e3-e2) |
				uint64(e4-e3) | uint64(e5-e4) | uint64(e6-e5) | uint64(e7-e6) // an end out of order wraps to a huge span
			prev = e7
		}
		for ; i < len(ends) && i < len(b); i++ {
			e := int(b[i])
			ends[i] = uint32(e)
			spans |= uint64(e - prev)
			prev = e
		}
	case 2:
		for ; i+4 <= len(ends) && 2*i+8 <= len(b); i += 4 {
			w := binary.LittleEndian.Uint64(b[2*i:])
			e0, e1, e2, e3 := int(w&0xFFFF), int(w>>16&0xFFFF), int(w>>32&0xFFFF), int(w>>48)
			o := ends[i : i+4 : i+4]
			o[0], o[1], o[2], o[3] = uint32(e0), uint32(e1), uint32(e2), uint32(e3)
			spans |= uint64(e0-prev) | uint64(e1-e0) | uint64(e2-e1) | uint64(e3-e2)
			prev = e3
		}
		for ; i < len(ends) && 2*i+2 <= len(b); i++ {
			e := int(b[2*i]) | int(b[2*i+1])<<8
			ends[i] = uint32(e)
			spans |= uint64(e - prev)
			prev = e
		}
	case 3:
		for i := range ends {
			_ = b[3*i+2]
			e := int(b[3*i]) | int(b[3*i+1])<<8 | int(b[3*i+2])<<16
			ends[i] = uint32(e)
			spans |= uint64(e - prev)
			prev = e
		}
	default:
		for i := range ends {
			_ = b[4*i+3]
			e := int(binary.LittleEndian.Uint32(b[4*i:]))
			ends[i] = uint32(e)
			spans |= uint64(e - prev)
			prev = e
		}
	}
	return spans
}

// Bytes returns string i. The slice aliases the page: do not modify it.
// It panics unless 0 <= i < Len(). Like String, it checks the index once
// and then reads without bounds checks (see strtab_unsafe.go).
func (t *StringTable) Bytes(i int) []byte {
	if uint(i) >= uint(t.count) {
		panic("pageread: string index out of range")
	}
	return tableBytes(t, i)
}

// String returns string i without copying: the result shares the page's
// memory, so the page must not be modified while it is in use. It panics
// unless 0 <= i < Len(). The typed readers call it for every string cell,
// element and key: see strtab_unsafe.go for what a call costs.
func (t *StringTable) String(i int) string {
	if uint(i) >= uint(t.count) {
		panic("pageread: string index out of range")
	}
	return tableString(t, i)
}

// Flags returns string i's escaping flags (StrNeedsEscape, StrHasHTML).
func (t *StringTable) Flags(i int) uint8 {
	return t.flags[i>>2] >> ((i & 3) * 2) & 3
}

// A fit is what a renderer learned of one string the first time it met it:
// 0 while unknown, else start<<6 | 32 | length for a string containerJSON
// writes as a key with fixed moves (putKey): one of at most 29 bytes,
// clean under either escaping mode (both flag bits clear, the flags
// verified), with 32 bytes of data from its start, starting below 1<<26.
// One load of it, tested for zero, replaces the two ends, the flags byte
// and four tests of every later meeting (containerJSON's keys, about 12
// instructions a key). The page's open clears the fits (a memclr of 4
// bytes a string); they depend on the table alone, not on escapeHTML.
const (
	fitShift = 6
	fitKnown = 32 // set in every fit but the unknown 0
	fitMax   = 29 // the longest string with a fit (putKey writes m+3 of 32)
)

// fitFor returns the fit of string k whose start s, length m and flags
// byte fl the caller has read (strEntry) and found it writes with fixed
// moves (clean under its mask, m at most fitMax with the flags trusted,
// 32 bytes of data from s), or 0 where another mode may not: a string with
// either flag bit, or one starting at or past 1<<26. It inlines.
func fitFor(k, s, m int, fl byte) uint32 {
	if fl>>(uint(k&3)*2)&3 != 0 || s >= 1<<26 {
		return 0
	}
	return uint32(s)<<fitShift | fitKnown | uint32(m)
}
