package pagebuild

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestChooseIntEncodingReference checks chooseIntEncoding, which takes
// plain at once for a column of one-byte values, against the sizes of the
// three encodings computed in full, on random columns of small values
// (where the shortcut applies, or nearly), constant runs, wide values, and
// walks of small steps (narrowDeltas').
func TestChooseIntEncodingReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		v := make([]int64, 1+r.IntN(40))
		base := int64(0)
		if r.IntN(3) == 0 {
			base = r.Int64N(1<<40) - 1<<39
		}
		spread := int64(1) << r.IntN(12)
		for j := range v {
			v[j] = base + r.Int64N(spread) - spread/2
			if r.IntN(50) == 0 {
				v[j] = r.Int64() >> r.IntN(64)
			}
		}
		if r.IntN(4) == 0 {
			for j := range v {
				v[j] = v[0]
			}
		}
		if r.IntN(3) == 0 {
			v = make([]int64, 2+r.IntN(300))
			walk(r, v)
		}
		enc, lo := chooseIntEncoding(v)
		wantEnc, wantLo := chooseIntEncodingRef(v)
		if enc != wantEnc || lo != wantLo {
			t.Fatalf("chooseIntEncoding(%v) = %d, %d; want %d, %d", v, enc, lo, wantEnc, wantLo)
		}
	}
}

// walk fills v with a walk of steps of -64 to 63 (whose zigzags take a
// byte: narrowDeltas' columns), half the walks drifting down, now and then
// a step of ±64 (two bytes), from a start near a boundary of varint lengths
// (±2^6, ±2^13, ±2^20, ±2^27), where the first value's zigzag and the
// lowest's may differ in length.
func walk(r *rand.Rand, v []int64) {
	v[0] = int64(1)<<(6+7*r.IntN(4))*int64(1-2*r.IntN(2)) + r.Int64N(200) - 100
	drift := int64(r.IntN(2)) * 60
	for j := 1; j < len(v); j++ {
		step := r.Int64N(128-drift) - 64
		if r.IntN(40) == 0 {
			step = 64 * int64(1-2*r.IntN(2))
		}
		v[j] = v[j-1] + step
	}
}

// chooseIntEncodingRef is chooseIntEncoding without its shortcut: the
// sizes of plain, delta and frame of reference, the smallest chosen, ties
// to the lower encoding number.
func chooseIntEncodingRef(v []int64) (byte, int64) {
	lo := v[0]
	for _, x := range v {
		lo = min(lo, x)
	}
	plain, delta, fr := 0, 0, format.SizeVarint(lo)
	prev := int64(0)
	for _, x := range v {
		plain += format.SizeVarint(x)
		delta += format.SizeVarint(x - prev)
		fr += format.SizeUvarint(uint64(x) - uint64(lo))
		prev = x
	}
	switch {
	case plain <= delta && plain <= fr:
		return format.EncInt, 0
	case delta <= fr:
		return format.EncIntDelta, 0
	default:
		return format.EncIntFOR, lo
	}
}

// TestAppendIntsReference checks appendInts, which writes each value's
// uvarint straight into the page (a byte a value, with no test of room,
// while the values are one byte each), against the encodings as SPEC.md
// defines them, one AppendVarint or AppendUvarint a value, in each of the
// three encodings, after a prefix of the page, on columns of one-byte
// values, of values that turn wide part of the way, and of wide values.
func TestAppendIntsReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var b Builder
	for i := 0; i < 20000; i++ {
		v := make([]int64, 1+r.IntN(40))
		spread := int64(1) << r.IntN(20)
		for j := range v {
			v[j] = r.Int64N(spread) - spread/2
			if r.IntN(30) == 0 {
				v[j] = r.Int64() >> r.IntN(64)
			}
		}
		if r.IntN(3) == 0 { // one-byte values, then wider ones from some place on
			k := r.IntN(len(v) + 1)
			for j := range v[:k] {
				v[j] = r.Int64N(128) - 64
			}
		}
		lo := v[0]
		for _, x := range v {
			lo = min(lo, x)
		}
		prefix := []byte{1, 2, 3, 4}[:r.IntN(5)]
		room := r.IntN(50) // spare capacity of dst
		for _, enc := range []byte{format.EncInt, format.EncIntDelta, format.EncIntFOR} {
			want := appendIntsRef(append([]byte(nil), prefix...), enc, lo, v)
			dst := append(make([]byte, 0, len(prefix)+room), prefix...)
			got := b.appendInts(dst, enc, lo, v)
			if !bytes.Equal(got, want) {
				t.Fatalf("appendInts(enc %d, %v) = %x; want %x", enc, v, got, want)
			}
		}
	}
}

// TestUvarintLen checks uvarintLen, chooseIntEncoding's size of a varint,
// against format.SizeUvarint at 0 and on both sides of every power of two.
func TestUvarintLen(t *testing.T) {
	check := func(u uint64) {
		if got, want := uvarintLen(u), format.SizeUvarint(u); got != want {
			t.Fatalf("uvarintLen(%d) = %d, want %d", u, got, want)
		}
	}
	check(0)
	for n := range 64 {
		check(1<<n - 1)
		check(1 << n)
		check(1<<n + 1)
	}
	check(math.MaxUint64)
}

// TestAppendIntsChosenReference checks appendIntsChosen, which writes a
// column of one-byte zigzags in the pass that picks the encoding, against
// chooseIntEncodingRef's encoding and the values written as SPEC.md
// defines them (one AppendVarint or AppendUvarint a value), after a
// prefix of the page, with and without spare room, on columns of one-byte
// values, of values that turn wide part of the way, and of wide values.
func TestAppendIntsChosenReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var b Builder
	for i := 0; i < 20000; i++ {
		v := make([]int64, 1+r.IntN(40))
		spread := int64(1) << r.IntN(14)
		for j := range v {
			v[j] = r.Int64N(spread) - spread/2
			if r.IntN(30) == 0 {
				v[j] = r.Int64() >> r.IntN(64)
			}
		}
		if r.IntN(3) == 0 { // one-byte values, then perhaps wider ones
			k := r.IntN(len(v) + 1)
			for j := range v[:k] {
				v[j] = r.Int64N(128) - 64
			}
		}
		wantEnc, lo := chooseIntEncodingRef(v)
		prefix := []byte{1, 2, 3, 4}[:r.IntN(5)]
		want := appendIntsRef(append([]byte(nil), prefix...), wantEnc, lo, v)
		dst := append(make([]byte, 0, len(prefix)+r.IntN(50)), prefix...)
		got, enc := b.appendIntsChosen(dst, v)
		if enc != wantEnc || !bytes.Equal(got, want) {
			t.Fatalf("appendIntsChosen(%v) = %x, enc %d; want %x, enc %d", v, got, enc, want, wantEnc)
		}
	}
}

// appendIntsRef appends v in the integer encoding enc as SPEC.md defines
// it, one value at a time: varints (EncInt), varints of the differences
// from the value before, the first from 0 (EncIntDelta), or lo as a varint
// and each value's distance from it as a uvarint (EncIntFOR).
func appendIntsRef(dst []byte, enc byte, lo int64, v []int64) []byte {
	switch enc {
	case format.EncInt:
		for _, x := range v {
			dst = format.AppendVarint(dst, x)
		}
	case format.EncIntDelta:
		prev := int64(0)
		for _, x := range v {
			dst = format.AppendVarint(dst, int64(uint64(x)-uint64(prev)))
			prev = x
		}
	default:
		dst = format.AppendVarint(dst, lo)
		for _, x := range v {
			dst = format.AppendUvarint(dst, uint64(x)-uint64(lo))
		}
	}
	return dst
}
