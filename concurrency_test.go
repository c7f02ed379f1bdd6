package rowpage_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// TestConcurrentReaders has many goroutines read one Page and transcode its
// bytes at once while others encode with the pooled encoders. Run it with
// -race.
func TestConcurrentReaders(t *testing.T) {
	rows := dataset.Rows(300)
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(rows)
	p, err := rowpage.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := p.Column("id")
	// What Row.Value gives, read once before the goroutines share the
	// Page's cache of strings.
	var values [][]any
	if p2, err := rowpage.Open(page); err == nil {
		values = readValues(p2)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				switch g % 5 {
				case 0:
					var sum int64
					for r := range p.Rows() {
						v, _ := r.Int(id)
						sum += v
					}
					if sum == 0 {
						errs <- fmt.Errorf("typed read saw no ids")
					}
				case 1:
					var out []dataset.Row
					if err := p.Decode(&out); err != nil || len(out) != len(rows) {
						errs <- fmt.Errorf("Decode: %v", err)
					}
				case 2:
					got, err := jsonbridge.AppendJSON(nil, page)
					if err != nil || !bytes.Equal(got, want) {
						errs <- fmt.Errorf("AppendJSON: %v", err)
					}
				case 3:
					if got := readValues(p); !reflect.DeepEqual(got, values) {
						errs <- fmt.Errorf("Row.Value and Elems.Value differ from a lone reader's")
					}
				default:
					other, err := rowpage.Marshal(dataset.Rows(50 + g))
					if err != nil {
						errs <- err
						continue
					}
					if _, err := rowpage.Open(other); err != nil {
						errs <- err
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// readValues returns Row.Value of every cell of p, then Elems.Value of the
// elements of every array or object cell.
func readValues(p *rowpage.Page) [][]any {
	var out [][]any
	for r := range p.Rows() {
		var row []any
		for c := range p.NumColumns() {
			v, _ := r.Value(c)
			row = append(row, v)
			if e, ok := r.Elems(c); ok {
				for e.Next() {
					row = append(row, e.Value())
				}
			}
		}
		out = append(out, row)
	}
	return out
}
