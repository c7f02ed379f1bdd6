package jsonwire

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// classMasksRef returns the masks of the bytes of s from i on, up to 64 of
// them, byte by byte: the reference ClassMasks is tested against. Bits past
// the end of s are zero.
func classMasksRef(s []byte, i int) (esc, html, high uint64) {
	b := s[i:]
	if len(b) > ClassMasksLen {
		b = b[:ClassMasksLen]
	}
	for k, c := range b {
		bit := uint64(1) << k
		switch {
		case c >= 0x80:
			high |= bit
		case asciiFlags[c]&format.StrNeedsEscape != 0:
			esc |= bit
		case asciiFlags[c] != 0:
			html |= bit
		}
	}
	return esc, html, high
}

// classSamples holds a byte of every class ClassMasks tells apart, and the
// bytes next to each special one: controls, '"', '\\', '<', '>', '&', the
// plain bytes around them, DEL, and bytes from 0x80 (continuation, lead,
// invalid).
var classSamples = []byte{
	0x00, 0x09, 0x1F, 0x20, 0x21, '"', 0x23, 0x25, '&', 0x27, 0x3B, '<', 0x3D, '>', 0x3F,
	0x5B, '\\', 0x5D, 'a', 0x7E, 0x7F, 0x80, 0xA2, 0xBC, 0xC3, 0xE2, 0xF0, 0xFF,
}

// checkClassMasks compares ClassMasks and classMasksSWAR of s from i with
// the byte-by-byte reference.
func checkClassMasks(t *testing.T, s []byte, i int) {
	t.Helper()
	e, h, g := classMasksRef(s, i)
	if e2, h2, g2 := ClassMasks(s, i); e2&^g != e || h2&^g != h || g2 != g {
		t.Fatalf("ClassMasks(%q, %d) = %#x %#x %#x, want %#x %#x %#x (esc and html outside high)", s, i, e2, h2, g2, e, h, g)
	}
	if e2, h2, g2 := classMasksSWAR(s, i); e2&^g != e || h2&^g != h || g2 != g {
		t.Fatalf("classMasksSWAR(%q, %d) = %#x %#x %#x, want %#x %#x %#x (esc and html outside high)", s, i, e2, h2, g2, e, h, g)
	}
}

// TestClassMasksEveryClassEveryPosition puts a byte of every class at every
// position of strings of 1 to 130 bytes, and reads the masks from the
// start, from the byte, from 63 bytes before it and from the last byte.
func TestClassMasksEveryClassEveryPosition(t *testing.T) {
	for n := 1; n <= 130; n++ {
		s := make([]byte, n)
		for p := range n {
			for _, c := range classSamples {
				for k := range s {
					s[k] = 'x'
				}
				s[p] = c
				for _, i := range []int{0, p, max(p-63, 0), n - 1} {
					checkClassMasks(t, s, i)
				}
			}
		}
	}
}

// TestClassMasksEveryByte reads blocks of random bytes, each of the 256
// values at every position of a 64-byte block and mixed at random, from
// every offset near both ends of s.
func TestClassMasksEveryByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 23))
	for v := range 256 {
		s := make([]byte, 64+rng.IntN(70))
		for k := range s {
			s[k] = classSamples[rng.IntN(len(classSamples))]
		}
		for p := range s {
			old := s[p]
			s[p] = byte(v)
			checkClassMasks(t, s, 0)
			checkClassMasks(t, s, p)
			s[p] = old
		}
		for i := range s {
			checkClassMasks(t, s, i)
		}
	}
}

// TestRangeFlags checks RangeFlags against StringFlags for every range of
// blocks of random ASCII, and that it reports any byte from 0x80.
func TestRangeFlags(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for range 200 {
		s := make([]byte, 64)
		for k := range s {
			if rng.IntN(4) == 0 {
				s[k] = classSamples[rng.IntN(len(classSamples))]
			} else {
				s[k] = 'a' + byte(rng.IntN(26))
			}
		}
		e, h, g := ClassMasks(s, 0)
		for a := range 64 {
			for b := a + 1; b <= 64; b++ {
				f, ascii := RangeFlags(e, h, g, a, b)
				wantASCII := true
				for _, c := range s[a:b] {
					wantASCII = wantASCII && c < 0x80
				}
				if ascii != wantASCII {
					t.Fatalf("RangeFlags(%q) ascii = %v", s[a:b], ascii)
				}
				if ascii && f != StringFlags(s[a:b]) {
					t.Fatalf("RangeFlags(%q) = %d, StringFlags %d", s[a:b], f, StringFlags(s[a:b]))
				}
			}
		}
	}
}

// TestClassMasksAllocs: no allocation, whatever the length left.
func TestClassMasksAllocs(t *testing.T) {
	s := []byte(`read("user:1") <a&b> ` + "\u00e9\t")
	if n := testing.AllocsPerRun(100, func() {
		for i := range s {
			ClassMasks(s, i)
		}
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}
