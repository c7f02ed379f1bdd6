//go:build !purego

package rowpage

// openAllocs is what opening a page allocates once every buffer is reused:
// nothing, since the string view of the page shares its memory.
const openAllocs = 0
