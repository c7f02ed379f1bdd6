package pageread

import (
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"

	"github.com/rowpage/rowpage/internal/jsonwire"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// tableOf builds a StringTable over strs as a page's string table holds
// them, with correct flags.
func tableOf(t *testing.T, strs []string) *StringTable {
	t.Helper()
	var w pagebuild.StringTableWriter
	for _, s := range strs {
		w.Add(s)
	}
	b := w.AppendTo(nil)
	n, k := format.ConsumeUvarint(b)
	if k < 0 || int(n) != len(strs) {
		t.Fatalf("string table count: %d, %d", n, k)
	}
	b = b[k:]
	width := int(b[0])
	b = b[1:]
	flagLen := (len(strs) + 3) / 4
	offs := make([]uint32, len(strs)+1)
	decodeEnds(offs, b[flagLen:flagLen+len(strs)*width], len(strs), width)
	return &StringTable{
		count: len(strs),
		flags: b[:flagLen],
		offs:  offs,
		data:  b[flagLen+len(strs)*width:],
		fits:  make([]uint32, len(strs)),
	}
}

// flagCases holds strings of every flag kind in awkward places: empty ones,
// ones that end exactly on a sixteen-byte block, long clean runs before a
// special byte, and non-ASCII text that needs no escaping.
var flagCases = []string{
	"", "plain", strings.Repeat("x", 16), "", "tab\there", "a<b",
	strings.Repeat("clean text ", 9) + "&", "caf\u00e9", "\u2028", "\xff",
	strings.Repeat("y", 31) + `"`, "", "both < and \\", strings.Repeat("z", 40),
	"\u65e5\u672c\u8a9e", "\x00", "", "last",
}

func TestVerifyFlagsAcceptsCorrectFlags(t *testing.T) {
	for n := 0; n <= len(flagCases); n++ {
		if i := tableOf(t, flagCases[:n]).verifyFlags(); i != -1 {
			t.Fatalf("%d strings: string %d reported wrong, flags are right", n, i)
		}
	}
}

// TestVerifyFlagsFindsEachWrongFlag sets each string's flags to every wrong
// value in turn: verifyFlags must name exactly that string, whether the
// lie hides a byte to escape or claims one that is not there.
func TestVerifyFlagsFindsEachWrongFlag(t *testing.T) {
	for i, s := range flagCases {
		right := jsonwire.StringFlags(s)
		for f := uint8(0); f < 4; f++ {
			if f == right {
				continue
			}
			tab := tableOf(t, flagCases)
			shift := uint(i&3) * 2
			tab.flags[i>>2] = tab.flags[i>>2]&^(3<<shift) | f<<shift
			if got := tab.verifyFlags(); got != i {
				t.Errorf("string %d (%q) with flags %d instead of %d: verifyFlags = %d", i, s, f, right, got)
			}
		}
	}
}

// TestStringTableEveryWidth reads strings back through tables of every
// offset width: 1 (data under 256 bytes), 2, 3 and 4 (16 MiB and more).
func TestStringTableEveryWidth(t *testing.T) {
	for _, big := range []int{0, 300, 70_000, 1 << 24} {
		strs := []string{"first", "", strings.Repeat("b", big), "x", "", "last one"}
		tab := tableOf(t, strs)
		width := format.StringTableWidth(len(tab.data))
		for i, s := range strs {
			if got := string(tab.Bytes(i)); got != s {
				t.Fatalf("width %d: string %d has %d bytes, want %d", width, i, len(got), len(s))
			}
		}
		if i := tab.verifyFlags(); i != -1 {
			t.Fatalf("width %d: string %d reported wrong", width, i)
		}
	}
}

func TestFlaggedCount(t *testing.T) {
	var many []string // enough strings for whole 8-byte words of flags
	for range 5 {
		many = append(many, flagCases...)
	}
	for n := 0; n <= len(many); n++ {
		flags := make([]byte, (n+3)/4) // as a string table stores them
		want := 0
		for i, s := range many[:n] {
			f := jsonwire.StringFlags(s)
			flags[i>>2] |= f << ((i & 3) * 2)
			if f != 0 {
				want++
			}
		}
		if got := flaggedCount(flags); got != want {
			t.Errorf("%d strings: flaggedCount = %d, want %d", n, got, want)
		}
	}
}
