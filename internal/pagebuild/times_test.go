package pagebuild

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestPutUvarint compares putUvarint with format.AppendUvarint for values
// of every bit length below 57: the low and high ends of each length and
// random ones between.
func TestPutUvarint(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for bits := 0; bits <= 56; bits++ {
		lo, hi := uint64(0), uint64(1)<<bits-1
		if bits > 0 {
			lo = uint64(1) << (bits - 1)
		}
		vs := []uint64{lo, hi, lo | r.Uint64()&(hi>>1)}
		for _, v := range vs {
			var w [8]byte
			n := putUvarint(&w, v)
			want := format.AppendUvarint(nil, v)
			if got := w[:n]; !bytes.Equal(got, want) {
				t.Fatalf("putUvarint(%#x) = % x, want % x", v, got, want)
			}
		}
	}
}

// TestPutFixed compares put3, put4 and put5 with format.AppendUvarint at
// both ends of the values whose uvarints take 3, 4 and 5 bytes and at
// random ones between.
func TestPutFixed(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	puts := []func(*[8]byte, uint64) int{put3, put4, put5}
	for i, put := range puts {
		lo, hi := uint64(1)<<(7*(i+2)), uint64(1)<<(7*(i+3))-1
		vs := []uint64{lo, hi}
		for range 1000 {
			vs = append(vs, lo+r.Uint64N(hi-lo+1))
		}
		for _, v := range vs {
			var w [8]byte
			n := put(&w, v)
			if got, want := w[:n], format.AppendUvarint(nil, v); !bytes.Equal(got, want) {
				t.Fatalf("put%d(%#x) = % x, want % x", i+3, v, got, want)
			}
		}
	}
}

// appendTimesRef is appendTimes's cells as the format defines them, an
// AppendUvarint of each value: the zigzag of the seconds less the cell
// before's, the fraction (timeFrac) and, per value, the offset's zigzag.
func appendTimesRef(dst []byte, ts []format.Timestamp, perValue bool) []byte {
	prev := int64(0)
	for _, t := range ts {
		dst = format.AppendVarint(dst, t.Local-prev)
		dst = format.AppendUvarint(dst, timeFrac(t))
		if perValue {
			dst = format.AppendVarint(dst, int64(t.Offset))
		}
		prev = t.Local
	}
	return dst
}

// TestAppendTimes compares appendTimes with appendTimesRef after its mode
// byte (and shared offset) on columns of UTC, shared and per-value
// offsets, with seconds of every size (their differences up to 2^64, which
// take appendTimesFrom), fractions of 0 to 9 digits, and dst with and
// without room.
func TestAppendTimes(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var b Builder
	secs := func() int64 {
		switch r.IntN(7) {
		case 0:
			return r.Int64N(1 << 40)
		case 1:
			return -r.Int64N(1 << 20)
		case 2:
			return int64(r.Uint64()) // any: differences past 2^56
		case 3:
			return math.MaxInt64 - r.Int64N(4)
		case 4:
			return 1_700_000_000 + r.Int64N(1<<20)
		case 5: // within a year: differences of 3 and 4 bytes
			return 1_700_000_000 + r.Int64N(365*86400)
		default: // differences of 4 and 5 bytes
			return 1_700_000_000 + r.Int64N(1<<29)
		}
	}
	for trial := range 3000 {
		n := 1 + r.IntN(12)
		ts := make([]format.Timestamp, n)
		offMode := trial % 3 // 0: UTC, 1: one shared offset, 2: per value
		shared := int32(r.IntN(2*18*3600+1) - 18*3600)
		if shared == 0 {
			shared = 3600
		}
		for i := range ts {
			d := uint8(r.IntN(10))
			frac := uint32(0)
			if d > 0 {
				frac = uint32(r.IntN(int(pow10(d))))
			}
			ts[i] = format.Timestamp{Local: secs(), Frac: frac, Digits: d}
			switch offMode {
			case 1:
				ts[i].Offset = shared
			case 2:
				ts[i].Offset = int32(r.IntN(2*18*3600+1) - 18*3600)
				if r.IntN(8) == 0 { // no real offset: zigzags about 2^14, 2^21 and past
					ts[i].Offset = []int32{1 << 13, -1 << 13, 1 << 20, -1 << 20, 3 << 19, int32(r.Uint32())}[r.IntN(6)]
				}
			}
		}
		if offMode == 2 && n > 1 {
			ts[0].Offset, ts[1].Offset = 0, 60 // offsets that differ
		}
		mode := byte(format.TimeUTC)
		switch {
		case offMode == 2 && n > 1:
			mode = format.TimePerValue
		case offMode >= 1:
			mode = format.TimeShared
		}
		prefix := []byte("pre")
		want := append(bytes.Clone(prefix), mode)
		if mode == format.TimeShared {
			want = format.AppendVarint(want, int64(ts[0].Offset))
		}
		want = appendTimesRef(want, ts, mode == format.TimePerValue)
		dst := prefix
		if trial%2 == 0 {
			dst = append(make([]byte, 0, 1000), prefix...)
		}
		if got := b.appendTimes(dst, ts, false); !bytes.Equal(got, want) {
			t.Fatalf("trial %d: appendTimes(%v) = % x, want % x", trial, ts, got, want)
		}
	}
}

// pow10 is 10^d.
func pow10(d uint8) uint64 {
	p := uint64(1)
	for range d {
		p *= 10
	}
	return p
}
