package pageread

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestStringEndsErrors checks parseStrings, which checks the ends with one
// comparison as it decodes them and looks for the culprit only when that
// fails, against the plain check of each end in turn (wantEndsError): on
// string tables with random damage to their ends and random
// MaxStringBytes, both accept the same tables and report the same error,
// message and offset.
func TestStringEndsErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 6))
	for range 100_000 {
		n := rng.IntN(12)
		width := 1 + rng.IntN(2)
		ends := make([]int, n)
		d := 0
		for i := range ends {
			d += rng.IntN(6)
			ends[i] = d
		}
		switch rng.IntN(4) {
		case 0: // an end out of order
			if n > 0 {
				ends[rng.IntN(n)] = rng.IntN(d + 3)
			}
		case 1: // data shorter or longer than the last end
			d = max(0, d+rng.IntN(5)-2)
		}
		sec := format.AppendUvarint(nil, uint64(n))
		sec = append(sec, byte(width))
		sec = append(sec, make([]byte, (n+3)/4)...)
		for _, e := range ends {
			sec = append(sec, byte(e))
			if width == 2 {
				sec = append(sec, byte(e>>8))
			}
		}
		dataBase := len(sec)
		for range d {
			sec = append(sec, 'a')
		}
		if d >= 256 && width == 1 {
			continue // the width check would fail first
		}
		lim := format.Limits{MaxStringBytes: 1 + rng.IntN(8)}.WithDefaults()
		if rng.IntN(2) == 0 {
			lim.MaxStringBytes = format.Limits{}.WithDefaults().MaxStringBytes
		}
		var l Layout
		l.dataStr = string(sec)
		got := l.parseStrings(nil, span{b: sec, base: 0}, lim)
		var want error
		switch { // the checks parseStrings makes before the ends'
		case width == 2 && d < 256:
			want = errAt(format.ErrCorrupt, dataBase, "string table width is not the smallest that fits")
		case n == 0 && d != 0:
			want = errAt(format.ErrCorrupt, dataBase, "string data without strings")
		default:
			want = wantEndsError(ends, d, dataBase, lim.MaxStringBytes)
		}
		if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
			t.Fatalf("ends %v, %d bytes of data, width %d, MaxStringBytes %d: got %v, want %v", ends, d, width, lim.MaxStringBytes, got, want)
		}
	}
}

// wantEndsError is the reference check of a string table's ends: each end
// in turn, then the last against the data's length d.
func wantEndsError(ends []int, d, dataBase, maxStr int) error {
	prev := 0
	for i, e := range ends {
		if e < prev || e > d {
			return errAt(format.ErrCorrupt, dataBase, "string "+itoa(i)+" ends out of order or past the data")
		}
		if e-prev > maxStr {
			return errAt(format.ErrLimit, dataBase+prev, "string "+itoa(i)+" exceeds MaxStringBytes")
		}
		prev = e
	}
	if prev != d {
		return errAt(format.ErrCorrupt, dataBase+prev, "string data has trailing bytes")
	}
	return nil
}
