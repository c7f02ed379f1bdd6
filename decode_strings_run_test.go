package rowpage

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// copyRun (decode_strings.go) copies string-table entries a run at a time.
// Asked for the entries in any order, str must return each entry's bytes
// (or its JSON-compatible form), the same copy every time, and copy each
// byte of the table at most once.

// runTestPage returns the layout of a page whose string table holds
// entries of many lengths, empty ones and invalid UTF-8 among them, in the
// common area and in string-seq columns' areas.
func runTestPage(t *testing.T, compat bool) *Page {
	t.Helper()
	var rows []map[string]any
	for i := range 600 {
		n := []int{0, 1, 7, 100, 511, 512, 513, 3000, 16384, 16385}[i%10]
		s := strconv.Itoa(i) + strings.Repeat("s", n)
		if i%13 == 0 {
			s += "\xff"
		}
		rows = append(rows, map[string]any{
			"common": []string{"", "a", "b\xc3", strings.Repeat("c", 600)}[i%4],
			"unique": s,
			"nested": map[string]any{"k" + strconv.Itoa(i%50): s + "n", "e": ""},
		})
	}
	page, err := Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	mode := defaultDecMode
	if compat {
		mode = compatMode
	}
	p, err := mode.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCopyRunAnyOrder(t *testing.T) {
	for _, compat := range []bool{false, true} {
		p := runTestPage(t, compat)
		n := p.l.Strings.Len()
		orders := map[string][]int{"up": make([]int, n), "down": make([]int, n), "random": rand.New(rand.NewPCG(1, 2)).Perm(n)}
		for i := range n {
			orders["up"][i], orders["down"][i] = i, n-1-i
		}
		for name, order := range orders {
			d := &valueDecoder{l: p.l, compat: compat, cache: true}
			got := make([]string, n)
			for _, i := range order {
				got[i] = d.str(uint32(i))
			}
			for i := range n {
				want := copyStr(p.l.Strings.Bytes(i), compat)
				if got[i] != want {
					t.Fatalf("compat=%v %s: entry %d = %q, want %q", compat, name, i, got[i], want)
				}
				// Asked again, the same copy.
				if again := d.str(uint32(i)); unsafe.StringData(again) != unsafe.StringData(got[i]) {
					t.Fatalf("compat=%v %s: entry %d copied twice", compat, name, i)
				}
			}
			if d.copied > p.l.Strings.DataLen() {
				t.Fatalf("compat=%v %s: copied %d bytes of a table of %d", compat, name, d.copied, p.l.Strings.DataLen())
			}
		}
	}
}
