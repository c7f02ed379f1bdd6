package format

// StringTable is a parsed view of a page's string table. Strings are reached
// by index in O(1): entry i spans data[end(i-1):end(i)].
type StringTable struct {
	count int
	width int
	flags []byte // 2 bits per string
	ends  []byte // count * width bytes, little-endian end offsets
	data  []byte // the string bytes
	str   string // data viewed as a string (no copy unless built with purego)
}

// Len returns the number of strings in the table.
func (t *StringTable) Len() int { return t.count }

// DataLen returns the total bytes of string data.
func (t *StringTable) DataLen() int { return len(t.data) }

func (t *StringTable) end(i int) int {
	switch t.width {
	case 1:
		return int(t.ends[i])
	case 2:
		j := 2 * i
		return int(t.ends[j]) | int(t.ends[j+1])<<8
	case 3:
		j := 3 * i
		return int(t.ends[j]) | int(t.ends[j+1])<<8 | int(t.ends[j+2])<<16
	default:
		j := 4 * i
		return int(t.ends[j]) | int(t.ends[j+1])<<8 | int(t.ends[j+2])<<16 | int(t.ends[j+3])<<24
	}
}

func (t *StringTable) span(i int) (int, int) {
	// One switch on the width for both offsets: this runs for every string
	// cell a page renders.
	w := t.width
	j := i * w
	var start, end int
	switch w {
	case 1:
		end = int(t.ends[j])
		if i > 0 {
			start = int(t.ends[j-1])
		}
	case 2:
		end = int(t.ends[j]) | int(t.ends[j+1])<<8
		if i > 0 {
			start = int(t.ends[j-2]) | int(t.ends[j-1])<<8
		}
	case 3:
		e := t.ends[j : j+3]
		end = int(e[0]) | int(e[1])<<8 | int(e[2])<<16
		if i > 0 {
			s := t.ends[j-3 : j]
			start = int(s[0]) | int(s[1])<<8 | int(s[2])<<16
		}
	default:
		e := t.ends[j : j+4]
		end = int(e[0]) | int(e[1])<<8 | int(e[2])<<16 | int(e[3])<<24
		if i > 0 {
			s := t.ends[j-4 : j]
			start = int(s[0]) | int(s[1])<<8 | int(s[2])<<16 | int(s[3])<<24
		}
	}
	return start, end
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
