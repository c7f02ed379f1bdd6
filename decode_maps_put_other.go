//go:build purego || !go1.26 || go1.27

package rowpage

// The twin of decode_maps_put_unsafe.go for the purego build and Go
// versions whose map layout that file does not know.

// putAny sets m[key] = v.
func putAny(m map[string]any, key string, v any) { m[key] = v }
