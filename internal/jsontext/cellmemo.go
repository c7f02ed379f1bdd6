package jsontext

import (
	"bytes"
	"math/bits"
)

// cellMemoBits is log2 of the cell memo's slots.
const cellMemoBits = 8

// cellMemoMin is the shortest text of a tagged cell the memo remembers,
// and the bytes of text it hashes: a shorter cell costs little more to
// parse than to look up.
const cellMemoMin = 32

// cellMemo remembers tagged cells of the current text by their text, so
// that a cell whose text is that of an earlier cell of the same column
// (citm's price lists and seat areas, repeated from row to row) is
// written by copying that cell's tagged values, not parsed again. An
// array or object ends where its text does, so when the text at a cell's
// start begins with the whole text of an earlier cell, it is that cell
// again, and parses to the same bytes while the sink's key epoch and the
// nesting limit are the same.
//
// Only cells without strings are remembered: the sink counts each string
// it is given (its count places it in the page's string table), where a
// key's count does not change the page (the Parser's key cache already
// passes keys it knows without a call), and numbers are written without
// state.
//
// Direct-mapped: a cell takes the slot of its hash (the column, the
// nesting limit and the first cellMemoMin bytes of its text), replacing
// what was there. A slot holds only in the generation it was written in:
// begin and restart start a new one.
//
// Until the text has a cell to remember, a cell costs no hash: most pages
// have strings in every array and object cell, and pay for the memo a few
// stores and tests a cell.
type cellMemo struct {
	slots [1 << cellMemoBits]cellSeen
	gen   uint32 // the current text's generation, never 0
	live  bool   // a slot of gen is written, and the memo is not off
	off   bool   // the text's cells have missed too often: no more looks
	// The text's looks that found its cell and that did not.
	hits, misses int
}

// cellMemoTries is how many looks in a row a text's cells may miss
// before the memo turns off for the text, beside four per hit: hetero's
// cells, of strings and numbers each its own, never repeat, and paid some
// 60 instructions a cell for looking.
const cellMemoTries = 16

// cellSeen is a remembered cell: its hash (never 0), the generation and
// the sink's key epoch it was written in, its column, its nesting limit,
// where its text is in the text, and where its tagged values are in the
// column's buffer.
type cellSeen struct {
	h, epoch  uint64
	gen, cell uint32
	limit     int32
	at, n     uint32
	out, outN uint32
}

// newText starts a generation: slots written before no longer hold.
func (m *cellMemo) newText() {
	m.live, m.off, m.hits, m.misses = false, false, 0, 0
	if m.gen++; m.gen == 0 {
		clear(m.slots[:])
		m.gen = 1
	}
}

// cellHashOf hashes the cellMemoMin bytes of text at in[i], which the
// caller has checked are there, with the cell's column and nesting limit.
// Never 0.
func cellHashOf(in []byte, i int, cell uint32, limit int) uint64 {
	x := wordAt(in, i) ^ bits.RotateLeft64(wordAt(in, i+8), 17) ^
		bits.RotateLeft64(wordAt(in, i+16), 31) ^ bits.RotateLeft64(wordAt(in, i+24), 47)
	x ^= uint64(cell)<<8 | uint64(limit)
	return (x * hashMul) ^ (x >> 29) | 1
}

// again appends to b the tagged values of the remembered cell whose text
// starts at in[i], if one of hash h is remembered for the same column,
// limit and epoch, and returns b and the position after the cell's text;
// else b and -1. Cost: a comparison of the cell's text with the earlier
// one's and a copy of its tagged bytes.
func (m *cellMemo) again(b, in []byte, i int, h uint64, cell uint32, limit int, epoch uint64) ([]byte, int) {
	s := &m.slots[h>>(64-cellMemoBits)]
	if s.h != h || s.gen != m.gen || s.epoch != epoch || s.cell != cell || int(s.limit) != limit {
		return b, m.miss()
	}
	n, at := int(s.n), int(s.at)
	out, outN := int(s.out), int(s.outN)
	if n > len(in)-i || at+n > len(in) || out+outN > len(b) || !bytes.Equal(in[i:i+n], in[at:at+n]) {
		return b, m.miss()
	}
	m.hits++
	return append(b, b[out:out+outN]...), i + n
}

// miss counts a look that did not find its cell, turning the memo off
// for the text after too many, and returns -1.
func (m *cellMemo) miss() int {
	if m.misses++; m.misses > cellMemoTries+4*m.hits {
		m.live, m.off = false, true
	}
	return -1
}

// remember records the cell whose text is in[at:end], of at least
// cellMemoMin bytes, and whose tagged values are b[out:], written while
// the sink's key epoch was epoch.
func (m *cellMemo) remember(b, in []byte, at, end, out int, cell uint32, limit int, epoch uint64) {
	if int64(end) > 1<<32-1 || int64(len(b)) > 1<<32-1 {
		return
	}
	if m.off {
		return
	}
	m.live = true
	h := cellHashOf(in, at, cell, limit)
	m.slots[h>>(64-cellMemoBits)] = cellSeen{
		h: h, epoch: epoch, gen: m.gen, cell: cell, limit: int32(limit),
		at: uint32(at), n: uint32(end - at), out: uint32(out), outN: uint32(len(b) - out),
	}
}
