package rowpage

import "github.com/rowpage/rowpage/internal/pagebuild"

// A stream of pages of map rows of the same keys (an endpoint's pages)
// brings the same sets of columns page after page, and on a page ranked by
// the kept keys (keyRanks.global) a column's rank is its key's place among
// them. The shape newSetShape makes for a set is its columns in the order
// of their ranks, so it is the same on every page whose columns have the
// ranks they had when it was made, whichever keys were kept. keptShapes
// keeps those shapes across the pages of one walker, by set, and checks
// each column of a page once against the ranks the kept shapes were made
// with: a page whose columns have other ranks (other keys, or the same
// keys met in another order) drops them and starts anew from its own
// ranks. A kept shape costs a probe and a copy instead of newSetShape's
// two loops over the set's bits (about 20 instructions a column).

// maxKeptShapes and maxKeptCols are the most shapes, and columns of them,
// keptShapes holds (a 1,000-row sparse page makes about 780 shapes of 11
// columns on average); past them, new sets are made as before and not
// kept, so that a stream of ever-new sets does not grow the walker past
// 64 KB of columns and 64 KB of slots.
const (
	maxKeptShapes = 2048
	maxKeptCols   = 16 << 10
)

// keptShapes is newSetShape's table of the shapes of earlier pages (and of
// the page at hand), by set of columns.
type keptShapes struct {
	// rank is each column's rank among the kept keys, for every column
	// a kept shape may name: the ranks the shapes hold for.
	rank    []uint32
	page    uint64 // the page whose first checked columns match rank
	checked int    // the columns of page checked against rank
	slots   []keptShape
	n       int      // shapes in slots
	cols    []uint32 // the kept shapes' columns, one after another
}

// keptShape is one entry of keptShapes: a set and its shape, cols[off:end]
// (cols starts with an unused column, so that a shape's end is never 0: 0
// marks an empty slot, and a set may be empty).
type keptShape struct {
	set      uint64
	off, end uint32
}

// usable reports whether page b, ranked by r in global mode, may use and
// keep shapes: at once if no column was made since its last call on the
// page, else by usableAfter. Call it after r.update(b).
func (k *keptShapes) usable(r *keyRanks, b *pagebuild.Builder) bool {
	return r.global && k.page == b.Page && k.checked == len(r.rank) || k.usableAfter(r, b)
}

// usableAfter is usable past its check: it checks the columns made since
// the last call against the kept ranks (a compare a column) and starts
// the table anew, from the page's ranks, where they differ. Only ranks
// among kept keys (global mode) are fixed when a column is made; dense
// ranks move as columns come.
func (k *keptShapes) usableAfter(r *keyRanks, b *pagebuild.Builder) bool {
	if !r.global {
		return false
	}
	if k.page != b.Page {
		k.page, k.checked = b.Page, 0
	}
	if k.checked < len(r.rank) {
		k.check(r.rank)
	}
	return true
}

// check compares the ranks of the page's columns from k.checked on with
// the kept ones, after extending those with the page's past the kept
// columns, and starts anew from the page's ranks if one differs.
func (k *keptShapes) check(rank []uint32) {
	if len(k.rank) < len(rank) {
		k.rank = append(k.rank, rank[len(k.rank):]...)
	}
	kept := k.rank[:len(rank)]
	for ci := k.checked; ci < len(rank); ci++ {
		if kept[ci] != rank[ci] {
			k.forget()
			k.rank = append(k.rank, rank...)
			break
		}
	}
	k.checked = len(rank)
}

// forget drops every kept shape and rank.
func (k *keptShapes) forget() {
	clear(k.slots)
	k.n, k.cols, k.rank = 0, k.cols[:0], k.rank[:0]
	k.cols = append(k.cols, 0) // so that no shape ends at 0
}

func keptSlot(set uint64, mask int) int {
	return int((set*0x9E3779B97F4A7C15)>>32) & mask
}

// shape returns the kept shape of set, or false.
func (k *keptShapes) shape(set uint64) ([]uint32, bool) {
	mask := len(k.slots) - 1
	if mask < 0 {
		return nil, false
	}
	for i := keptSlot(set, mask); ; i = (i + 1) & mask {
		e := k.slots[i]
		if e.set == set && e.end != 0 {
			return k.cols[e.off:e.end], true
		}
		if e.end == 0 {
			return nil, false
		}
	}
}

// keep keeps sh as the shape of set, which the table lacks, unless it is
// full.
func (k *keptShapes) keep(set uint64, sh []uint32) {
	if k.n >= maxKeptShapes || len(k.cols)+len(sh) > maxKeptCols {
		return
	}
	if 2*(k.n+1) > len(k.slots) {
		k.grow()
	}
	if len(k.cols) == 0 {
		k.cols = append(k.cols, 0) // so that no shape ends at 0
	}
	mask := len(k.slots) - 1
	i := keptSlot(set, mask)
	for k.slots[i].end != 0 {
		i = (i + 1) & mask
	}
	off := len(k.cols)
	k.cols = append(k.cols, sh...)
	k.slots[i] = keptShape{set: set, off: uint32(off), end: uint32(len(k.cols))}
	k.n++
}

// grow doubles the slots (16 at first), placing the kept entries again.
func (k *keptShapes) grow() {
	old := k.slots
	k.slots = make([]keptShape, max(16, 2*len(old)))
	mask := len(k.slots) - 1
	for _, e := range old {
		if e.end == 0 {
			continue
		}
		i := keptSlot(e.set, mask)
		for k.slots[i].end != 0 {
			i = (i + 1) & mask
		}
		k.slots[i] = e
	}
}
