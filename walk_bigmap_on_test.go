//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"strconv"
	"testing"
	"unsafe"
)

// TestBigMapsOn fails when the table layout of walk_bigmap_unsafe.go no
// longer matches the runtime's on a 64-bit platform: rows of more than 8
// keys would then be looked up key by key, and TestSmallValuesOfKeys and
// TestSmallValuesOfKeysOrder would no longer test the tables' reader. It
// also sees the reader take a map of 15 members and one of 200.
func TestBigMapsOn(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("maps are looked up on 32-bit platforms")
	}
	if !bigMapsOK {
		t.Fatal("the runtime's map tables differ from walk_bigmap_unsafe.go's: maps are looked up")
	}
	for _, n := range []int{15, 200} {
		m := map[string]any{}
		var keys []string
		for i := range n {
			k := "k" + strconv.Itoa(i)
			m[k] = i
			keys = append(keys, k)
		}
		var scratch []any
		var p keyPlaces
		vals, ok, done := bigValuesOfKeys(m, keys, &scratch, &p)
		if !done || !ok {
			t.Fatalf("%d members: bigValuesOfKeys = %v, %v", n, ok, done)
		}
		for i := range vals {
			if vals[i] != i {
				t.Fatalf("%d members: value %d is %v", n, i, vals[i])
			}
		}
	}
}
