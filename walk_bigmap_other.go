//go:build purego || !go1.26 || go1.27

package rowpage

// The twin of walk_bigmap_unsafe.go where the map layout is not known:
// every map's keys are looked up.

// bigValuesOfKeys reads no map.
func bigValuesOfKeys(map[string]any, []string, *[]any, *keyPlaces) ([]any, bool, bool) {
	return nil, false, false
}

// bigEntries handles no map.
func bigEntries(_ map[string]any, keys []string, vals []any) ([]string, []any, bool) {
	return keys, vals, false
}
