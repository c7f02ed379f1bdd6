//go:build purego || !go1.26 || go1.27

package rowpage

// The twin of decode_maps_unsafe.go for the purego build and Go versions
// whose map layout that file does not know: maps made with make.

// mapSlabsOK is false: no map is made in shared arrays.
const mapSlabsOK = false

// mapSlabs is empty: maps are made with make.
type mapSlabs struct{}

// mapShapes is empty: no map is sealed.
type mapShapes struct{}

// useShapes does nothing.
func (*mapSlabs) useShapes(*mapShapes) {}

// newMap returns make(map[string]any, n).
func (*mapSlabs) newMap(n int) map[string]any { return make(map[string]any, n) }
