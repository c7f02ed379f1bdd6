package rowpage

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// firstRowPages are pages of map rows whose first rows have the keys of
// the page before, or not: the same keys (the first row then goes through
// knownFirstRow), as many keys but one other, keys of more than 16 bytes
// that differ only in their middle bytes, a key of 8 bytes whose first and
// last 8 are another's, fewer and more keys, no keys, a wide row of more
// than maxFewKeys keys and one of more than maxFirstKeys, and rows of the
// first row's keys after it (valuesByKey then reads them against the
// places firstRow kept).
func firstRowPages() [][]map[string]any {
	row := func(keys ...string) map[string]any {
		m := make(map[string]any, len(keys))
		for i, k := range keys {
			m[k] = float64(i)
			if i%3 == 1 {
				m[k] = "v" + k
			}
		}
		return m
	}
	wide := func(n int, prefix string) []string {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = prefix + strconv.Itoa(i)
		}
		return keys
	}
	long1 := "a_long_key_" + strings.Repeat("x", 10) + "_end"
	long2 := "a_long_key_" + strings.Repeat("y", 10) + "_end"
	base := []string{"id", "name", "created_at", "tags", long1, "z"}
	other := []string{"id", "name", "created_at", "tags", long2, "z"} // differs in the middle of a long key
	eight := []string{"id", "name", "created_at", "tags", long1, "abcdefgh"}
	nine := []string{"id", "name", "created_at", "tags", long1, "abcdxefgh"}
	pages := [][][]string{
		{base, base, base},
		{base, base},                   // same keys: knownFirstRow
		{other, other, base},           // as many keys, one other
		{base, other},                  // back
		{eight, eight},                 // 8-byte key
		{nine, eight},                  // its middle differs, length too
		{base[:3], base[:3], base},     // fewer keys
		{base, base[:3]},               // more
		{{}, base},                     // none
		{{}, base},                     // none again
		{wide(40, "k"), wide(40, "k")}, // wide
		{wide(40, "k"), wide(40, "k")},
		{wide(40, "j"), wide(40, "k")},
		{wide(300, "w"), base}, // more keys than firstRow keeps
		{wide(300, "w"), base},
		{base, base, base, base},
	}
	var out [][]map[string]any
	for _, p := range pages {
		var rows []map[string]any
		for _, keys := range p {
			rows = append(rows, row(keys...))
		}
		rows = append([]map[string]any{nil}, rows...) // a null row first: the first map row is the second
		out = append(out, rows)
	}
	return out
}

// TestFirstRowAcrossPages: an encoder reused over pages whose first rows
// have, or have not, the keys of the page before writes each page as a
// fresh encoder does.
func TestFirstRowAcrossPages(t *testing.T) {
	e := NewEncoder()
	for round := range 2 {
		for i, rows := range firstRowPages() {
			samePageAsFresh(t, e, rows, fmt.Sprintf("round %d, page %d", round, i))
		}
	}
}

// TestFirstRowKnownKeysError: a first row of the last page's keys with a
// value Marshal rejects is rejected as on a fresh encoder, naming its row
// and key.
func TestFirstRowKnownKeysError(t *testing.T) {
	e := NewEncoder()
	good := []map[string]any{{"a": 1.0, "b": "x", "c": true}}
	bad := []map[string]any{{"a": 1.0, "b": make(chan int), "c": true}}
	if _, err := e.Marshal(good); err != nil {
		t.Fatal(err)
	}
	_, want := NewEncoder().Marshal(bad)
	_, err := e.Marshal(bad)
	var re, we *Error
	if !errors.As(err, &re) || !errors.As(want, &we) || err.Error() != want.Error() {
		t.Fatalf("error %v, want %v", err, want)
	}
	if keys := firstKeys(&e.w.first); len(keys) != 3 {
		t.Fatalf("first row keys %q, want the 3 of the good page", keys)
	}
	if _, err := e.Marshal(good); err != nil { // and the encoder goes on
		t.Fatal(err)
	}
}

// TestFirstRowKeepsKeyBytes: firstRow keeps copies of the keys' bytes,
// in sorted order, and encoders that alternate between pages of two key
// sets, as a pooled encoder serving two endpoints does, allocate nothing
// for them once warmed up.
func TestFirstRowKeepsKeyBytes(t *testing.T) {
	e := NewEncoder()
	k := strings.Repeat("k", 20)
	if _, err := e.Marshal([]map[string]any{{k: 1.0, "b": 2.0}}); err != nil {
		t.Fatal(err)
	}
	if keys := firstKeys(&e.w.first); !slices.Equal(keys, []string{"b", k}) {
		t.Fatalf("first row keys %q, want b and %s, sorted", keys, k)
	}
	pages := []any{dataset.BaaSGenericMaps(25), dataset.GenericMaps(25)}
	var buf []byte
	for range 2 {
		for _, p := range pages {
			var err error
			if buf, err = e.Append(buf[:0], p); err != nil {
				t.Fatal(err)
			}
		}
	}
	if raceEnabled {
		t.Skip("allocation count skipped: the race detector makes sync.Pool drop items")
	}
	allocs := testing.AllocsPerRun(5, func() {
		for _, p := range pages {
			buf, _ = e.Append(buf[:0], p)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per two pages of other keys, want 0", allocs)
	}
}

// firstKeys returns the keys f keeps, in their order.
func firstKeys(f *firstRow) []string {
	var keys []string
	for _, w := range f.words {
		keys = append(keys, string(f.text[w.off:w.off+w.n]))
	}
	return keys
}

// TestFirstRowCountsColumns: the columns a first row of the last page's
// keys makes (knownFirstRow) are counted for keyColsWhole, as those of a
// first row that sorts its keys (freshRow), so that a later row's key
// keyCols lacks is known to have no column; pages of sparse rows, whose
// later rows bring such keys, and of rows whose keys are written over in
// keyCols, or longer than it holds, are written as a fresh encoder writes
// them.
func TestFirstRowCountsColumns(t *testing.T) {
	long := strings.Repeat("l", 20)
	pages := [][]map[string]any{
		{{"a": 1.0, "b": "x"}, {"a": 2.0, "c": "y"}, {"b": "z", "d": true, long: 3.0}, {"c": "w", long: 4.0}},
	}
	for _, set := range dataset.Sets {
		if set.Name == "sparse" || set.Name == "hetero" {
			pages = append(pages, set.Generic(25), set.Generic(100))
		}
	}
	e := NewEncoder()
	for i, rows := range pages {
		for round := range 3 { // from the second on, the first row takes knownFirstRow
			samePageAsFresh(t, e, rows, fmt.Sprintf("page %d, round %d", i, round))
		}
		appendSameAsJSON(t, e, nil, rows, i)
	}
}

// TestKnownFirstRowSeedsRanks: after a known first row (the keys of the
// last page's first row), the walker's column ranks are those update
// computes by sorting the page's keys.
func TestKnownFirstRowSeedsRanks(t *testing.T) {
	row := map[string]any{"zeta": 1.0, "id": 2.0, "alpha": "a", "created_at": "x", "created": true, "b": nil, "abcdefgh\x00": 3.0, "abcdefgh": 4.0}
	e := NewEncoder()
	for page := range 3 {
		if err := e.build([]map[string]any{row}); err != nil {
			t.Fatal(err)
		}
		w := &e.w
		if page > 0 && w.first.page != e.b.Page {
			t.Fatalf("page %d: the first row was not known", page)
		}
		sameRanksAsUpdate(t, &w.ranks, &e.b, fmt.Sprintf("page %d", page))
		e.b.Finish(nil)
		e.release()
	}
}

// sameRanksAsUpdate fails t unless r ranks the columns of page b as a
// fresh keyRanks's update does: with the same ranks, order and prefixes,
// or, where r ranks by the kept keys of the last page (keyRanks.global),
// in the same order, each column with its key's prefix.
func sameRanksAsUpdate(t *testing.T, r *keyRanks, b *pagebuild.Builder, what string) {
	t.Helper()
	var want keyRanks
	wantRank := want.update(b)
	got := r.update(b)
	if !r.global {
		if !slices.Equal(got, wantRank) || !slices.Equal(r.order, want.order) || !slices.Equal(r.pre, want.pre) {
			t.Errorf("%s: ranks %v, order %v, pre %x; update gives %v, %v, %x", what, got, r.order, r.pre, wantRank, want.order, want.pre)
		}
		return
	}
	byRank := make([]int32, b.NumColumns())
	for ci := range byRank {
		byRank[ci] = int32(ci)
	}
	slices.SortFunc(byRank, func(x, y int32) int { return int(got[x]) - int(got[y]) })
	if !slices.Equal(byRank, want.order) {
		t.Errorf("%s: columns by the kept keys' ranks %v (ranks %v); update orders them %v", what, byRank, got, want.order)
	}
	for ci := range byRank {
		if g := got[ci]; r.order[:maxSetCols][g] != int32(ci) || r.pre[g] != want.pre[wantRank[ci]] {
			t.Errorf("%s: column %d at rank %d: order there %d, pre %x; update's pre %x", what, ci, g, r.order[:maxSetCols][g], r.pre[g], want.pre[wantRank[ci]])
		}
	}
}
