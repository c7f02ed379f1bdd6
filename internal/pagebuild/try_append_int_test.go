package pagebuild

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestTryAppendIntIsAppendInt writes random runs of cells (integers of
// every sign and size, nulls, bools, unsigned integers beyond int64) into
// two columns: one through AppendInt alone, the other taking each integer
// through TryAppendInt first, then TryAppendAnyInt, then AppendInt when
// both decline, as jsonbridge's cell sink does (the uint64s beyond int64
// and the bools turn the column into tagged values, where TryAppendAnyInt
// takes small integers). The columns must end up the same, field by
// field, after every cell.
func TestTryAppendIntIsAppendInt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ints := []int64{0, 1, 127, 128, 1 << 40, math.MaxInt64, -1, -128, math.MinInt64}
	for run := range 2000 {
		var want, got Column
		want.reset(7)
		got.reset(7)
		n := 1 + r.IntN(40)
		for k := range n {
			switch op := r.IntN(10); {
			case op < 7:
				v := ints[r.IntN(len(ints))]
				if r.IntN(2) == 0 {
					v = r.Int64N(1<<20) - 1<<10
				}
				want.AppendInt(v)
				if !got.TryAppendInt(v) && !got.TryAppendAnyInt(v) {
					got.AppendInt(v)
				}
			case op == 7:
				want.AppendNull()
				got.AppendNull()
			case op == 8:
				want.AppendBool(k%2 == 0)
				got.AppendBool(k%2 == 0)
			default:
				want.AppendUint(math.MaxUint64 - uint64(k))
				got.AppendUint(math.MaxUint64 - uint64(k))
			}
			if !reflect.DeepEqual(&want, &got) {
				t.Fatalf("run %d, cell %d: TryAppendInt left %+v, want %+v", run, k, got, want)
			}
		}
	}
}

// TestTryAppendAnyInt: in a column of tagged values, TryAppendAnyInt takes
// the integers from 0 to 8191, leaving the column as AppendInt leaves it,
// and refuses the others; in a column of any other kind it refuses every
// integer and changes nothing.
func TestTryAppendAnyInt(t *testing.T) {
	var got, want Column
	for _, c := range []*Column{&got, &want} {
		c.reset(0)
		c.AppendInt(1)
		_ = c.AppendFloat(2.5, 64)
	}
	for _, v := range []int64{0, 1, 63, 64, 127, 128, 8191, 8192, 8193, -1, -64, 1 << 40, math.MinInt64, math.MaxInt64} {
		took := got.TryAppendAnyInt(v)
		if took != (v >= 0 && v < 8192) {
			t.Errorf("TryAppendAnyInt(%d) = %v", v, took)
		}
		if !took {
			got.AppendInt(v)
		}
		want.AppendInt(v)
		if !bytes.Equal(got.Tagged, want.Tagged) || got.count != want.count {
			t.Fatalf("after %d: % x (%d values), want % x (%d)", v, got.Tagged, got.count, want.Tagged, want.count)
		}
	}
	var ints, none Column
	ints.reset(0)
	ints.AppendInt(5)
	none.reset(0)
	for _, c := range []*Column{&ints, &none} {
		before := *c
		if c.TryAppendAnyInt(7) || c.count != before.count || c.Kind != before.Kind || len(c.Tagged) != len(before.Tagged) {
			t.Errorf("a column of kind %d took an integer as a tagged value", before.Kind)
		}
	}
}

// TestTryAppendIntFullColumn: in a column of integers with no room for
// another, TryAppendInt refuses the integer and changes nothing (growing
// the column is AppendInt's); with room, it takes it as AppendInt does.
func TestTryAppendIntFullColumn(t *testing.T) {
	var c Column
	c.reset(0)
	c.AppendInt(5)
	c.ints = c.ints[:len(c.ints):len(c.ints)]
	before := c
	if c.TryAppendInt(7) || !reflect.DeepEqual(&c, &before) || cap(c.ints) != cap(before.ints) {
		t.Fatalf("a full column took an integer: %+v, was %+v", c, before)
	}
	c.AppendInt(7)
	c.ints = append(make([]int64, 0, 8), c.ints...) // room for more
	if !c.TryAppendInt(9) {
		t.Fatal("a column with room refused an integer")
	}
	var want Column
	want.reset(0)
	for _, v := range []int64{5, 7, 9} {
		want.AppendInt(v)
	}
	if !reflect.DeepEqual(c.ints, want.ints) || c.count != want.count {
		t.Fatalf("column holds %v (%d values), want %v (%d)", c.ints, c.count, want.ints, want.count)
	}
}
