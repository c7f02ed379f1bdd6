//go:build purego || !(amd64 || arm64)

package pagebuild

import "encoding/binary"

// copyNarrow is copyStrings for tables of width 1 or 2: ends holds
// len(order) offsets of width bytes and data exactly the strings' bytes.
// A loop per width, not a switch per string; the data is written through
// a slice of its own, so that no string's copy reslices the page. The
// twin of copynarrow_unsafe.go, which writes short strings a word at a
// time.
func copyNarrow(ends, data []byte, width int, strs []string, order, offs []uint32) {
	end := 0
	if width == 1 {
		ends = ends[:len(order)]
		for i, id := range order {
			end += copy(data[end:], strs[id])
			ends[i] = byte(end)
			offs[i] = uint32(end)
		}
		return
	}
	for i, id := range order {
		end += copy(data[end:], strs[id])
		binary.LittleEndian.PutUint16(ends[2*i:], uint16(end))
		offs[i] = uint32(end)
	}
}
