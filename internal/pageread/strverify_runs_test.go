package pageread

import "testing"

// runCases are tables whose strings in another script follow one another,
// so that the flag check reads several in one FlagsClear (cleanRun): names
// in Cyrillic and CJK, an empty string, a string after the run's last, a
// flagged string that ends a run, U+2028 and a bad byte inside a run, and
// strings that start with ASCII inside a run (after a sequence cut short,
// or holding a quote or markup).
var runCases = [][]string{
	{"Юрий Титов", "Валерий Васильев", "Парамон Белов", "Юрий Титов"},
	{"Юрий", "", "Олег", "日本語", "Ελληνικά", "ascii after", "Яков"},
	{"Олег", "Федор\n", "Анатолий", "Дмитрий Фролов"},
	{"Олег", "Фе\u2028дор", "Анатолий"},
	{"Олег", "Федор\xff", "Анатолий"},
	{"Олег", "Федор", "\u2029Анатолий"},
	{"ascii", "Олег", "Федор"},
	{"Олег", "Фе\xd0", "ascii after a cut sequence", "Яков"},
	{"Олег", "a \"quoted\" word", "Яков", "<b>", "Федор"},
	{"Олег", "plain ascii", "Яков", "more ascii", "日本語"},
}

// TestCheckFlagsRunsOfNonASCII checks every table of runCases as it was
// written, and with each string's flags set to every wrong value: both
// ways accept the first and name the string in the second.
func TestCheckFlagsRunsOfNonASCII(t *testing.T) {
	for _, strs := range runCases {
		bothWays(t, tableOf(t, strs), -1, "right flags")
		for i := range strs {
			shift := uint(i&3) * 2
			for f := range uint8(4) {
				tab := tableOf(t, strs)
				if f == tab.flags[i>>2]>>shift&3 {
					continue
				}
				tab.flags[i>>2] = tab.flags[i>>2]&^(3<<shift) | f<<shift
				bothWays(t, tab, i, "string "+itoa(i)+" of "+strs[0]+"…")
			}
		}
	}
}

// TestCheckFlagsSequenceAcrossStrings builds tables whose bytes are valid
// UTF-8 end to end while a string ends inside a sequence and the next one
// starts with the rest of it: each string is invalid, so both must carry
// StrNeedsEscape, and a table that marks them clean is named at the first.
func TestCheckFlagsSequenceAcrossStrings(t *testing.T) {
	for _, strs := range [][]string{
		{"Юр\xd0", "\xb9 Титов"},                   // a two-byte sequence cut
		{"Олег", "日\xe6", "\x9c\xac", "Анатолий"},  // a three-byte one
		{"Олег", "日\xe6\x9c", "\xac語", "Анатолий"}, // cut after its second byte
		{"\xf0\x9f", "\x98\x80", "Олег"},           // a four-byte one
	} {
		tab := tableOf(t, strs)
		bothWays(t, tab, -1, "as written")
		for i := range strs {
			tab.flags[i>>2] &^= 3 << (uint(i&3) * 2)
		}
		first := -1
		for i, s := range strs {
			if tableOf(t, []string{s}).flags[0] != 0 {
				first = i
				break
			}
		}
		if first < 0 {
			t.Fatalf("%q: no string needs a flag", strs)
		}
		bothWays(t, tab, first, "all marked clean")
	}
}

// TestNextFlagged compares nextFlagged with a string-by-string search on
// tables of up to 100 strings with flags at a few places.
func TestNextFlagged(t *testing.T) {
	for n := 1; n <= 100; n++ {
		for _, at := range [][]int{nil, {0}, {n - 1}, {n / 2}, {1, n - 1}, {31, 32, 33}, {63}} {
			flags := make([]byte, (n+3)/4)
			for _, k := range at {
				if k < n {
					flags[k>>2] |= 2 << (uint(k&3) * 2)
				}
			}
			for i := 0; i <= n; i++ {
				want := n
				for k := i; k < n; k++ {
					if tableFlag(flags, k) != 0 {
						want = k
						break
					}
				}
				if got := min(nextFlagged(flags, i), n); got != want {
					t.Fatalf("n=%d flags at %v: nextFlagged(%d) = %d, want %d", n, at, i, got, want)
				}
			}
		}
	}
}
