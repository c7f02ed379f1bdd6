package jsonbridge

import (
	"runtime"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
)

// TestModeDoesNotPinPages checks that a mode keeps no reference to the
// pages it served, even after a narrower page reused its buffers: the transcoder it keeps outside its pool for the next
// call survives garbage collections, so it must let the last page go.
func TestModeDoesNotPinPages(t *testing.T) {
	rows := []map[string]any{{"id": 1, "name": "ada", "tags": []string{"x", "y"}, "at": time.Unix(0, 0).UTC()}}
	for range 3 {
		rows = append(rows, rows...)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Options{}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	freed := make(chan struct{}, 1)
	func() {
		p := make([]byte, len(page)) // a fresh allocation the test can watch
		copy(p, page)
		runtime.AddCleanup(&p[0], func(ch chan struct{}) { ch <- struct{}{} }, freed)
		if _, err := m.AppendJSON(nil, p); err != nil {
			t.Fatal(err)
		}
	}()
	// A narrower page next: the transcoder's cursors beyond its one column
	// must not keep the wide page either.
	narrow, err := rowpage.Marshal([]map[string]int{{"n": 1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.AppendJSON(nil, narrow); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(5 * time.Second)
	for {
		runtime.GC()
		select {
		case <-freed:
			if m.last.Load() == nil {
				t.Fatal("the mode kept no transcoder for the next call")
			}
			return
		case <-deadline:
			t.Fatal("the page is still reachable after the call: the mode pins it")
		case <-time.After(10 * time.Millisecond):
		}
	}
}
