package rowpage

import (
	"strconv"
	"testing"
)

// BenchmarkMapValues compares the two ways a map row of known keys can
// give its values in column order: a lookup per key (valuesOfKeys, what
// mapRow and sortedKeys do for a row or nested map whose keys are those
// of the last one) and one iteration of the map, each key placed by a
// small table of the known keys hashed by their length and first and last
// bytes (the alternative issue 16 suggests). The maps hold fresh copies
// of their keys, as json.Unmarshal gives them, so no comparison ends
// early on equal pointers. Instructions
// per value, with tools/instructions (median of 3 runs; the count is for
// 25 maps, divided here by 25 times the keys):
//
//	keys=18 (a list row)    by-key 168   range 230
//	keys=6  (a nested map)  by-key 177   range 216
//
// Starting the iterator and stepping it through a swiss table cost more
// than hashing a short key and probing for it, so mapRow and sortedKeys
// look keys up where the map layout is not known; where it is, they read
// the map's group or tables instead (groupValuesOfKeys, bigValuesOfKeys),
// which by-key measures here. Run (func2 is via=range):
//
//	RUNS=3 tools/instructions . 'MapValues/keys=18/via=by-key$' 'github.com/rowpage/rowpage.BenchmarkMapValues.func1' 21
func BenchmarkMapValues(b *testing.B) {
	for _, n := range []int{6, 18} {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = "column_" + strconv.Itoa(i)
		}
		maps := make([]map[string]any, 25)
		for r := range maps {
			m := make(map[string]any, n)
			for i, k := range keys {
				m[string([]byte(k))] = float64(r*n + i)
			}
			maps[r] = m
		}
		name := "keys=" + strconv.Itoa(n)
		b.Run(name+"/via=by-key", func(b *testing.B) {
			var scratch []any
			var order keyPlaces
			for b.Loop() {
				for _, m := range maps {
					if _, ok := valuesOfKeys(m, keys, &scratch, &order); !ok {
						b.Fatal("a key is missing")
					}
				}
			}
		})
		b.Run(name+"/via=range", func(b *testing.B) {
			vals := make([]any, n)
			t := newKeySlots(keys)
			for b.Loop() {
				for _, m := range maps {
					if !t.values(m, vals) {
						b.Fatal("an unknown key")
					}
				}
			}
		})
	}
}

// keySlots finds a key's column among known keys by a hash of its
// length and its first and last 8 bytes, in a table of linear probing at
// most half full.
type keySlots struct {
	key []string
	col []int
}

func keySlotHash(k string) uint64 {
	h := keyPrefix(k) ^ uint64(len(k))
	if len(k) > 8 {
		h ^= keyPrefix(k[len(k)-8:]) * 0xBF58476D1CE4E5B9
	}
	return h * 0x9E3779B97F4A7C15
}

func newKeySlots(keys []string) *keySlots {
	size := 16
	for size < 2*len(keys) {
		size *= 2
	}
	t := &keySlots{key: make([]string, size), col: make([]int, size)}
	mask := uint64(size - 1)
	for j, k := range keys {
		i := keySlotHash(k) >> 32 & mask
		for t.col[i] != 0 {
			i = (i + 1) & mask
		}
		t.key[i], t.col[i] = k, j+1
	}
	return t
}

// values puts m's values in vals in the order of the table's keys by
// iterating m once, or reports false if m has a key the table lacks.
func (t *keySlots) values(m map[string]any, vals []any) bool {
	mask := uint64(len(t.key) - 1)
	for k, v := range m {
		i := keySlotHash(k) >> 32 & mask
		for t.key[i] != k {
			if t.col[i] == 0 {
				return false
			}
			i = (i + 1) & mask
		}
		vals[t.col[i]-1] = v
	}
	return true
}
