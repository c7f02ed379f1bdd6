package rowpage_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
)

// varyingKeys are keys that share their first 8 bytes, differ only by a
// trailing zero byte, are empty, or hold bytes over 0x7F: keys that the
// ranking of a page's columns (walk_mapshape.go) must tell apart.
var varyingKeys = []string{
	"", "\x00", "a", "a\x00", "a\x00\x00", "b", "id", "kind", "name", "note", "tags", "meta", "code",
	"abcdefg", "abcdefgh", "abcdefgh\x00", "abcdefghi", "abcdefghij", "abcdefgz", "created", "created_",
	"created_at", "created_by", "createdAt", "updated_at", "updated_by", "zz", "zzzzzzzzz", "é", "émoji😀",
	"x_1", "x_2", "x_10", "payload", "payload_size", "public", "repo", "actor", "org", "type",
}

// TestMapRowsOfVaryingKeys: map rows of 1 to 40 keys, whose key sets
// vary from row to row (so most rows find their keys' ranks and only
// some bring new keys) and whose keys come in each map's own order, give
// the page of the same rows as a map type of their own, whose keys the
// walker sorts as strings (by reflection, without ranks); a reused Encoder
// gives the page a new one gives.
func TestMapRowsOfVaryingKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 41))
	enc := rowpage.NewEncoder()
	for _, width := range []int{1, 2, 7, 8, 16, 17, 25, 40} {
		for _, n := range []int{1, 3, 25, 200} {
			rows := make([]map[string]any, n)
			for i := range rows {
				m := map[string]any{}
				for _, j := range rng.Perm(len(varyingKeys))[:1+rng.IntN(width)] {
					k := varyingKeys[j]
					switch rng.IntN(3) {
					case 0:
						m[k] = k + strconv.Itoa(i%4)
					case 1:
						m[k] = float64(i * j)
					default:
						m[k] = map[string]any{k: nil, "v": []any{true, k}}
					}
				}
				rows[i] = m
			}
			checkSortedKeysPage(t, enc, rows, fmt.Sprintf("%d rows of up to %d keys", n, width))
		}
	}
}

// sortedKeysMap is a map row that is not a map[string]any, so that the
// walker sorts its keys as strings (walker.reflectMapRow).
type sortedKeysMap map[string]any

// checkSortedKeysPage checks that enc's page of rows is the page of the
// same rows as sortedKeysMap, whose keys the walker sorts as strings by
// reflection, and the page Marshal gives; what names the rows in errors.
func checkSortedKeysPage(t *testing.T, enc *rowpage.Encoder, rows []map[string]any, what string) {
	t.Helper()
	got, err := enc.Append(nil, rows)
	if err != nil {
		t.Fatal(err)
	}
	sorted := make([]sortedKeysMap, len(rows))
	for i, m := range rows {
		sorted[i] = m
	}
	want, err := rowpage.Marshal(sorted)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: the page differs from that of the rows with sorted keys", what)
	}
	if fresh, _ := rowpage.Marshal(rows); !bytes.Equal(got, fresh) {
		t.Errorf("%s: a reused Encoder's page differs from Marshal's", what)
	}
}

// TestMapRowsAfterKnownFirstRow: pages whose first row has the keys of
// the last page's first row (which the walker adds in its known order and
// whose columns it ranks without sorting, keyRanks.seed), followed by rows
// of varying keys, some new to the page and some sorting among the first
// row's, give the pages of the same rows with keys sorted as strings.
func TestMapRowsAfterKnownFirstRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 25))
	enc := rowpage.NewEncoder()
	for _, width := range []int{1, 3, 8, 20, 40} {
		first := map[string]any{}
		for _, j := range rng.Perm(len(varyingKeys))[:width] {
			first[varyingKeys[j]] = float64(j)
		}
		for page := range 4 {
			rows := []map[string]any{first}
			for i := range 1 + rng.IntN(30) {
				m := map[string]any{}
				for _, j := range rng.Perm(len(varyingKeys))[:1+rng.IntN(12)] {
					m[varyingKeys[j]] = varyingKeys[j] + strconv.Itoa(i%3)
				}
				rows = append(rows, m)
			}
			checkSortedKeysPage(t, enc, rows, fmt.Sprintf("page %d after a first row of %d keys", page, width))
		}
	}
}
