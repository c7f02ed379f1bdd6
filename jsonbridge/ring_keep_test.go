package jsonbridge

import (
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
)

// TestWriteJSONKeepsOneBuffer: the transcoder a WriteJSON call releases
// keeps its chunk ring for the next call while the ring is one buffer of
// its first size, and gives it back to chunkPool once a row grew the
// buffer or a page of repeated object cells took more buffers (the next
// call then takes a ring from the pool). Each call writes AppendJSON's JSON.
func TestWriteJSONKeepsOneBuffer(t *testing.T) {
	type obj = map[string]any
	var small, long, repeats []obj
	for i := range 3000 {
		if i < 25 {
			small = append(small, obj{"i": i})
		}
		repeats = append(repeats, obj{"o": obj{"n": i % 40, "t": strings.Repeat("<x>", 20+i%40)}})
	}
	for i := range 4 {
		long = append(long, obj{"s": strings.Repeat("y", 60<<10+i)})
	}
	m, err := Options{}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	// write writes rows with WriteJSON, given a fresh ring when fresh is
	// set, and returns the ring the released transcoder keeps.
	write := func(what string, rows []obj, fresh bool) *chunkRing {
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		want, err := m.AppendJSON(nil, page)
		if err != nil {
			t.Fatal(err)
		}
		if fresh {
			m.last.Load().ring = new(chunkRing) // the transcoder AppendJSON released
		}
		var got strings.Builder
		if err := m.WriteJSON(&got, page); err != nil || got.String() != string(want) {
			t.Fatalf("%s: WriteJSON wrote %d bytes, error %v; want AppendJSON's %d", what, got.Len(), err, len(want))
		}
		return m.last.Load().ring
	}
	r := write("small", small, true)
	if r == nil || r.bufs[1] != nil || cap(r.bufs[0]) != bufSize {
		t.Fatalf("small: the ring kept is not one buffer of %d bytes", bufSize)
	}
	if again := write("small again", small, false); again != r {
		t.Fatal("small again: the ring kept is not the first call's")
	}
	if r := write("long rows", long, false); r != nil {
		t.Fatal("long rows: a grown buffer kept")
	}
	if r := write("repeats", repeats, true); r != nil {
		t.Fatal("repeats: a ring of several buffers kept")
	}
	write("small at last", small, false)
}
