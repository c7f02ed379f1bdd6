package pageread

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestIntJSONRandom renders random integers of every length, 1 to 19
// digits and both signs, with the powers of ten, their neighbours and the
// extremes and every value of up to four digits, as an EncInt cell (TakeIntJSON) and as a TagInt member
// (memberIntJSON, from the word after its tag, with room for the fixed
// moves), and compares each with strconv.FormatInt.
func TestIntJSONRandom(t *testing.T) {
	vs := []int64{math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for p := int64(1); p <= 1e18; p *= 10 {
		vs = append(vs, p-1, p, p+1, -p+1, -p, -p-1)
	}
	for v := int64(-10001); v <= 10001; v++ { // every value of up to four digits (Digits4)
		vs = append(vs, v)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		v := int64(r.Uint64() >> r.IntN(64))
		if r.IntN(2) == 0 {
			v = -v
		}
		vs = append(vs, v)
	}
	dst := make([]byte, 0, 64)
	for _, v := range vs {
		want := strconv.FormatInt(v, 10)
		cell := format.AppendUvarint(nil, format.EncodeZigZag(v))
		c := Cursor{enc: format.EncInt, lay: format.EncInt, data: cell, max: math.MaxUint64}
		if got := string(c.TakeIntJSON(dst)); got != want || c.bad || c.pos != len(cell) {
			t.Fatalf("TakeIntJSON(%d) = %q (pos %d, bad %v), want %q", v, got, c.pos, c.bad, want)
		}
		member := append([]byte{format.TagInt}, cell...)
		member = append(member, make([]byte, 8)...) // the word after the tag in the payload
		m := Cursor{data: member}
		if got := string(m.memberIntJSON(dst, word8(member, 1), 0, format.TagInt)); got != want || m.bad || m.pos != len(cell)+1 {
			t.Fatalf("memberIntJSON(%d) = %q (pos %d, bad %v), want %q", v, got, m.pos, m.bad, want)
		}
	}
}

// TestTakeIntJSONWidths renders, as EncInt cells after text already in
// dst and over spare room full of junk, values of every width from 1 to
// 19 digits and both signs whose digits test each of TakeIntJSON's paths
// at its edges: the least and greatest of the width, a one in each
// place, and for nine to sixteen digits (written as the digits before the
// last eight, then those eight) low halves of all zeros, all nines and a
// lone one, under high halves of every length. Each must be
// strconv.FormatInt's text, and the text before it and the cursor's
// position kept.
func TestTakeIntJSONWidths(t *testing.T) {
	var vs []int64
	for w, p := 1, int64(1); w <= 19; w, p = w+1, p*10 { // p = 10^(w-1)
		top := int64(math.MaxInt64) // 10^w - 1, or the greatest of 19 digits
		if w < 19 {
			top = p*10 - 1
		}
		vs = append(vs, p, top)
		for q := int64(1); q <= p; q *= 10 {
			vs = append(vs, p+q, p+q*7, p*2-q)
		}
	}
	for hi := int64(1); hi < 1e8; hi = hi*10 + 3 { // 1, 13, 133, ... every length of high half
		for _, lo := range []int64{0, 1, 9, 10, 12345678, 1e7, 1e8 - 1} {
			vs = append(vs, hi*1e8+lo)
		}
	}
	prefix := "[1,"
	for _, v := range append(vs, negate(vs)...) {
		want := prefix + strconv.FormatInt(v, 10)
		cell := format.AppendUvarint(nil, format.EncodeZigZag(v))
		for room := 24; room <= 40; room += 16 { // TakeIntJSON's fixed moves, and more
			dst := make([]byte, len(prefix), len(prefix)+room)
			copy(dst, prefix)
			junk := dst[len(dst):cap(dst)]
			for j := range junk {
				junk[j] = 'x'
			}
			c := Cursor{enc: format.EncInt, lay: format.EncInt, data: cell, max: math.MaxUint64}
			if got := string(c.TakeIntJSON(dst)); got != want || c.bad || c.pos != len(cell) {
				t.Fatalf("TakeIntJSON(%d) with room %d = %q (pos %d, bad %v), want %q", v, room, got, c.pos, c.bad, want)
			}
		}
	}
}

// negate returns -v for each v of vs.
func negate(vs []int64) []int64 {
	out := make([]int64, len(vs))
	for i, v := range vs {
		out[i] = -v
	}
	return out
}

// TestTakeIntJSONHighHalf renders a column of integers with one cursor,
// as EncInt cells and as EncIntDelta cells: millisecond timestamps that
// share their digits before the last eight (which TakeIntJSON keeps
// from the last such integer, Cursor.high) and that change them by one
// and by many places, interleaved with negative ones, shorter and longer
// integers and random values of 9 to 16 digits. Each cell must be
// strconv.FormatInt's text.
func TestTakeIntJSONHighHalf(t *testing.T) {
	vs := []int64{1741946655000, 1741946655001, 1741999999999, 1742000000000, 1742000000001,
		-1742000000001, 1742000000002, 7, 1742000000003, 99999999, 1742000000004, 123456789,
		100000000, 199999999, 200000000, 1e15, 9999999999999999, 1e16, 1e16 + 1, 1742000000005}
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		v := 1e8 + r.Int64N(1e16-1e8)
		if r.IntN(4) == 0 {
			v = -v
		}
		vs = append(vs, v, v+1, v+r.Int64N(1e8)) // often the same high half, sometimes the next
	}
	var ints, deltas []byte
	prev := int64(0)
	for _, v := range vs {
		ints = format.AppendUvarint(ints, format.EncodeZigZag(v))
		deltas = format.AppendUvarint(deltas, format.EncodeZigZag(v-prev))
		prev = v
	}
	for _, col := range []struct {
		lay  uint8
		data []byte
	}{{format.EncInt, ints}, {format.EncIntDelta, deltas}} {
		c := Cursor{enc: format.EncInt, lay: col.lay, data: col.data, max: math.MaxUint64}
		dst := make([]byte, 0, 64)
		for k, v := range vs {
			if got, want := string(c.TakeIntJSON(dst)), strconv.FormatInt(v, 10); got != want || c.bad {
				t.Fatalf("layout %d cell %d: TakeIntJSON = %q (bad %v), want %q", col.lay, k, got, c.bad, want)
			}
		}
		if c.pos != len(col.data) {
			t.Fatalf("layout %d: pos %d after the column, want %d", col.lay, c.pos, len(col.data))
		}
	}
}
