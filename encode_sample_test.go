package rowpage

import (
	"strconv"
	"strings"
	"testing"
)

// TestDeferredLongStringsSamePage is TestDeferredCellsSamePage for
// deferred strings longer than 32 bytes, which the interner gives a sample
// hash of three of their words rather than a hash of them all
// (pagebuild.sampleHash): repeats of long strings in every way a deferred
// string can repeat, long strings that differ only between the sampled
// words, few of them (settle compares them) and thousands (settle starts
// over with full hashes), and a column of them that goes back to
// interning. Each page must equal the page with every string interned,
// and its JSON json.Marshal's.
func TestDeferredLongStringsSamePage(t *testing.T) {
	pad := strings.Repeat("a long run of text that a sample skips, ", 3)
	long := func(s string) string { return "<" + s + "> " + pad + s }
	// blind returns strings of 50 bytes that differ only in bytes 8-20
	// and 29-41, which a sample hash of 50 bytes does not read (it reads
	// bytes 0-8, 21-29 and 42-50).
	blind := func(i int) string {
		x := strconv.FormatInt(1e12+int64(i), 10)[1:] // 12 digits
		return "AAAAAAAA" + x + "-BBBBBBBB" + x + "-CCCCCCCC"
	}
	inputs := map[string][]map[string]any{}
	for _, n := range []int{40, 300, 3000} {
		rows := deferRepeats(n)
		for i, r := range rows {
			for k, v := range r {
				if s, ok := v.(string); ok {
					r[k] = long(s)
				}
			}
			r["text"] = long("body " + strconv.Itoa(i))
			if i%5 == 0 && i > 0 {
				r["text"] = long("body " + strconv.Itoa(i/2)) // a repeat in its column
			}
			if i%11 == 0 {
				r["nested"] = []any{long("id-" + strconv.Itoa(i/3)), long("later")}
			}
		}
		inputs["long/"+strconv.Itoa(n)] = rows
	}
	for _, n := range []int{100, 5000} {
		rows := make([]map[string]any, n)
		for i := range rows {
			rows[i] = map[string]any{"b": blind(i), "n": i}
			if i%7 == 3 {
				rows[i]["b"] = blind(i / 2) // a repeat among the blind strings
			}
			if i%13 == 0 {
				rows[i]["c"] = blind(i + 1) // in another column, interned
			}
		}
		inputs["blind/"+strconv.Itoa(n)] = rows
	}
	if len(blind(0)) != 50 {
		t.Fatalf("blind strings of %d bytes: the test lost its point", len(blind(0)))
	}
	on := NewEncoder()
	for name, rows := range inputs {
		samePageAsInterned(t, on, rows, name)
		checkJSON(t, rows)
	}
}
