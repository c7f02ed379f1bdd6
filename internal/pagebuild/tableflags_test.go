package pagebuild

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TestSetTableFlagsOneString compares SetTableFlags on a one-string table
// with the reference, StringFlags, on strings over an alphabet of plain,
// escaped, HTML, multi-byte, separator and invalid bytes: at every length
// up to 70 with a special byte at every position (across the 16- and
// 32-byte blocks of the sweep), and longer ones at random positions.
func TestSetTableFlagsOneString(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := tableFlagsOf([]string{s})[0], jsonwire.StringFlags(s); got != want {
			t.Fatalf("SetTableFlags(%q) = %d, want %d", s, got, want)
		}
	}
	pieces := []string{"a", "Z", " ", "0", "~", "\x7f", "\"", "\\", "\n", "\x00", "\x1f", "<", ">", "&", "=", "?", ";",
		"é", "日本", "😀", "\u2028", "\u2029", "\u2027", "\xff", "\xe2\x80", "\xc3", "\xed\xa0\x80"}
	for n := 0; n <= 70; n++ {
		base := strings.Repeat("x", n)
		check(base)
		for i := 0; i < n; i++ {
			for _, p := range pieces {
				check(base[:i] + p + base[i+1:])
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for n := 60; n <= 300; n++ {
		base := strings.Repeat("y", n)
		check(base)
		for range 20 {
			i := r.IntN(n)
			p := pieces[r.IntN(len(pieces))]
			check(base[:i] + p + base[min(i+1, n):])
			j := i + 1 + r.IntN(n-i)
			q := pieces[r.IntN(len(pieces))]
			check(base[:i] + p + base[i+1:j] + q + base[j:])
		}
	}
	for range 200_000 {
		var b strings.Builder
		n := r.IntN(80)
		if r.IntN(4) == 0 {
			n = r.IntN(600)
		}
		for b.Len() < n {
			if r.IntN(20) == 0 {
				b.WriteString(pieces[r.IntN(len(pieces))])
			} else {
				b.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		check(b.String())
	}
}

func FuzzStringFlags(f *testing.F) {
	for _, s := range []string{"", "plain text", "a<b", "q\"", "\u2028", "\xff", strings.Repeat("é&", 9)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := tableFlagsOf([]string{s})[0], jsonwire.StringFlags(s); got != want {
			t.Fatalf("SetTableFlags(%q) = %d, want %d", s, got, want)
		}
	})
}

// tableFlagsOf runs SetTableFlags over strs laid out as a string table does.
func tableFlagsOf(strs []string) []byte {
	var data []byte
	var ends []uint32
	for _, s := range strs {
		data = append(data, s...)
		ends = append(ends, uint32(len(data)))
	}
	flags := make([]byte, (len(strs)+3)/4)
	SetTableFlags(flags, data, ends)
	return flags
}

// checkTableFlags compares SetTableFlags with StringFlags of each string,
// by blocks (where the processor has them) and by the sweep.
func checkTableFlags(t *testing.T, strs []string) {
	t.Helper()
	checkTableFlagsWay(t, strs)
	if flagsByBlocks {
		flagsByBlocks = false
		defer func() { flagsByBlocks = true }()
		checkTableFlagsWay(t, strs)
	}
}

// checkTableFlagsWay is checkTableFlags by the way flagsByBlocks selects.
func checkTableFlagsWay(t *testing.T, strs []string) {
	t.Helper()
	flags := tableFlagsOf(strs)
	for i, s := range strs {
		if got, want := flags[i>>2]>>((i&3)*2)&3, jsonwire.StringFlags(s); got != want {
			t.Fatalf("string %d of %d, %q: flags %d, want %d (by blocks: %v)", i, len(strs), s, got, want, flagsByBlocks)
		}
	}
	for i := len(strs); i < 4*len(flags); i++ {
		if flags[i>>2]>>((i&3)*2)&3 != 0 {
			t.Fatalf("padding bits set for %d strings", len(strs))
		}
	}
}

// TestTableFlagsMatchesFormat checks the flags SetTableFlags sets for tables
// of random strings (empty, short, long, plain and special) against
// StringFlags.
func TestTableFlagsMatchesFormat(t *testing.T) {
	pieces := []string{"a", " ", "\"", "\\", "\n", "\x00", "\x1f", "\x7f", "<", ">", "&", "é", "\u2028", "\u2029", "\xff", "\xe2\x80", "😀"}
	r := rand.New(rand.NewPCG(5, 6))
	checkTableFlags(t, nil)
	checkTableFlags(t, []string{""})
	for range 20_000 {
		strs := make([]string, r.IntN(12))
		for i := range strs {
			n := r.IntN(40)
			if r.IntN(3) == 0 {
				n = r.IntN(400)
			}
			b := []byte(strings.Repeat("x", n))
			for range r.IntN(3) {
				if n > 0 && r.IntN(3) > 0 {
					p := pieces[r.IntN(len(pieces))]
					at := r.IntN(n)
					b = append(b[:at:at], append([]byte(p), b[at:]...)...)
				}
			}
			strs[i] = string(b)
		}
		checkTableFlags(t, strs)
	}
}

// FuzzTableFlags splits the input into strings at the given lengths.
func FuzzTableFlags(f *testing.F) {
	f.Add([]byte("plain\"quoted\\<b>&amp;\u2028é\xff\n"), []byte{5, 7, 1, 3, 5, 3, 2, 1})
	f.Fuzz(func(t *testing.T, data, lens []byte) {
		var strs []string
		for _, n := range lens {
			n := min(int(n), len(data))
			strs = append(strs, string(data[:n]))
			data = data[n:]
		}
		checkTableFlags(t, append(strs, string(data)))
	})
}

// TestNextNotPlain compares nextNotPlain with jsonwire.PlainPrefix from
// every position of random tables of plain text with special bytes at
// every density, including within the first word and past it.
func TestNextNotPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	specials := []byte{'"', '\\', '<', '>', '&', '\n', 0x00, 0x1F, 0x80, 0xC3, 0xE2, 0xFF}
	for _, every := range []int{2, 5, 9, 17, 40, 200} {
		data := make([]byte, 300)
		for i := range data {
			data[i] = byte('a' + r.IntN(26))
			if r.IntN(every) == 0 {
				data[i] = specials[r.IntN(len(specials))]
			}
		}
		for pos := 0; pos <= len(data); pos++ {
			if got, want := nextNotPlain(data, pos), jsonwire.PlainPrefix(data, pos); got != want {
				t.Fatalf("every %d: nextNotPlain(%q, %d) = %d, want %d", every, data, pos, got, want)
			}
		}
	}
}
