package jsonbridge

import "github.com/rowpage/rowpage/internal/pagebuild"

// AgainCells adds the row's cells from to from+count-1, whose text is that
// of the previous row's cells at the same places (jsontext.CellsAgainSink),
// as the tokenizer reading them would: their keys count as given by place
// (same) and their cells as begun (taken), and each column gets its last
// cell, the previous row's, again, as AgainRow adds it. It stops at the
// first cell it cannot repeat and returns how many it added: none unless
// every key of the row so far came by place and prev is the previous row's
// shape with its columns where they were; then a column that cannot
// repeat its cell (CanAgain), or one of tagged values whose previous cell's
// start is not known (keepAgain, of the row before under the same interner
// Epoch) ends the run. The first such column asks rows to keep those starts
// from then on (againOn), as AgainRow's first call does. Cost: the checks, and a pass over the cells that
// appends each: the integer, bool, string and null cells by AgainPlain's
// loop, a call for each stretch of them; a one-byte tagged cell without a
// call, the other tagged cells with a copy.
func (s *cellSink) AgainCells(from, count int) int {
	pb := s.pb
	cols := s.prevCols
	if s.noCells || s.same != from || s.taken != from || pb.Last == 0 || pb.Last != s.prevOf ||
		colsBase(pb.Cols) != s.colsAt || count <= 0 || from+count > len(cols) {
		return 0
	}
	cols = cols[from : from+count]
	for k := 0; k < len(cols); k++ {
		// The run's bool, integer, string and null cells in one loop.
		if k += pb.AgainPlain(cols[k:]); k == len(cols) {
			break
		}
		c := cols[k]
		if !c.CanAgain() {
			count = k
			break
		}
		if c.AnyKind() {
			if !s.againAny(c, from+k) {
				count = k
				break
			}
			continue
		}
		pb.AppendAgain(c, -1, false)
	}
	s.same += count
	s.taken += count
	s.cellAgains += count
	return count
}

// againAny is AgainCells for c, the column of tagged values at place j of
// prev: it adds the previous row's cell again if its start is known
// (anyPrev), and reports whether it did.
func (s *cellSink) againAny(c *pagebuild.Column, j int) bool {
	pb := s.pb
	if s.prevRow != pb.Rows-1 || s.prevEpoch != pb.In.Epoch {
		s.againOn = true // keep the starts from the next row on
		return false
	}
	k := 0
	for k < len(s.anyJ) && int(s.anyJ[k]) != j {
		k++
	}
	if k == len(s.anyJ) {
		// A column turned to tagged values after newPrev: make prev
		// again at the next row, to keep its cells' places.
		s.prevOf = 0
		return false
	}
	at := s.anyPrev[k]
	if c.TryAgainTag(at) {
		return true
	}
	// As in AgainRow: a cell listed as a copy, or one the tokenizer
	// ended by EndPlain, holds no string.
	cp := c.Copies
	plain := len(cp) >= 2 && int(cp[len(cp)-2]) == at || c.PlainCell == at+1
	pb.AppendAgain(c, at, plain)
	return true
}
