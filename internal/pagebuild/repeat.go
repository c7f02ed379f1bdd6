package pagebuild

import (
	"bytes"
	"hash/maphash"

	"github.com/rowpage/rowpage/format"
)

// Repeats (SPEC.md 5.5, 9 item 12): an array or object cell of an any
// column whose bytes equal those of an earlier array or object cell of the
// column is written as TagRepeat and that cell's payload offset, when that
// is shorter. repeatTable finds the earlier cell: a hash table of the
// column's distinct array and object cells, reused from page to page.

// repeatSeed hashes cells; the table's layout depends on it, the page never.
var repeatSeed = maphash.MakeSeed()

// repeatTable maps the bytes of a column's array and object cells to the
// first cell that holds them. Open addressing, linear probing, a power of
// two of slots kept at most half full.
type repeatTable struct {
	slots []repeatSlot
	n     int  // slots in use
	hit   bool // a repeat was written since reset
}

// repeatSlot is a cell of the column: the hash of its bytes, its payload
// offset and its length (0: an empty slot; a cell has at least 2 bytes).
type repeatSlot struct {
	h      uint64
	off, l uint32
}

// reset empties the table for a new column, keeping its slots.
func (t *repeatTable) reset() {
	if t.n > 0 {
		clear(t.slots)
	}
	t.n, t.hit = 0, false
}

// cell looks up the cell just written at dst[at:], in the column whose
// payload starts at dst[base]. If an earlier cell holds the same bytes and a
// repeat naming it is shorter than the cell, the cell is replaced by the
// repeat; if none does, the cell is added. Cost: a hash of the cell's
// bytes, and a comparison with the earlier cell on a match.
func (t *repeatTable) cell(dst []byte, base, at int) []byte {
	c := dst[at:]
	if len(c) < 3 { // a repeat takes 2 bytes at least
		return dst
	}
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	h := maphash.Bytes(repeatSeed, c)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.l == 0 {
			*s = repeatSlot{h: h, off: uint32(at - base), l: uint32(len(c))}
			t.n++
			return dst
		}
		if s.h == h && int(s.l) == len(c) && bytes.Equal(dst[base+int(s.off):base+int(s.off)+len(c)], c) {
			if 1+format.SizeUvarint(uint64(s.off)) < len(c) {
				t.hit = true
				return format.AppendUvarint(append(dst[:at], format.TagRepeat), uint64(s.off))
			}
			return dst
		}
	}
}

// grow doubles the table (to 64 slots at first) and rehashes its cells.
func (t *repeatTable) grow() {
	old := t.slots
	t.slots = make([]repeatSlot, max(64, 2*len(old)))
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s.l == 0 {
			continue
		}
		i := s.h & mask
		for t.slots[i].l != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}
