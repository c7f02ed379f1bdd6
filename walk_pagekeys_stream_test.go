package rowpage

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// pageKeysStruct is a struct row for pages that mix struct and map rows.
type pageKeysStruct struct {
	Z  string  `json:"z"`
	A  float64 `json:"a"`
	ID int     `json:"id"`
}

// TestPageKeysDrift: streams of pages through one encoder whose keys
// drift (mostly subsets of a set of keys that changes now and then, some
// with a key more, some of more than maxSetCols keys), with keys that
// are prefixes of each other, empty or longer than 16 bytes, and pages
// that fail mid-page (a NaN), mix struct and map rows, hold one object or
// null rows, are the pages a fresh encoder writes. Unlike the tests of
// walk_pagekeys_test.go it fails if rankKnown leaves a column's keyPrefix
// unset (freshSetRow's merge, after a key the kept ones lack, reads it).
func TestPageKeysDrift(t *testing.T) {
	pool := []string{"", "a", "ab", "ab\x00", "abc", "abcd", "abcdefgh", "abcdefgh\x00", "abcdefghi", "abcdefgX",
		strings.Repeat("q", 16), strings.Repeat("q", 17), strings.Repeat("q", 16) + "a", "id", "z", "zz", "\xff", "é"}
	for i := range 90 {
		pool = append(pool, fmt.Sprintf("k%03d", i))
	}
	seeds, global := uint64(300), 0
	if testing.Short() {
		seeds = 60
	}
	for seed := range seeds {
		r := rand.New(rand.NewPCG(seed, 7))
		e := NewEncoder()
		var univ []string
		for step := range 40 {
			if step == 0 || r.IntN(10) == 0 {
				univ = univ[:0]
				for range 1 + r.IntN(70) {
					univ = append(univ, pool[r.IntN(len(pool))])
				}
			}
			var keys []string
			for _, k := range univ {
				if r.IntN(4) != 0 {
					keys = append(keys, k)
				}
			}
			if r.IntN(5) == 0 || len(keys) == 0 {
				keys = append(keys, pool[r.IntN(len(pool))])
			}
			r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
			rows := pageKeysRows(r, keys, 1+r.IntN(30))
			what := fmt.Sprintf("seed %d, page %d", seed, step)
			switch r.IntN(8) {
			case 0:
				rows[r.IntN(len(rows))][keys[r.IntN(len(keys))]] = math.NaN()
				if _, err := e.Marshal(rows); err == nil {
					t.Fatalf("%s: a NaN cell did not fail", what)
				}
				continue
			case 1:
				var mixed []any
				for _, m := range rows {
					if r.IntN(3) == 0 {
						mixed = append(mixed, pageKeysStruct{Z: "s", A: 1, ID: 2})
					} else {
						mixed = append(mixed, m)
					}
				}
				samePageAsFresh(t, e, mixed, what+", struct and map rows")
				continue
			case 2:
				samePageAsFresh(t, e, rows[0], what+", one object")
				continue
			case 3:
				rows[r.IntN(len(rows))] = nil
			}
			samePageAsFresh(t, e, rows, what)
			if e.w.ranks.global {
				global++
			}
		}
	}
	if global == 0 {
		t.Error("no page was ranked by the kept keys")
	}
}

// TestPageKeysStream: streams of pages of one set of keys (up to 66 of
// them, some longer than 16 bytes), changed by a key now and then, whose
// first rows often hold every key (knownFirstRow, seed) and whose later
// rows bring many keys at once, are the pages a fresh encoder writes.
func TestPageKeysStream(t *testing.T) {
	var pool []string
	for i := range 70 {
		pool = append(pool, fmt.Sprintf("f%02d", i), fmt.Sprintf("f%02dlonglonglonglong", i))
	}
	pool = append(pool, "", "a", "ab", "ab\x00")
	global := 0
	for seed := range uint64(100) {
		r := rand.New(rand.NewPCG(seed, 9))
		e := NewEncoder()
		univ := make([]string, 1+r.IntN(66))
		for i := range univ {
			univ[i] = pool[r.IntN(len(pool))]
		}
		for step := range 30 {
			if r.IntN(8) == 0 {
				univ = append(univ[:0:0], univ...)
				univ[r.IntN(len(univ))] = pool[r.IntN(len(pool))]
			}
			rows := make([]map[string]any, 1+r.IntN(25))
			for i := range rows {
				m := map[string]any{}
				full := i == 0 && r.IntN(2) == 0
				lo := r.IntN(len(univ))
				for j, k := range univ {
					if full || j < lo && r.IntN(3) == 0 || j >= lo && r.IntN(8) == 0 || r.IntN(12) == 0 {
						m[k] = fmt.Sprint(k, i%3)
					}
				}
				rows[i] = m
			}
			samePageAsFresh(t, e, rows, fmt.Sprintf("seed %d, page %d", seed, step))
			if e.w.ranks.global {
				global++
			}
		}
	}
	if global == 0 {
		t.Error("no page was ranked by the kept keys")
	}
}
