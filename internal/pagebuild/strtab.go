package pagebuild

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// StringTableWriter builds a string table section body. The zero value is
// ready to use; Reset makes it reusable without freeing its buffers.
type StringTableWriter struct {
	flags []byte
	ends  []uint32
	data  []byte
}

// Add appends a string and returns its index.
func (w *StringTableWriter) Add(s string) int {
	i := len(w.ends)
	if i&3 == 0 {
		w.flags = append(w.flags, 0)
	}
	w.flags[i>>2] |= jsonwire.StringFlags(s) << ((i & 3) * 2)
	w.data = append(w.data, s...)
	w.ends = append(w.ends, uint32(len(w.data)))
	return i
}

// AppendTo appends the table's section contents (without the length prefix).
func (w *StringTableWriter) AppendTo(dst []byte) []byte {
	dst = format.AppendUvarint(dst, uint64(len(w.ends)))
	width := format.StringTableWidth(len(w.data))
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
