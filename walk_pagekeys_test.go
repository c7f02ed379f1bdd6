package rowpage

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
)

// pageKeysRows returns n map rows drawn by r from keys, each key present
// with probability 1/2 (the first always), each map filled in an order r
// draws, so that the maps' own orders vary; values are strings, numbers,
// booleans, nulls, nested maps and RFC 3339 texts that do and do not
// render back exactly.
func pageKeysRows(r *rand.Rand, keys []string, n int) []map[string]any {
	texts := []string{
		"2024-03-05T10:04:15Z", "2024-03-05T10:04:15+00:00", "2024-03-05T10:04:15.500-07:00", // time cells
		"2024-3-05T10:04:15Z", "2024-02-30T00:00:00Z", "2024-03-05t10:04:15z", "2024-03-05T10:04:15-00:00", // strings
	}
	rows := make([]map[string]any, n)
	for i := range rows {
		m := map[string]any{}
		for _, j := range r.Perm(len(keys)) {
			if j != 0 && r.IntN(2) == 0 {
				continue
			}
			switch r.IntN(6) {
			case 0:
				m[keys[j]] = texts[r.IntN(len(texts))]
			case 1:
				m[keys[j]] = float64(r.IntN(1000))
			case 2:
				m[keys[j]] = r.IntN(2) == 0
			case 3:
				m[keys[j]] = nil
			case 4:
				m[keys[j]] = map[string]any{"v": float64(i), "k": keys[j]}
			default:
				m[keys[j]] = "s" + strconv.Itoa(r.IntN(50))
			}
		}
		rows[i] = m
	}
	return rows
}

// TestPageKeysRankLikeDense: pages of map rows through one encoder, whose
// columns are ranked by the keys kept from the page before
// (keyRanks.global) when it has them all, are the pages a fresh encoder
// writes, for pages of the same keys, of fewer, of one key more (which
// sends the page back to dense ranks), of keys that share their first 8
// and 16 bytes, of more than maxSetCols columns between them, and of
// maps whose orders vary. The kept keys' ranks must be in use where
// expected, or the test would not test them.
func TestPageKeysRankLikeDense(t *testing.T) {
	long := strings.Repeat("p", 16)
	base := []string{"id", "kind", "name", "abcdefgh", "abcdefgh\x00", "abcdefghi", "abcdefgX", long + "a", long + "b", long, "z", "", "updated_at", "émoji😀"}
	oneMore := append(append([]string(nil), base...), "m_new")
	fewer := base[:len(base)-3]
	var wide []string
	for i := range maxSetCols + 2 {
		wide = append(wide, fmt.Sprintf("w%02d", i))
	}
	r := rand.New(rand.NewPCG(45, 16))
	steps := []struct {
		keys   []string
		global bool // the page ends ranked by the kept keys
	}{
		{base, false}, {base, true}, {base, true}, {fewer, true}, {base, true},
		{oneMore, false}, {oneMore, true}, {base, true},
		{wide, false}, {base, false}, {base, true},
	}
	e := NewEncoder()
	for i, s := range steps {
		for _, n := range []int{1, 3, 25} {
			rows := pageKeysRows(r, s.keys, n)
			what := fmt.Sprintf("step %d, %d rows", i, n)
			samePageAsFresh(t, e, rows, what)
			if n == 25 && e.w.ranks.global != s.global {
				t.Errorf("%s: ranked by the kept keys %v, want %v", what, e.w.ranks.global, s.global)
			}
		}
	}
}

// TestPageKeysRankMidPage: a page ranked by the kept keys whose later
// rows bring a key they lack (after some new columns were ranked by them)
// goes back to dense ranks and is still the page a fresh encoder writes;
// as are pages whose rows each differ from the one before in one key.
func TestPageKeysRankMidPage(t *testing.T) {
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	var first, later []map[string]any
	for i := range keys {
		m := map[string]any{"a": float64(i)}
		for _, k := range keys[1 : i+1] {
			m[k] = k
		}
		later = append(later, m)
	}
	first = append(first, later[len(later)-1])
	later = append(later, map[string]any{"a": 1.0, "bb": "new", "h": true}, map[string]any{"c": 2.0, "0": nil})
	e := NewEncoder()
	samePageAsFresh(t, e, first, "the keys")
	samePageAsFresh(t, e, later, "a key more after some new columns")
	if e.w.ranks.global {
		t.Error("a page with keys the kept ones lack stayed ranked by them")
	}
	samePageAsFresh(t, e, later, "again")
	if !e.w.ranks.global {
		t.Error("a page of the kept keys was not ranked by them")
	}
	// One key differs between consecutive rows.
	var swap []map[string]any
	for i := range 20 {
		swap = append(swap, map[string]any{"id": float64(i), "k" + strconv.Itoa(i%5): "x", "k" + strconv.Itoa((i+1)%5): "y"})
	}
	for round := range 3 {
		samePageAsFresh(t, e, swap, fmt.Sprintf("swapped keys, round %d", round))
	}
}

// TestPageKeysDatasets: the generated datasets' map pages, each marshalled
// three times in turn through one encoder, so that each is ranked by the
// keys of the same page and of another, are the pages a fresh encoder
// writes.
func TestPageKeysDatasets(t *testing.T) {
	var pages [][]map[string]any
	for _, set := range dataset.Sets {
		pages = append(pages, set.Generic(25), set.NativeMaps(25), set.Generic(100))
	}
	e := NewEncoder()
	for round := range 3 {
		for i, rows := range pages {
			samePageAsFresh(t, e, rows, fmt.Sprintf("round %d, page %d", round, i))
		}
	}
}
