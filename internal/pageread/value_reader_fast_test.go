package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestValueReaderNextInline holds the strings and integers that Next reads
// without ReadValue to what ReadValue reads, at every varint length
// boundary, in arrays, objects and string lists, with stale fields left in
// the cell from the element before.
func TestValueReaderNextInline(t *testing.T) {
	var elems [][]byte
	for _, i := range []uint64{0, 1, 127, 128, 255, 16383, 16384, 1 << 21, 1<<32 - 1} {
		elems = append(elems, format.AppendUvarint([]byte{format.TagString}, i))
	}
	for _, v := range []int64{0, -1, 1, 63, -64, 64, -65, 1 << 40, -1 << 62} {
		elems = append(elems, format.AppendVarint([]byte{format.TagInt}, v))
	}
	elems = append(elems, []byte{format.TagTrue}, []byte{format.TagNull},
		append(format.AppendUvarint([]byte{format.TagArray}, 1), format.TagInt, 2))
	var arr, obj, flat []byte
	for i, e := range elems {
		arr = append(arr, e...)
		obj = format.AppendUvarint(obj, uint64(i*37))
		obj = append(obj, e...)
	}
	idx := []uint64{0, 127, 128, 16383, 16384, 1 << 30}
	for _, i := range idx {
		flat = format.AppendUvarint(flat, i)
	}
	check := func(name string, r ValueReader, n int, want func(i int) (Cell, uint32)) {
		t.Helper()
		cell := Cell{Int: 99, Str: 99, Len: 7, Data: []byte{1}, Flat: true}
		for i := range n {
			key, ok := r.Next(&cell)
			if !ok {
				t.Fatalf("%s: element %d missing", name, i)
			}
			w, wkey := want(i)
			if key != wkey || cell.Tag != w.Tag || cell.Flat || cell.Open != w.Open {
				t.Fatalf("%s: element %d: key %d tag %d flat %v open %v, want key %d tag %d open %v", name, i, key, cell.Tag, cell.Flat, cell.Open, wkey, w.Tag, w.Open)
			}
			switch w.Tag {
			case format.TagString:
				if cell.Str != w.Str {
					t.Fatalf("%s: element %d: string %d, want %d", name, i, cell.Str, w.Str)
				}
			case format.TagInt:
				if cell.Int != w.Int {
					t.Fatalf("%s: element %d: int %d, want %d", name, i, cell.Int, w.Int)
				}
			}
		}
		if _, ok := r.Next(&cell); ok {
			t.Fatalf("%s: more than %d elements", name, n)
		}
	}
	read := func(i int) (Cell, uint32) {
		var c Cell
		ReadValue(elems[i], &c)
		if c.Tag == format.TagArray {
			c.Open = true // Next leaves a non-empty container open
		}
		return c, 0
	}
	check("array", Elements(&Cell{Tag: format.TagArray, Len: len(elems), Data: arr}), len(elems), read)
	check("object", Elements(&Cell{Tag: format.TagObject, Len: len(elems), Data: obj}), len(elems), func(i int) (Cell, uint32) {
		c, _ := read(i)
		return c, uint32(i * 37)
	})
	check("list", Elements(&Cell{Tag: format.TagArray, Flat: true, Len: len(idx), Data: flat}), len(idx), func(i int) (Cell, uint32) {
		return Cell{Tag: format.TagString, Str: uint32(idx[i])}, 0
	})
}
