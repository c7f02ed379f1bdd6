//go:build purego || !go1.26 || go1.27

package rowpage

// The twin of walk_smallmap_unsafe.go where the map layout is not known:
// every map's keys are looked up.

// smallValuesOfKeys handles no map.
func smallValuesOfKeys(map[string]any, []string, *[]any) (vals []any, ok, handled bool) {
	return nil, false, false
}
