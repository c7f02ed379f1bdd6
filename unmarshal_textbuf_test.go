package rowpage

import (
	"reflect"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
)

// TestUnmarshalTimeTextOwnsItsStrings checks that the strings timeTextColumn
// makes of times held as text (the BaaS documents' $createdAt and
// $updatedAt) do not alias the buffer they are rendered in, which an
// Unmarshal call leaves in its pooled scratch for the next: it decodes
// pages of different windows of documents one after another, each call
// reusing the buffer the last one left, and compares every earlier
// result, after all the calls, with the documents it was made of. It sees
// a buffer come back from the pool at least once (unless the race
// detector drops it).
func TestUnmarshalTimeTextOwnsItsStrings(t *testing.T) {
	docs := dataset.BaaSDocs(400)
	var got [][]dataset.BaaSDoc
	var want [][]dataset.BaaSDoc
	reused := 0
	for _, w := range [][2]int{{0, 25}, {25, 50}, {3, 300}, {50, 51}, {100, 400}, {7, 32}} {
		page, err := Marshal(docs[w[0]:w[1]])
		if err != nil {
			t.Fatal(err)
		}
		if s, _ := unmarshalScratches.Get().(*unmarshalScratch); s != nil {
			if cap(s.text) > 0 {
				reused++
			}
			unmarshalScratches.Put(s)
		}
		var out []dataset.BaaSDoc
		if err := Unmarshal(page, &out); err != nil {
			t.Fatal(err)
		}
		got = append(got, out)
		want = append(want, docs[w[0]:w[1]])
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			for j := range got[i] {
				if !reflect.DeepEqual(got[i][j], want[i][j]) {
					t.Fatalf("call %d, row %d: got %+v, want %+v", i, j, got[i][j], want[i][j])
				}
			}
			t.Fatalf("call %d: got %d rows, want %d", i, len(got[i]), len(want[i]))
		}
	}
	if reused == 0 && !raceEnabled {
		t.Fatal("no call met a text buffer left in the scratch")
	}
}
