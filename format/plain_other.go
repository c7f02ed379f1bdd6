//go:build !amd64 || purego

package format

// plainPrefix returns the index of the first byte of s at or after i that
// is not plain, or len(s).
func plainPrefix[S ~string | ~[]byte](s S, i int) int { return plainPrefixSWAR(s, i) }
