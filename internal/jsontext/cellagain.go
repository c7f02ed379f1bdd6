package jsontext

import (
	"math"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// CellsAgainSink is a TaggedSink that can add cells of a row of a page of
// rows whose text is, byte for byte, the text of the cells at the same
// places of the previous row, without the Parser reading them: AgainCells
// adds the row's cells from, from+1, … , from+count-1 as that row's
// cells again, keys and values, as the Parser reading them would (their
// keys given by place, counted in SameKeys, and their cells begun), and
// returns how many it added, from the first on: it stops at the first
// cell it cannot add, which the Parser then reads. The Parser calls it
// only while every key of the row so far came by place (*SameKeys() is
// from) and the row is not the page's first.
type CellsAgainSink interface {
	AgainCells(from, count int) int
}

// cellRuns is what taggedRow keeps to find the runs of cells a row
// repeats from the previous row, for a CellsAgainSink (againCells): where
// each cell of the row being read begins (its key's opening quote), and
// of the previous row, and where that row ended (its closing brace).
type cellRuns struct {
	sink CellsAgainSink
	// at: where the cells of the row being read begin, one slot a cell
	// (a row of more cells than slots keeps the first ones); empty while
	// the page looks for no runs. prev: the same of the previous row of
	// the page that taggedRow read, prev[0:last+1] known (last 0: none),
	// prev[last] that row's closing brace if it had last cells. A row
	// that AgainRow added has that row's text, so prev stays valid for it.
	at, prev []int
	last     int
	// known: the cells of the row being read whose starts at holds, all
	// from the first: againCells notes them, at each cell it looks at and
	// for each cell of a run, so that a row whose keys all come by place
	// has all of them.
	known int
	// from: the first cell of the row at which againCells may look (past
	// a cell that differs it looks again one cell later); noRuns while the
	// page looks for no runs.
	from int
	// tries and hits: the looks of the page and the cells they added; the
	// page stops looking once 2*runsMinTries looks or more added fewer
	// cells than half the looks (a look costs about as much as reading a
	// short cell).
	tries, hits int
	// off: the pages still to read without looking (start).
	off int
}

const (
	noRuns       = math.MaxInt
	runsMinTries = 8
	runsOffPages = 64
	runsSlots    = 64 // the slots of at and prev to begin with
)

// start readies r for a page of rows: it looks for runs if the sink can
// add them, unless a page before stopped looking, or found runs of less
// than a cell a look on average: then the next runsOffPages pages look
// for none (a Parser that reads pages of one kind again and again pays for
// one page's looks in runsOffPages+1).
func (r *cellRuns) start() {
	if r.tries >= runsMinTries && r.hits < r.tries {
		r.off = runsOffPages
	}
	r.tries, r.hits, r.last, r.from = 0, 0, 0, noRuns
	if r.sink == nil || r.off > 0 {
		r.off = max(r.off-1, 0)
		r.at = r.at[:0]
		return
	}
	if cap(r.at) == 0 {
		r.at, r.prev = make([]int, runsSlots), make([]int, runsSlots)
	}
	r.at, r.prev = r.at[:cap(r.at)], r.prev[:cap(r.prev)]
}

// beginRow readies r for a row taggedRow reads. Inlines.
func (r *cellRuns) beginRow() {
	if len(r.at) != 0 {
		r.from, r.known = 0, 0
	}
}

// endRow ends the row whose n cells taggedRow read, whose closing brace is
// at in[i], and some of whose cells' places againCells noted (known > 0):
// they become the previous row's. A row of more cells than slots makes
// the slots grow, for later rows.
func (r *cellRuns) endRow(n, i int) {
	at, last := r.at, r.known-1
	if n >= len(at) {
		r.at, r.prev, r.last = make([]int, 2*n+2), make([]int, 2*n+2), 0
		return
	}
	if r.known == n {
		at[n], last = i, n
	}
	r.at, r.prev, r.last = r.prev, at, max(last, 0)
}

// stop makes the page look for no more runs, nor the next runsOffPages
// pages.
func (r *cellRuns) stop() {
	r.at, r.last, r.from, r.known, r.off = r.at[:0], 0, noRuns, 0, runsOffPages+1
}

// againCells looks, at the key of cell n of a row whose keys so far all
// came by place, whose opening quote is at in[i], for a run of whole cells
// that repeat the previous row's cells at the same places, each cell's
// text compared through the byte that follows it (the next cell's key
// quote or the row's closing brace), so that no cell's value can be a
// prefix of the other's; the sink adds them (AgainCells). It notes where
// the cells of the run begin in the row (r.at), and returns the position
// of the key of the first cell it did not add (or of the row's closing
// brace) and how many it added. The next look is at the cell after that
// one, which differs or which the sink could not add. The look costs a
// scan of the run's text for its first difference (jsonwire.EqualAt,
// about a fifth of an instruction a byte with AVX2) and a few steps a
// cell, against some 40 to 150 instructions a cell read.
func (p *Parser) againCells(i, n int) (int, int) {
	r := &p.cells
	prev, at, last, in := r.prev, r.at, r.last, p.in
	if n == r.known && n < len(at) {
		at[n], r.known = i, n+1
	}
	r.from = n + 1
	if n >= last || last >= len(prev) || last >= len(at) {
		return i, 0
	}
	r.tries++
	shift := i - prev[n]
	for prev[last]+1+shift > len(in) { // the text ends before a row as long
		if last--; last == n {
			return i, 0
		}
	}
	// The cells from n on whose text, through the byte after it, lies
	// before the first byte where the rest of the previous row, from cell
	// n through its closing brace, and this row's text from in[i] differ.
	s, e := prev[n], prev[last]+1
	end := s + jsonwire.EqualAt(in, s, i, e-s)
	j, pv := n+1, prev[:last+1]
	av := at[:len(pv)] // one length: no bounds check in the walk
	for ; j < len(pv) && pv[j] < end; j++ {
		av[j] = pv[j] + shift
	}
	k := j - 1
	if r.known == n+1 {
		r.known = k + 1
	}
	if k > n {
		k = n + r.sink.AgainCells(n, k-n)
	}
	if k == n {
		if r.tries >= 2*runsMinTries && 2*r.hits < r.tries {
			r.stop()
		}
		return i, 0
	}
	r.hits += k - n
	r.from = k + 1
	return prev[k] + shift, k - n
}
