//go:build purego || !(amd64 || arm64)

package pagebuild

import "encoding/binary"

// copyNarrow is copyRun for tables of width 1 or 2: it copies the strings
// of order into data from data[end], writes their end offsets to ends
// (len(order) offsets of width bytes) and offs, and returns the last end.
// A loop per width, not a switch per string; the data is written through
// a slice of its own, so that no string's copy reslices the page. The
// twin of copynarrow_unsafe.go, which writes short strings a word at a
// time.
func copyNarrow(ends, data []byte, end, width int, strs []string, order, offs []uint32) int {
	if width == 1 {
		ends = ends[:len(order)]
		for i, id := range order {
			end += copy(data[end:], strs[id])
			ends[i] = byte(end)
			offs[i] = uint32(end)
		}
		return end
	}
	for i, id := range order {
		end += copy(data[end:], strs[id])
		binary.LittleEndian.PutUint16(ends[2*i:], uint16(end))
		offs[i] = uint32(end)
	}
	return end
}
