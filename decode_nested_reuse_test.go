package rowpage_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage"
)

type reuseInner struct {
	X string  `json:"x"`
	Y int64   `json:"y"`
	Z []int64 `json:"z"`
}

type reuseOuter struct {
	ID int64      `json:"id"`
	In reuseInner `json:"in"`
}

// reuseWide has more fields than reuseInner, so a nested plan made for
// one and reused for the other must grow or shrink its room.
type reuseWide struct {
	A, B, C, D, E, F, G, H, I, J string
	K, L, M, N, O, P, Q, R, S, T int64
}

type reuseWideOuter struct {
	W reuseWide `json:"w"`
}

// Decode calls reuse the memory of earlier calls' nested plans; a plan
// holds the string indexes of one page's keys, so what one call learned
// must never leak into the next. Pages whose objects name the same keys
// at other string indexes (another order, an unknown key first), and a
// struct type with many more fields in between, decode as json.Unmarshal
// decodes their JSON, call after call.
func TestNestedPlansDoNotLeakAcrossCalls(t *testing.T) {
	texts := []string{
		`[{"id":1,"in":{"x":"a","y":2,"z":[3,4]}},{"id":5,"in":{"y":6,"x":"b","z":[]}}]`,
		`[{"in":{"unknown":"u","z":[7],"y":8,"x":"c"},"id":9},{"id":10,"in":{"x":"d"}}]`,
		`[{"id":11,"in":{"X":"upper","Y":12}}]`, // matched case-insensitively
	}
	var pages [][]byte
	for _, text := range texts {
		var rows []map[string]any
		if err := json.Unmarshal([]byte(text), &rows); err != nil {
			t.Fatal(err)
		}
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, page)
	}
	wide, err := rowpage.Marshal([]reuseWideOuter{{W: reuseWide{A: "a", T: 20}}})
	if err != nil {
		t.Fatal(err)
	}
	for round := range 3 {
		for i, page := range pages {
			var got, want []reuseOuter
			if err := rowpage.Unmarshal(page, &got); err != nil {
				t.Fatalf("round %d, page %d: %v", round, i, err)
			}
			if err := json.Unmarshal([]byte(texts[i]), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, page %d:\n got %+v\nwant %+v", round, i, got, want)
			}
			var w []reuseWideOuter
			if err := rowpage.Unmarshal(wide, &w); err != nil || len(w) != 1 || w[0].W.A != "a" || w[0].W.T != 20 {
				t.Fatalf("round %d, the wide page: %+v, %v", round, w, err)
			}
		}
	}
}
