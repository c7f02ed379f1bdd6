package pagebuild

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestTryAppendNullBoolIsAppendNullBool writes random runs of cells
// (nulls, bools, integers, strings) into two columns: one through
// AppendNull, AppendBool, AppendInt and AppendStr alone, the other taking
// each null through TryAppendNull first, then TryAppendTag, then
// AppendNull when both decline, and each bool through TryAppendBool, then
// TryAppendTag, then AppendBool, as the tokenizer does for a row's
// cells. Both columns start each run as an earlier run left them (reset
// keeps their buffers, bitmap bytes included), so that a bitmap that
// gains a byte finds an old one there. The columns must end up the same,
// field by field, after every cell.
func TestTryAppendNullBoolIsAppendNullBool(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var want, got Column
	for run := range 3000 {
		want.reset(7)
		got.reset(7)
		n := 1 + r.IntN(60)
		// Mostly one kind of cell, so that runs stay in one kind long
		// enough for the bitmap to grow.
		bias := r.IntN(4)
		for k := range n {
			op := r.IntN(8)
			if op >= 4 {
				op = bias
			}
			switch op {
			case 0:
				want.AppendNull()
				if !got.TryAppendNull() && !got.TryAppendTag(format.TagNull) {
					got.AppendNull()
				}
			case 1:
				v := r.IntN(2) == 0
				want.AppendBool(v)
				tag := byte(format.TagFalse)
				if v {
					tag = format.TagTrue
				}
				if !got.TryAppendBool(v) && !got.TryAppendTag(tag) {
					got.AppendBool(v)
				}
			case 2:
				want.AppendInt(int64(k))
				got.AppendInt(int64(k))
			default:
				want.AppendStr(uint32(k))
				got.AppendStr(uint32(k))
			}
			if !reflect.DeepEqual(&want, &got) {
				t.Fatalf("run %d, cell %d: left %+v, want %+v", run, k, got, want)
			}
		}
	}
}

// TestTryAppendNullRefuses: TryAppendNull refuses a column without a null
// so far (its first null makes the bitmap) and a bitmap with no room for
// the null's byte; TryAppendTag and TryAppendBool refuse a column of
// another kind or without room. A refusal changes nothing.
func TestTryAppendNullRefuses(t *testing.T) {
	var c Column
	c.reset(0)
	c.AppendInt(1)
	before := c
	if c.TryAppendNull() || c.TryAppendTag(format.TagNull) || c.TryAppendBool(true) || !reflect.DeepEqual(&c, &before) {
		t.Fatalf("a column of integers took a null or a bool: %+v", c)
	}
	c.reset(0)
	for range 8 {
		c.AppendNull()
	}
	c.bits = c.bits[:1:1]
	before = c
	if c.TryAppendNull() || !reflect.DeepEqual(&c, &before) {
		t.Fatalf("a full bitmap took a null: %+v", c)
	}
	c.reset(0)
	c.AppendBool(true)
	c.ints = c.ints[:1:1]
	before = c
	if c.TryAppendBool(false) || !reflect.DeepEqual(&c, &before) {
		t.Fatalf("a full column of bools took a bool: %+v", c)
	}
	c.reset(0)
	c.BeginAny()
	c.Tagged = append(c.Tagged, format.TagArray, 0, 0, 0, 0)
	c.Tagged = c.Tagged[:len(c.Tagged):len(c.Tagged)]
	before = c
	if c.TryAppendTag(format.TagNull) || !reflect.DeepEqual(&c, &before) {
		t.Fatalf("a full column of tagged values took a null: %+v", c)
	}
}
