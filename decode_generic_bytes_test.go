package rowpage

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// valueBytes (decode_generic_bytes.go) against the element-by-element
// reader it replaced: cellValueRef reads every array and object through a
// pageread.ValueReader, as cellValue did. Both must give the same value for
// every cell of every page, in every mode, and close the cell at the same
// length.

// cellValueRef is cellValue with arrays and objects read through a
// ValueReader.
func (d *valueDecoder) cellValueRef(c *pageread.Cell) any {
	switch c.Tag {
	case format.TagArray:
		out := make([]any, 0, c.Len)
		r := pageread.Elements(c)
		var e pageread.Cell
		for {
			if _, ok := r.Next(&e); !ok {
				break
			}
			out = append(out, d.cellValueRef(&e))
		}
		c.Close(r.End(&e))
		return out
	case format.TagObject:
		out := make(map[string]any, c.Len)
		r := pageread.Elements(c)
		var e pageread.Cell
		for {
			k, ok := r.Next(&e)
			if !ok {
				break
			}
			out[d.str(k)] = d.cellValueRef(&e)
		}
		c.Close(r.End(&e))
		return out
	}
	return d.cellValue(c)
}

// genericTestValue returns a random generic value: every tag, integers
// around the varint and zigzag boundaries, strings enough to need string
// indexes of one, two and three bytes, and nesting.
func genericTestValue(r *rand.Rand, depth int) any {
	ints := []int64{0, 1, -1, 63, 64, -64, -65, 127, 128, 255, 256, 8191, 8192, -8192, -8193, 1<<20 + 3, math.MaxInt64, math.MinInt64}
	switch k := r.IntN(14); {
	case k < 3 && depth < 5:
		n := r.IntN(6)
		if r.IntN(20) == 0 {
			n = 130 + r.IntN(20) // a two-byte count
		}
		out := make([]any, n)
		for i := range out {
			out[i] = genericTestValue(r, depth+1)
		}
		return out
	case k < 6 && depth < 5:
		out := map[string]any{}
		for i := range r.IntN(6) {
			out["k"+strconv.Itoa(r.IntN(40000)+i)] = genericTestValue(r, depth+1)
		}
		return out
	case k == 6:
		return ints[r.IntN(len(ints))]
	case k == 7:
		return []float64{0.5, -2.25, 1e300, 3}[r.IntN(4)]
	case k == 8:
		return uint64(math.MaxUint64) - uint64(r.IntN(3))
	case k == 9:
		return []any{nil, true, false}[r.IntN(3)]
	case k == 10:
		return time.Unix(int64(r.IntN(1e9)), int64(r.IntN(1e9))).In(time.FixedZone("", 3600*(r.IntN(5)-2)))
	case k == 11:
		return "2024-03-01T12:00:0" + strconv.Itoa(r.IntN(10)) + "Z" // a text time
	case k == 12:
		return []byte{byte(r.IntN(256))}
	}
	return "s" + strconv.Itoa(r.IntN(40000)) + strings.Repeat("x", r.IntN(3))
}

func TestValueBytesLikeValueReader(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var rows []map[string]any
	for i := range 150 {
		rows = append(rows, map[string]any{"v": genericTestValue(r, 0), "w": genericTestValue(r, 3), "i": i})
	}
	page, err := Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	useNumber, _ := DecOptions{JSONCompatible: true, UseNumber: true}.DecMode()
	for name, m := range map[string]*DecMode{"default": defaultDecMode, "compat": compatMode, "usenumber": useNumber} {
		p, err := m.Open(page)
		if err != nil {
			t.Fatal(err)
		}
		fast := &valueDecoder{l: p.l, compat: m.compat, useNumber: m.useNumber, cache: true}
		ref := &valueDecoder{l: p.l, compat: m.compat, useNumber: m.useNumber, cache: true}
		for c := range p.l.Columns {
			// Each cell read twice, open (as Decode reads any columns) and
			// closed (as ReadValue hands nested ones).
			k1, k2 := p.l.Cursor(c), p.l.Cursor(c)
			var a, b pageread.Cell
			for row := 0; row < p.l.Columns[c].Count; row++ {
				k1.TakeCellOpen(&a)
				k2.TakeCellOpen(&b)
				got, want := fast.cellValue(&a), ref.cellValueRef(&b)
				if d := cmp.Diff(want, got); d != "" {
					t.Fatalf("%s: column %d cell %d (-ValueReader +bytes):\n%s", name, c, row, d)
				}
				if a.Open != b.Open || len(a.Data) != len(b.Data) {
					t.Fatalf("%s: column %d cell %d closed at %d (open %v), ValueReader at %d (open %v)", name, c, row, len(a.Data), a.Open, len(b.Data), b.Open)
				}
			}
		}
		if fast.bigNumber != ref.bigNumber {
			t.Fatalf("%s: big number %q, ValueReader %q", name, fast.bigNumber, ref.bigNumber)
		}
	}
}
