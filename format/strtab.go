package format

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

func (t *StringTable) end(i int) int { return int(t.offs[i+1]) }

func (t *StringTable) span(i int) (int, int) {
	o := t.offs[i : i+2 : i+2]
	return int(o[0]), int(o[1])
}

// decodeEnds reads n little-endian offsets of the given width from b.
func decodeEnds(offs []uint32, b []byte, n, width int) {
	offs[0] = 0
	switch width {
	case 1:
		for i, e := range b[:n] {
			offs[i+1] = uint32(e)
		}
	case 2:
		for i := range n {
			offs[i+1] = uint32(b[2*i]) | uint32(b[2*i+1])<<8
		}
	case 3:
		for i := range n {
			e := b[3*i : 3*i+3]
			offs[i+1] = uint32(e[0]) | uint32(e[1])<<8 | uint32(e[2])<<16
		}
	default:
		for i := range n {
			e := b[4*i : 4*i+4]
			offs[i+1] = uint32(e[0]) | uint32(e[1])<<8 | uint32(e[2])<<16 | uint32(e[3])<<24
		}
	}
}

// Bytes returns string i. The slice aliases the page: do not modify it.
func (t *StringTable) Bytes(i int) []byte {
	s, e := t.span(i)
	return t.data[s:e:e]
}

// String returns string i without copying: the result shares the page's
// memory, so the page must not be modified while it is in use.
func (t *StringTable) String(i int) string {
	s, e := t.span(i)
	return t.str[s:e]
}

// Flags returns string i's escaping flags (StrNeedsEscape, StrHasHTML).
func (t *StringTable) Flags(i int) uint8 {
	return t.flags[i>>2] >> ((i & 3) * 2) & 3
}

// StringTableWidth returns the canonical offset width for dataLen bytes of string data.
func StringTableWidth(dataLen int) int {
	switch {
	case dataLen < 1<<8:
		return 1
	case dataLen < 1<<16:
		return 2
	case dataLen < 1<<24:
		return 3
	default:
		return 4
	}
}

// StringTableWriter builds a string table section body. The zero value is
// ready to use; Reset makes it reusable without freeing its buffers.
type StringTableWriter struct {
	flags []byte
	ends  []uint32
	data  []byte
}

// Reset empties the writer, keeping its buffers.
func (w *StringTableWriter) Reset() {
	w.flags = w.flags[:0]
	w.ends = w.ends[:0]
	w.data = w.data[:0]
}

// Len returns the number of strings added.
func (w *StringTableWriter) Len() int { return len(w.ends) }

// Add appends a string and returns its index.
func (w *StringTableWriter) Add(s string) int {
	i := len(w.ends)
	if i&3 == 0 {
		w.flags = append(w.flags, 0)
	}
	w.flags[i>>2] |= StringFlags(s) << ((i & 3) * 2)
	w.data = append(w.data, s...)
	w.ends = append(w.ends, uint32(len(w.data)))
	return i
}

// AppendTo appends the table's section contents (without the length prefix).
func (w *StringTableWriter) AppendTo(dst []byte) []byte {
	dst = AppendUvarint(dst, uint64(len(w.ends)))
	width := StringTableWidth(len(w.data))
	dst = append(dst, byte(width))
	dst = append(dst, w.flags...)
	for _, e := range w.ends {
		switch width {
		case 1:
			dst = append(dst, byte(e))
		case 2:
			dst = append(dst, byte(e), byte(e>>8))
		case 3:
			dst = append(dst, byte(e), byte(e>>8), byte(e>>16))
		default:
			dst = append(dst, byte(e), byte(e>>8), byte(e>>16), byte(e>>24))
		}
	}
	return append(dst, w.data...)
}

// Size returns the byte length AppendTo would append.
func (w *StringTableWriter) Size() int {
	n := len(w.ends)
	return SizeUvarint(uint64(n)) + 1 + len(w.flags) + n*StringTableWidth(len(w.data)) + len(w.data)
}
