package rowpage

import (
	"slices"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// Map rows whose keys vary (rows that omit their empty keys, events of a
// few kinds) come back to a few key sets again and again, but seldom in
// consecutive rows, where mapRow's first fast path looks. On a page of
// more than maxSetCols columns (setRow, below, serves the others) rowSets
// finds the shape of such a row from the set of its columns: while mapRow
// iterates the map (which it must, to learn its keys) it finds each key's
// column without sorting and adds an order-free hash of the column to the
// set's hash; a table from set hashes to the page's shapes then gives the
// shape, whose columns are sorted by key already. The row's cells are
// written in that order with no key sorted or compared. A set seen for the
// first time takes the sorting path, which adds its shape to the page.
//
// The table holds the page's shapes only when every row of the page is a
// map[string]any (Encoder.build says so): then each shape is one that
// mapRow's sorting path made, its columns in key order, and a row matched
// to it gets the page sorting would give. Shapes enter the table when the
// search starts and as it goes on, not as they are made, so a page that
// never searches pays nothing for it.

// rowSets is mapRow's table of the shapes of map rows by their sets of
// columns, and its per-row scratch.
type rowSets struct {
	page  uint64   // the Builder's page the table describes
	slots []rowSet // open addressing; len is a power of two, or 0
	n     int      // shapes in slots: the page's first n
	cols  []int32  // the row's columns, in map order
	mark  []uint32 // column -> the row stamp that marked it as the row's
	vals  []any    // column -> the row's value for it, while marked
	stamp uint32   // the current row's stamp
}

// rowSet is one entry of rowSets: a set's hash and its shape id, or a zero
// id for an empty slot.
type rowSet struct {
	h  uint64
	id uint32
}

// colHash is a column's contribution to its set's hash: sums of these
// do not depend on the order of the columns.
func colHash(ci int32) uint64 {
	x := (uint64(ci) + 1) * 0x9E3779B97F4A7C15
	return x ^ x>>29
}

// begin starts a row on page b and reports whether to match it by its
// set: only once the page has at least two rows for each of its shapes,
// so that a page whose rows seldom repeat a set (a few rows, or sparse
// rows of many optional keys) does not pay for the search. It puts the
// shapes made since the last search in the table.
func (s *rowSets) begin(b *pagebuild.Builder) bool {
	if s.page != b.Page {
		s.page = b.Page
		clear(s.slots)
		s.n = 0
	}
	if len(b.Shapes) == 0 || b.Rows < 2*len(b.Shapes) {
		return false
	}
	for s.n < len(b.Shapes) {
		s.put(b, uint32(s.n+1))
	}
	if s.stamp++; s.stamp == 0 {
		clear(s.mark)
		s.stamp = 1
	}
	s.cols = s.cols[:0]
	return true
}

// add marks column ci as the row's, with value v.
func (s *rowSets) add(ci int32, v any) {
	if int(ci) >= len(s.mark) {
		n := max(int(ci)+1, 2*len(s.mark), 16)
		s.mark = append(s.mark, make([]uint32, n-len(s.mark))...)
		s.vals = append(s.vals, make([]any, n-len(s.vals))...)
	}
	s.mark[ci] = s.stamp
	s.vals[ci] = v
	s.cols = append(s.cols, ci)
}

// find returns the shape of the row's columns, or 0 if the table has none.
func (s *rowSets) find(b *pagebuild.Builder) uint32 {
	var h uint64
	for _, ci := range s.cols {
		h += colHash(ci)
	}
	mask := len(s.slots) - 1
	for i := int(h>>32) & mask; s.slots[i].id != 0; i = (i + 1) & mask {
		if e := s.slots[i]; e.h == h && s.sameSet(b.Shapes[e.id-1]) {
			return e.id
		}
	}
	return 0
}

// sameSet reports whether the columns of shape sh are the row's.
func (s *rowSets) sameSet(sh []uint32) bool {
	if len(sh) != len(s.cols) {
		return false
	}
	for _, ci := range sh {
		if s.mark[ci] != s.stamp {
			return false
		}
	}
	return true
}

// put adds shape id of page b, the next one, to the table.
func (s *rowSets) put(b *pagebuild.Builder, id uint32) {
	var h uint64
	for _, ci := range b.Shapes[id-1] {
		h += colHash(int32(ci))
	}
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	mask := len(s.slots) - 1
	i := int(h>>32) & mask
	for s.slots[i].id != 0 {
		i = (i + 1) & mask
	}
	s.slots[i] = rowSet{h: h, id: id}
	s.n++
}

// grow doubles the table (16 slots at first).
func (s *rowSets) grow() {
	old := s.slots
	s.slots = make([]rowSet, max(16, 2*len(old)))
	mask := len(s.slots) - 1
	for _, e := range old {
		if e.id == 0 {
			continue
		}
		i := int(e.h>>32) & mask
		for s.slots[i].id != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = e
	}
}

// release drops the references to the caller's values.
func (s *rowSets) release() { clear(s.vals) }

// keyRanks orders the columns of a page by their keys, for map rows whose
// keys all have columns (walker.rankedRow): their cells are written in
// the order of their columns' ranks, a sort of small integers, where
// sorting the keys would compare strings. A column's rank is its key's
// place among the page's keys; a new column (made by a row that sorts its
// keys) is put in its place by a binary search when the next ranked row
// comes, and the ranks after it move up by one.
type keyRanks struct {
	page   uint64   // the Builder's page the ranks describe
	order  []int32  // the page's columns in key order
	pre    []uint64 // keyPrefix of the key of each column of order, in the same order
	rank   []uint32 // column -> its index in order
	row    []uint64 // the row's column<<32 | value index, then rank<<32 | value index
	fresh  []uint32 // the value indexes of the row's keys that have no column (freshRow)
	add    []int32  // update's scratch: the new columns, sorted
	addPre []uint64 // update's scratch: their keys' keyPrefix
	// known is the kept keys of the last page of map rows (pageKeys), if
	// usable; global says that page's columns are ranked by their
	// keys' places among them (walk_pagekeys.go), with gaps, not 0 to n-1.
	known  *firstRow
	global bool
	// firstRanks is the rank among known's keys of each key of firstOf
	// (the walker's first row), if firstOK, made while they held the keys
	// of generation firstGen and knownGen (walk_firstranks.go).
	firstRanks          []uint8
	firstOK             bool
	firstOf, firstKnown *firstRow
	firstGen, knownGen  uint64
}

// update ranks the columns page b made since the last call and returns
// each column's rank. It sorts the new columns by key, with an insertion
// sort (a row brings few), and merges them into the page's order from the
// back, moving each ranked column once. One or two new columns, what
// most rows that bring any bring, are inserted among the ranked ones by
// the same insertion sort instead, without the merge's copy of them
// (ranking 25 rows of the hetero dataset cost 27% fewer instructions,
// about 3,650 a page instead of 5,020). Keys are compared by their first
// 8 bytes as integers (keyPrefix) and as strings only where those agree:
// on the first rows of a page of varying keys, where every row brings
// columns, comparing strings through a closure was most of what ranking
// cost, and inserting each of many new columns on its own, a move of the
// columns after it, was most of the rest.
//
// The check that the page made no column since the last call, what most
// calls find, is inlined in the callers (rerank does the rest): the call
// cost about 20 instructions for it (about 350 of a 25-row hetero page's
// update, newSetShape and freshSetRow, 4.6%).
func (r *keyRanks) update(b *pagebuild.Builder) []uint32 {
	if r.page == b.Page && len(r.order) == b.NumColumns() {
		return r.rank
	}
	return r.rerank(b)
}

// rerank is update past its check: it ranks the columns made since the
// last call, or all of a new page's.
func (r *keyRanks) rerank(b *pagebuild.Builder) []uint32 {
	if r.page != b.Page {
		r.page = b.Page
		r.order, r.pre = r.order[:0], r.pre[:0]
		r.global = usableKeys(r.known)
	}
	n, old := b.NumColumns(), len(r.order)
	if old == n {
		return r.rank
	}
	if r.global {
		if r.rankKnown(b, old, n) {
			return r.rank
		}
		// A key the kept ones lack: rank every column of the page as
		// a page of unknown keys.
		r.global = false
		r.order, r.pre, old = r.order[:0], r.pre[:0], 0
	}
	strs := b.In.Strs
	order := slices.Grow(r.order, n-old)[:n] // keeps order[:old]
	pre := slices.Grow(r.pre, n-old)[:n]
	// The new columns, sorted, in order[old:] and pre[old:], or, if few,
	// among all in order and pre.
	floor := old
	if n-old <= fewNewColumns {
		floor = 0
	}
	// Each move and each insertion also sets the rank of the column it
	// places: on the path of few new columns, the ranks are then all set
	// without a pass over the columns that moved (a store a move instead
	// of a loop of about 5 instructions a column, and the loop's setup).
	// Where the columns are merged, or rank had to grow, a pass after
	// the loop sets them.
	regrow := cap(r.rank) < n
	rank := pagebuild.Grow(r.rank, n) // a local: r.rank, a field, was loaded again for every store
	for ci := old; ci < n; ci++ {
		key := strs[b.Cols[ci].Name]
		p := keyPrefix(key)
		j := ci
		for ; j > floor; j-- {
			// One load of pre[j-1] and a branch for each test, not a
			// bool of the whole condition: 12 instructions a move, not 21,
			// and no bounds checks but rank's.
			q := pre[j-1]
			if q < p {
				break
			}
			if q == p && strs[b.Cols[order[j-1]].Name] <= key {
				break
			}
			m := order[j-1]
			order[j], pre[j] = m, q
			rank[m] = uint32(j)
		}
		order[j], pre[j] = int32(ci), p
		rank[ci] = uint32(j)
	}
	r.order, r.pre, r.rank = order, pre, rank
	if floor == 0 && !regrow {
		return rank
	}
	lo := 0 // order[:lo] did not move: their ranks stand
	if !regrow {
		lo = r.merge(b, order, pre, old)
	} else if floor != 0 {
		r.merge(b, order, pre, old)
	}
	for i, ci := range order[lo:] {
		rank[ci] = uint32(lo + i)
	}
	return rank
}

// seed ranks the columns of page b made so far, which a first row made in
// the order of their keys, of prefixes pre (keyPrefix, as firstRow keeps
// them): column ci has rank ci. The ranks are update's, without its sort
// of the keys and its pass over them (about 40 instructions a column on a
// sparse page's first call).
func (r *keyRanks) seed(page uint64, first *firstRow) {
	pre := first.pre
	if usableKeys(r.known) {
		// Ranked by the kept keys: as the first row's when they are the
		// same (each column's rank its index, as below), else by the
		// ranks of the first row's keys among them (rankFirst), or, if
		// one is not among them, at the next update (rankKnown).
		r.page, r.order, r.pre, r.global = page, r.order[:0], r.pre[:0], true
		if sameKeys(first, r.known) {
			r.roomForSets()
			r.seedIdentity(len(pre))
			r.pre = append(r.pre, pre...)[:maxSetCols]
		} else {
			r.rankFirst(first)
		}
		return
	}
	r.global = false
	n := len(pre)
	order := pagebuild.Grow(r.order, n)
	rank := pagebuild.Grow(r.rank, n)
	for i := range order {
		order[i] = int32(i)
	}
	for i := range rank {
		rank[i] = uint32(i)
	}
	r.page, r.order, r.pre, r.rank = page, order, append(r.pre[:0], pre...), rank
}

// seedIdentity sets the first n columns' ranks to their indexes, in
// order and rank, which have room for n.
func (r *keyRanks) seedIdentity(n int) {
	order, rank := r.order[:n], r.rank[:n]
	for i := range order {
		order[i] = int32(i)
	}
	for i := range rank {
		rank[i] = uint32(i)
	}
	r.order, r.rank = order, rank
}

// bySetRanks returns the columns' ranks and the columns in key order, as
// update left them, as arrays of maxSetCols entries (past the page's
// columns, stale) for a page of at most maxSetCols columns: setRow's rows
// index them by the bits of a set with no bounds check (about 2
// instructions a column in each of newSetShape's two loops). The first
// call gives the two slices room for maxSetCols, which update keeps.
func (r *keyRanks) bySetRanks() (rank *[maxSetCols]uint32, order *[maxSetCols]int32) {
	if cap(r.rank) < maxSetCols || cap(r.order) < maxSetCols {
		r.rank = append(make([]uint32, 0, maxSetCols), r.rank...)
		r.order = append(make([]int32, 0, maxSetCols), r.order...)
	}
	return (*[maxSetCols]uint32)(r.rank[:maxSetCols]), (*[maxSetCols]int32)(r.order[:maxSetCols])
}

// fewNewColumns is the most new columns update inserts one by one among
// the ranked ones: each moves the ranked columns after it, where a merge
// moves them once for all the new ones.
const fewNewColumns = 2

// merge merges the sorted new columns order[old:], with their keys'
// prefixes pre[old:], into the sorted order[:old] from the back, and
// returns the index of the first entry of order that moved. The new ones
// are copied out of the way first: the merge writes over their places.
func (r *keyRanks) merge(b *pagebuild.Builder, order []int32, pre []uint64, old int) int {
	strs := b.In.Strs
	add := append(r.add[:0], order[old:]...)
	addPre := append(r.addPre[:0], pre[old:]...)
	r.add, r.addPre = add, addPre
	i, k := old-1, len(order)-1
	for j := len(add) - 1; j >= 0; k-- {
		// A branch for each test, as in update, not a bool of the whole
		// condition; and once the ranked columns are all placed, the
		// new ones left go in one copy.
		if i < 0 {
			copy(order[:j+1], add[:j+1])
			copy(pre[:j+1], addPre[:j+1])
			return 0
		}
		q, p := pre[i], addPre[j]
		if q > p {
			order[k], pre[k] = order[i], q
			i--
			continue
		}
		if q == p && strs[b.Cols[order[i]].Name] > strs[b.Cols[add[j]].Name] {
			order[k], pre[k] = order[i], q
			i--
			continue
		}
		order[k], pre[k] = add[j], p
		j--
	}
	return k + 1
}

// Pages of at most maxSetCols columns (most pages) match map rows to
// shapes by a bitset of their columns instead (walker.setRow): exact, so
// a match needs no check, and cheap enough to ask for every row, from the
// page's second row on. A row of a set the page has not seen orders its
// cells by the bits of its columns' ranks, with no sort.

// maxSetCols is the most columns a page may have for setRow.
const maxSetCols = 64

// colSets is setRow's table from sets of columns (bit ci for column ci)
// to the page's shape of those columns, and the row's values by column.
type colSets struct {
	page  uint64   // the Builder's page the table describes
	slots []colSet // open addressing; len is a power of two, or 0
	n     int      // sets in slots
	// vals holds column -> the row's value for it (maxSetCols of them). A
	// row reads only the columns of its set, which it wrote, so values
	// of earlier rows stay until release clears them: clearing each cell
	// after use cost a store with its write-barrier check per cell.
	vals []any
}

// colSet is one entry of colSets: a set and its shape id, or a zero id for
// an empty slot.
type colSet struct {
	set uint64
	id  uint32
}

// begin readies the table for a row of page b.
func (s *colSets) begin(b *pagebuild.Builder) {
	if s.page != b.Page {
		s.page = b.Page
		clear(s.slots)
		s.n = 0
	}
	if s.vals == nil {
		s.vals = make([]any, maxSetCols)
	}
}

// slot is set's first slot.
func (s *colSets) slot(set uint64) int {
	return int((set * 0x9E3779B97F4A7C15) >> 32 & uint64(len(s.slots)-1))
}

// lookup returns the shape of set, or 0 if the page has not made it here
// and the slot where put would place set (-1 if the table has no slots
// yet): setRow, which looks up every row's set and adds those it lacks
// (on a page of varied keys, most), adds one there (fits) without
// hashing and probing again.
func (s *colSets) lookup(set uint64) (id uint32, at int) {
	if len(s.slots) == 0 {
		return 0, -1
	}
	mask := len(s.slots) - 1
	i := s.slot(set)
	for ; s.slots[i].id != 0; i = (i + 1) & mask {
		if s.slots[i].set == set {
			return s.slots[i].id, i
		}
	}
	return 0, i
}

// fits reports whether a set the table lacks may go in slot at, which
// lookup returned for it, without the table growing (put); setRow then
// stores it there itself.
func (s *colSets) fits(at int) bool {
	return at >= 0 && 2*(s.n+1) <= len(s.slots)
}

// put adds set, not in the table, with its shape id.
func (s *colSets) put(set uint64, id uint32) {
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots = make([]colSet, max(16, 2*len(old)))
		for _, e := range old {
			if e.id != 0 {
				s.place(e)
			}
		}
	}
	s.place(colSet{set: set, id: id})
	s.n++
}

// putRow adds shape id, the shape of the row just added to page b, that
// freshRow made: so that while every shape of a page is in the table,
// setRow knows a set it does not find to be a new shape (EndNewRow). A
// page past maxSetCols columns has no use for the table.
func (s *colSets) putRow(b *pagebuild.Builder, id uint32) {
	if b.NumColumns() > maxSetCols {
		return
	}
	s.begin(b)
	var set uint64
	for _, ci := range b.Shapes[id-1] {
		set |= 1 << (ci & (maxSetCols - 1))
	}
	s.put(set, id)
}

func (s *colSets) place(e colSet) {
	mask := len(s.slots) - 1
	i := s.slot(e.set)
	for s.slots[i].id != 0 {
		i = (i + 1) & mask
	}
	s.slots[i] = e
}

// release drops the references to the caller's values.
func (s *colSets) release() { clear(s.vals) }

// keyCols remembers the columns of the last map keys of up to 16 bytes
// that setRow met, by their bytes, for the page the entry names: a page
// has few keys and meets each in most rows. An entry holds the key as
// the two loads keyLoads makes, which with its length tell any two keys
// of up to 16 bytes apart, so a hit costs two loads, a multiplication
// and a comparison of three words, without hashing or
// comparing the key as a string. It is 8 KiB.
//
// Each key has two places, the top two bytes of one product of its loads
// (keyColsMix): a key goes to its first place unless another key of the
// page holds it, else to its second. With one place, three keys of the
// hetero dataset's twelve ("id", "at" and "tags") shared a slot and
// pushed each other out in most rows, each miss a Builder.KnownColumn
// lookup (about 180 instructions) and a put; two places chosen apart
// keep every key of a page of a few dozen keys.
type keyCols [keyColsSize]keyCol

const keyColsSize = 256 // 1<<8: keyColsMix's bytes index it

type keyCol struct {
	a, b uint64 // keyLoads of the key
	tag  uint64 // keyColTag of the Builder's page of ci (0 for none) and the key's length
	ci   int32  // its column
}

// keyColTag returns the word that a keyCol holds for a key of n bytes, 0
// to 16 (callers check: a longer key must not look up keyCols), on
// page: page<<5 | n, one comparison for both, which leaves the
// entry 32 bytes (an index is a shift) and frees a register in setRow's
// loops. Pages are counted from 1 and never near 1<<59.
func keyColTag(page uint64, n int) uint64 { return page<<5 | uint64(n) }

// keyColsMix mixes the loads of a key of n bytes: its top byte is the
// key's first place in a keyCols, the byte below it its second.
func keyColsMix(a, b uint64, n int) uint64 {
	return (a ^ b*0x9E3779B97F4A7C15 ^ uint64(n)) * 0xBF58476D1CE4E5B9
}

// holds reports whether e holds the key that loads as a, b and whose
// length and page give tag (keyColTag).
func (e *keyCol) holds(a, b, tag uint64) bool {
	return e.a == a && e.b == b && e.tag == tag
}

// get returns the column remembered for k on page. setRow, which calls it
// for every key of every row, has it written out up to k's first place.
func (t *keyCols) get(k string, page uint64) (int32, bool) {
	if len(k) > 16 {
		return 0, false // keyCols holds none (put); its length would spill into the tag
	}
	a, b := keyLoads(k)
	x, tag := keyColsMix(a, b, len(k)), keyColTag(page, len(k))
	if e := &t[x>>(64-8)]; e.holds(a, b, tag) {
		return e.ci, true
	}
	return t.second(x, a, b, tag)
}

// second returns the column remembered in the second place of the key
// that loads as a, b, mixes to x and has tag (keyColTag): get's last step.
func (t *keyCols) second(x, a, b, tag uint64) (int32, bool) {
	e := &t[x>>(64-16)&(keyColsSize-1)]
	return e.ci, e.holds(a, b, tag)
}

// put remembers column ci for k on page, if k has at most 16 bytes: in
// k's first place unless another key of page holds it, else in its
// second. It reports whether it wrote over another key of page there.
func (t *keyCols) put(k string, page uint64, ci int32) (evicted bool) {
	if len(k) > 16 {
		return false
	}
	a, b := keyLoads(k)
	x, tag := keyColsMix(a, b, len(k)), keyColTag(page, len(k))
	e := &t[x>>(64-8)]
	if e.tag>>5 == page && !e.holds(a, b, tag) {
		e = &t[x>>(64-16)&(keyColsSize-1)]
	}
	evicted = e.tag>>5 == page && !e.holds(a, b, tag)
	*e = keyCol{a: a, b: b, tag: tag, ci: ci}
	return evicted
}
