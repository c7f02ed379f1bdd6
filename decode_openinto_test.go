package rowpage_test

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/allocs"
	"github.com/rowpage/rowpage/internal/dataset"
)

// openIntoPages are pages of every built-in dataset at two sizes, plain and
// compressed both ways, in an order that makes each OpenInto reuse memory
// grown by a page of another shape.
func openIntoPages(t *testing.T) (names []string, pages [][]byte) {
	t.Helper()
	for _, n := range []int{25, 300} {
		for _, set := range dataset.Sets {
			for _, comp := range storedForms {
				names = append(names, fmt.Sprintf("%s/%d/compression=%d", set.Name, n, comp))
				pages = append(pages, storedPage(t, set, n, comp))
			}
		}
	}
	return names, pages
}

// storedForms are the three ways a page's body may be stored.
var storedForms = append([]rowpage.Compression{rowpage.CompressNone}, compressions...)

// storedPage is the page of n rows of set, its body stored as comp.
func storedPage(t *testing.T, set dataset.Set, n int, comp rowpage.Compression) []byte {
	t.Helper()
	m, err := rowpage.EncOptions{Compression: comp}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.Marshal(set.Values(n))
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// pageCells is everything a Page says: its columns' names and every cell of
// every row as Value gives it, with absent cells left out.
func pageCells(p *rowpage.Page) (cols []string, rows []map[string]any) {
	for i := range p.NumColumns() {
		cols = append(cols, p.ColumnName(i))
	}
	for r := range p.Rows() {
		row := map[string]any{}
		for i := range r.NumFields() {
			c := r.Field(i)
			v, _ := r.Value(c)
			row[cols[c]] = v
		}
		rows = append(rows, row)
	}
	return cols, rows
}

func TestOpenIntoReadsAsOpen(t *testing.T) {
	names, pages := openIntoPages(t)
	var p rowpage.Page
	// Twice over, so that every page is also read after a larger one.
	for round := range 2 {
		for i, page := range pages {
			want, err := rowpage.Open(page)
			if err != nil {
				t.Fatal(err)
			}
			if err := rowpage.OpenInto(&p, page); err != nil {
				t.Fatalf("round %d, %s: %v", round, names[i], err)
			}
			wantCols, wantRows := pageCells(want)
			cols, rows := pageCells(&p)
			if d := cmp.Diff(wantCols, cols); d != "" {
				t.Fatalf("%s: columns differ (-Open +OpenInto):\n%s", names[i], d)
			}
			if d := cmp.Diff(wantRows, rows); d != "" {
				t.Fatalf("%s: rows differ (-Open +OpenInto):\n%s", names[i], d)
			}
			if p.Len() != want.Len() || p.IsDocument() != want.IsDocument() {
				t.Fatalf("%s: Len %d IsDocument %v, Open says %d %v", names[i], p.Len(), p.IsDocument(), want.Len(), want.IsDocument())
			}
		}
	}
}

func TestOpenIntoFailsAsOpenAndLeavesAnEmptyPage(t *testing.T) {
	good, err := rowpage.Marshal(dataset.Sets[0].Values(25))
	if err != nil {
		t.Fatal(err)
	}
	damaged := append([]byte(nil), good...)
	damaged[len(damaged)/2] ^= 0x40
	for _, bad := range [][]byte{nil, []byte(`[{"id":1}]`), damaged, good[:len(good)-3]} {
		var p rowpage.Page
		if err := rowpage.OpenInto(&p, good); err != nil {
			t.Fatal(err)
		}
		_, want := rowpage.Open(bad)
		err := rowpage.OpenInto(&p, bad)
		if want == nil || err == nil || err.Error() != want.Error() {
			t.Fatalf("OpenInto of %d bad bytes: %v, Open: %v", len(bad), err, want)
		}
		for _, sentinel := range []error{rowpage.ErrUnsupported, rowpage.ErrCorrupt, rowpage.ErrChecksum} {
			if errors.Is(err, sentinel) != errors.Is(want, sentinel) {
				t.Fatalf("OpenInto's error %v and Open's %v differ on %v", err, want, sentinel)
			}
		}
		if p.Len() != 0 || p.NumColumns() != 0 {
			t.Fatalf("after a failed OpenInto the page has %d rows and %d columns", p.Len(), p.NumColumns())
		}
		for range p.Rows() {
			t.Fatal("a failed OpenInto left rows to iterate")
		}
		if err := rowpage.OpenInto(&p, good); err != nil || p.Len() != 25 {
			t.Fatalf("OpenInto after a failure: %v, %d rows", err, p.Len())
		}
	}
}

// A typed read of every cell through one reused Page allocates nothing at
// all, on every dataset, plain or compressed: the layout's tables and
// inflated page, the cursors and the Row are the Page's, kept from the last
// page and the last iteration. (The purego build copies the page into one
// string.)
func TestOpenIntoTypedReadAllocatesNothing(t *testing.T) {
	if rowpage.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, set := range dataset.Sets {
		for _, n := range []int{25, 1000} {
			for _, comp := range storedForms {
				t.Run(fmt.Sprintf("%s/%d/compression=%d", set.Name, n, comp), func(t *testing.T) {
					page := storedPage(t, set, n, comp)
					var r typedReader
					var failed error
					bytes, objects := allocs.MinPerRun(2, 20, 3, func() {
						if err := r.read(page); err != nil {
							failed = err
						}
					})
					if failed != nil {
						t.Fatal(failed)
					}
					if objects != rowpage.OpenAllocs {
						t.Errorf("OpenInto and a typed read of every cell allocate %d objects (%d bytes) a call", objects, bytes)
					}
				})
			}
		}
	}
}

// Iterations of one Page may nest or run at once: each takes the Page's
// scratch only when it is free.
func TestRowsNestedOnOnePage(t *testing.T) {
	page, err := rowpage.Marshal(dataset.Sets[0].Values(5))
	if err != nil {
		t.Fatal(err)
	}
	var p rowpage.Page
	if err := rowpage.OpenInto(&p, page); err != nil {
		t.Fatal(err)
	}
	var pairs [][2]int
	for outer := range p.Rows() {
		i := outer.Index()
		for inner := range p.Rows() {
			pairs = append(pairs, [2]int{i, inner.Index()})
		}
		if outer.Index() != i {
			t.Fatalf("an inner iteration moved the outer row from %d to %d", i, outer.Index())
		}
	}
	if len(pairs) != 25 || pairs[24] != [2]int{4, 4} {
		t.Fatalf("nested iterations gave %v", pairs)
	}
}

// OpenInto lets the page a Page was open over go: the scratch its last
// iteration of Rows left for the next one no longer points into it.
func TestOpenIntoReleasesThePreviousPage(t *testing.T) {
	type row struct {
		ID   int64          `json:"id"`
		Name string         `json:"name"`
		Meta map[string]any `json:"meta"`
	}
	build := func(tag string) []byte {
		var rows []row
		for i := range 30 {
			rows = append(rows, row{ID: int64(i), Name: tag + strconv.Itoa(i), Meta: map[string]any{"k": []any{tag, int64(i)}}})
		}
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		return append(make([]byte, 0, len(page)), page...) // an array of its own, for the cleanup
	}
	var p rowpage.Page
	released := make(chan struct{})
	func() {
		first := build("first")
		runtime.AddCleanup(&first[0], func(ch chan struct{}) { close(ch) }, released)
		if err := rowpage.OpenInto(&p, first); err != nil {
			t.Fatal(err)
		}
		for r := range p.Rows() { // every cell read, nested ones walked
			if e, ok := r.Elems(2); ok {
				for e.Next() {
					if inner, ok := e.Elems(); ok {
						for inner.Next() {
						}
					}
				}
			}
		}
	}()
	if err := rowpage.OpenInto(&p, build("second")); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		runtime.GC()
		select {
		case <-released:
			runtime.KeepAlive(&p)
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatal("the first page is still reachable after OpenInto of the second")
}

// OpenInto over the same bytes rewritten with another page reads the new
// page's nested values as Open does: nothing the iterations over the old
// page left (a cell's or a nested iterator's report of where its elements
// end) is taken for the new one, whose elements start where the old
// ones did.
func TestOpenIntoSameBytesReadsTheNewNesting(t *testing.T) {
	marshal := func(rows []map[string]any) []byte {
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		return page
	}
	many := func(n int) []byte {
		var rows []map[string]any
		for i := range 20 {
			rows = append(rows, map[string]any{"id": int64(i), "meta": map[string]any{
				"a": []any{"x", int64(i * n), []any{int64(n), "y"}},
				"b": map[string]any{"c": []any{int64(i)}, "d": n > 1},
			}})
		}
		return marshal(rows)
	}
	one := func(inner ...any) []byte {
		return marshal([]map[string]any{{"m": []any{inner, "after"}}})
	}
	// walk writes the row's nested values, reading an inner value only
	// part way (its end then found by a walk) where part says, and the
	// others through to their end (their ends then reported).
	var walk func(dst []byte, e rowpage.Elems, depth int, part func(i, depth int) bool) []byte
	walk = func(dst []byte, e rowpage.Elems, depth int, part func(i, depth int) bool) []byte {
		dst = append(dst, '[')
		for i := 0; e.Next(); i++ {
			dst = append(dst, e.Key()...)
			if inner, ok := e.Elems(); ok {
				if part(i, depth) && inner.Next() {
					dst = append(dst, "part "...)
					continue
				}
				dst = walk(dst, inner, depth+1, part)
				continue
			}
			dst, _ = e.AppendJSON(dst)
			dst = append(dst, ' ')
		}
		return append(dst, ']')
	}
	read := func(p *rowpage.Page, part func(i, depth int) bool) string {
		var dst []byte
		for r := range p.Rows() {
			for c := range r.NumFields() {
				if e, ok := r.Elems(r.Field(c)); ok {
					dst = walk(dst, e, 0, part)
				}
			}
			dst = append(dst, '\n')
		}
		return string(dst)
	}
	whole := func(i, depth int) bool { return false }
	someParts := func(i, depth int) bool { return (i+depth)%3 == 2 }
	allParts := func(i, depth int) bool { return true }
	for _, tc := range []struct {
		name          string
		first, second []byte
		part          func(i, depth int) bool
	}{
		{"every third inner value read part way", many(1), many(3), someParts},
		{"an inner array grown by an element", one(int64(1), int64(2)), one(int64(1), int64(2), int64(3)), allParts},
		{"an inner array shrunk by an element", one(int64(1), int64(2), int64(3)), one(int64(1), int64(2)), allParts},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf := make([]byte, max(len(tc.first), len(tc.second)))
			var p rowpage.Page
			if err := rowpage.OpenInto(&p, buf[:copy(buf, tc.first)]); err != nil {
				t.Fatal(err)
			}
			read(&p, whole)
			if err := rowpage.OpenInto(&p, buf[:copy(buf, tc.second)]); err != nil {
				t.Fatal(err)
			}
			got := read(&p, tc.part)
			want, err := rowpage.Open(tc.second)
			if err != nil {
				t.Fatal(err)
			}
			if w := read(want, tc.part); got != w {
				t.Fatalf("OpenInto over the old page's bytes read\n%s\nOpen read\n%s", got, w)
			}
		})
	}
}
