package jsontext

import (
	"strconv"
	"strings"
	"testing"
)

// keyCountSink is a TaggedSink that counts the keys that come to Key and
// to SameKeys, and takes every value without keeping it.
type keyCountSink struct {
	keys, same int
	epoch      uint64
}

func (s *keyCountSink) Null()         {}
func (s *keyCountSink) Bool(bool)     {}
func (s *keyCountSink) Int(int64)     {}
func (s *keyCountSink) Number([]byte) {}
func (s *keyCountSink) String([]byte) {}
func (s *keyCountSink) Key([]byte)    { s.keys++ }
func (s *keyCountSink) Err() error    { return nil }
func (s *keyCountSink) RowKey(in []byte, i int) int {
	if _, _, n := ShortKey(in, i); n >= 0 {
		s.keys++
		return i + n + 2
	}
	return 0
}
func (s *keyCountSink) RowColumns() RowColumns          { return RowColumns{} }
func (s *keyCountSink) StartRows()                      {}
func (s *keyCountSink) StartObject()                    {}
func (s *keyCountSink) StartValue() Sink                { panic("keyCountSink: not rows") }
func (s *keyCountSink) BeginRow()                       {}
func (s *keyCountSink) EndRow()                         {}
func (s *keyCountSink) NullRow()                        {}
func (s *keyCountSink) BeginTagged() ([]byte, uint32)   { return nil, 0 }
func (s *keyCountSink) EndTagged([]byte)                {}
func (s *keyCountSink) EndCopy([]byte, int, int)        {}
func (s *keyCountSink) TaggedString(b, _ []byte) []byte { return b }
func (s *keyCountSink) TaggedKey(b, _ []byte) []byte    { return b }
func (s *keyCountSink) TaggedNumber(b, _ []byte) []byte { return b }
func (s *keyCountSink) TaggedDecimal(b, _ []byte, _ bool, _ uint64, _, _ int) []byte {
	return b
}
func (s *keyCountSink) SameKeys() *int    { return &s.same }
func (s *keyCountSink) KeyEpoch() *uint64 { s.epoch = 1; return &s.epoch }

// TestRowsThatMissStopMatching checks when taggedRow matches a row's keys
// against the previous row's: after rowMissMax rows that match fewer than
// half their keys (none, or only the first of three), rows go by Key alone
// until one row in rowRetry keeps its keys again, and the rows of one
// shape after it go by place (SameKeys); rows that match half their keys never
// stop.
func TestRowsThatMissStopMatching(t *testing.T) {
	const shaped = 40
	for _, c := range []struct {
		name     string
		row      func(i int) string // the rows before the shaped ones
		n        int                // how many
		wantSame int                // keys by place (SameKeys) on the whole page
	}{
		// Of the shaped rows, rowRetry-1 keep no keys, the next keeps
		// them, and every row after it matches all three. Rows that match
		// half their keys keep going: the first shaped row matches "a".
		{"first keys differ", func(i int) string { return `{"k` + strconv.Itoa(i) + `":1,"b":2,"c":3}` },
			rowMissMax + 1, 3 * (shaped - rowRetry)},
		{"only first keys match", func(i int) string { return `{"a":1,"k` + strconv.Itoa(i) + `":2,"c":3}` },
			rowMissMax + 1, rowMissMax + 3*(shaped-rowRetry)},
		{"half the keys match", func(i int) string { return `{"a":1,"k` + strconv.Itoa(i) + `":2}` },
			4 * rowMissMax, 4*rowMissMax - 1 + 1 + 3*(shaped-1)},
	} {
		var rows []string
		for i := range c.n {
			rows = append(rows, c.row(i))
		}
		for range shaped {
			rows = append(rows, `{"a":1,"b":2,"c":3}`)
		}
		var p Parser
		var s keyCountSink
		if err := p.TaggedPage(&s, []byte("["+strings.Join(rows, ",")+"]"), 4, nil); err != nil {
			t.Fatal(err)
		}
		if s.same != c.wantSame {
			t.Errorf("%s: %d keys by place (SameKeys), %d by Key; want %d by place (SameKeys)", c.name, s.same, s.keys, c.wantSame)
		}
	}
}

// TestRowRetryBacksOff checks the rows between the rows that keep their
// keys on a page whose rows shuffle: rowRetry at first, doubled at each
// retry the next row misses, up to rowRetryMax; and that rows that settle
// late still go by place (SameKeys) within rowRetryMax rows, and start
// over at rowRetry.
func TestRowRetryBacksOff(t *testing.T) {
	const shuffled, shaped = 400, 200
	var rows []string
	for i := range shuffled {
		rows = append(rows, `{"k`+strconv.Itoa(i)+`":1,"b":2,"c":3}`)
	}
	for range shaped {
		rows = append(rows, `{"a":1,"b":2,"c":3}`)
	}
	var p Parser
	var s keyCountSink
	if err := p.TaggedPage(&s, []byte("["+strings.Join(rows[:shuffled], ",")+"]"), 4, nil); err != nil {
		t.Fatal(err)
	}
	if p.rowWait != rowRetryMax {
		t.Errorf("after %d shuffled rows: %d rows between retries, want %d", shuffled, p.rowWait, rowRetryMax)
	}
	s = keyCountSink{}
	if err := p.TaggedPage(&s, []byte("["+strings.Join(rows, ",")+"]"), 4, nil); err != nil {
		t.Fatal(err)
	}
	if atLeast := 3 * (shaped - rowRetryMax - 1); s.same < atLeast {
		t.Errorf("%d keys by place (SameKeys), want at least %d", s.same, atLeast)
	}
	if p.rowWait != rowRetry {
		t.Errorf("after settled rows: %d rows between retries, want %d", p.rowWait, rowRetry)
	}
}
