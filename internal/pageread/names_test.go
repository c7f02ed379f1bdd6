package pageread

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestColumnNamesAreMatchesReference checks ColumnNamesAre, which compares
// names that follow one another in the string table in one memequal,
// against a comparison name by name, over random tables of short strings
// from a small alphabet (so that a name cut elsewhere can still match
// byte for byte) and names taken from the page, then altered.
func TestColumnNamesAreMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for iter := 0; iter < 50000; iter++ {
		n := 1 + rng.Intn(12)
		var data []byte
		offs := []uint32{0}
		for range n {
			for range rng.Intn(4) {
				data = append(data, "ab"[rng.Intn(2)])
			}
			offs = append(offs, uint32(len(data)))
		}
		l := &Layout{Kind: format.KindRows}
		l.Strings = StringTable{count: n, offs: offs, data: data, str: string(data)}
		cols := 1 + rng.Intn(n)
		names := make([]uint32, cols)
		if rng.Intn(3) > 0 { // a run of strings
			first := rng.Intn(n - cols + 1)
			for c := range names {
				names[c] = uint32(first + c)
			}
		} else {
			for c, i := range rng.Perm(n)[:cols] {
				names[c] = uint32(i)
			}
		}
		for _, x := range names {
			l.Columns = append(l.Columns, Column{Name: x})
		}
		var got []byte
		var ends []int32
		for _, x := range names {
			got = append(got, l.Strings.String(int(x))...)
			ends = append(ends, int32(len(got)))
		}
		switch rng.Intn(6) {
		case 1: // a byte changed
			if len(got) > 0 {
				got[rng.Intn(len(got))] ^= 3
			}
		case 2: // a cut moved
			ends[rng.Intn(len(ends))] += int32(rng.Intn(3) - 1)
		case 3: // a name short
			got = got[:max(0, len(got)-rng.Intn(2))]
		case 4: // a column fewer
			ends = ends[:len(ends)-1]
		case 5: // names longer than the last end
			got = append(got, 'a')
		}
		want := namesRef(l, got, ends)
		if l.ColumnNamesAre(got, ends) != want {
			t.Fatalf("names %v of table %q %v: ColumnNamesAre(%q, %v) = %v, want %v", names, data, offs, got, ends, !want, want)
		}
	}
}

// namesRef is ColumnNamesAre name by name.
func namesRef(l *Layout, names []byte, ends []int32) bool {
	if len(l.Columns) != len(ends) {
		return false
	}
	s := int32(0)
	for c, e := range ends {
		if e < s || int(e) > len(names) || l.ColumnName(c) != string(names[s:e]) {
			return false
		}
		s = e
	}
	return true
}

// TestColumnNamesOneByOneWords checks the path of ColumnNamesAre for names
// that do not follow one another in the table, whose names of up to 8
// bytes are compared as masked words: random tables of strings of up to
// 8, 16 or 79 bytes, columns in random order, names with and without
// bytes past the last end (as jsonbridge keeps), each altered in one byte
// or cut or not, against namesRef.
func TestColumnNamesOneByOneWords(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for iter := 0; iter < 50000; iter++ {
		n := 2 + rng.Intn(12)
		var data []byte
		offs := []uint32{0}
		for range n {
			longest := []int{8, 16, 79}[rng.Intn(3)] // one word, or longer
			data = append(data, strings.Repeat("ab", 40)[rng.Intn(2):][:rng.Intn(longest+1)]...)
			offs = append(offs, uint32(len(data)))
		}
		l := &Layout{Kind: format.KindRows}
		l.Strings = StringTable{count: n, offs: offs, data: data, str: string(data)}
		var got []byte
		var ends []int32
		for _, x := range rng.Perm(n)[:1+rng.Intn(n)] {
			l.Columns = append(l.Columns, Column{Name: uint32(x)})
			got = append(got, l.Strings.String(x)...)
			ends = append(ends, int32(len(got)))
		}
		switch rng.Intn(4) {
		case 1: // a byte changed
			if len(got) > 0 {
				got[rng.Intn(len(got))] ^= 3
			}
		case 2: // a cut moved
			ends[rng.Intn(len(ends))] += int32(rng.Intn(3) - 1)
		}
		if rng.Intn(2) == 0 { // slack past the last end, as jsonbridge keeps
			got = append(got, "abababab"[:rng.Intn(9)]...)
		}
		want := namesRef(l, got, ends)
		if l.ColumnNamesAre(got, ends) != want {
			t.Fatalf("columns %v of table %q %v: ColumnNamesAre(%q, %v) = %v, want %v", l.Columns, data, offs, got, ends, !want, want)
		}
	}
}
