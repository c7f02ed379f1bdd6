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
// bound as the OR of the spans (about 5 instructions an end, where a
// byte-by-byte gather and a max took 14).
func decodeEnds(offs []uint32, b []byte, n, width int) (longest uint64) {
	offs[0] = 0
	ends := offs[1 : n+1]
	prev := 0
	span := func(e uint32) uint32 {
		longest |= uint64(int(e) - prev) // an end out of order wraps to a huge span
		prev = int(e)
		return e
	}
	switch width {
	case 1:
		i := 0
		for ; i+8 <= len(ends); i += 8 {
			w := binary.LittleEndian.Uint64(b[i:])
			o := (*[8]uint32)(ends[i:])
			o[0], o[1] = span(uint32(w)&0xFF), span(uint32(w>>8)&0xFF)
			o[2], o[3] = span(uint32(w>>16)&0xFF), span(uint32(w>>24)&0xFF)
			o[4], o[5] = span(uint32(w>>32)&0xFF), span(uint32(w>>40)&0xFF)
			o[6], o[7] = span(uint32(w>>48)&0xFF), span(uint32(w>>56))
		}
		tail := ends[i:]
		for k, e := range b[i:len(ends)] {
			tail[k] = span(uint32(e))
		}
	case 2:
		i := 0
		for ; i+4 <= len(ends); i += 4 {
			w := binary.LittleEndian.Uint64(b[2*i:])
			o := (*[4]uint32)(ends[i:])
			o[0], o[1] = span(uint32(w)&0xFFFF), span(uint32(w>>16)&0xFFFF)
			o[2], o[3] = span(uint32(w>>32)&0xFFFF), span(uint32(w>>48))
		}
		for ; i < len(ends); i++ {
			_ = b[2*i+1]
			ends[i] = span(uint32(b[2*i]) | uint32(b[2*i+1])<<8)
		}
	case 3:
		for i := range ends {
			_ = b[3*i+2]
			ends[i] = span(uint32(b[3*i]) | uint32(b[3*i+1])<<8 | uint32(b[3*i+2])<<16)
		}
	default:
		for i := range ends {
			_ = b[4*i+3]
			ends[i] = span(uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24)
		}
	}
	return longest
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
