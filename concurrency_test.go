package rowpage_test

import (
	"bytes"
	"encoding/json"
	"fmt"
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
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				switch g % 4 {
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
