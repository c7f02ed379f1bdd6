package jsontext

import (
	"bytes"
	"math/bits"
)

// cellMemoBits is log2 of the cell memo's hash slots.
const cellMemoBits = 8

// cellMemoMin is the shortest text of a tagged cell the memo remembers,
// and the bytes of text it hashes: a shorter cell costs little more to
// parse than to look up.
const cellMemoMin = 32

// cellMemoNested is the shortest text of an array or object nested in a
// tagged cell that the memo remembers: shorter ones, such as citm's seat
// areas of 36 bytes or the instruments' envelope nodes of 64 to 127, are
// many, and would each cost a hash and a record for the few that repeat;
// citm's seat categories and their lists of areas that repeat are 160
// bytes and more.
const cellMemoNested = 128

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
// A cell is found by its hash (the column, the nesting limit and the
// first cellMemoMin bytes of its text): each of the 256 slots holds the
// last cell remembered or found of its hash, and each cell the one before
// it of the same slot, so that a look tries up to cellMemoWalk cells,
// latest first. Cells of a column often share their first bytes (citm's seat
// areas of one venue start with the same area), where a slot of one cell
// lost each to the next: at 100 rows, 101 of citm's 200 cells were
// parsed where 45 are distinct. A slot holds only in the generation it
// was written in: begin and restart start a new one.
//
// Until the text has a cell to remember, a cell costs no hash: most pages
// have strings in every array and object cell, and pay for the memo a few
// stores and tests a cell.
//
// Once it has, it also remembers the arrays and objects of at least
// cellMemoNested bytes without strings nested in the cells it parses,
// under the nesting they may still open (the cell's limit less the
// arrays and objects around them) in place of the limit: their tagged
// values, too, depend only on their text. A cell that differs from an
// earlier one of its column copies the parts it shares with any earlier
// one: citm's seat categories of one venue, and the lists of areas in
// them, recur in cells that differ elsewhere (at 25 rows, 12 KB of the 23
// KB of cells not repeated whole). Nested looks are not counted as misses,
// and only made at a nesting (per column) where one was remembered.
type cellMemo struct {
	from   int    // again: where in b the cell it copied starts
	nested uint64 // nestBit of each column and nesting a nested cell was remembered at
	slots  [1 << cellMemoBits]cellSlot
	cells  []cellSeen // the text's remembered cells, at most cellMemoMax
	gen    uint32     // the current text's generation, never 0
	live   bool       // a slot of gen is written, and the memo is not off
	off    bool       // the text's cells have missed too often: no more looks
	// The text's looks that found its cell and that did not.
	hits, misses int
}

// cellSlot is the last cell remembered of a hash slot, as its index in
// cells, written in generation gen.
type cellSlot struct {
	gen, last uint32
}

// cellMemoTries is how many looks in a row a text's cells may miss
// before the memo turns off for the text, beside four per hit: hetero's
// cells, of strings and numbers each its own, never repeat, and paid some
// 60 instructions a cell for looking.
const cellMemoTries = 16

// cellMemoWalk is the most cells of a slot a look tries. citm's 243
// performances have up to 17 distinct seat-area cells that start alike.
const cellMemoWalk = 16

// cellMemoMax is the most cells a text's memo holds (56 bytes each);
// past it, a cell takes the place of the last one of its slot.
const cellMemoMax = 1 << 12

// cellSeen is a remembered cell: its hash (never 0), the last word of its
// text (tail), the sink's key epoch it was written in, its column, its
// nesting limit (for an array or object nested in a cell: the nesting
// still open to it), where its text is in the text, where its tagged
// values are in the column's buffer, and the index in cells of the cell
// remembered before it in its slot (-1: none).
type cellSeen struct {
	h, tail, epoch uint64
	cell           uint32
	limit          int32
	at, n          uint32
	out, outN      uint32
	prev           int32
}

// newText starts a generation: slots written before no longer hold.
func (m *cellMemo) newText() {
	m.live, m.off, m.hits, m.misses, m.nested = false, false, 0, 0, 0
	m.cells = m.cells[:0]
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
// limit and epoch, and returns b and the position after the cell's text
// (and keeps in m.from where in b the tagged values it copied start);
// else b and -1. The caller counts a look at a whole cell as a hit or a
// miss (m.hits, miss).
//
// Cost: a step of about twenty instructions for each earlier cell of the
// slot tried (its hash, and its last word against the word of the text at
// the same distance from i, which tells apart most cells that start alike:
// they end apart or at other lengths), then for the first that passes,
// found's comparison of the whole text and the copy of its tagged bytes
// (and, if it was not the cell, rest's steps through the rest).
// Cells of a column often share their first cellMemoMin bytes, and so a
// slot (the instruments' envelopes all start {"loop_end":0,"loop_start":0,):
// a look there tries several, and a step that checked every field and
// kept them across found's calls cost about fifty.
func (m *cellMemo) again(b, in []byte, i int, h uint64, cell uint32, limit int, epoch uint64) ([]byte, int) {
	sl := &m.slots[h>>(64-cellMemoBits)]
	if sl.gen != m.gen {
		return b, -1
	}
	cells, rest := m.cells, len(in)-i
	next := -1 // the cell tried before k, whose prev is k
	for k, w := int(sl.last), 0; uint(k) < uint(len(cells)) && w < cellMemoWalk; w++ {
		s := &cells[k]
		// n is at least cellMemoMin, so the word is within in[i:i+n].
		if n := int(s.n); s.h == h && n <= rest && wordAt(in, i+n-8) == s.tail {
			// Almost always the cell; found goes on along the slot if not.
			return m.found(b, in, i, k, next, w, cell, limit, epoch)
		}
		next, k = k, int(s.prev)
	}
	return b, -1
}

// found is again for m.cells[k], the w-th cell of its slot tried, whose
// hash and last word are those of the text at in[i] (next is the cell
// tried before it, -1 for none): if it is the cell again (the same column,
// limit and epoch, and the same text), it moves it to the front of its
// slot, appends its tagged values to b and returns b and the position
// after its text; else it goes on along the slot (rest). Not inlined:
// again's steps, which then make no call, keep their values in registers.
//
//go:noinline
func (m *cellMemo) found(b, in []byte, i, k, next, w int, cell uint32, limit int, epoch uint64) ([]byte, int) {
	s := &m.cells[k]
	n, at := int(s.n), int(s.at)
	out, outN := int(s.out), int(s.outN)
	if s.epoch != epoch || s.cell != cell || int(s.limit) != limit ||
		n > len(in)-i || at+n > len(in) || out+outN > len(b) || !bytes.Equal(in[i:i+n], in[at:at+n]) {
		return m.rest(b, in, i, int(s.prev), k, w+1, s.h, cell, limit, epoch)
	}
	if next >= 0 { // to the front of the slot, for its next repeat
		sl := &m.slots[s.h>>(64-cellMemoBits)]
		m.cells[next].prev, s.prev, sl.last = s.prev, int32(sl.last), uint32(k)
	}
	m.from = out
	return append(b, b[out:out+outN]...), i + n
}

// rest is again's walk from m.cells[k], the w-th cell of its slot tried
// (next is the cell tried before it), after a cell whose hash and last
// word were the text's but not its text or epoch: rare, and so without
// again's quick steps.
func (m *cellMemo) rest(b, in []byte, i, k, next, w int, h uint64, cell uint32, limit int, epoch uint64) ([]byte, int) {
	cells := m.cells
	for ; uint(k) < uint(len(cells)) && w < cellMemoWalk; w++ {
		s := &cells[k]
		n, at := int(s.n), int(s.at)
		out, outN := int(s.out), int(s.outN)
		if s.h != h || s.epoch != epoch || s.cell != cell || int(s.limit) != limit ||
			n > len(in)-i || at+n > len(in) || out+outN > len(b) || !bytes.Equal(in[i:i+n], in[at:at+n]) {
			next, k = k, int(s.prev)
			continue
		}
		if next >= 0 { // to the front of the slot
			sl := &m.slots[h>>(64-cellMemoBits)]
			cells[next].prev, s.prev, sl.last = s.prev, int32(sl.last), uint32(k)
		}
		m.from = out
		return append(b, b[out:out+outN]...), i + n
	}
	return b, -1
}

// nestBit is the bit of m.nested for the column cell at the nesting rest.
func nestBit(cell uint32, rest int) uint64 {
	return 1 << ((cell*8 + uint32(rest)) & 63)
}

// nestedAt reports whether an array or object nested in a cell of the
// column cell, where it may open rest more, may have been remembered
// (rememberNested). Cost: a shift and a test.
func (m *cellMemo) nestedAt(cell uint32, rest int) bool {
	return m.nested&nestBit(cell, rest) != 0
}

// rememberNested is remember for an array or object nested in a cell of
// the column cell, where it may open rest more arrays and objects.
func (m *cellMemo) rememberNested(b, in []byte, at, end, out int, cell uint32, rest int, epoch uint64) {
	m.nested |= nestBit(cell, rest)
	m.remember(b, in, at, end, out, cell, rest, epoch)
}

// miss counts a look at a whole cell that did not find it, turning the
// memo off for the text after too many.
func (m *cellMemo) miss() {
	if m.misses++; m.misses > cellMemoTries+4*m.hits {
		m.live, m.off = false, true
	}
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
	sl := &m.slots[h>>(64-cellMemoBits)]
	c := cellSeen{
		h: h, tail: wordAt(in, end-8), epoch: epoch, cell: cell, limit: int32(limit),
		at: uint32(at), n: uint32(end - at), out: uint32(out), outN: uint32(len(b) - out),
		prev: -1,
	}
	if sl.gen == m.gen {
		c.prev = int32(sl.last)
		if len(m.cells) >= cellMemoMax {
			// In place of the slot's last cell, after the ones before it.
			c.prev = m.cells[sl.last].prev
			m.cells[sl.last] = c
			return
		}
	} else if len(m.cells) >= cellMemoMax {
		return
	}
	*sl = cellSlot{gen: m.gen, last: uint32(len(m.cells))}
	m.cells = append(m.cells, c)
}
