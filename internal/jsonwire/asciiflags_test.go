package jsonwire

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestASCIIFlags compares ASCIIFlags with StringFlags on every ASCII
// string of one special byte in plain text, at every length to 40 and
// every position (the word boundaries and the overlapping last word),
// on pairs of special bytes, and on random strings; and checks that a
// non-ASCII byte anywhere makes it decline.
func TestASCIIFlags(t *testing.T) {
	check := func(s string) {
		t.Helper()
		got, ok := ASCIIFlags(s)
		ascii := true
		for i := 0; i < len(s); i++ {
			ascii = ascii && s[i] < 0x80
		}
		if ok != ascii {
			t.Fatalf("ASCIIFlags(%q): ok = %v, want %v", s, ok, ascii)
		}
		if ok && got != StringFlags(s) {
			t.Fatalf("ASCIIFlags(%q) = %d, want %d", s, got, StringFlags(s))
		}
		if gotB, okB := ASCIIFlags([]byte(s)); gotB != got || okB != ok {
			t.Fatalf("ASCIIFlags([]byte(%q)) = %d, %v; as a string %d, %v", s, gotB, okB, got, ok)
		}
	}
	var every []string
	for c := range 0x100 {
		every = append(every, string([]byte{byte(c)}))
	}
	for n := 0; n <= 40; n++ {
		base := strings.Repeat("x", n)
		check(base)
		for i := 0; i < n; i++ {
			for _, p := range every {
				check(base[:i] + p + base[i+1:])
			}
		}
	}
	pieces := []string{"\"", "\\", "\n", "\x00", "\x1f", " ", "\x7f", "<", ">", "&", "=", ";", "?", "!", "#", "'", "^", "|", "~"}
	for n := 2; n <= 24; n++ {
		base := strings.Repeat("a", n)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				for _, p := range pieces {
					for _, q := range pieces {
						check(base[:i] + p + base[i+1:j] + q + base[j+1:])
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 100_000 {
		b := make([]byte, r.IntN(70))
		for i := range b {
			b[i] = byte(r.IntN(0x80))
			if r.IntN(200) == 0 {
				b[i] |= 0x80
			}
		}
		check(string(b))
	}
}

func FuzzASCIIFlags(f *testing.F) {
	for _, s := range []string{"", "plain text", "a<b", "q\"", "read(\"user:nav5abhmrr9huw8bqjuu\")", "\u2028", "\xff", "line\nbreak"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := ASCIIFlags(s)
		if ok && got != StringFlags(s) {
			t.Fatalf("ASCIIFlags(%q) = %d, want %d", s, got, StringFlags(s))
		}
		if ok != !strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 }) {
			t.Fatalf("ASCIIFlags(%q): ok = %v", s, ok)
		}
	})
}

// TestHTMLFlag compares HTMLFlag with the HTML flag of StringFlags on
// every string of one byte (any of the 256) in plain text at every length
// to 40 and every position, on pairs of bytes, and on random strings of
// any bytes.
func TestHTMLFlag(t *testing.T) {
	check := func(s string) {
		t.Helper()
		want := StringFlags(s) & format.StrHasHTML
		if got := HTMLFlag(s); got != want {
			t.Fatalf("HTMLFlag(%q) = %d, want %d", s, got, want)
		}
		if got := HTMLFlag([]byte(s)); got != want {
			t.Fatalf("HTMLFlag([]byte(%q)) = %d, want %d", s, got, want)
		}
	}
	for n := 0; n <= 40; n++ {
		base := strings.Repeat("x", n)
		check(base)
		for i := 0; i < n; i++ {
			for c := range 0x100 {
				check(base[:i] + string([]byte{byte(c)}) + base[i+1:])
			}
		}
	}
	pieces := []string{"\"", "<", ">", "&", "=", ";", "\x80", "\xbc", "\xbe", "\xa6", "\xff", "\x3d", "\x3f", "\x27", "\x24"}
	for n := 2; n <= 20; n++ {
		base := strings.Repeat("a", n)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				for _, p := range pieces {
					for _, q := range pieces {
						check(base[:i] + p + base[i+1:j] + q + base[j+1:])
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 100_000 {
		b := make([]byte, r.IntN(70))
		for i := range b {
			b[i] = byte(r.IntN(0x100))
		}
		check(string(b))
	}
}
