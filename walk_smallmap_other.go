//go:build purego || !go1.26 || go1.27

package rowpage

import "unsafe"

// The twin of walk_smallmap_unsafe.go where the map layout is not known:
// every map's keys are looked up.

// smallGroup finds no map small.
func smallGroup(map[string]any, int) unsafe.Pointer { return nil }

// groupValuesOfKeys is never called: smallGroup returns nil.
func groupValuesOfKeys(unsafe.Pointer, []string, *[]any, *keyPlaces) ([]any, bool) {
	panic("rowpage: groupValuesOfKeys without a small map's group")
}

// smallEntries handles no map.
func smallEntries(_ map[string]any, keys []string, vals []any) ([]string, []any, bool) {
	return keys, vals, false
}
