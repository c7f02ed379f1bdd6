package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// dictSetup cuts 25×count rows of set into pages of 25 rows and trains a
// dictionary on the plain pages of the first 20.
func dictSetup(t testing.TB, set dataset.Set, count int) ([]any, *rowpage.Dictionary) {
	t.Helper()
	all := reflect.ValueOf(set.Values(25 * count))
	vs := make([]any, count)
	var samples [][]byte
	for i := range vs {
		vs[i] = all.Slice(25*i, 25*i+25).Interface()
		if i < 20 {
			page, err := rowpage.Marshal(vs[i])
			if err != nil {
				t.Fatal(err)
			}
			samples = append(samples, page)
		}
	}
	d, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return vs, d
}

func dictPage(t testing.TB, v any, c rowpage.Compression, d *rowpage.Dictionary) []byte {
	t.Helper()
	m, err := rowpage.EncOptions{Compression: c, Dictionary: d}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// TestDictionaryJSON checks that AppendJSON and WriteJSON of a page
// written with a dictionary, given the dictionary, write exactly what
// json.Marshal writes, for every dataset and level, and that the modes
// with columns, offset, limit and an envelope give the same output as from
// the plain page; and that without the dictionary, or with another one,
// every one of them reports ErrUnsupported naming it.
func TestDictionaryJSON(t *testing.T) {
	modes := []jsonbridge.Options{
		{},
		{Columns: []string{"id", "title", "type"}},
		{Offset: 3, Limit: 7},
		{NoEscapeHTML: true, Envelope: &jsonbridge.Envelope{RowsKey: "rows", CountKey: "count"}},
	}
	for k, set := range dataset.Sets {
		vs, d := dictSetup(t, set, 22)
		_, other := dictSetup(t, dataset.Sets[(k+1)%len(dataset.Sets)], 20)
		for _, v := range vs[20:] {
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := rowpage.Marshal(v)
			for _, c := range []rowpage.Compression{rowpage.CompressFast, rowpage.CompressSmall} {
				page := dictPage(t, v, c, d)
				for i, o := range modes {
					plainMode, _ := o.Mode()
					o.Dictionaries = []*rowpage.Dictionary{other, d}
					m, err := o.Mode()
					if err != nil {
						t.Fatal(err)
					}
					wantMode, err1 := plainMode.AppendJSON(nil, plain)
					gotMode, err2 := m.AppendJSON(nil, page)
					if err1 != nil || err2 != nil || !bytes.Equal(gotMode, wantMode) {
						t.Fatalf("%s/%v: mode %d: dictionary page renders differently (%v, %v)", set.Name, c, i, err1, err2)
					}
					if i == 0 && !bytes.Equal(gotMode, want) {
						t.Fatalf("%s/%v: AppendJSON differs from json.Marshal", set.Name, c)
					}
					var w bytes.Buffer
					if err := m.WriteJSON(&w, page); err != nil || !bytes.Equal(w.Bytes(), wantMode) {
						t.Fatalf("%s/%v: mode %d: WriteJSON differs (err %v)", set.Name, c, i, err)
					}
					o.Dictionaries = []*rowpage.Dictionary{other}
					without, _ := o.Mode()
					for name, err := range map[string]error{
						"AppendJSON":      func() error { _, err := jsonbridge.AppendJSON(nil, page); return err }(),
						"WriteJSON":       jsonbridge.WriteJSON(&w, page),
						"mode AppendJSON": func() error { _, err := without.AppendJSON(nil, page); return err }(),
						"mode WriteJSON":  without.WriteJSON(&w, page),
					} {
						if !errors.Is(err, rowpage.ErrUnsupported) || !strings.Contains(err.Error(), d.ID()) {
							t.Fatalf("%s/%v: mode %d: %s without the dictionary: %v", set.Name, c, i, name, err)
						}
					}
				}
			}
		}
	}
}

// TestDictionaryAppendPage checks that PageOptions.EncOptions carries the
// dictionary to AppendPage.
func TestDictionaryAppendPage(t *testing.T) {
	vs, d := dictSetup(t, dataset.Sets[0], 21)
	text, _ := json.Marshal(vs[20])
	m, err := jsonbridge.PageOptions{EncOptions: rowpage.EncOptions{Compression: rowpage.CompressSmall, Dictionary: d}}.PageMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.AppendPage(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := rowpage.PageDictionary(page); !ok || id != d.ID() {
		t.Fatalf("page names %q", id)
	}
	mode, _ := jsonbridge.Options{Dictionaries: []*rowpage.Dictionary{d}}.Mode()
	got, err := mode.AppendJSON(nil, page)
	if err != nil || !bytes.Equal(got, text) {
		t.Fatalf("round trip through AppendPage differs (err %v)", err)
	}
	if _, err := (jsonbridge.Options{Dictionaries: []*rowpage.Dictionary{nil}}).Mode(); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Fatalf("nil dictionary: %v", err)
	}
}

// TestDictionaryAppendJSONAllocs checks that a hit on a dictionary page
// allocates nothing with a reused buffer: the dictionary's zstd decoder is
// built once and the inflate buffer is pooled with the transcoder.
func TestDictionaryAppendJSONAllocs(t *testing.T) {
	if jsonbridge.RaceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	vs, d := dictSetup(t, dataset.Sets[0], 21)
	mode, _ := jsonbridge.Options{Dictionaries: []*rowpage.Dictionary{d}}.Mode()
	for _, c := range []rowpage.Compression{rowpage.CompressFast, rowpage.CompressSmall} {
		page := dictPage(t, vs[20], c, d)
		buf, _ := mode.AppendJSON(nil, page)
		allocs := testing.AllocsPerRun(50, func() {
			var err error
			if buf, err = mode.AppendJSON(buf[:0], page); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != pureGoAllocs {
			t.Fatalf("%v: AppendJSON of a dictionary page with a reused buffer allocated %v times per call", c, allocs)
		}
	}
}

// TestDictionaryConcurrent renders dictionary pages from several
// goroutines at once (run with -race): the dictionary's decoder is shared.
func TestDictionaryConcurrent(t *testing.T) {
	vs, d := dictSetup(t, dataset.Sets[4], 21)
	want, _ := json.Marshal(vs[20])
	pages := [][]byte{dictPage(t, vs[20], rowpage.CompressFast, d), dictPage(t, vs[20], rowpage.CompressSmall, d)}
	mode, _ := jsonbridge.Options{Dictionaries: []*rowpage.Dictionary{d}}.Mode()
	done := make(chan error)
	for g := range 4 {
		go func() {
			var buf []byte
			var err error
			for i := range 20 {
				if buf, err = mode.AppendJSON(buf[:0], pages[(g+i)%2]); err == nil && !bytes.Equal(buf, want) {
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
