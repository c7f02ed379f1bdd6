//go:build !amd64 || purego

package jsonwire

// EqualAt returns how many of the first n bytes at b[x:] and at b[y:] are
// equal: the index of the first byte where they differ, or n when they
// are equal (n cut to the bytes b has past x and past y, x or y past
// b's end giving 0). Here by words (equalPrefixWords), about 20
// instructions for 32 bytes.
func EqualAt(b []byte, x, y, n int) int {
	if uint(x) > uint(len(b)) || uint(y) > uint(len(b)) {
		return 0
	}
	n = max(min(n, len(b)-x, len(b)-y), 0)
	return equalPrefixWords(b[x:][:n], b[y:][:n])
}
