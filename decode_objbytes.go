package rowpage

import (
	"reflect"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Decoding an object cell into a struct straight from its encoded bytes.
// structInto reads members through a pageread.ValueReader and a Cell each,
// which leaves nested containers open for the reader of the enclosing value
// to close: machinery for readers that may stop part way. A decoder into a
// struct reads every member anyway, so structBytes walks the bytes itself
// (Parse validated them) and knows where each member ends. Members whose
// field has a setter for their tag (a string, an integer, a nested struct,
// a []int64 or []string) are written without a Cell; every other member
// goes to setField in a Cell, a container open as a ValueReader hands it
// over (read once by a setter that walks it), so the result, and any error,
// is the one structInto gives.

// cellPathsOnly, set only by tests, makes plans take the Cell paths
// (TakeCell, then setField, and the reflect path for map[string]any)
// instead of structBytes, the string-list op and mapAnyInto, the decoding
// the tests hold them to. It is read when a plan is built, never per cell.
var cellPathsOnly bool

// cellPathPlan returns cp as it was planned before the byte-level paths.
func cellPathPlan(cp colPlan) colPlan {
	if cp.op == opStruct || cp.op == opStrList || cp.op == opMapAny {
		cp.op = opCell
	}
	if cp.kind == setMapAny {
		cp.kind = setGeneric
	}
	return cp
}

// structBytes decodes the n members at the start of b, the members of an
// object cell, into row, a struct whose plan is p, and returns the bytes
// they take. Cost: one pass over the members' bytes, nested ones included.
func (d *decodeState) structBytes(p *nestedPlan, row structRef, b []byte, n int) (int, error) {
	pos := 0
	for range n {
		k, next := uint64(b[pos]), pos+1
		if k >= 0x80 {
			if y := b[pos+1]; y < 0x80 { // two bytes inline, as uvarintLong would
				k, next = k&0x7F|uint64(y)<<7, pos+2
			} else {
				k, next = pageread.UvarintAt(b, pos)
			}
		}
		pos = next
		cp := p.known(uint32(k))
		if cp == nil {
			cp = p.field(d, uint32(k))
		}
		if cp == nil {
			pos += format.SkipValue(b[pos:])
			continue
		}
		switch tag := b[pos]; {
		case tag == format.TagString && cp.kind == setString:
			x, next := uint64(b[pos+1]), pos+2
			if x >= 0x80 {
				if y := b[pos+2]; y < 0x80 { // two bytes inline, as uvarintLong would
					x, next = x&0x7F|uint64(y)<<7, pos+3
				} else {
					x, next = pageread.UvarintAt(b, pos+1)
				}
			}
			// Objects live in any columns, never string-seq ones, so
			// colStr would take str too.
			row.field(&cp.fieldPath).setString(d.str(uint32(x)))
			pos = next
			continue
		case tag == format.TagInt && cp.kind == setInt64:
			u, next := uint64(b[pos+1]), pos+2
			if u >= 0x80 {
				if y := b[pos+2]; y < 0x80 { // two bytes inline, as uvarintLong would
					u, next = u&0x7F|uint64(y)<<7, pos+3
				} else if pos+9 <= len(b) {
					// Longer ones (ids) from one load, without UvarintAt's
					// call, as Elems reads them.
					var m int
					if u, m = pageread.WordUvarint(jsonwire.Load64(b, pos+1)); m != 0 {
						next = pos + 1 + m
					} else {
						u, next = pageread.UvarintAt(b, pos+1)
					}
				} else {
					u, next = pageread.UvarintAt(b, pos+1)
				}
			}
			row.field(&cp.fieldPath).setInt64(format.DecodeZigZag(u))
			pos = next
			continue
		case tag == format.TagObject && (cp.kind == setStruct || cp.kind == setStructP):
			cnt, m := int(b[pos+1]), 1 // a count below 128 without a call
			if cnt >= 0x80 {
				cnt, m = countSlow(b[pos+1:])
			}
			f := row.field(&cp.fieldPath)
			if cp.kind == setStructP {
				f = f.elem(cp.etyp) // allocated if nil, as in setField
			}
			used, err := d.structBytes(cp.nestedPlan(d), f.asStruct(), b[pos+1+m:], int(cnt))
			if err != nil {
				return 0, err
			}
			pos += 1 + m + used
			continue
		case tag == format.TagObject && cp.kind == setMapAny:
			if m := row.field(&cp.fieldPath).mapAny(); m != nil {
				cnt, n := int(b[pos+1]), 1 // a count below 128 without a call
				if cnt >= 0x80 {
					cnt, n = countSlow(b[pos+1:])
				}
				used, err := d.mapAnyBytes(m, b[pos+1+n:], int(cnt))
				if err != nil {
					return 0, err
				}
				pos += 1 + n + used
				continue
			}
		case tag == format.TagArray && cp.kind == setInt64s:
			cnt, m := int(b[pos+1]), 1 // a count below 128 without a call
			if cnt >= 0x80 {
				cnt, m = countSlow(b[pos+1:])
			}
			if used, ok := d.int64sBytes(row.field(&cp.fieldPath), b[pos+1+m:], int(cnt)); ok {
				pos += 1 + m + used
				continue
			}
		case tag == format.TagArray && cp.kind == setStrings:
			cnt, m := int(b[pos+1]), 1 // a count below 128 without a call
			if cnt >= 0x80 {
				cnt, m = countSlow(b[pos+1:])
			}
			if used, ok := d.fillStrings(row.field(&cp.fieldPath), b[pos+1+m:], int(cnt)); ok {
				pos += 1 + m + used
				continue
			}
		}
		if tag := b[pos]; tag == format.TagArray || tag == format.TagObject {
			// Handed over open, as a ValueReader hands it: a setter that
			// walks it closes it, and its length then says where it ends.
			cnt, m := int(b[pos+1]), 1 // a count below 128 without a call
			if cnt >= 0x80 {
				cnt, m = countSlow(b[pos+1:])
			}
			start := pos + 1 + m
			// The cells of these slow paths are declared where used: one
			// at the top cost its zeroing (16 instructions) a call.
			var e pageread.Cell
			e.Tag, e.Len, e.Flat, e.Data, e.Open = tag, int(cnt), false, b[start:], cnt != 0
			if cnt == 0 {
				e.Data = b[start:start:start]
			}
			if err := d.setField(&p.sp, cp, row, &e); err != nil {
				return 0, err
			}
			if !e.Open && (len(e.Data) == 0 && cnt == 0 || len(e.Data) > 0 && &e.Data[0] == &b[start]) {
				pos = start + len(e.Data)
			} else {
				pos += format.SkipValue(b[pos:])
			}
			continue
		}
		var e pageread.Cell
		pos += pageread.ReadValue(b[pos:], &e)
		if err := d.setField(&p.sp, cp, row, &e); err != nil {
			return 0, err
		}
	}
	return pos, nil
}

// int64sBytes is setInt64s for the n elements at the start of b, an
// array's: when they are all integers it writes them into f, a []int64,
// reusing its array when it has room, and returns the bytes they take; at
// any other element it reports false with f unchanged.
func (d *decodeState) int64sBytes(f fieldRef, b []byte, n int) (int, bool) {
	p := f.int64s()
	out := (*p)[:0]
	if out == nil || cap(out) < n {
		out = d.newInt64s(n)[:0]
	}
	pos := 0
	for range n {
		if b[pos] != format.TagInt {
			return 0, false // the reflect path decodes it, or says why not
		}
		if x := b[pos+1]; x < 0x80 {
			out = append(out, format.DecodeZigZag(uint64(x)))
			pos += 2
			continue
		} else if y := b[pos+2]; y < 0x80 { // two bytes, without a call
			out = append(out, format.DecodeZigZag(uint64(x&0x7F)|uint64(y)<<7))
			pos += 3
			continue
		}
		u, next := pageread.UvarintAt(b, pos+1)
		out = append(out, format.DecodeZigZag(u))
		pos = next
	}
	*p = out
	return pos, true
}

// structCellInto reads the next cell of column c, not null, from its
// cursor k, an any column's, into the field of row that cp describes, a
// struct or a pointer to one (setStruct, setStructP) whose plan is np
// (cp.nestedPlan): an object straight from its bytes (structBytes),
// anything else read whole for setField.
func (d *decodeState) structCellInto(p *structPlan, cp *colPlan, np *nestedPlan, k *pageread.Cursor, row structRef, c int, cell *pageread.Cell) error {
	d.col = c
	b := k.AnyBytes()
	if b[0] != format.TagObject {
		k.Advance(pageread.ReadValue(b, cell))
		return d.setField(p, cp, row, cell)
	}
	cnt, m := int(b[1]), 1 // a count below 128 without a call
	if cnt >= 0x80 {
		cnt, m = countSlow(b[1:])
	}
	f := row.field(&cp.fieldPath)
	if cp.kind == setStructP {
		f = f.elem(cp.etyp) // allocated if nil, as in setField
	}
	used, err := d.structBytes(np, f.asStruct(), b[1+m:], int(cnt))
	if err != nil {
		return err
	}
	k.Advance(1 + m + used)
	return nil
}

// mapAnyCellInto reads the next cell of column c, not null, from its
// cursor k, an any column's, into the field of row that cp describes, a
// map[string]any (setMapAny): an object straight from its bytes
// (mapAnyBytes), anything else read whole for setField, which decodes or
// refuses it as mapAnyInto and the reflect path do.
func (d *decodeState) mapAnyCellInto(p *structPlan, cp *colPlan, k *pageread.Cursor, row structRef, c int, cell *pageread.Cell) error {
	d.col = c
	b := k.AnyBytes()
	if b[0] == format.TagObject {
		if m := row.field(&cp.fieldPath).mapAny(); m != nil {
			cnt, n := int(b[1]), 1 // a count below 128 without a call
			if cnt >= 0x80 {
				cnt, n = countSlow(b[1:])
			}
			used, err := d.mapAnyBytes(m, b[1+n:], int(cnt))
			if err != nil {
				return err
			}
			k.Advance(1 + n + used)
			return nil
		}
	}
	k.Advance(pageread.ReadValue(b, cell))
	return d.setField(p, cp, row, cell)
}

// mapAnyInto decodes c into *m, a map[string]any field, when c is null or
// an object, as the reflect path (cell, objectInto) would, without its
// reflect calls: a null sets nil; an object fills the map, made with room
// for its members when nil, each member a generic value (raw JSON members
// go through mapEntry, as there). ok is false, with *m untouched, for any
// other cell, which the reflect path decodes or refuses.
func (d *decodeState) mapAnyInto(m *map[string]any, c *pageread.Cell) (ok bool, err error) {
	switch c.Tag {
	case format.TagNull:
		*m = nil
		return true, nil
	case format.TagObject:
	default:
		return false, nil
	}
	used, err := d.mapAnyBytes(m, c.Data, c.Len)
	if err == nil {
		c.Close(used)
	}
	return true, err
}

// mapAnyBytes decodes the n members at the start of b, an object's, into
// *m, a map[string]any made with room for them when nil, each member a
// generic value read straight from its bytes (valueBytes) except raw JSON,
// which goes through mapEntry as in mapAnyInto. It returns the bytes the
// members take.
func (d *decodeState) mapAnyBytes(m *map[string]any, b []byte, n int) (int, error) {
	if *m == nil {
		*m = d.newMapAny(n)
	}
	out := *m
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
		key := d.str(uint32(k))
		if b[pos] == format.TagRaw {
			if g != nil { // the map is the runtime's again from here
				d.maps.seal(out, g, j, &ids)
				g = nil
			}
			var e pageread.Cell
			pos += pageread.ReadValue(b[pos:], &e)
			if err := d.mapEntry(reflect.ValueOf(out), key, &e); err != nil {
				return 0, err
			}
			continue
		}
		if b[pos] == format.TagString { // (a string notes no big number)
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
		d.noteBigNumber()
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
	return pos, nil
}
