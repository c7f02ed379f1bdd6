//go:build purego || !go1.26 || go1.27

package rowpage

// The twin of decode_maps_put_unsafe.go for the purego build and Go
// versions whose map layout that file does not know.

// putAny sets m[key] = v.
func putAny(m map[string]any, key string, v any) { m[key] = v }

// anyMapGroup stands for a map's group, which this build does not write.
type anyMapGroup struct{}

// freshGroup returns nil: members go through putAny.
func freshGroup(map[string]any, int) *anyMapGroup { return nil }

// set is never called: freshGroup returns no group.
func (*anyMapGroup) set(int, string, any) {}

// sealGroup is never called: freshGroup returns no group.
func sealGroup(map[string]any, *anyMapGroup, int) {}

// seal is never called: freshGroup returns no group.
func (*mapSlabs) seal(map[string]any, *anyMapGroup, int, *[8]uint32) {}
