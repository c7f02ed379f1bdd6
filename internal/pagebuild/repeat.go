package pagebuild

import (
	"bytes"
	"hash/maphash"
	"math"
	"slices"

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
	gen   uint32 // the column's generation: its slots are those of this gen
	n     int    // slots in use
	hit   bool   // a repeat was written since reset
	// seen remembers cells by their bytes as the builder holds them
	// (source bytes), so that a cell whose source bytes equal an earlier
	// cell's is written without being copied and hashed again (again).
	// appendTagged remembers cells only once the column has written a
	// repeat: a column of cells that never repeat (hetero's) then pays
	// for seen nothing but a test.
	//
	// seen maps a hash of a cell's first seenPrefix bytes to the last
	// cell remembered or found of that hash (its index in seenCells, plus
	// one; 0 for none), and each cell links to the one before it of its
	// slot, so that a look tries up to seenWalk cells, latest first: cells of a
	// column often start alike (citm's seat areas of one venue), where a
	// slot of one cell lost each to the next.
	seen      []uint32
	seenCells []seenCell
	// misses and finds count again's looks of the column that found no
	// cell and a cell; seenOff says again has stopped paying for itself
	// (seenPays): appendTagged then neither calls it nor remembers cells.
	// On hetero's and analytics' columns nearly every look misses (0 or
	// 1 found of 84 to 168 a column), and each cost a hash of up to
	// seenPrefix bytes and a remember, about 220 instructions.
	misses, finds int
	seenOff       bool
	// copies is the column's Copies not yet reached by appendTagged,
	// and done lists the array and object cells written so far, by
	// source offset, while copies is not empty, for copied.
	copies []uint32
	done   []doneCell
	// last is the cell of done that copied found last, and lastFrom its
	// source offset plus one (0: none since reset): copies of one column
	// often name the same earlier cell again (instruments' envelopes,
	// copied from row to row), which then costs no search.
	last     doneCell
	lastFrom int
	// nested is the column's Nested, the copies of nested values, and
	// copyFrom the index in froms of the value each copies; froms are the
	// distinct offsets of the values copied, in order, and fromAt the
	// index in ranges of what remapCopies wrote for each (-1: not yet).
	// nextCopy and nextFrom are the first copy and value copied not yet
	// reached, and mark where the first of the two starts (math.MaxInt:
	// none). ranges lists where in dst remapCopies wrote values copied, for
	// nestedCopy. off is where in the column's tagged values the src
	// remapCopies walks starts.
	nested             []uint32
	keys               []uint64 // setNested's scratch
	copyFrom, fromAt   []int32
	froms              []uint32
	nextCopy, nextFrom int
	mark               int
	ranges             []nestedRange
	off                int
}

// nestedRange is a nested array or object written: where in dst, and its
// length there.
type nestedRange struct {
	out, l int
}

// doneCell is an array or object cell written: where its source bytes
// are in the column's tagged values and how many, and what it was written
// as (the payload offset of the first cell holding its bytes, and their
// length).
type doneCell struct {
	src, srcLen       uint32
	target, targetLen uint32
}

// seenCell is a cell of the column by its source bytes: the hash of their
// first seenPrefix bytes, where they are in the column's tagged values,
// what the cell was written as (the payload offset of the first cell
// holding its bytes, itself or the cell it repeats, and their length),
// and the cell remembered before it of its slot, as its index in
// seenCells plus one (0: none).
type seenCell struct {
	h                 uint64
	src, srcLen       uint32
	target, targetLen uint32
	prev              uint32
}

// seenPrefix is how many bytes of a cell's source seen hashes.
const seenPrefix = 64

// seenWalk is the most cells of a slot of seen a look tries.
const seenWalk = 16

// seenMin is the shortest source of a cell that seen remembers: a shorter
// cell costs less to copy again than to hash, and a column of only such
// cells (a list of a few scalars) pays for seen nothing but a test.
const seenMin = 32

// repeatSlot is a cell of the column: the hash of its bytes (its low 32
// bits), the generation of the column it is of (a slot of an earlier
// generation is empty), its payload offset and its length.
type repeatSlot struct {
	h, gen uint32
	off, l uint32
}

// reset empties the table for a new column, keeping its slots: it moves
// to the next generation, which leaves every slot of an earlier one empty
// (repeatSlot.gen), where clearing the slots cost about 120 instructions a
// column (64 slots of 16 bytes, for a column of a few cells); the slots
// are cleared only when the generation wraps. The state of nested copies
// is reset only if setNested set it.
func (t *repeatTable) reset() {
	if t.gen++; t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
	if len(t.seenCells) > 0 {
		clear(t.seen)
		t.seenCells = t.seenCells[:0]
	}
	t.n, t.hit, t.done, t.copies, t.lastFrom = 0, false, t.done[:0], nil, 0
	t.misses, t.finds, t.seenOff = 0, 0, false
	if t.nested != nil {
		t.resetNested()
	}
}

// resetNested resets the state of nested copies that setNested and
// nestedCopy keep.
func (t *repeatTable) resetNested() {
	t.nested, t.copyFrom, t.fromAt, t.froms = nil, t.copyFrom[:0], t.fromAt[:0], t.froms[:0]
	t.nextCopy, t.nextFrom, t.mark, t.ranges = 0, 0, math.MaxInt, t.ranges[:0]
}

// setNested makes nested, a column's Nested, the copies of nested values
// for remapCopies, and lists the values they copy. Cost: an insertion sort
// of the copies by the value they copy (the Parser lists most copies of a
// value in the order of the values), and a pass over them.
func (t *repeatTable) setNested(nested []uint32) {
	n := len(nested) / 3
	if n == 0 {
		return // reset left none
	}
	t.nested = nested[:3*n]
	keys := t.keys[:0]
	for k := range n {
		keys = append(keys, uint64(nested[3*k+1])<<32|uint64(k))
	}
	sortKeys(keys)
	t.keys = keys
	t.copyFrom = Grow(t.copyFrom, n)
	for _, x := range keys {
		if f := uint32(x >> 32); len(t.froms) == 0 || t.froms[len(t.froms)-1] != f {
			t.froms = append(t.froms, f)
			t.fromAt = append(t.fromAt, -1)
		}
		t.copyFrom[uint32(x)] = int32(len(t.froms) - 1)
	}
	t.setMark()
}

// sortKeys sorts keys: by insertion while they are few, where most are in
// order already and slices.Sort's call and set-up cost more.
func sortKeys(keys []uint64) {
	if len(keys) > 64 {
		slices.Sort(keys)
		return
	}
	for i := 1; i < len(keys); i++ {
		x, j := keys[i], i
		for ; j > 0 && keys[j-1] > x; j-- {
			keys[j] = keys[j-1]
		}
		keys[j] = x
	}
}

// setMark sets t.mark to where the next copy or value copied starts.
// Cost: two loads and a compare.
func (t *repeatTable) setMark() {
	t.mark = math.MaxInt
	if t.nextCopy < len(t.copyFrom) {
		t.mark = int(t.nested[3*t.nextCopy])
	}
	if t.nextFrom < len(t.froms) {
		t.mark = min(t.mark, int(t.froms[t.nextFrom]))
	}
}

// nestedLeft reports whether a copy or a value copied is still to come.
// Cost: two compares.
func (t *repeatTable) nestedLeft() bool {
	return t.nextCopy < len(t.copyFrom) || t.nextFrom < len(t.froms)
}

// nextNested returns where in src, which starts at the column's offset
// t.off and is n bytes long, the next nested copy or value copied starts,
// or n if none is left.
func (t *repeatTable) nextNested(n int) int {
	return min(n, t.mark-t.off)
}

// nestedCopy writes at the end of dst the array or object at src[pos]
// if t.nested lists it as a copy or as a value copied (passing first the
// ones before pos, which were written otherwise). A copy is written as the
// value it copies was, if remapCopies has written that (t.ranges); else,
// as a value copied is, by remapCopies, keeping where it went for the
// copies to come. It returns dst with remapRoom bytes of room, the
// position after the value, and whether it wrote it; if not, dst and pos
// are unchanged. Cost: a few loads and a copy, in place of a walk of the
// value's elements.
func (t *repeatTable) nestedCopy(dst, src []byte, pos int, remap []uint32, fint *bool) ([]byte, int, bool) {
	abs := t.off + pos
	for t.nextCopy < len(t.copyFrom) && int(t.nested[3*t.nextCopy]) < abs {
		t.nextCopy++
	}
	for t.nextFrom < len(t.froms) && int(t.froms[t.nextFrom]) < abs {
		t.nextFrom++
	}
	k := -1 // the index in froms of the value written
	switch {
	case t.nextCopy < len(t.copyFrom) && int(t.nested[3*t.nextCopy]) == abs:
		k = int(t.copyFrom[t.nextCopy])
		n := int(t.nested[3*t.nextCopy+2])
		t.nextCopy++
		if t.nextFrom < len(t.froms) && int(t.froms[t.nextFrom]) == abs {
			t.nextFrom++ // not so from the Parser, but kept as written
		}
		if r := t.fromAt[k]; r >= 0 && n <= len(src)-pos {
			t.setMark()
			out := t.ranges[r]
			dst = slices.Grow(append(dst, dst[out.out:out.out+out.l]...), remapRoom)
			return dst, pos + n, true
		}
	case t.nextFrom < len(t.froms) && int(t.froms[t.nextFrom]) == abs:
		k = t.nextFrom
		t.nextFrom++
	default:
		t.setMark()
		return dst, pos, false
	}
	t.setMark()
	// The value walked, with the copies and values copied in it, and kept.
	at, off := len(dst), t.off
	t.off = abs
	dst, used := remapCopies(dst, src[pos:], remap, fint, t)
	t.off = off
	t.fromAt[k] = int32(len(t.ranges))
	t.ranges = append(t.ranges, nestedRange{out: at, l: len(dst) - at})
	return slices.Grow(dst, remapRoom), pos + used, true
}

// movedNested moves the ranges kept from the k-th on, written in a cell
// at dst[at:] that now stands for (or repeats) the same bytes at dst[to:].
// Cost: an add for each range kept from the k-th on (the cell's own, as
// it is called right after the cell).
func (t *repeatTable) movedNested(k, at, to int) {
	for i := k; i < len(t.ranges); i++ {
		t.ranges[i].out += to - at
	}
}

// copied writes at the end of dst the cell at source offset pos, the
// first of copies, whose producer copied it from an earlier cell (the
// second), as that cell was written, and returns the source bytes it
// used; 0 if that cell is not among done (then nothing is written).
// Cost: a binary search of done, in place of again's hash and comparison,
// or none when the earlier cell is the one the last copy named (last).
func (t *repeatTable) copied(dst []byte, base, pos int) ([]byte, int) {
	from := int(t.copies[1])
	t.copies = t.copies[2:]
	d := t.last
	if from+1 != t.lastFrom {
		lo, hi := 0, len(t.done)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if int(t.done[m].src) < from {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo == len(t.done) || int(t.done[lo].src) != from {
			return dst, 0
		}
		d = t.done[lo]
		t.last, t.lastFrom = d, from+1
	}
	dst = t.write(dst, base, len(dst), int(d.target), int(d.targetLen))
	d.src = uint32(pos)
	t.done = append(t.done, d)
	return dst, int(d.srcLen)
}

// cell looks up the cell just written at dst[at:], in the column whose
// payload starts at dst[base]. If an earlier cell holds the same bytes and a
// repeat naming it is shorter than the cell, the cell is replaced by the
// repeat; if none does, the cell is added. Cost: for a cell of 3 to
// shortCellMax bytes, two loads of its words (cellWords), shortCellHash
// and a compare of the words of each earlier cell of its hash and length,
// all inline; a longer cell goes to longCell. The short path calls
// nothing but write on a repeat and grow when the table fills, both as
// its last act (writeFound, growAfter), so that nothing of cell's is kept
// across a call: where grow's check at the top, maphash and bytes.Equal
// were called, every cell spilled its arguments and read them back.
//
// It also returns the payload offset of the first cell holding the bytes
// (at-base when the cell is the first), or -1 for a cell too short to
// repeat.
func (t *repeatTable) cell(dst []byte, base, at int) ([]byte, int) {
	l := len(dst) - at
	if l < 3 { // a repeat takes 2 bytes at least
		return dst, -1
	}
	if l > shortCellMax {
		return t.longCell(dst, base, at)
	}
	if len(t.slots) == 0 {
		return t.firstCell(dst, base, at)
	}
	a, b := cellWords(dst[at:], l)
	h := shortCellHash(a, b, l)
	mask := uint(len(t.slots) - 1)
	i := uint(h) & mask
	for {
		s := &t.slots[i]
		if s.gen != t.gen {
			break
		}
		if s.h == h && int(s.l) == l {
			if x, y := cellWords(dst[base+int(s.off):], l); x == a && y == b {
				return t.writeFound(dst, base, at, int(s.off), l)
			}
		}
		i = (i + 1) & mask
	}
	t.slots[i] = repeatSlot{h: h, gen: t.gen, off: uint32(at - base), l: uint32(l)}
	if t.n++; 2*(t.n+1) > len(t.slots) {
		return t.growAfter(dst, at-base) // the next cell finds an empty slot
	}
	return dst, at - base
}

// writeFound is write, returning target as well: cell's call of it
// then leaves nothing of cell's to keep across the call.
func (t *repeatTable) writeFound(dst []byte, base, at, target, l int) ([]byte, int) {
	return t.write(dst, base, at, target, l), target
}

// firstCell is cell on a table without slots: it makes them first.
//
//go:noinline
func (t *repeatTable) firstCell(dst []byte, base, at int) ([]byte, int) {
	t.grow()
	return t.cell(dst, base, at)
}

// growAfter grows the table and returns its arguments: cell's call of it
// then leaves nothing of cell's to keep across the call.
//
//go:noinline
func (t *repeatTable) growAfter(dst []byte, target int) ([]byte, int) {
	t.grow()
	return dst, target
}

// longCell is cell for a cell of more than shortCellMax bytes: hashed by
// maphash.Bytes, compared with bytes.Equal.
func (t *repeatTable) longCell(dst []byte, base, at int) ([]byte, int) {
	// The cell as its length alone until the hash: a slice of it kept
	// across the calls would be spilled to the stack and read back.
	l := len(dst) - at
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	h := uint32(maphash.Bytes(repeatSeed, dst[at:]))
	mask := uint(len(t.slots) - 1)
	for i := uint(h) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = repeatSlot{h: h, gen: t.gen, off: uint32(at - base), l: uint32(l)}
			t.n++
			return dst, at - base
		}
		if s.h == h && int(s.l) == l && bytes.Equal(dst[base+int(s.off):base+int(s.off)+l], dst[at:]) {
			return t.write(dst, base, at, int(s.off), l), int(s.off)
		}
	}
}

// grow doubles the table (to 64 slots at first) and rehashes its cells.
// It is kept out of cell, which it would make spill its arguments and
// locals to the stack on every call (about 15 instructions a cell). The
// new slots are of generation 0, which no column has (reset skips it; a
// table that was never reset starts at 1).
//
//go:noinline
func (t *repeatTable) grow() {
	if t.gen == 0 {
		t.gen = 1
	}
	old := t.slots
	t.slots = make([]repeatSlot, max(64, 2*len(old)))
	mask := uint(len(t.slots) - 1)
	for _, s := range old {
		if s.gen != t.gen {
			continue
		}
		i := uint(s.h) & mask
		for t.slots[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// write writes at dst[at:], in place of whatever is there, the cell whose
// bytes are the l bytes of the column's cell at payload offset target: a
// repeat of it if that is shorter, else its bytes.
func (t *repeatTable) write(dst []byte, base, at, target, l int) []byte {
	if 1+format.SizeUvarint(uint64(target)) < l {
		t.hit = true
		return format.AppendUvarint(append(dst[:at], format.TagRepeat), uint64(target))
	}
	if len(dst) == at+l {
		return dst // the cell itself, just written
	}
	return append(dst[:at], dst[base+target:base+target+l]...)
}

// again writes the cell at src[pos:] at the end of dst if an earlier cell
// of the column has the same source bytes, as remapTagged and cell would
// write it (remapTagged is a function of the source bytes, and a value's
// bytes end where its encoding does, so an earlier cell's bytes found at
// pos are the whole cell), and returns the source bytes it used; 0 if it
// found no such cell. It also returns the hash it computed, for remember
// (0 if none). Cost: a hash of the cell's first seenPrefix bytes and a
// comparison with each earlier cell of the hash it tries.
func (t *repeatTable) again(dst []byte, base int, src []byte, pos int) ([]byte, int, uint64) {
	if len(t.seenCells) == 0 {
		return dst, 0, 0
	}
	h := maphash.Bytes(repeatSeed, src[pos:min(pos+seenPrefix, len(src))])
	cells := t.seenCells
	sl := &t.seen[h&uint64(len(t.seen)-1)]
	next := sl // where the cell tried is linked from
	for k, w := *sl, 0; k != 0 && int(k) <= len(cells) && w < seenWalk; w++ {
		s := &cells[k-1]
		if s.h != h || pos+int(s.srcLen) > len(src) ||
			!bytes.Equal(src[pos:pos+int(s.srcLen)], src[s.src:s.src+s.srcLen]) {
			next, k = &s.prev, s.prev
			continue
		}
		if next != sl { // to the front of the slot, for its next repeat
			*next, s.prev, *sl = s.prev, *sl, k
		}
		t.finds++
		return t.write(dst, base, len(dst), int(s.target), int(s.targetLen)), int(s.srcLen), h
	}
	t.misses++
	t.seenOff = !seenPays(t.misses, t.finds)
	return dst, 0, h
}

// seenPays reports whether again, having missed and found cells of a
// column so many times, is still worth its cost. A miss costs about 220
// instructions; a find saves a cell's remapTagged and cell, a few hundred
// on hetero's small cells, thousands on real data's larger ones (twitter's
// columns find 57 and 58 of 67 and 91 looks). So it stops again only
// where it plainly fails: fewer than one find in seenShare misses, once
// seenTrial misses have been seen (the first sight of each distinct cell
// is a miss). Whether again is called changes no byte of the page (it
// writes what remapTagged and cell would), only the work.
func seenPays(misses, finds int) bool {
	return misses < seenTrial || misses < seenShare*finds
}

// seenTrial is how many misses again is allowed before seenPays judges
// it; seenShare is the misses a find must at least pay for.
const (
	seenTrial = 16
	seenShare = 16
)

// remember records the cell of src[pos:pos+n], written as a cell of l
// bytes equal to the cell at payload offset target, for again; h is the
// hash again computed for it, or 0.
func (t *repeatTable) remember(h uint64, src []byte, pos, n, target, l int) {
	if 2*(len(t.seenCells)+1) > len(t.seen) {
		t.growSeen()
	}
	if h == 0 {
		h = maphash.Bytes(repeatSeed, src[pos:min(pos+seenPrefix, len(src))])
	}
	sl := &t.seen[h&uint64(len(t.seen)-1)]
	t.seenCells = append(t.seenCells, seenCell{
		h: h, src: uint32(pos), srcLen: uint32(n), target: uint32(target), targetLen: uint32(l), prev: *sl,
	})
	*sl = uint32(len(t.seenCells))
}

// growSeen doubles seen (to 64 slots at first) and links its cells again,
// in the order they were remembered.
func (t *repeatTable) growSeen() {
	t.seen = make([]uint32, max(64, 2*len(t.seen)))
	mask := uint64(len(t.seen) - 1)
	for i := range t.seenCells {
		s := &t.seenCells[i]
		sl := &t.seen[s.h&mask]
		s.prev, *sl = *sl, uint32(i+1)
	}
}
