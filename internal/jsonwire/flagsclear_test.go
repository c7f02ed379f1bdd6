package jsonwire

import (
	"strings"
	"testing"
)

// TestFlagsClearFourByte compares FlagsClear with the rune-by-rune
// reference on sequences led by F0 to F4 (and the bytes around them), with
// every second byte and third and fourth bytes at the edges of the
// continuation range, alone, cut short, and between ASCII and other text.
func TestFlagsClearFourByte(t *testing.T) {
	edges := []byte{0x00, 0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0xFF}
	s := make([]byte, 0, 64)
	for a := 0xEF; a <= 0xF5; a++ {
		for b := range 0x100 {
			for _, c := range edges {
				for _, d := range edges {
					for _, pre := range []string{"", "x", "日"} {
						for _, tail := range []string{"", "y", "👍", " ok"} {
							for cut := 2; cut <= 4; cut++ {
								seq := []byte{byte(a), byte(b), c, d}[:cut]
								s = append(append(append(s[:0], pre...), seq...), tail...)
								if got, want := FlagsClear(s), refStringFlags(string(s)) == 0; got != want {
									t.Fatalf("FlagsClear(% x) = %v, want %v", s, got, want)
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestFlagsClearASCIIRuns puts each byte that is not plain at every place
// of runs of ASCII of every length up to 100 bytes, after text of each
// kind of sequence, so that the run's word loop and PlainPrefix both meet
// it at each offset within a word.
func TestFlagsClearASCIIRuns(t *testing.T) {
	for _, pre := range []string{"", "a", "é", "日", "👩‍💻", "\u2029"} {
		for n := range 101 {
			run := []byte(strings.Repeat("abcdefgh", 13)[:n])
			for _, post := range []string{"", "é", "🚀"} {
				in := append(append([]byte(pre), run...), post...)
				if got, want := FlagsClear(in), refStringFlags(string(in)) == 0; got != want {
					t.Fatalf("FlagsClear(%q) = %v, want %v", in, got, want)
				}
			}
			for at := range n {
				for _, c := range []byte{0x00, 0x1F, '"', '\\', '<', '>', '&', 0x7F, 0x80, 0xC3, 0xE2, 0xF0} {
					in := append(append([]byte(pre), run...), "ok"...)
					in[len(pre)+at] = c
					if got, want := FlagsClear(in), refStringFlags(string(in)) == 0; got != want {
						t.Fatalf("FlagsClear(%q) = %v, want %v", in, got, want)
					}
				}
			}
		}
	}
}
