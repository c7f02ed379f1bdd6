package jsontext

import (
	"strconv"
	"strings"
	"testing"
)

// unplacedSink is keyCountSink lending RowColumns.Unplaced: at each
// BeginRow it notes the flag and the count of keys by place so far, and at
// EndRow whether the row had keys by place.
type unplacedSink struct {
	keyCountSink
	unplaced  bool
	flagged   bool // the flag at the row's BeginRow
	sameAt    int  // s.same at the row's BeginRow
	rows      int
	unplacedN int // rows begun with the flag set
	wrong     []int
}

func (s *unplacedSink) RowColumns() RowColumns { return RowColumns{Unplaced: &s.unplaced} }
func (s *unplacedSink) BeginRow()              { s.flagged, s.sameAt = s.unplaced, s.same }
func (s *unplacedSink) EndRow() {
	if s.flagged {
		s.unplacedN++
		if s.same != s.sameAt {
			s.wrong = append(s.wrong, s.rows)
		}
	}
	s.rows++
}

// TestUnplacedRowsHaveNoKeysByPlace checks RowColumns.Unplaced: no row
// begun with it set has a key given by place, on pages whose rows shuffle
// their keys, then settle into one shape, then shuffle again, with empty
// rows and null rows among them; rows that shuffle have it set once
// taggedRow stops matching (after rowMissMax rows), but for the one in
// rowRetry that keeps its keys; and a new page begins with it clear.
func TestUnplacedRowsHaveNoKeysByPlace(t *testing.T) {
	var rows []string
	shuffled := func(i int) string {
		return `{"k` + strconv.Itoa(i%7) + `":1,"b":2,"k` + strconv.Itoa(i%5+7) + `":3}`
	}
	for i := range 60 {
		rows = append(rows, shuffled(i))
	}
	for range 30 {
		rows = append(rows, `{"a":1,"b":2,"c":3}`)
	}
	for i := range 60 {
		switch i % 13 {
		case 3:
			rows = append(rows, `{}`)
		case 8:
			rows = append(rows, `null`)
		default:
			rows = append(rows, shuffled(i))
		}
	}
	in := []byte("[" + strings.Join(rows, ",") + "]")
	var p Parser
	var s unplacedSink
	for page := range 2 {
		s.unplaced = true // a page begins with it clear whatever it was
		s.rows, s.unplacedN, s.wrong = 0, 0, nil
		if err := p.TaggedPage(&s, in, 4, nil); err != nil {
			t.Fatal(err)
		}
		if len(s.wrong) > 0 {
			t.Fatalf("page %d: rows %v begun unplaced have keys by place", page, s.wrong)
		}
		if s.unplacedN < 90 {
			t.Errorf("page %d: %d rows begun unplaced, want at least 90 of the 120 that shuffle", page, s.unplacedN)
		}
	}
	var first unplacedSink
	first.unplaced = true
	if err := p.TaggedPage(&first, []byte(`[{"a":1},{"a":2}]`), 4, nil); err != nil {
		t.Fatal(err)
	}
	if first.unplacedN != 0 || first.same != 1 {
		t.Errorf("a page of one shape: %d rows begun unplaced, %d keys by place; want 0 and 1", first.unplacedN, first.same)
	}
}

// plainPageSink hides a TaggedSink's tagged methods: the Parser sees only a
// PageSink, whose nested arrays and objects it drops.
type plainPageSink struct{ Pager }

func (plainPageSink) BeginArray()  {}
func (plainPageSink) EndArray()    {}
func (plainPageSink) BeginObject() {}
func (plainPageSink) EndObject()   {}

// TestUnplacedDroppedForPlainSink checks that a Parser given a plain
// PageSink after a TaggedSink (without Release between) never writes the
// tagged sink's RowColumns.Unplaced flag.
func TestUnplacedDroppedForPlainSink(t *testing.T) {
	in := []byte(`[{"a":1,"b":2},{"b":1,"a":2},{"c":1}]`)
	var p Parser
	var tagged unplacedSink
	if err := p.TaggedPage(&tagged, in, 4, nil); err != nil {
		t.Fatal(err)
	}
	tagged.unplaced = true
	if err := p.Page(plainPageSink{&tagged}, in, 4, nil); err != nil {
		t.Fatal(err)
	}
	if !tagged.unplaced {
		t.Error("a plain sink's page cleared the last tagged sink's Unplaced flag")
	}
}
