package pageread

import "github.com/rowpage/rowpage/format"

// The walk of any columns as it was before quickRun kept its state in
// locals (session 35, main dd57116), kept word for word under names ending
// in Old as the reference of TestQuickWalkMatchesOld: the old quickValue,
// quickWalk, quickRun, quickElem, quickMembers and anyColumn.

func (v *validator) quickValueOld(b []byte, pos, d int) int {
	w := quickWalkOld{left: 1}
	lims := newStrLims(v.nstr)
	for {
		if pos = quickRunOld(b, pos, lims, min(v.l.depth-d, quickStack), &w); w.left == 0 {
			return pos
		}
		if pos = v.quickElemOld(b, pos, d, v.l.depth-d, &w); pos < 0 {
			return -1
		}
	}
}

type quickWalkOld struct {
	stack [quickStack]uint64 // the enclosing containers' left<<1 | obj
	open  int                // containers entered: the element read next is at depth d+open
	left  uint64             // elements left of the innermost container (of the value itself at first)
	obj   bool               // the innermost container is an object: its elements have keys

	// With column set, the value is a cell of an any column (d 1), and
	// quickRunOld goes on from its end to the next cell, so that a column
	// of small cells costs no call per cell: it appends the cell to
	// cells when it is an array or object (the cells repeats may name),
	// and starts the next one unless none is left (next 0), the payload
	// ends, or the next is a repeat, which it leaves to anyColumnOld with
	// left 0 and pos at its start.
	column bool
	at     int       // where the cell being read starts
	next   int       // the cells after it, not yet started
	cells  []anyCell // the column's array and object cells read so far
}

func quickRunOld(b []byte, pos int, lims strLims, room int, w *quickWalkOld) int {
	open, left, obj := w.open, w.left, w.obj
	one, two := lims.one, lims.two
loop:
	for {
		if left == 0 {
			if open != 0 {
				open--
				s := w.stack[open&(quickStack-1)]
				left, obj = s>>1, s&1 != 0
				continue
			}
			if !w.column {
				break
			}
			// The cell at w.at ends at pos: on to the next one.
			if t := b[w.at]; t == format.TagArray || t == format.TagObject {
				w.cells = append(w.cells, anyCell{off: uint32(w.at), n: uint32(pos - w.at)})
			}
			if w.next == 0 || pos >= len(b) || b[pos] == format.TagRepeat {
				break
			}
			w.next--
			w.at = pos
			left, obj = 1, false
			continue
		}
		if pos > len(b)-8 {
			break
		}
		x := quickLoad(b, pos)
		p := pos + 1 // past the tag, once it is read
		if obj {
			if x&0xFF < one {
				x >>= 8 // a one-byte key index
				p++
			} else if x&0xFFFF-0x180 < two {
				x >>= 16 // a two-byte one (a table past 128 strings)
				p += 2
			} else {
				break
			}
		}
		switch x & 0xFF {
		case format.TagNull, format.TagFalse, format.TagTrue:
		case format.TagString:
			if x>>8&0xFF < one {
				p++
			} else if x>>8&0xFFFF-0x180 < two {
				p += 2
			} else {
				break loop // three bytes (past 16,384 strings) or bad: quickElemOld's
			}
		case format.TagInt:
			if x&0x8000 == 0 {
				p++
			} else if x>>8&0xFFFF-0x180 < 0x8000-0x180 {
				p += 2
			} else if p <= len(b)-8 {
				// Up to eight (ids and sizes) from one load.
				_, m := checkedWordUvarint(quickLoad(b, p))
				if m == 0 {
					break loop
				}
				p += m
			} else {
				break loop
			}
		case format.TagArray, format.TagObject:
			cnt := x >> 8 & 0xFF
			if cnt >= 0x80 || open >= room {
				break loop
			}
			// A count past the bytes left is not tested here: its
			// elements run out of bytes and quickElemOld finds it, and
			// value reports it from the cell's start.
			p++
			if cnt != 0 {
				o := uint64(0)
				if obj {
					o = 1
				}
				w.stack[open&(quickStack-1)] = (left-1)<<1 | o
				open++
				left, obj, pos = cnt, x&0xFF == format.TagObject, p
				continue
			}
		default:
			break loop
		}
		left--
		pos = p
	}
	w.open, w.left, w.obj = open, left, obj
	return pos
}

func (v *validator) quickElemOld(b []byte, pos, d, room int, w *quickWalkOld) int {
	w.left--
	if w.obj {
		if pos = v.quickStrIndex(b, pos); pos < 0 {
			return -1
		}
	}
	if pos >= len(b) {
		return -1
	}
	tag := b[pos]
	pos++
	switch tag {
	case format.TagNull, format.TagFalse, format.TagTrue:
		return pos
	case format.TagString:
		return v.quickStrIndex(b, pos)
	case format.TagInt:
		return quickSkipUvarint(b, pos)
	case format.TagFloat:
		return quickFloat(b, pos)
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		return quickTime(b, pos, tag)
	case format.TagArray, format.TagObject:
		if w.open >= room {
			return -1
		}
		cnt, n := quickUvarint(b, pos)
		if n < 0 {
			return -1
		}
		pos += n
		if cnt > uint64(len(b)-pos) {
			return -1
		}
		if cnt == 0 {
			return pos
		}
		if w.open == quickStack { // deeper than the stack: a call per value
			return v.quickMembersOld(b, pos, d+w.open, cnt, tag == format.TagObject)
		}
		o := uint64(0)
		if w.obj {
			o = 1
		}
		w.stack[w.open] = w.left<<1 | o
		w.open++
		w.left, w.obj = cnt, tag == format.TagObject
		return pos
	}
	return -1
}

func (v *validator) quickMembersOld(b []byte, pos, d int, cnt uint64, obj bool) int {
	for range cnt {
		if obj {
			if pos = v.quickStrIndex(b, pos); pos < 0 {
				return -1
			}
		}
		if pos = v.quickValueOld(b, pos, d+1); pos < 0 {
			return -1
		}
	}
	return pos
}

func (v *validator) anyColumnOld(n int) {
	r := &v.r
	v.nstr = uint64(v.l.Strings.Len())
	lims := newStrLims(v.nstr)
	var memo [repeatMemo]uint32 // at off%repeatMemo: 1 + the index in cells of the cell at off a repeat named last, or 0
	// The walk, reused from cell to cell: a local, not the validator's.
	w := &quickWalkOld{column: true, cells: v.l.anyCells[:0]}
	room := min(v.l.depth-1, quickStack)
	// The loop keeps its place in pos, and sets r.pos only to hand a
	// cell to value or a fault to fail.
	b, pos := r.b, r.pos
loop:
	for next := n; next > 0; { // next: the cells not yet started
		at := pos
		if at >= len(b) {
			r.pos = at
			v.value(1) // reports the missing value
			break
		}
		if b[at] == format.TagRepeat {
			// The offset read in line when it is canonical (at most eight
			// bytes from one load, a call for the last bytes); else
			// through the reader, which reports the fault.
			off, m := quickUvarint(b, at+1)
			if m > 0 {
				pos = at + 1 + m
			} else {
				r.pos = at + 1
				off = r.uvarint("repeat offset")
				if r.err != nil {
					break
				}
				pos = r.pos
			}
			// A page repeats a few cells many times: the memo finds a
			// cell named before without the binary search.
			cells := w.cells
			h := &memo[off%repeatMemo]
			k := int(*h) - 1
			if k < 0 || uint64(cells[k].off) != off {
				var ok bool
				if k, ok = findCell(cells, off); !ok {
					r.pos = at
					v.fail(format.ErrCorrupt, "repeat names no earlier array or object cell of its column")
					break
				}
				*h = uint32(k + 1)
			}
			v.l.expand += int(cells[k].n)
			if v.l.expand > v.l.maxPage-v.l.plainLen() {
				r.pos = at
				v.fail(format.ErrLimit, "repeated cells expand the page past MaxPageBytes")
				break
			}
			next--
			continue
		}
		// quickRunOld reads this cell and the cells after it up to the next
		// repeat, handing quickElemOld what it leaves.
		w.open, w.left, w.obj, w.at, w.next = 0, 1, false, at, next-1
		for {
			if pos = quickRunOld(b, pos, lims, room, w); w.left == 0 {
				break
			}
			if pos = v.quickElemOld(b, pos, 1, v.l.depth-1, w); pos < 0 {
				// The cell at w.at is bad, or holds what quickValueOld
				// leaves to value: value finds the fault or reads it.
				at = w.at
				r.pos = at
				if v.value(1); r.err != nil {
					break loop
				}
				pos = r.pos
				if b[at] == format.TagArray || b[at] == format.TagObject {
					w.cells = append(w.cells, anyCell{off: uint32(at), n: uint32(pos - at)})
				}
				break
			}
		}
		next = w.next
	}
	if r.err == nil {
		r.pos = pos
	}
	v.l.anyCells = w.cells[:0]
}
