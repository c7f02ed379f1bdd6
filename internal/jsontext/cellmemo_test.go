package jsontext

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// epochSink is a TaggedSink whose key bytes are the key epoch, which it
// moves on every third row, and which counts the strings it is given.
type epochSink struct {
	keyCountSink
	row, strs int
	buf       []byte
	cells     [][]byte // each cell's tagged bytes
	rows      []int    // each cell's row
}

func (s *epochSink) BeginRow() {
	s.row++
	s.epoch = 1 + uint64(s.row/3)
}
func (s *epochSink) BeginTagged() ([]byte, uint32) { return s.buf, 0 }
func (s *epochSink) EndTagged(b []byte) {
	s.cells = append(s.cells, bytes.Clone(b[len(s.buf):]))
	s.rows = append(s.rows, s.row)
	s.buf = b
}
func (s *epochSink) EndCopy(b []byte, _, _ int)   { s.EndTagged(b) }
func (s *epochSink) TaggedKey(b, _ []byte) []byte { return append(b, byte(s.epoch)) }
func (s *epochSink) TaggedString(b, _ []byte) []byte {
	s.strs++
	return append(b, 's')
}
func (s *epochSink) KeyEpoch() *uint64 { return &s.epoch }

// TestCellMemoHoldsWithinEpoch checks that a repeated cell is copied only
// while the sink's key epoch is the one it was written in, and that a cell
// with a string is never copied: the sink sees every string.
func TestCellMemoHoldsWithinEpoch(t *testing.T) {
	var rows []string
	for r := range 30 {
		rows = append(rows, fmt.Sprintf(`{"c":{"a_key_long_enough":[1,2,3,4,5,6,7,8,9,10]},"d":[{"x":"str"},1,2,3,4,5,6,7,8,9,%d]}`, r%2))
	}
	var p Parser
	s := &epochSink{}
	s.epoch = 1
	if err := p.TaggedPage(s, []byte("["+strings.Join(rows, ",")+"]"), 8, nil); err != nil {
		t.Fatal(err)
	}
	if s.strs != 30 {
		t.Errorf("the sink was given %d strings; want 30", s.strs)
	}
	for i, c := range s.cells {
		if i%2 != 0 {
			continue
		}
		// {"a_key_long_enough": is the tag, four count bytes, the key.
		if want := byte(1 + s.rows[i]/3); c[5] != want {
			t.Fatalf("cell %d (row %d): key written in epoch %d; want %d", i, s.rows[i], c[5], want)
		}
	}
}
