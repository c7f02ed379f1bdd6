package jsonbridge

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
)

// TestShuffledKeysSharingBytesEqualBuilderPages builds, through the cell
// sink and through the Builder's methods, pages whose rows shuffle keys
// that share their first bytes (which the tokenizer's cache of row keys'
// columns files together), of 0 to 17 bytes, written plainly and with an
// escape that decodes to another key's text, and rows that repeat a key;
// one page after another, by one parser whose Builder changes between
// pages (the first keys of each Builder's page take other columns), and
// compares them byte for byte.
func TestShuffledKeysSharingBytesEqualBuilderPages(t *testing.T) {
	keys := []string{`""`, `"i"`, `"id"`, `"idx"`, `"i\u0064"`, `"ids"`, `"id_0123"`, `"id_01234"`,
		`"id_0123456789ab"`, `"id_0123456789abc"`, `"id_0123456789abcd"`, `"ab"`, `"ab\"c"`, `"ab\\c"`}
	page := func(seed, rows int, repeat bool) []byte {
		var b strings.Builder
		b.WriteByte('[')
		for r := range rows {
			if r > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('{')
			seen := map[string]bool{}
			for k := range 3 + (r+seed)%5 {
				key := keys[(r*7+k*5+seed*3)%len(keys)]
				if seen[key] && !repeat {
					continue
				}
				if len(seen) > 0 {
					b.WriteByte(',')
				}
				seen[key] = true
				fmt.Fprintf(&b, `%s:%d`, key, (r+k)%4)
			}
			b.WriteByte('}')
		}
		b.WriteByte(']')
		return []byte(b.String())
	}
	builders := []*rowpage.Builder{defaultPageMode.enc.NewBuilder(), defaultPageMode.enc.NewBuilder()}
	p := newParser(builders[0], defaultPageMode.cellMax)
	for n := range 12 {
		b := builders[n/3%2]
		p.b, p.sink = b, newCellSink(b)
		x := page(n, 40+n*10, n%4 == 3)
		sameAsBuilder(t, p, fmt.Sprintf("page %d: %s", n, x), x)
	}
}
