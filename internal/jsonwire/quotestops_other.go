//go:build !amd64 || purego

package jsonwire

// quoteStopsFast reports whether quoteStops has a vector form here: not
// on this processor or build.
const quoteStopsFast = false

// quoteStops is quoteStopsBytes here.
func quoteStops(dst, s []byte, i int, escapeHTML bool) ([]byte, int, int, bool) {
	return quoteStopsBytes(dst, s, i, escapeHTML)
}
