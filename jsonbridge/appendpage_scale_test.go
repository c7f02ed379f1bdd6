package jsonbridge

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
)

// TestAppendPageAllocsScale is TestAppendPageAllocs for the datasets' JSON
// text at 25 and 1,000 rows: a warmed-up parser allocates nothing per
// page. It counts allocations, not time. Left out, as allocating today:
// hetero, whose numbers out of float64 range make ParseFloat allocate its
// range error and whose rows add shapes that shapeID allocates, and pages
// whose unescaped strings outgrow the tokenizer's pooled buffer
// (jsontext's maxPooledBuf, which Release drops, as for baas at 10,000
// rows).
func TestAppendPageAllocsScale(t *testing.T) {
	if b := []byte("a"); func() bool { s := view(b); b[0] = 'b'; return s == "a" }() {
		t.Skip("purego: strings are copied into the Builder")
	}
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for _, s := range dataset.Sets {
		if s.Name == "hetero" {
			continue
		}
		for _, n := range []int{25, 1000} {
			x := s.Text(n)
			dst, err := p.page(nil, x)
			if err != nil {
				t.Fatal(err)
			}
			p.release()
			if a := testing.AllocsPerRun(2, func() { dst, _ = p.page(dst[:0], x); p.release() }); a != 0 {
				t.Errorf("%s/%s: %v allocations per page, want 0", s.Name, strconv.Itoa(n), a)
			}
		}
	}
}
