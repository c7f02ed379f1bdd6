package pagebuild

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestRemapTaggedReference checks remapTagged, which walks a value with a
// stack of the containers it is in, against remapTaggedRef, a call per
// container, on random values: nested deeper than remapDepth, with ids and
// counts of one to three bytes, integers of every length, floats that do
// and do not become TagFloatInt (fractions of every mantissa length and
// whole decimals past floatIntMaxExp, which the loop copies itself, and
// raw cells), times, bytes and empty
// containers; a value's last element is often a float, whose 8-byte load
// would pass the end.
func TestRemapTaggedReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const nstr = 40000
	remap := make([]uint32, nstr)
	for i := range remap {
		remap[i] = uint32(r.IntN(nstr))
	}
	for i := 0; i < 1000; i++ {
		budget := 1 + r.IntN(600)
		src := randTagged(nil, r, 0, 1+r.IntN(3*remapDepth), &budget)
		var f1, f2 bool
		want, wn := remapTaggedRef(nil, src, remap, &f1)
		got, gn := remapTagged([]byte("kept"), src, remap, &f2)
		if gn != wn || !bytes.Equal(got[4:], want) || f1 != f2 || gn != len(src) {
			t.Fatalf("value %x: remapTagged = %x, %d, %v; want %x, %d, %v", src, got[4:], gn, f2, want, wn, f1)
		}
	}
}

// randTagged appends a random value as the builder holds it: containers
// with fixed-size counts, provisional string ids.
// It stops opening containers when budget values have been written.
func randTagged(b []byte, r *rand.Rand, depth, maxDepth int, budget *int) []byte {
	*budget--
	k := r.IntN(12)
	if depth == 0 || depth < maxDepth && *budget > 0 && (k < 3 || r.IntN(4) == 0) {
		tag := byte(format.TagArray + r.IntN(2))
		n := r.IntN(4)
		if r.IntN(8) == 0 {
			n = 128 + r.IntN(200)
		}
		if *budget < n {
			n = max(*budget, 0)
		}
		b = AppendContainer(b, tag, n)
		for range n {
			if tag == format.TagObject {
				b = AppendID(b, uint32(r.IntN(1<<(7*(1+r.IntN(2))))))
			}
			b = randTagged(b, r, depth+1, maxDepth, budget)
		}
		return b
	}
	switch k {
	case 3:
		return AppendTaggedStr(b, uint32(r.IntN(40000)))
	case 4:
		return append(b, byte(r.IntN(3))) // null, false, true
	case 5:
		return AppendTaggedInt(b, r.Int64()>>r.IntN(64))
	case 6:
		return AppendTaggedUint(b, 1<<63|r.Uint64())
	case 7:
		return format.AppendVarint(append(b, format.TagFloatInt), r.Int64N(1<<40)-1<<39)
	case 8: // whole decimals, integers up to 1e15 and none from 1e16 on (1e21), some past floatIntMaxExp
		f := float64(r.IntN(1 << 20))
		if r.IntN(2) == 0 {
			f *= math.Pow10(r.IntN(3 * floatIntMaxExp))
		}
		b, _ = format.AppendFloatCell(append(b, format.TagFloat), f, 64)
		return b
	case 9: // fractions of 1 to 17 digits (mantissas of 1 to 9 varint bytes), and raw cells
		f := []float64{r.NormFloat64() * 1e6, r.Float64(), float64(r.IntN(1000)) / 8, 0.5, -1e-7, math.Copysign(0, -1), 5e-324, 1e300}[r.IntN(8)]
		b, _ = format.AppendFloatCell(append(b, format.TagFloat), f, 64)
		return b
	case 10:
		return AppendTaggedTime(b, format.Timestamp{Local: r.Int64N(1 << 40), Frac: uint32(r.IntN(1e9)), Digits: 9, Offset: int32(r.IntN(3600))})
	}
	s := make([]byte, r.IntN(200))
	return append(format.AppendUvarint(append(b, format.TagBytes), uint64(len(s))), s...)
}

// remapTaggedRef is remapTagged as it was written first, a call per array
// and object: the reference the fast walk must agree with.
func remapTaggedRef(dst, src []byte, remap []uint32, fint *bool) ([]byte, int) {
	switch tag := src[0]; tag {
	case format.TagString:
		dst, n := copyID(append(dst, tag), src[1:], remap)
		return dst, 1 + n
	case format.TagFloat:
		v, n, ok := cellInt(src[1:])
		if ok {
			*fint = true
			return format.AppendVarint(append(dst, format.TagFloatInt), v), 1 + n
		}
		return append(dst, src[:1+n]...), 1 + n
	case format.TagArray, format.TagObject:
		cnt := containerCount(src[1:])
		dst = format.AppendUvarint(append(dst, tag), cnt)
		pos := 1 + containerCountSize
		for range cnt {
			if tag == format.TagObject {
				id, n := consumeID(src[pos:])
				dst = format.AppendUvarint(dst, uint64(remap[id]))
				pos += n
			}
			var m int
			dst, m = remapTaggedRef(dst, src[pos:], remap, fint)
			pos += m
		}
		return dst, pos
	}
	n := format.SkipValue(src)
	return append(dst, src[:n]...), n
}

// TestAppendTaggedScalars checks appendTagged on columns of scalar cells
// (integers of every length, literals, strings, floats that do and do not
// become integers, times, bytes), whose integers and literals it skips in
// its own loop, against appendScalarsRef, which takes every cell's length
// from format.SkipValue, with a remap of random indexes and with one that
// maps every id to itself (the same ids); a column's last cell is often an
// integer, whose 8-byte load would pass the end.
func TestAppendTaggedScalars(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	remap := make([]uint32, 40000)
	for i := range remap {
		remap[i] = uint32(r.IntN(len(remap)))
	}
	same := make([]uint32, len(remap))
	for i := range same {
		same[i] = uint32(i)
	}
	for i := 0; i < 2000; i++ {
		var col []byte
		for range 1 + r.IntN(50) {
			budget := 1
			col = randTagged(col, r, 1, 1, &budget)
		}
		var reps repeatTable
		var f1, f2 bool
		got := appendTagged([]byte("kept"), col, remap, false, &f1, &reps)
		want := appendScalarsRef([]byte("kept"), col, remap, &f2)
		if !bytes.Equal(got, want) || f1 != f2 {
			t.Fatalf("column %x:\nappendTagged     %x, %v\nappendScalarsRef %x, %v", col, got, f1, want, f2)
		}
		// A page whose remap maps every id to itself (same): its
		// strings stay in the runs, ids of one to three bytes.
		got = appendTagged([]byte("kept"), col, same, true, &f1, &reps)
		want = appendScalarsRef([]byte("kept"), col, same, &f2)
		if !bytes.Equal(got, want) || f1 != f2 {
			t.Fatalf("column %x, ids kept:\nappendTagged     %x, %v\nappendScalarsRef %x, %v", col, got, f1, want, f2)
		}
	}
}

// appendScalarsRef is appendTagged for a column of scalar cells, a cell
// at a time: strings remapped, floats that hold integers rewritten, every
// other cell copied as format.SkipValue measures it.
func appendScalarsRef(dst, src []byte, remap []uint32, fint *bool) []byte {
	for pos := 0; pos < len(src); {
		switch src[pos] {
		case format.TagString, format.TagFloat:
			var n int
			dst, n = remapTaggedRef(dst, src[pos:], remap, fint)
			pos += n
		default:
			n := format.SkipValue(src[pos:])
			dst = append(dst, src[pos:pos+n]...)
			pos += n
		}
	}
	return dst
}
