package rowpage

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Generic values (cellValue's []any and map[string]any) decoded straight
// from the encoded elements of an array or object cell, as structBytes
// decodes objects into structs: the elements were validated by Parse, and
// a decoder that builds the whole value reads every element anyway, so it
// walks the bytes itself instead of reading each element into a Cell
// through a pageread.ValueReader, and learns where the elements end. The
// values are those cellValue gives element by element: strings, integers,
// booleans and nulls are read here, every other scalar through ReadValue
// and cellValue.

// valueBytes returns the generic value of the tagged value at the start of
// b and its encoded length. Cost: one pass over its bytes, nested values
// included.
func (d *valueDecoder) valueBytes(b []byte) (any, int) {
	switch b[0] {
	case format.TagString:
		x, n := uint64(b[1]), 2
		if x >= 0x80 {
			if y := b[2]; y < 0x80 { // two bytes inline, as uvarintLong would
				x, n = x&0x7F|uint64(y)<<7, 3
			} else {
				x, n = pageread.UvarintAt(b, 1)
			}
		}
		if v, ok := d.strBoxed(uint32(x)); ok {
			return v, n
		}
		return d.strAny(uint32(x)), n
	case format.TagInt:
		if !d.compat || !d.useNumber {
			u, n := uint64(b[1]), 2
			if u >= 0x80 {
				if y := b[2]; y < 0x80 { // two bytes inline, as uvarintLong would
					u, n = u&0x7F|uint64(y)<<7, 3
				} else if len(b) >= 9 {
					// Longer ones (ids, sizes) from one load, without
					// UvarintAt's call, as Elems reads them.
					var m int
					if u, m = pageread.WordUvarint(jsonwire.Load64(b, 1)); m != 0 {
						n = 1 + m
					} else {
						u, n = pageread.UvarintAt(b, 1)
					}
				} else {
					u, n = pageread.UvarintAt(b, 1)
				}
			}
			v := format.DecodeZigZag(u)
			if d.compat {
				return d.floatAny(float64(v)), n
			}
			return d.intAny(v), n
		}
	case format.TagNull:
		return nil, 1
	case format.TagFalse:
		return false, 1
	case format.TagTrue:
		return true, 1
	case format.TagArray:
		cnt, n := int(b[1]), 1 // a count below 128 without a call
		if cnt >= 0x80 {
			cnt, n = countSlow(b[1:])
		}
		out, used := d.arrayBytes(b[1+n:], int(cnt))
		return d.listAny(out), 1 + n + used
	case format.TagObject:
		cnt, n := int(b[1]), 1 // a count below 128 without a call
		if cnt >= 0x80 {
			cnt, n = countSlow(b[1:])
		}
		out := d.newMapAny(cnt)
		return out, 1 + n + d.membersBytes(out, b[1+n:], int(cnt))
	}
	var c pageread.Cell
	n := pageread.ReadValue(b, &c)
	return d.cellValue(&c), n
}

// arrayBytes returns the n elements at the start of b, an array's, as a
// []any (non-nil when n is 0, as json.Unmarshal makes []any{} of []), and
// the bytes they take.
func (d *valueDecoder) arrayBytes(b []byte, n int) ([]any, int) {
	out := d.newAnys(n)
	pos := 0
	for i := range out {
		if b[pos] == format.TagString {
			x, next := shortIndexAt(b, pos+1)
			if v, ok := d.strBoxed(x); ok {
				out[i], pos = v, next
				continue
			}
		}
		v, m := d.valueBytes(b[pos:])
		out[i] = v
		pos += m
	}
	return out, pos
}

// shortIndexAt reads the validated uvarint at b[i] when it takes one or
// two bytes, and returns it with the position after it; for a longer one
// it returns an index no table reaches (1<<31 or more), which strBoxed
// refuses. With strBoxed, it lets the loops over members and elements
// take a string value whose entry is copied already (the commonest case)
// in line: the call to valueBytes and its dispatch cost about 40
// instructions a string more.
func shortIndexAt(b []byte, i int) (uint32, int) {
	x := uint32(b[i])
	if x < 0x80 {
		return x, i + 1
	}
	y := uint32(b[i+1])
	return x&0x7F | y<<7 | y>>7<<31, i + 2
}

// anySlab is how many interface values (16 bytes each) the arrays that
// small []any values are cut from hold at most: 16 KiB.
const anySlab = 1024

// newAnys returns a new []any of length and capacity n, non-nil even when
// n is 0 (json.Unmarshal makes []any{} of []): with d.cache set and n small,
// cut from a shared array (slab), so that the arrays of a Decode's generic
// values cost one allocation per array of them rather than one each. A
// value kept alone keeps its array (at most 16 KiB) alive.
func (d *valueDecoder) newAnys(n int) []any {
	if n == 0 {
		return []any{}
	}
	if !d.cache {
		return make([]any, n)
	}
	return d.anys.cut(n, anySlab)
}

// newMapAny returns a new map[string]any with room for n members: with
// d.cache set and n small, made in arrays the call shares (mapSlabs), so
// that the maps of a Decode's generic values cost no allocation each. A
// map kept alone keeps those arrays (about 20 KiB at most) alive.
func (d *valueDecoder) newMapAny(n int) map[string]any {
	if !d.cache {
		return make(map[string]any, n)
	}
	return d.maps.newMap(n)
}

// membersBytes sets in out the n members at the start of b, an object's,
// and returns the bytes they take.
func (d *valueDecoder) membersBytes(out map[string]any, b []byte, n int) int {
	g := freshGroup(out, n) // when out is a new small map: members into its slots, sealed at the end
	var ids [8]uint32       // with g: the members' keys by string-table index, for seal
	pos := 0
	for j := range n {
		k, next := uint64(b[pos]), pos+1
		if k >= 0x80 {
			if y := b[pos+1]; y < 0x80 { // two bytes inline, as uvarintLong would
				k, next = k&0x7F|uint64(y)<<7, pos+2
			} else {
				k, next = pageread.UvarintAt(b, pos)
			}
		}
		pos = next
		key := d.str(uint32(k)) // before the value, as cellValue copies them
		if b[pos] == format.TagString {
			x, next := shortIndexAt(b, pos+1)
			if v, ok := d.strBoxed(x); ok {
				if g != nil {
					g.set(j, key, v)
					ids[j&7] = uint32(k)
				} else {
					putAny(out, key, v)
				}
				pos = next
				continue
			}
		}
		v, used := d.valueBytes(b[pos:])
		if g != nil {
			g.set(j, key, v)
			ids[j&7] = uint32(k)
		} else {
			putAny(out, key, v)
		}
		pos += used
	}
	if g != nil {
		d.maps.seal(out, g, n, &ids)
	}
	return pos
}

// uvarintLong returns the validated uvarint of two bytes or more at b[pos:]
// and the position after it: two bytes (string indexes past 127)
// directly, longer ones (ids, timestamps) from one 64-bit load
// (pageread.UvarintAt), without ConsumeUvarint's checks, which Parse made
// already. Its callers read a one-byte varint in line, as for countSlow;
// the hot ones (string indexes, keys and integers of nested values) spell
// out its two-byte path as well, since with its call to UvarintAt it does
// not inline: a call cost about 14 instructions a varint more.
func uvarintLong(b []byte, pos int) (uint64, int) {
	if y := b[pos+1]; y < 0x80 {
		return uint64(b[pos]&0x7F) | uint64(y)<<7, pos + 2
	}
	return pageread.UvarintAt(b, pos)
}

// countSlow reads the validated uvarint at the start of b, an element
// count of two bytes or more. Its callers read a one-byte count inline:
// a function doing both does not inline.
func countSlow(b []byte) (int, int) {
	v, n := format.ConsumeUvarint(b)
	return int(v), n
}
