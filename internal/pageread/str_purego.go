//go:build purego

package pageread

// bytesString copies b into a string: the safe twin of the unsafe view, one
// allocation per page instead of one per string.
func bytesString(b []byte) string { return string(b) }
