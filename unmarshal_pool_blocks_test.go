package rowpage_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
)

// blockRow has string fields for the string-seq columns of
// TestUnmarshalPooledBlocks's pages to decode into.
type blockRow struct {
	A, B, C, D, E, F string
}

// TestUnmarshalPooledBlocks checks Unmarshal, whose string-seq columns'
// blocks come from its pooled scratch, against encoding/json on 2,000
// pages one after another: each of 1 to 60 rows with a random subset of
// six string keys (so the column count, and the blocks a call takes,
// change from page to page), mostly distinct strings in row order
// (string-seq columns), some repeated (string-ref columns), of lengths
// up to 40 bytes, an entry now and then long enough to fill a chunk.
func TestUnmarshalPooledBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 330))
	keys := []string{"A", "B", "C", "D", "E", "F"}
	for p := range 2_000 {
		var use []string
		for _, k := range keys {
			if rng.IntN(2) == 0 {
				use = append(use, k)
			}
		}
		repeat := rng.IntN(4) == 0
		rows := make([]map[string]any, 1+rng.IntN(60))
		for i := range rows {
			m := map[string]any{}
			for _, k := range use {
				s := k + strconv.Itoa(p) + "-" + strconv.Itoa(i)
				switch {
				case repeat:
					s = k + strconv.Itoa(rng.IntN(3))
				case rng.IntN(200) == 0:
					s += string(make([]byte, 17<<10)) // past a 16 KiB chunk
				default:
					s += string(make([]byte, rng.IntN(40)))
				}
				m[k] = s
			}
			rows[i] = m
		}
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		js, _ := json.Marshal(rows)
		var got, want []blockRow
		if err := rowpage.Unmarshal(page, &got); err != nil {
			t.Fatalf("page %d: %v", p, err)
		}
		if err := json.Unmarshal(js, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("page %d (keys %v): Unmarshal gave\n%q\nencoding/json\n%q", p, use, got, want)
		}
	}
}
