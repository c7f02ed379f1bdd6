package pagebuild

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestNestedCopies checks appendTagged on columns whose cells hold arrays
// and objects that their producer lists as copies of earlier ones
// (Column.Nested, as the tokenizer's cell memo lists them) against
// appendTaggedRef, which walks every value: the page is the same with and
// without the list. The cells are objects of a few members, some of them
// arrays drawn from a pool (each with strings, integers, fractions that
// become integers, and arrays nested deeper than remapTagged's stack), and
// some cells repeat whole (listed in no Nested entry here: a value copied
// from inside a cell that becomes a repeat is jsonbridge's
// TestNestedCopiesInRepeatedCellsEqualBuilderPages). One table, reset for
// each column as writeColumn resets it, writes every column, so that state
// a column left would show in the next.
func TestNestedCopies(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	remap := make([]uint32, 300)
	for i := range remap {
		remap[i] = uint32(r.IntN(len(remap)))
	}
	var reps repeatTable
	for round := range 300 {
		pool := make([][]byte, 1+r.IntN(6))
		for k := range pool {
			pool[k] = randomNested(r, len(remap), 1+r.IntN(remapDepth+3))
		}
		cells := make([][]byte, 1+r.IntN(4))
		var col []byte
		var nested []uint32
		at := map[string][]int{} // the offsets of each pool value's bytes in col
		for range 1 + r.IntN(30) {
			if r.IntN(8) == 0 {
				col = append(col, format.TagNull)
				continue
			}
			if k := r.IntN(len(cells)); cells[k] != nil && r.IntN(3) == 0 {
				col = append(col, cells[k]...) // a whole cell again
				continue
			}
			members := 1 + r.IntN(4)
			start := len(col)
			var lists []uint32
			col = AppendContainer(col, format.TagObject, members)
			for range members {
				col = AppendID(col, uint32(r.IntN(len(remap))))
				if r.IntN(4) == 0 {
					col = AppendTaggedInt(col, r.Int64N(1<<30))
					continue
				}
				v := pool[r.IntN(len(pool))]
				if prev := at[string(v)]; len(prev) > 0 && r.IntN(4) > 0 {
					lists = append(lists, uint32(len(col)), uint32(prev[r.IntN(len(prev))]), uint32(len(v)))
				}
				at[string(v)] = append(at[string(v)], len(col))
				col = append(col, v...)
			}
			nested = append(nested, lists...)
			cells[r.IntN(len(cells))] = bytes.Clone(col[start:])
		}
		var refReps repeatTable
		var f1, f2 bool
		want := appendTaggedRef([]byte("kept"), col, remap, &f1, &refReps)
		reps.reset()
		if reps.nested != nil || len(reps.copyFrom)+len(reps.froms)+len(reps.fromAt)+len(reps.ranges) > 0 ||
			reps.nextCopy != 0 || reps.nextFrom != 0 {
			t.Fatalf("round %d: reset left nested state: %+v", round, reps)
		}
		reps.setNested(nested)
		got := appendTagged([]byte("kept"), col, remap, false, &f2, &reps)
		if !bytes.Equal(got, want) || f1 != f2 {
			t.Fatalf("round %d: column %x, nested %v:\nappendTagged    %x\nappendTaggedRef %x", round, col, nested, got, want)
		}
	}
}

// randomNested returns the tagged bytes of an array of a few values:
// integers, strings, fractions and integral floats, and, while depth is
// above 1, arrays of its own, one depth less.
func randomNested(r *rand.Rand, strs, depth int) []byte {
	n := 1 + r.IntN(5)
	b := AppendContainer(nil, format.TagArray, n)
	for range n {
		switch k := r.IntN(6); {
		case k == 0 && depth > 1:
			b = append(b, randomNested(r, strs, depth-1)...)
		case k == 1:
			b = AppendTaggedStr(b, uint32(r.IntN(strs)))
		case k == 2:
			m := 1 + r.IntN(999)
			b = format.AppendDecimalCell(append(b, format.TagFloat), format.Decimal{Mant: uint64(m), Exp: -2}, float64(m)/100)
		case k == 3:
			m := 1 + r.IntN(999)
			b = format.AppendDecimalCell(append(b, format.TagFloat), format.Decimal{Mant: uint64(m), Exp: 1}, float64(m)*10)
		default:
			b = AppendTaggedInt(b, r.Int64N(1<<40)-1<<39)
		}
	}
	return b
}
