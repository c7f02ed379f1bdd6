package jsonbridge

import (
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
)

// TestAgainRowCountsNestedStrings checks that a row AgainRow adds counts
// the strings of its nested cells once more, as reading it would, whether
// the previous row's cell was read or copied: a cell the tokenizer wrote
// without a string (PlainCell) is repeated without the scan for one, any
// other is scanned. The pages alternate cells without and with strings
// of the same length at the same places of one column, one parser
// building them all, so that a PlainCell left from a cell or a page
// before would pass a cell with strings as plain.
func TestAgainRowCountsNestedStrings(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	page := func(cells ...string) string {
		var rows []string
		for _, c := range cells {
			for range 4 {
				rows = append(rows, `{"n":1,"o":`+c+`,"z":2}`)
			}
		}
		return "[" + strings.Join(rows, ",") + "]"
	}
	texts := []string{
		page(`{"k":1}`, `{"k":"xq"}`),
		page(`{"k":"xq"}`, `{"k":1}`),
		page(`{"k":1}`),
		page(`{"k":"xq"}`),
		page(`[1,{"k":2}]`, `[1,{"k":"xq"}]`, `[1,{"k":3}]`, `["xq",{"k":3}]`),
		page(`[1,{"k":2}]`),
		page(`[1,{"k":"xq"}]`),
	}
	agains := p.sink.agains
	for _, x := range texts {
		if e := p.t.TaggedPage(p.sink, []byte(x), p.cellMax, rowpage.ErrDuplicateKey); e != nil {
			t.Fatalf("%s: %v", x, e.Msg)
		}
		in := &p.sink.pb.In
		want := strings.Count(x, `"xq"`)
		id, ok := in.Lookup("xq")
		if got := 0; ok {
			got = int(in.Count(id))
			if got != want {
				t.Fatalf("%s: %q counted %d times, want %d", x, "xq", got, want)
			}
		} else if want > 0 {
			t.Fatalf("%s: %q not interned", x, "xq")
		}
		if _, err := p.b.Finish(nil); err != nil {
			t.Fatalf("%s: %v", x, err)
		}
		p.release()
		sameAsBuilder(t, p, x, []byte(x))
	}
	if p.sink.agains == agains {
		t.Fatal("no row was added by AgainRow")
	}
}
