//go:build !amd64 || purego

package jsonwire

// PlainPrefix returns the index of the first byte of s at or after i that
// is not plain, or len(s).
func PlainPrefix[S ~string | ~[]byte](s S, i int) int { return plainPrefixSWAR(s, i) }
