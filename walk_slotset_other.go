//go:build purego || !go1.26 || go1.27

package rowpage

// The twin of walk_slotset_unsafe.go where the map layout is not known.

// slotSet reads no map: setRow walks every row's entries (entriesSet).
func (w *walker) slotSet(_ map[string]any, _ *[maxSetCols]any, vals []any) (uint64, []any, bool) {
	return 0, vals, false
}
