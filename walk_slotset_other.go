//go:build purego || !go1.26 || go1.27

package rowpage

// The twin of walk_slotset_unsafe.go where the map layout is not known.

// slotSet reads no map: setRow walks every row's entries (entriesSet).
func slotSet(map[string]any, *keyCols, uint64, *[maxSetCols]any) (uint64, bool) {
	return 0, false
}
