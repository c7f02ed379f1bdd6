package jsontext

import (
	"math/rand/v2"
	"testing"
)

// longKeyRef is LongKey written plainly: the length of the key whose
// opening quote is at in[i] if 32 bytes of text follow the quote and the
// key's first special byte (a control byte, a backslash, a byte of 0x80 or
// more, or the quote) is its closing quote, 16 to 31 bytes in; else -1.
func longKeyRef(in []byte, i int) int {
	if len(in)-i <= 32 {
		return -1
	}
	for j := i + 1; j < len(in); j++ {
		if c := in[j]; c < 0x20 || c == '\\' || c >= 0x80 || c == '"' {
			if n := j - i - 1; c == '"' && n >= 16 && n <= 31 {
				return n
			}
			return -1
		}
	}
	return -1
}

// TestLongKeyMatchesReference compares LongKey with longKeyRef on keys of 0
// to 40 bytes with a special byte (or none) at every place, each followed by
// 0 to 40 bytes of text, so that every length boundary (16, 31, 32 bytes of
// key; 32 bytes of text after the quote) and every word a special byte can
// fall in is met.
func TestLongKeyMatchesReference(t *testing.T) {
	specials := []byte{'"', '\\', 0x00, 0x1f, 0x80, 0xc3, 0xff}
	plain := []byte{' ', 'a', 'z', '~', 0x7f, ':', ','}
	rng := rand.New(rand.NewPCG(16, 31))
	for n := 0; n <= 40; n++ {
		for at := -1; at < n; at++ { // the place of a special byte, -1 for none
			for tail := 0; tail <= 40; tail++ {
				in := []byte{'"'}
				for k := range n {
					c := plain[rng.IntN(len(plain))]
					if k == at {
						c = specials[rng.IntN(len(specials))]
					}
					in = append(in, c)
				}
				in = append(in, '"')
				for range tail {
					in = append(in, plain[rng.IntN(len(plain))])
				}
				if got, want := LongKey(in, 0), longKeyRef(in, 0); got != want {
					t.Fatalf("LongKey(%q) = %d, want %d", in, got, want)
				}
			}
		}
	}
	if LongKey([]byte(`"abcdefghijklmnopq"`), -1) != -1 {
		t.Fatal("LongKey at -1 took a key")
	}
}
