//go:build purego

package pagebuild

import "hash/maphash"

// longHash is strHash for strings longer than longHashMin. Without unsafe,
// hash/maphash takes a string or bytes (maphash.String and maphash.Bytes
// agree) 128 bytes to a call of the runtime's hash.
func longHash[S ~string | ~[]byte](seed *hashSeed, s S) uint32 {
	var h uint64
	switch v := any(s).(type) {
	case string:
		h = maphash.String(seed.long, v)
	case []byte:
		h = maphash.Bytes(seed.long, v)
	default:
		h = maphash.String(seed.long, string(s))
	}
	return uint32(h) ^ uint32(h>>32)
}
