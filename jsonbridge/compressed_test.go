package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// compressed encodes v at level c.
func compressed(t testing.TB, v any, c rowpage.Compression) []byte {
	t.Helper()
	m, err := rowpage.EncOptions{Compression: c}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// TestCompressedJSON checks that AppendJSON and WriteJSON of a compressed
// page write exactly what json.Marshal writes, for every dataset and level,
// and that the modes with columns, offset, limit and an envelope give the
// same output from a compressed page as from the plain one.
func TestCompressedJSON(t *testing.T) {
	modes := []jsonbridge.Options{
		{Columns: []string{"id", "title", "type"}},
		{Offset: 3, Limit: 7},
		{NoEscapeHTML: true, Envelope: &jsonbridge.Envelope{RowsKey: "rows", CountKey: "count"}},
	}
	for _, set := range dataset.Sets {
		for _, n := range []int{1, 25, 1000} {
			v := set.Values(n)
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := rowpage.Marshal(v)
			for _, c := range []rowpage.Compression{rowpage.CompressFast, rowpage.CompressSmall} {
				page := compressed(t, v, c)
				got, err := jsonbridge.AppendJSON(nil, page)
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("%s/%d/%v: AppendJSON differs from json.Marshal (err %v)", set.Name, n, c, err)
				}
				var w bytes.Buffer
				if err := jsonbridge.WriteJSON(&w, page); err != nil || !bytes.Equal(w.Bytes(), want) {
					t.Fatalf("%s/%d/%v: WriteJSON differs from json.Marshal (err %v)", set.Name, n, c, err)
				}
				for i, o := range modes {
					m, err := o.Mode()
					if err != nil {
						t.Fatal(err)
					}
					wantMode, err1 := m.AppendJSON(nil, plain)
					gotMode, err2 := m.AppendJSON(nil, page)
					if (err1 == nil) != (err2 == nil) || !bytes.Equal(gotMode, wantMode) {
						t.Fatalf("%s/%d/%v: mode %d: compressed page renders differently (%v, %v)", set.Name, n, c, i, err1, err2)
					}
				}
			}
		}
	}
}

// TestCompressedAppendPage checks that PageOptions.EncOptions carries the
// compression level to AppendPage.
func TestCompressedAppendPage(t *testing.T) {
	text := dataset.Sets[0].Text(100)
	m, err := jsonbridge.PageOptions{EncOptions: rowpage.EncOptions{Compression: rowpage.CompressFast}}.PageMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.AppendPage(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := jsonbridge.AppendPage(nil, text)
	if len(page) >= len(plain) {
		t.Fatalf("compressed page %d bytes, plain %d", len(page), len(plain))
	}
	got, err := jsonbridge.AppendJSON(nil, page)
	if err != nil || !bytes.Equal(got, text) {
		t.Fatalf("round trip through AppendPage differs (err %v)", err)
	}
}

// TestCompressedAppendJSONAllocs checks that a hit on a compressed page
// allocates nothing with a reused buffer once the pooled transcoder has
// grown its inflate buffer.
func TestCompressedAppendJSONAllocs(t *testing.T) {
	if jsonbridge.RaceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	for _, c := range []rowpage.Compression{rowpage.CompressFast, rowpage.CompressSmall} {
		page := compressed(t, dataset.Rows(1000), c)
		buf, _ := jsonbridge.AppendJSON(nil, page)
		allocs := testing.AllocsPerRun(50, func() {
			var err error
			if buf, err = jsonbridge.AppendJSON(buf[:0], page); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != pureGoAllocs {
			t.Fatalf("%v: AppendJSON of a compressed page with a reused buffer allocated %v times per call", c, allocs)
		}
	}
}

// TestCompressedConcurrent renders compressed pages from several goroutines
// at once: the zstd decoder is shared and the inflate buffers are pooled
// with the transcoders (run with -race).
func TestCompressedConcurrent(t *testing.T) {
	v := dataset.Sets[4].Values(300)
	want, _ := json.Marshal(v)
	pages := [][]byte{compressed(t, v, rowpage.CompressFast), compressed(t, v, rowpage.CompressSmall)}
	done := make(chan error)
	for g := range 4 {
		go func() {
			var buf []byte
			var err error
			for i := range 20 {
				if buf, err = jsonbridge.AppendJSON(buf[:0], pages[(g+i)%2]); err == nil && !bytes.Equal(buf, want) {
					err = errors.New("output differs from json.Marshal")
				}
				if err != nil {
					break
				}
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
