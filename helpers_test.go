package rowpage

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// pageJSON renders an opened page as JSON with the generic cell renderer,
// row by row. It is a simple reference: jsonbridge has the fast one.
func pageJSON(t testing.TB, page []byte) []byte {
	t.Helper()
	m := defaultDecMode
	if _, ok := PageDictionary(page); ok { // SPEC.md 10.11's
		m, _ = DecOptions{Dictionaries: []*Dictionary{specDictOrNil()}}.DecMode()
	}
	p, err := m.Open(page)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	l := PageLayout(p)
	var out []byte
	switch l.Kind {
	case format.KindValue:
		var c pageread.Cell
		cur := l.Cursor(0)
		cur.TakeCell(&c)
		return l.AppendCellJSON(out, &c, true, math.MaxInt)
	case format.KindRows:
		out = append(out, '[')
	}
	for r := range p.Rows() {
		if r.Index() > 0 {
			out = append(out, ',')
		}
		if r.IsNull() {
			out = append(out, "null"...)
			continue
		}
		out = append(out, '{')
		for i := 0; i < r.NumFields(); i++ {
			if i > 0 {
				out = append(out, ',')
			}
			c := r.Field(i)
			out = l.AppendStringJSON(out, int(l.Columns[c].Name), true)
			out = append(out, ':')
			var err error
			if out, err = r.AppendJSON(out, c); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, '}')
	}
	if l.Kind == format.KindRows {
		out = append(out, ']')
	}
	return out
}

// checkJSON marshals v both ways and requires identical JSON.
func checkJSON(t *testing.T, v any) []byte {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	page, err := Marshal(v)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	got := pageJSON(t, page)
	if string(got) != string(want) {
		t.Fatalf("JSON differs\n got: %.2000s\nwant: %.2000s", got, want)
	}
	return page
}

// samePageAsFresh marshals v with enc, which may have written other pages
// before, and with a new Encoder, and fails the test, naming what, if the
// two pages differ. It returns enc's page.
func samePageAsFresh(t *testing.T, enc *Encoder, v any, what string) []byte {
	t.Helper()
	got, err := enc.Marshal(v)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	want, err := NewEncoder().Marshal(v)
	if err != nil {
		t.Fatalf("%s: a fresh encoder: %v", what, err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: a reused encoder wrote another page than a fresh one", what)
	}
	return got
}

// openMarshalled marshals v and opens the page, failing the test if either
// step fails.
func openMarshalled(t *testing.T, v any) *Page {
	t.Helper()
	page, err := Marshal(v)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	p, err := Open(page)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return p
}

// openRowsAndValues marshals rows and returns the page, the page opened,
// and the rows Unmarshal reads from it: what every other reader of its
// cells must give.
func openRowsAndValues(t *testing.T, rows []map[string]any) (page []byte, p *Page, want []map[string]any) {
	t.Helper()
	page, err := Marshal(rows)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	if err := Unmarshal(page, &want); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	if p, err = Open(page); err != nil {
		t.Fatalf("Open: %v", err)
	}
	return page, p, want
}

// samePageAsInterned marshals v with enc, which defers the strings of
// columns that look distinct, and with a new Encoder that interns every
// string (NoDefer), and fails the test, naming what, if the two pages
// differ: deferring strings must never change a page.
func samePageAsInterned(t *testing.T, enc *Encoder, v any, what string) {
	t.Helper()
	interned := NewEncoder()
	interned.b.NoDefer = true
	want, err := interned.Marshal(v)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	got, err := enc.Marshal(v)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: the page with deferred strings differs from the page with every string interned", what)
	}
}
