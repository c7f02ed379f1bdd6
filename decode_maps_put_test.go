//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// TestPutAnyOn checks that putAny's direct writes are on where the map
// layouts are known (64-bit platforms): a failed start-up check would turn
// them off unseen.
func TestPutAnyOn(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("members go through the runtime's assignment on 32-bit platforms")
	}
	if !putAnyOK {
		t.Fatal("putAnyOK is false: checkPutAny found the runtime's maps unlike putSmall's writes")
	}
}

// TestPutAnyAgainstMaps puts random members (keys short and long, some
// twice) into maps made in arrays and by make, with putSmall (falling back
// to the runtime's assignment, as putAny does, but whatever checkPutAny
// found) and with the runtime's assignment, and compares the two by reflect.DeepEqual, by
// lookup of every key, by length, after deleting and re-putting a key, and
// after growing past 8 members.
func TestPutAnyAgainstMaps(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	putAny := func(m map[string]any, k string, v any) {
		if !putSmall(m, k, v) {
			m[k] = v
		}
	}
	var s mapSlabs
	for n := range 20000 {
		var m map[string]any
		if n%3 == 0 {
			m = make(map[string]any, r.IntN(10))
		} else {
			m = s.inArrays()
		}
		ref := map[string]any{}
		keys := make([]string, 1+r.IntN(12))
		for i := range keys {
			if i > 0 && r.IntN(5) == 0 {
				keys[i] = keys[r.IntN(i)] // a key again: the last value wins
			} else {
				keys[i] = strings.Repeat(string(rune('a'+r.IntN(26))), 1+r.IntN(3)*r.IntN(40))
			}
			putAny(m, keys[i], i)
			ref[keys[i]] = i
		}
		if len(m) != len(ref) || !reflect.DeepEqual(m, ref) {
			t.Fatalf("map %d: putSmall made %v, want %v", n, m, ref)
		}
		for k, v := range ref {
			if got, ok := m[k]; !ok || got != v {
				t.Fatalf("map %d: m[%q] = %v, %v, want %v", n, k, got, ok, v)
			}
		}
		k := keys[r.IntN(len(keys))]
		delete(m, k)
		delete(ref, k)
		if _, ok := m[k]; ok || len(m) != len(ref) {
			t.Fatalf("map %d: %q still there after delete", n, k)
		}
		putAny(m, k, -1)
		ref[k] = -1
		for i := range 3 {
			extra := strings.Repeat("x", i+70)
			putAny(m, extra, i)
			ref[extra] = i
		}
		if !reflect.DeepEqual(m, ref) {
			t.Fatalf("map %d: putSmall made %v, want %v", n, m, ref)
		}
	}
}
