//go:build purego

package rowpage

// openAllocs is what opening a page allocates once every buffer is reused:
// in the purego build, the string view of the page is a copy of it
// (internal/pageread/str_purego.go).
const openAllocs = 1
