//go:build !amd64 || purego

package jsonwire

// escapeStopsFast reports whether quoteStops has a vector form here: not
// on this processor or build.
const escapeStopsFast = false

// quoteStops is quoteStopsSWAR here.
func quoteStops(dst, s []byte, i int, escapeHTML bool) ([]byte, int, int, bool) {
	return quoteStopsSWAR(dst, s, i, escapeHTML)
}
