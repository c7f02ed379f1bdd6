package jsonwire

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// checkTextEnd fails t when TextEnd(p) is not what a byte loop for the
// first '"', '\\' or control byte and utf8.Valid of the bytes before it
// give (n is compared only when they are valid).
func checkTextEnd(t *testing.T, p []byte) {
	want := 0
	for want < len(p) && p[want] != '"' && p[want] != '\\' && p[want] >= 0x20 {
		want++
	}
	wantOK := utf8.Valid(p[:want])
	if n, ok := TextEnd(p); ok != wantOK || ok && n != want {
		t.Helper()
		t.Fatalf("TextEnd(% x) = %d, %v; want %d, %v", p, n, ok, want, wantOK)
	}
}

// stopBytes are the bytes that end string text, beside bytes just outside
// them.
var stopBytes = []byte{0x00, 0x1F, 0x20, '"', '\\', 0x21, 0x5B, 0x5D, '\n'}

// Every valid sample, every truncation and suffix of it, and every one
// with a stop byte or a boundary byte put at or inserted before each of
// its positions, and each of those followed by more text, agree with the
// byte loop: stops in every lane of a word, after and inside sequences.
func TestTextEndAdversarial(t *testing.T) {
	for _, s := range validSamples {
		p := []byte(s)
		for i := range len(p) + 1 {
			checkTextEnd(t, p[:i])
			checkTextEnd(t, p[i:])
			for _, c := range append(append([]byte(nil), stopBytes...), boundaryBytes...) {
				q := append([]byte(nil), p...)
				if i < len(q) {
					q[i] = c
					checkTextEnd(t, q)
				}
				r := append(append(append([]byte(nil), p[:i]...), c), p[i:]...)
				checkTextEnd(t, r)
				checkTextEnd(t, append(r, "\"tail, after the stop: \xff"...))
			}
		}
	}
}

// Random texts built from pieces of every kind (ASCII runs, valid
// sequences of each length, stop bytes, boundary bytes) agree with the
// byte loop.
func TestTextEndRandom(t *testing.T) {
	pieces := []string{"a", "abcdefghij", "é", "ж", "日", "€", "\u2028", "😀", "\U0010FFFF", "\u0800", "\U00010000", "日本語テキスト", "Привет"}
	valid := len(pieces)
	for _, c := range append(append([]byte(nil), stopBytes...), boundaryBytes...) {
		pieces = append(pieces, string([]byte{c}))
	}
	r := rand.New(rand.NewPCG(3, 4))
	var p []byte
	for range 200000 {
		p = p[:0]
		for range r.IntN(16) {
			piece := pieces[r.IntN(len(pieces))]
			if r.IntN(3) > 0 && len(piece) == 1 {
				piece = pieces[r.IntN(valid)] // keep most texts long and valid
			}
			p = append(p, piece...)
		}
		checkTextEnd(t, p)
	}
}

// FuzzTextEnd checks TextEnd against the byte loop.
func FuzzTextEnd(f *testing.F) {
	for _, s := range validSamples {
		f.Add([]byte(s + `", "next": 1`))
	}
	f.Add([]byte("abc\\n\xe6\x97"))
	f.Add([]byte{0xED, 0xA0, 0x80, '"'})
	f.Fuzz(func(t *testing.T, p []byte) { checkTextEnd(t, p) })
}
