package rowpage_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
)

// TestMapRowsAcrossSetColumns: map rows whose key sets vary and come
// back, on pages that stay within the 64 columns of the walker's sets of
// columns, that start within them and grow past them, and that are past
// them from the first row, give the page of the same rows as a map type
// whose keys the walker sorts as strings; and a reused Encoder gives the
// page a new one gives.
func TestMapRowsAcrossSetColumns(t *testing.T) {
	keys := make([]string, 100)
	for i := range keys {
		keys[i] = "k" + strconv.Itoa(i*37%100) // not in key order by index
	}
	keys[3], keys[4], keys[5] = "", "k1\x00", "a_much_longer_key_than_16_bytes"
	rng := rand.New(rand.NewPCG(64, 65))
	enc := rowpage.NewEncoder()
	for _, tc := range []struct {
		name        string
		first, rest int // keys the first row and the others draw from
	}{
		{"within", 60, 60},
		{"grows past", 40, 100},
		{"past", 100, 100},
	} {
		for _, n := range []int{2, 30, 400} {
			sets := make([][]int, 6) // a few key sets that come back
			for i := range sets {
				sets[i] = rng.Perm(tc.rest)[:1+rng.IntN(20)]
			}
			rows := make([]map[string]any, n)
			for i := range rows {
				var ks []int
				switch {
				case i == 0:
					ks = rng.Perm(tc.first)[:tc.first/2]
				case rng.IntN(4) == 0:
					ks = rng.Perm(tc.rest)[:rng.IntN(12)]
				default:
					ks = sets[rng.IntN(len(sets))]
				}
				m := map[string]any{}
				for _, j := range ks {
					switch rng.IntN(3) {
					case 0:
						m[keys[j]] = keys[j] + strconv.Itoa(i%3)
					case 1:
						m[keys[j]] = float64(i * j)
					default:
						m[keys[j]] = []any{true, keys[j]}
					}
				}
				rows[i] = m
			}
			checkSortedKeysPage(t, enc, rows, fmt.Sprintf("%s, %d rows", tc.name, n))
		}
	}
}

// TestMapRowMatchedBySetError: a bad value in a row whose set of columns
// the page has met is reported with its row and column, and the encoder
// then encodes the next page as a new one would.
func TestMapRowMatchedBySetError(t *testing.T) {
	rows := []map[string]any{
		{"a": 1.0, "b": "x", "c": true},
		{"b": "y"},
		{"a": 2.0, "b": "z", "c": false},
		{"c": true, "a": math.NaN(), "b": "w"},
	}
	enc := rowpage.NewEncoder()
	_, err := enc.Append(nil, rows)
	var e *rowpage.Error
	if !errors.As(err, &e) || e.Row != 3 || e.ColumnName != "a" {
		t.Fatalf("error %v, want one at row 3, column \"a\"", err)
	}
	rows[3]["a"] = 3.0
	got, err := enc.Append(nil, rows)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := rowpage.Marshal(rows); !bytes.Equal(got, want) {
		t.Error("after an error, the encoder's page differs from Marshal's")
	}
}
