//go:build !amd64 || purego

package jsonwire

// EqualPrefix returns how many of the first bytes of x and y are equal:
// the index of the first byte where they differ, or the length of the
// shorter when one is a prefix of the other. Here by words
// (equalPrefixWords), about 20 instructions for 32 bytes.
func EqualPrefix(x, y []byte) int {
	n := min(len(x), len(y))
	return equalPrefixWords(x[:n], y[:n])
}
