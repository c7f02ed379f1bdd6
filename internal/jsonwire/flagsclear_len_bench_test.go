package jsonwire

import (
	"strconv"
	"strings"
	"testing"
)

// flagsClearLenTexts are clean texts cut to each length of
// BenchmarkFlagsClearLen: ASCII words, CJK, and a tweet's mix of
// Japanese, ASCII and emoji.
var flagsClearLenTexts = []struct{ name, s string }{
	{"ascii", strings.Repeat("the quick brown fox jumps over it ", 130)},
	{"cjk", strings.Repeat("日本語の文章を読む", 170)},
	{"mixed", strings.Repeat("今日は rowpage 👩‍💻 のテスト 🚀 ok ", 110)},
}

// flagsClearLens are the lengths of BenchmarkFlagsClearLen: every short
// length a string table's names and words take, around the vector form's
// threshold, and long text.
var flagsClearLens = []int{1, 2, 4, 8, 12, 16, 24, 32, 35, 40, 48, 56, 64, 96, 128, 256, 1024, 4096}

// BenchmarkFlagsClearLen times FlagsClear (impl=dispatch, as callers get
// it) and its byte loop alone (impl=swar) on clean text of each kind cut
// at each length of flagsClearLens (back to the start of a sequence), and,
// where the processor has it, the vector form alone (impl=avx2, from 35
// bytes).
func BenchmarkFlagsClearLen(b *testing.B) {
	impls := []struct {
		name string
		min  int
		f    func([]byte) bool
	}{
		{"dispatch", 0, FlagsClear},
		{"swar", 0, flagsClearSWAR},
	}
	if flagsClearVector {
		impls = append(impls, struct {
			name string
			min  int
			f    func([]byte) bool
		}{"avx2", 35, flagsClearBlocks})
	}
	for _, text := range flagsClearLenTexts {
		for _, n := range flagsClearLens {
			s := []byte(text.s[:n])
			for len(s) > 0 && s[len(s)-1] >= 0x80 && !FlagsClear(s) {
				s = s[:len(s)-1]
			}
			if !FlagsClear(s) {
				b.Fatalf("%s[:%d] is not clean", text.name, n)
			}
			for _, impl := range impls {
				if len(s) < impl.min {
					continue
				}
				b.Run(text.name+"/len="+strconv.Itoa(n)+"/impl="+impl.name, func(b *testing.B) {
					b.SetBytes(int64(len(s)))
					for b.Loop() {
						if impl.f(s) {
							benchSink++
						}
					}
				})
			}
		}
	}
}

// BenchmarkBlockFlagsLen times BlockFlags (impl=block) and StringFlags
// (impl=stringflags) on the texts of BenchmarkFlagsClearLen with a quote
// at the start and a line break at the end, as the flagged strings of a
// table of posts hold them: StringFlags walks all of it for the flag
// it never finds (StrHasHTML).
func BenchmarkBlockFlagsLen(b *testing.B) {
	for _, text := range flagsClearLenTexts {
		for _, n := range flagsClearLens {
			s := []byte(text.s[:n])
			for len(s) > 0 && s[len(s)-1] >= 0x80 && !FlagsClear(s) {
				s = s[:len(s)-1]
			}
			s = append(append([]byte{'"'}, s...), '\n')
			for _, impl := range []struct {
				name string
				f    func([]byte) uint8
			}{{"block", BlockFlags}, {"stringflags", StringFlags[[]byte]}} {
				b.Run(text.name+"/len="+strconv.Itoa(n)+"/impl="+impl.name, func(b *testing.B) {
					b.SetBytes(int64(len(s)))
					for b.Loop() {
						benchSink += int(impl.f(s))
					}
				})
			}
		}
	}
}
