//go:build !purego

package pageread

import "unsafe"

// bytesString views b as a string without copying. The caller promises not
// to modify b while the string is in use; pages are immutable once opened.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
