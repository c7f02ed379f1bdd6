package jsonwire

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// plainPrefixRef is the byte-at-a-time reference for PlainPrefix.
func plainPrefixRef(s []byte, i int) int {
	for ; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return i
		}
	}
	return i
}

func TestPlainPrefixEveryByteAtEveryPosition(t *testing.T) { checkPlainPrefixEveryByte(t) }

// checkPlainPrefixEveryByte puts every byte value (a byte of each class
// under the race detector: everyByte) at every position of
// strings long enough for two 64-byte blocks, a 32-byte block and a tail.
func checkPlainPrefixEveryByte(t *testing.T) {
	for n := 0; n <= 180; n++ {
		for at := 0; at < n; at++ {
			for _, c := range everyByte() {
				s := []byte(strings.Repeat("a", n))
				s[at] = c
				for _, from := range []int{0, 1, at, at + 1} {
					if from > n {
						continue
					}
					want := plainPrefixRef(s, from)
					if got := PlainPrefix(s, from); got != want {
						t.Fatalf("PlainPrefix(%q, %d) = %d, want %d", s, from, got, want)
					}
					if got := PlainPrefix(string(s), from); got != want {
						t.Fatalf("PlainPrefix(string %q, %d) = %d, want %d", s, from, got, want)
					}
					if got := plainPrefixSWAR(s, from); got != want {
						t.Fatalf("plainPrefixSWAR(%q, %d) = %d, want %d", s, from, got, want)
					}
				}
			}
		}
	}
}

func TestPlainPrefixRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		s := make([]byte, r.IntN(200))
		for j := range s {
			if r.IntN(40) == 0 {
				s[j] = byte(r.IntN(256))
			} else {
				s[j] = byte(0x20 + r.IntN(0x60))
			}
		}
		from := 0
		if len(s) > 0 {
			from = r.IntN(len(s) + 1)
		}
		if got, want := PlainPrefix(s, from), plainPrefixRef(s, from); got != want {
			t.Fatalf("PlainPrefix(%q, %d) = %d, want %d", s, from, got, want)
		}
	}
}

// TestPlainPrefixTwoInAWord puts two bytes that are not plain in the first
// word PlainPrefix tests, every value at every pair of positions: a byte of
// 0x80 or more makes the word test's additions carry into the lane after
// it, and the answer must still be the first of the two.
func TestPlainPrefixTwoInAWord(t *testing.T) {
	var odd []byte
	for c := 0; c < 256; c++ {
		if !plainTable[c] {
			odd = append(odd, byte(c))
		}
	}
	s := []byte(strings.Repeat("a", 40))
	for p := 0; p < 8; p++ {
		for q := p + 1; q < 9; q++ {
			for _, c := range odd {
				for _, d := range odd {
					s[p], s[q] = c, d
					if got, want := PlainPrefix(s, 0), plainPrefixRef(s, 0); got != want {
						t.Fatalf("PlainPrefix(%q, 0) = %d, want %d", s, got, want)
					}
					s[p], s[q] = 'a', 'a'
				}
			}
		}
	}
}

func FuzzPlainPrefix(f *testing.F) {
	f.Add([]byte("hello, world: nothing to escape here"), 0)
	f.Add([]byte("tab\there and <html> & \"quotes\" \\ \x7f \xe2\x80\xa8"), 3)
	f.Fuzz(func(t *testing.T, s []byte, from int) {
		if from < 0 || from > len(s) {
			return
		}
		if got, want := PlainPrefix(s, from), plainPrefixRef(s, from); got != want {
			t.Fatalf("PlainPrefix(%q, %d) = %d, want %d", s, from, got, want)
		}
	})
}

// TestPlainPrefixAfterOneNotPlain starts PlainPrefix just after a byte
// that is not plain, with one more such byte at every later position, in
// strings of 1 to 24 bytes: the bytes before the start must not hide the
// one after it (in a word test, a byte from 0x80 carries into the next
// lane), however the start falls in the last word.
func TestPlainPrefixAfterOneNotPlain(t *testing.T) {
	var odd []byte
	for c := 0; c < 256; c++ {
		if !plainTable[c] {
			odd = append(odd, byte(c))
		}
	}
	stops := []byte{'"', '\\', '<', '>', '&', 0x00, 0x1F, 0x80, 0xFF}
	for n := 1; n <= 24; n++ {
		for i := 1; i < n; i++ {
			for k := i; k < n; k++ {
				for _, c := range odd {
					for _, d := range stops {
						s := []byte(strings.Repeat("a", n))
						s[i-1], s[k] = c, d
						if got := PlainPrefix(s, i); got != k {
							t.Fatalf("PlainPrefix(%q, %d) = %d, want %d", s, i, got, k)
						}
						if got := plainPrefixSWAR(s, i); got != k {
							t.Fatalf("plainPrefixSWAR(%q, %d) = %d, want %d", s, i, got, k)
						}
					}
				}
			}
		}
	}
}

// TestFirstNotPlain compares FirstNotPlain with a byte-by-byte search of
// plainTable, for each byte value at each of the eight places among plain
// bytes and behind other values, and for random words.
func TestFirstNotPlain(t *testing.T) {
	check := func(b [8]byte) {
		t.Helper()
		want := 8
		for i, c := range b {
			if !plainTable[c] {
				want = i
				break
			}
		}
		if got := FirstNotPlain(Load64(b[:], 0)); got != want {
			t.Fatalf("FirstNotPlain(%q) = %d, want %d", b, got, want)
		}
	}
	for i := range 8 {
		for c := range 0x100 {
			for _, fill := range []byte{'a', 0x7F, 0xFF, '"', 0x80} {
				var b [8]byte
				for j := range b {
					b[j] = 'x'
					if j > i {
						b[j] = fill
					}
				}
				b[i] = byte(c)
				check(b)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200_000 {
		var b [8]byte
		for j := range b {
			b[j] = byte(r.IntN(0x100))
			if r.IntN(2) == 0 {
				b[j] = byte(0x20 + r.IntN(0x60))
			}
		}
		check(b)
	}
}
