package pagebuild

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"
)

// appendTagged copies the tagged values of src to dst as the page holds
// them: provisional string ids become table indexes, and a float cell that
// holds an integer within ±FloatIntMax (floatInt) becomes a TagFloatInt
// value, which sets *fint. Runs of values that need neither (other numbers,
// times, bytes: most of a column of mixed scalars; strings too where same
// says that remap maps every id to itself) are copied with one append per
// run, and an empty run (between two arrays, objects or
// strings) with none: its append cost a call of memmove.
//
// Each array and object cell goes through reps, which writes a repeat in
// its place when an earlier cell of the column holds the same bytes (see
// repeatTable.cell). A cell that reps.copies lists as a copy of an
// earlier cell (Column.Copies) is written as that cell was, without a
// hash (repeatTable.copied). reps.again is called only once the column
// has cells remembered: most columns have none (nothing repeated yet, or
// cells too short), and its call cost about 35 instructions a cell; and
// not once it has stopped paying (repeatTable.seenOff).
//
// Where src's capacity holds remapView bytes past its end (as a column's
// tagged values mostly do), remapTagged and the integers' 8-byte loads
// read src through that room (wide): the last elements of the column
// then take remapTagged's loop, not remapElem's call (about 70
// instructions an element more, some 600 a 25-row sparse page). What
// the room holds never counts: each element ends where its own bytes
// say, before src's end.
func appendTagged(dst, src []byte, remap []uint32, same bool, fint *bool, reps *repeatTable) []byte {
	base := len(dst)
	run := 0 // start of the values not yet copied
	wide := src
	if cap(src)-len(src) >= remapView {
		wide = src[:len(src)+remapView]
	}
	for pos := 0; pos < len(src); {
		switch src[pos] {
		case format.TagArray, format.TagObject:
			if run < pos { // cells of a column of containers follow each other
				dst = append(dst, src[run:pos]...)
			}
			var n int
			var h uint64
			if c := reps.copies; len(c) > 1 && int(c[0]) == pos {
				if dst, n = reps.copied(dst, base, pos); n > 0 {
					pos += n
					run = pos
					break
				}
			}
			if len(reps.seenCells) > 0 && !reps.seenOff { // else again finds nothing, or no longer pays: no call
				if dst, n, h = reps.again(dst, base, src, pos); n > 0 {
					pos += n
					run = pos
					break
				}
			}
			at, k := len(dst), len(reps.ranges)
			if !reps.nestedLeft() {
				dst, n = remapTagged(dst, wide[pos:], remap, fint)
			} else {
				reps.off = pos
				dst, n = remapCopies(dst, src[pos:], remap, fint, reps)
			}
			l := len(dst) - at
			var target int
			if dst, target = reps.cell(dst, base, at); target >= 0 && n >= seenMin && reps.hit && !reps.seenOff {
				reps.remember(h, src, pos, n, target, l)
			}
			if len(reps.ranges) > k && target >= 0 && base+target != at {
				reps.movedNested(k, at, base+target)
			}
			if target >= 0 && len(reps.copies) > 0 {
				reps.done = append(reps.done, doneCell{src: uint32(pos), srcLen: uint32(n), target: uint32(target), targetLen: uint32(l)})
			}
			pos += n
			run = pos
		case format.TagString:
			if same { // the id is its index: it stays in the run
				pos = skipID(src, pos+1)
				break
			}
			if run < pos {
				dst = append(dst, src[run:pos]...)
			}
			var n int
			dst, n = copyID(append(dst, format.TagString), src[pos+1:], remap)
			pos += 1 + n
			run = pos
		case format.TagFloat:
			v, n, ok := cellInt(src[pos+1:])
			if ok { // else the float stays in the run
				dst = append(dst, src[run:pos]...)
				*fint = true
				dst = format.AppendVarint(append(dst, format.TagFloatInt), v)
				run = pos + 1 + n
			}
			pos += 1 + n
		case format.TagNull, format.TagFalse, format.TagTrue:
			pos++ // stays in the run, as what follows
		case format.TagInt, format.TagUint, format.TagFloatInt:
			// The end of a varint of up to 8 bytes, found with one
			// 8-byte load as remapTagged finds it, not by SkipValue's
			// call and byte loop.
			if pos+9 <= len(wide) {
				if ends := ^binary.LittleEndian.Uint64(wide[pos+1:]) & 0x8080808080808080; ends != 0 {
					pos += 2 + bits.TrailingZeros64(ends)>>3
					break
				}
			}
			pos += format.SkipValue(src[pos:])
		default:
			pos += format.SkipValue(src[pos:])
		}
	}
	return append(dst, src[run:]...)
}

// remapTagged copies one tagged value from src to dst as appendTagged does
// and returns the bytes of src it used. It walks the value in one loop,
// with the arrays and objects it is inside on a stack of their elements
// left, not a call per container: on pages of many small objects (a price
// list, areas with their ids) the calls cost more than the copying. An
// array or object of one element takes no place on the stack: it ends
// where its element does, so the element stands in its place in the
// container around it, and the walk goes straight on to it (or to its
// key). Chains of them (a wrapper object, a list of one) then cost no
// push, no pop and no count of their own, about 25 instructions a
// container; a container of several elements is pushed with its first
// element already counted, so that it too goes straight on to it. Across
// its calls of remapElem and remapKey (rare paths) the loop keeps its
// innermost count and its depth in memory (keep), so that they are not
// stored to the stack at every turn.
//
// The loop copies the common elements itself (arrays and objects of fewer
// than 128 elements, literals, integers of up to 8 varint bytes, float
// cells of fractions, raw float cells, and
// strings and keys whose ids and indexes take one or two bytes each) with stores
// into dst's spare room, which it makes sure of at the top of each turn,
// and nothing else: everything else goes to remapElem or remapKey, its one
// way out, which also make the room. So the loop makes no call on its hot
// paths, where an append's growslice or a rare element's call anywhere in
// it had its values stored to the stack and loaded back on every turn.
func remapTagged(dst, src []byte, remap []uint32, fint *bool) ([]byte, int) {
	// cur is the innermost container's elements left << 1 | 1 for an
	// object, held in a register; open holds the ones around it, outermost
	// first (0 below them all: the value itself, which ends the walk).
	var open [remapDepth]uint64
	depth, cur := 0, uint64(0)
	pos := 0
	// The loop writes at out[o:], out being dst up to its capacity, and
	// reads and writes through fixed-size views of src and out, so that
	// one test of each length a turn stands for the bounds checks of
	// every load and store of the element (and dst's length is set once,
	// at the end, not per element).
	out, o := dst[:cap(dst)], len(dst)
	for {
		if o+remapRoom > len(out) || pos+remapView > len(src) {
			goto elem
		}
		{
			w, s := remapViews(out, o, src, pos)
			switch t := s[0]; t {
			case format.TagArray, format.TagObject:
				cnt := uint64(binary.LittleEndian.Uint32(s[1:5]))
				if cnt > 1 {
					if cnt >= 0x80 || depth == remapDepth {
						goto elem
					}
					// Pushed with its first element counted, which
					// starts now (next's count of an element done).
					open[depth&(remapDepth-1)] = cur
					depth++
					cur = (cnt-1)<<1 | uint64(t-format.TagArray) // TagObject is TagArray+1
				}
				w[0], w[1] = t, byte(cnt)
				o += 2
				pos += 1 + containerCountSize
				if cnt == 0 {
					break
				}
				// Its first element follows, its key first in an
				// object. A container of one element is not pushed: it
				// ends where its element does, which takes its place
				// in the container around it.
				if t == format.TagObject {
					goto key
				}
				continue
			case format.TagString:
				// An id of one or two bytes, whose index takes one or two.
				id, n := uint32(s[1]), 1+int(s[1]>>7)
				if id >= 0x80 {
					if c := s[2]; c < 0x80 {
						id = id&0x7F | uint32(c)<<7
					} else {
						goto elem
					}
				}
				v := remap[id]
				if v < 0x80 {
					w[0], w[1] = format.TagString, byte(v)
					o += 2
				} else if v < 1<<14 {
					w[0], w[1], w[2] = format.TagString, byte(v)|0x80, byte(v>>7)
					o += 3
				} else {
					goto elem
				}
				pos += 1 + n
			case format.TagNull, format.TagFalse, format.TagTrue:
				w[0] = t
				o++
				pos++
			case format.TagInt, format.TagUint, format.TagFloatInt:
				// A varint of up to 8 bytes is found and copied with one
				// 8-byte load and store.
				u := binary.LittleEndian.Uint64(s[1:9])
				ends := ^u & 0x8080808080808080
				if ends == 0 {
					goto elem
				}
				w[0] = t
				binary.LittleEndian.PutUint64(w[1:9], u)
				n := bits.TrailingZeros64(ends)>>3 + 1
				o += 1 + n
				pos += 1 + n
			case format.TagFloat:
				// A fraction: a decimal cell of negative exponent, which
				// cellInt never reads as an integer, or a whole decimal
				// too large to be one (a raw cell is copied below; every
				// other selector takes remapElem). Its mantissa
				// of up to 9 varint bytes, what a float64's shortest digits
				// take, is found with one 8-byte load and a byte, and copied
				// with one 8-byte store and a byte (remapElem's call,
				// cellInt's and a copy's cost about 100 instructions).
				sel := s[1]
				if int(sel&0x7F) >= format.FloatExpBias {
					// A raw cell (-0, a subnormal, a huge value): its 8
					// bytes copied with one load and store, as cellInt
					// would leave it.
					if sel == format.FloatRawSelector {
						w[0], w[1] = t, sel
						binary.LittleEndian.PutUint64(w[2:10], binary.LittleEndian.Uint64(s[2:10]))
						o += 2 + 8
						pos += 2 + 8
						break // the switch: the element is done
					}
					// A whole decimal of a non-zero mantissa and an
					// exponent past floatIntMaxExp (such as 1e21) is no integer
					// and is copied as a fraction is; other whole
					// decimals go to remapElem, which may make them
					// integers.
					if int(sel&0x7F) <= format.FloatExpBias+floatIntMaxExp || s[2] == 0 {
						goto elem
					}
				}
				u := binary.LittleEndian.Uint64(s[2:10])
				n := 9
				if ends := ^u & 0x8080808080808080; ends != 0 {
					n = bits.TrailingZeros64(ends)>>3 + 1
				} else if s[10] >= 0x80 {
					goto elem
				}
				w[0], w[1], w[10] = t, sel, s[10]
				binary.LittleEndian.PutUint64(w[2:10], u)
				o += 2 + n
				pos += 2 + n
			default:
				goto elem
			}
		}
		goto next
	elem:
		{
			keep := [2]uint64{cur, uint64(depth)}
			var push uint64
			dst, pos, push = remapElem(out[:o], src, pos, remap, fint, depth == remapDepth)
			cur, depth = keep[0], int(keep[1])
			out, o = dst[:cap(dst)], len(dst)
			if push != 0 {
				open[depth&(remapDepth-1)] = cur
				depth++
				cur = push
			}
		}
	next:
		// The next element: close the containers it has left, and copy
		// its key if it is in an object (out has room for it).
		for cur < 2 {
			if depth == 0 {
				return out[:o], pos
			}
			depth--
			cur = open[depth&(remapDepth-1)]
		}
		cur -= 2
		if cur&1 == 0 {
			continue
		}
	key:
		// A key id of one or two bytes (a page of up to 16,384 strings),
		// whose index takes one or two, without a call. v is 1<<14, which
		// takes the call, for a longer id. A key is followed by its value,
		// so src holds at least 2 bytes (if not, remapKey takes the key);
		// out has room for 2 (see keyViews).
		if pos+2 <= len(src) {
			w, k := keyViews(out, o, src, pos)
			v, n := uint32(1<<14), 1+int(k[0]>>7)
			if id := uint32(k[0]); id < 0x80 {
				v = remap[id]
			} else if c := k[1]; c < 0x80 {
				v = remap[id&0x7F|uint32(c)<<7]
			}
			if v < 0x80 {
				w[0] = byte(v)
				o++
				pos += n
				continue
			}
			if v < 1<<14 {
				w[0], w[1] = byte(v)|0x80, byte(v>>7)
				o += 2
				pos += n
				continue
			}
		}
		keep := [2]uint64{cur, uint64(depth)}
		dst, pos = remapKey(out[:o], src, pos, remap)
		cur, depth = keep[0], int(keep[1])
		out, o = dst[:cap(dst)], len(dst)
	}
}

// remapCopies is remapTagged for a value in which reps may list arrays and
// objects as copies of earlier ones, or as values copied (reps.nested, src
// starting at the column's offset reps.off): each is written by nestedCopy
// where the loop meets it, a copy without a walk of its elements. The
// loop's test of src's length stops it short of the next one, so that its
// other elements cost nothing more. Its loop is remapTagged's, kept apart:
// one loop for both, reps nil for remapTagged, cost 12% to 16% more
// instructions on the cells of pages without copies (instruments-25,
// hetero-100), its values kept in other registers.
func remapCopies(dst, src []byte, remap []uint32, fint *bool, reps *repeatTable) ([]byte, int) {
	// cur is the innermost container's elements left << 1 | 1 for an
	// object, held in a register; open holds the ones around it, outermost
	// first (0 below them all: the value itself, which ends the walk).
	var open [remapDepth]uint64
	depth, cur := 0, uint64(0)
	pos := 0
	// The loop writes at out[o:], out being dst up to its capacity, and
	// reads and writes through fixed-size views of src and out, so that
	// one test of each length a turn stands for the bounds checks of
	// every load and store of the element (and dst's length is set once,
	// at the end, not per element).
	out, o := dst[:cap(dst)], len(dst)
	// lim is the last position of an element the loop reads itself:
	// remapView bytes before src's end, and before the next copy.
	lim := min(len(src)-remapView, reps.nextNested(len(src))-1)
	for {
		if o+remapRoom > len(out) || pos > lim {
			goto elem
		}
		{
			w, s := remapViews(out, o, src, pos)
			switch t := s[0]; t {
			case format.TagArray, format.TagObject:
				cnt := uint64(binary.LittleEndian.Uint32(s[1:5]))
				if cnt > 1 {
					if cnt >= 0x80 || depth == remapDepth {
						goto elem
					}
					// Pushed with its first element counted, which
					// starts now (next's count of an element done).
					open[depth&(remapDepth-1)] = cur
					depth++
					cur = (cnt-1)<<1 | uint64(t-format.TagArray) // TagObject is TagArray+1
				}
				w[0], w[1] = t, byte(cnt)
				o += 2
				pos += 1 + containerCountSize
				if cnt == 0 {
					break
				}
				// Its first element follows, its key first in an
				// object. A container of one element is not pushed: it
				// ends where its element does, which takes its place
				// in the container around it.
				if t == format.TagObject {
					goto key
				}
				continue
			case format.TagString:
				// An id of one or two bytes, whose index takes one or two.
				id, n := uint32(s[1]), 1+int(s[1]>>7)
				if id >= 0x80 {
					if c := s[2]; c < 0x80 {
						id = id&0x7F | uint32(c)<<7
					} else {
						goto elem
					}
				}
				v := remap[id]
				if v < 0x80 {
					w[0], w[1] = format.TagString, byte(v)
					o += 2
				} else if v < 1<<14 {
					w[0], w[1], w[2] = format.TagString, byte(v)|0x80, byte(v>>7)
					o += 3
				} else {
					goto elem
				}
				pos += 1 + n
			case format.TagNull, format.TagFalse, format.TagTrue:
				w[0] = t
				o++
				pos++
			case format.TagInt, format.TagUint, format.TagFloatInt:
				// A varint of up to 8 bytes is found and copied with one
				// 8-byte load and store.
				u := binary.LittleEndian.Uint64(s[1:9])
				ends := ^u & 0x8080808080808080
				if ends == 0 {
					goto elem
				}
				w[0] = t
				binary.LittleEndian.PutUint64(w[1:9], u)
				n := bits.TrailingZeros64(ends)>>3 + 1
				o += 1 + n
				pos += 1 + n
			case format.TagFloat:
				// A fraction: a decimal cell of negative exponent, which
				// cellInt never reads as an integer, or a whole decimal
				// too large to be one (a raw cell is copied below; every
				// other selector takes remapElem). Its mantissa
				// of up to 9 varint bytes, what a float64's shortest digits
				// take, is found with one 8-byte load and a byte, and copied
				// with one 8-byte store and a byte (remapElem's call,
				// cellInt's and a copy's cost about 100 instructions).
				sel := s[1]
				if int(sel&0x7F) >= format.FloatExpBias {
					// A raw cell (-0, a subnormal, a huge value): its 8
					// bytes copied with one load and store, as cellInt
					// would leave it.
					if sel == format.FloatRawSelector {
						w[0], w[1] = t, sel
						binary.LittleEndian.PutUint64(w[2:10], binary.LittleEndian.Uint64(s[2:10]))
						o += 2 + 8
						pos += 2 + 8
						break // the switch: the element is done
					}
					// A whole decimal of a non-zero mantissa and an
					// exponent past floatIntMaxExp (such as 1e21) is no integer
					// and is copied as a fraction is; other whole
					// decimals go to remapElem, which may make them
					// integers.
					if int(sel&0x7F) <= format.FloatExpBias+floatIntMaxExp || s[2] == 0 {
						goto elem
					}
				}
				u := binary.LittleEndian.Uint64(s[2:10])
				n := 9
				if ends := ^u & 0x8080808080808080; ends != 0 {
					n = bits.TrailingZeros64(ends)>>3 + 1
				} else if s[10] >= 0x80 {
					goto elem
				}
				w[0], w[1], w[10] = t, sel, s[10]
				binary.LittleEndian.PutUint64(w[2:10], u)
				o += 2 + n
				pos += 2 + n
			default:
				goto elem
			}
		}
		goto next
	elem:
		if pos >= reps.nextNested(len(src)) {
			var ok bool
			dst, pos, ok = reps.nestedCopy(out[:o], src, pos, remap, fint)
			out, o = dst[:cap(dst)], len(dst)
			lim = min(len(src)-remapView, reps.nextNested(len(src))-1)
			if ok {
				goto next
			}
		}
		{
			keep := [2]uint64{cur, uint64(depth)}
			var push uint64
			dst, pos, push = remapElem(out[:o], src, pos, remap, fint, depth == remapDepth)
			cur, depth = keep[0], int(keep[1])
			out, o = dst[:cap(dst)], len(dst)
			if push != 0 {
				open[depth&(remapDepth-1)] = cur
				depth++
				cur = push
			}
		}
	next:
		// The next element: close the containers it has left, and copy
		// its key if it is in an object (out has room for it).
		for cur < 2 {
			if depth == 0 {
				return out[:o], pos
			}
			depth--
			cur = open[depth&(remapDepth-1)]
		}
		cur -= 2
		if cur&1 == 0 {
			continue
		}
	key:
		// A key id of one or two bytes (a page of up to 16,384 strings),
		// whose index takes one or two, without a call. v is 1<<14, which
		// takes the call, for a longer id. A key is followed by its value,
		// so src holds at least 2 bytes (if not, remapKey takes the key);
		// out has room for 2 (see keyViews).
		if pos+2 <= len(src) {
			w, k := keyViews(out, o, src, pos)
			v, n := uint32(1<<14), 1+int(k[0]>>7)
			if id := uint32(k[0]); id < 0x80 {
				v = remap[id]
			} else if c := k[1]; c < 0x80 {
				v = remap[id&0x7F|uint32(c)<<7]
			}
			if v < 0x80 {
				w[0] = byte(v)
				o++
				pos += n
				continue
			}
			if v < 1<<14 {
				w[0], w[1] = byte(v)|0x80, byte(v>>7)
				o += 2
				pos += n
				continue
			}
		}
		keep := [2]uint64{cur, uint64(depth)}
		dst, pos = remapKey(out[:o], src, pos, remap)
		cur, depth = keep[0], int(keep[1])
		out, o = dst[:cap(dst)], len(dst)
	}
}

// remapRoom is the spare room remapTagged makes sure of before each of
// its elements: enough for the longest element its loop copies itself
// (a fraction's tag, selector, 8-byte store and byte: 11) and the key
// after it.
const remapRoom = 16

// remapView is the most bytes remapTagged's loop reads of an element it
// copies itself (a fraction's tag, selector, 8-byte load and byte); an
// element nearer the end of src takes remapElem.
const remapView = 11

// remapElem copies the element at src[pos] for remapTagged when its loop
// does not (or dst is short of room) and returns dst with remapRoom bytes
// of room, the position after the element's tag and count if it is a
// non-empty array or object, else after the element, and, for such an
// array or object, its elements << 1 | 1 for an object (to push on
// remapTagged's stack), else 0. deep says the stack is full: a non-empty
// array or object is then copied whole by a call of remapTagged of its
// own.
//
//go:noinline
func remapElem(dst, src []byte, pos int, remap []uint32, fint *bool, deep bool) ([]byte, int, uint64) {
	var push uint64
	switch t := src[pos]; t {
	case format.TagArray, format.TagObject:
		cnt := containerCount(src[pos+1:])
		if cnt > 0 && deep {
			var n int
			dst, n = remapTagged(dst, src[pos:], remap, fint)
			pos += n
			break
		}
		dst = format.AppendUvarint(append(dst, t), cnt)
		pos += 1 + containerCountSize
		if cnt > 0 {
			push = cnt<<1 | uint64(t-format.TagArray) // TagObject is TagArray+1
		}
	case format.TagString:
		var id uint32
		id, pos = readID(src, pos+1)
		dst = AppendTaggedStr(dst, remap[id])
	case format.TagNull, format.TagFalse, format.TagTrue:
		dst = append(dst, t)
		pos++
	case format.TagInt, format.TagUint, format.TagFloatInt:
		dst, pos = copyVarint(dst, src, pos)
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		n := 1 + varintsLen(src[pos+1:], 3)
		dst = append(dst, src[pos:pos+n]...)
		pos += n
	case format.TagFloat:
		v, n, ok := cellInt(src[pos+1:])
		if ok {
			*fint = true
			dst = format.AppendVarint(append(dst, format.TagFloatInt), v)
		} else {
			dst = append(dst, src[pos:pos+1+n]...)
		}
		pos += 1 + n
	default: // bytes, number text
		n := format.SkipValue(src[pos:])
		dst = append(dst, src[pos:pos+n]...)
		pos += n
	}
	return slices.Grow(dst, remapRoom), pos, push
}

// remapKey copies the key id at src[pos] for remapTagged when its id or
// index takes more than a byte, and returns dst and the position after it.
//
//go:noinline
func remapKey(dst, src []byte, pos int, remap []uint32) ([]byte, int) {
	var id uint32
	id, pos = readID(src, pos)
	return AppendID(dst, remap[id]), pos
}

// remapDepth is how deep remapTagged follows arrays and objects in one
// call; a value nested deeper takes a call per remapDepth levels. The
// stack is zeroed at every call, one per array or object cell: 8 levels
// (64 bytes) hold the values of real pages, where 32 cost 256 bytes of
// stores a cell.
const remapDepth = 8

// copyVarint appends the tag at src[pos] and the varint after it to dst and
// returns the position after them. A varint of up to 8 bytes, which every
// integer below 2^56 is, is found and copied with one 8-byte load and store,
// where a byte loop and a copy cost several times more.
func copyVarint(dst, src []byte, pos int) ([]byte, int) {
	if pos+9 <= len(src) {
		u := binary.LittleEndian.Uint64(src[pos+1:])
		if ends := ^u & 0x8080808080808080; ends != 0 {
			n := bits.TrailingZeros64(ends)>>3 + 1 // the varint's bytes
			at := len(dst) + 1 + n
			dst = binary.LittleEndian.AppendUint64(append(dst, src[pos]), u)
			return dst[:at], pos + 1 + n
		}
	}
	n := 1 + varintsLen(src[pos+1:], 1)
	return append(dst, src[pos:pos+n]...), pos + n
}

// varintsLen returns the length of the k varints at the start of b, which
// the builder wrote: the bytes up to the k-th without the continuation
// bit. It lets remapTagged copy an element that holds no string id (an
// integer, a time) in its loop, where a call to remapTagged and
// format.SkipValue cost several times the copy.
func varintsLen(b []byte, k int) int {
	n := 0
	for ; k > 0; k-- {
		for b[n] >= 0x80 {
			n++
		}
		n++
	}
	return n
}

// copyID reads the provisional string id src starts with and appends its
// table index, remap[id], to dst as a uvarint; it returns the bytes of
// src it read. Ids and indexes of one and two bytes take no further call.
func copyID(dst, src []byte, remap []uint32) ([]byte, int) {
	var id uint32
	n := 1
	switch {
	case src[0] < 0x80:
		id = uint32(src[0])
	case len(src) > 1 && src[1] < 0x80:
		id, n = uint32(src[0]&0x7F)|uint32(src[1])<<7, 2
	default:
		v, m := format.ConsumeUvarint(src)
		id, n = uint32(v), m
	}
	switch v := remap[id]; {
	case v < 1<<7:
		dst = append(dst, byte(v))
	case v < 1<<14:
		dst = append(dst, byte(v)|0x80, byte(v>>7))
	default:
		dst = format.AppendUvarint(dst, uint64(v))
	}
	return dst, n
}

// readID reads the provisional string id the builder wrote at b[pos] (a
// uvarint, AppendID's bytes) and returns it and the position after it.
// Small enough to be inlined in the writer's loops, so that no id takes a
// call (a two-byte id, in a page of more than 127 strings, took one).
func readID(b []byte, pos int) (uint32, int) {
	c := b[pos]
	if c < 0x80 {
		return uint32(c), pos + 1
	}
	id := uint32(c & 0x7F)
	for shift := 7; ; shift += 7 {
		pos++
		c = b[pos]
		id |= uint32(c&0x7F) << shift
		if c < 0x80 {
			return id, pos + 1
		}
	}
}

// skipID returns the position after the provisional string id at b[pos]
// (readID without the id): a byte for each of its bytes.
func skipID(b []byte, pos int) int {
	for b[pos] >= 0x80 {
		pos++
	}
	return pos + 1
}

// consumeID reads a provisional string id the builder wrote: a uvarint,
// inline for one and two bytes.
func consumeID(b []byte) (uint64, int) {
	if b[0] < 0x80 {
		return uint64(b[0]), 1
	}
	if len(b) > 1 && b[1] < 0x80 {
		return uint64(b[0]&0x7F) | uint64(b[1])<<7, 2
	}
	return format.ConsumeUvarint(b)
}

// Inside the builder, arrays and objects carry a fixed four-byte count so
// that a streaming producer (the JSON tokenizer) can patch it when the
// container closes; remapTagged rewrites it as the canonical uvarint.
const containerCountSize = 4

func AppendContainer(b []byte, tag byte, n int) []byte {
	return append(b, tag, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
}

func containerCount(b []byte) uint64 {
	return uint64(binary.LittleEndian.Uint32(b))
}

func PatchContainer(b []byte, at int, n int) {
	b[at+1], b[at+2], b[at+3], b[at+4] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
}
