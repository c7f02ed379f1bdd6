//go:build (amd64 || arm64) && !purego

package rowpage

import "unsafe"

// keyLoads returns the bytes of k, of up to 16 bytes, as two words: its
// first 8 and last 8 bytes, or first 4 and last 4, or its first, middle
// and last bytes, as strHash reads them. With len(k) they tell such keys
// apart; of a longer key they are its first and last 8 bytes. The words
// are little-endian, as pagebuild.Load64 and Load32 read them: keyCols
// holds words from keyLoads (put, and firstRow's probes) and from the
// loads written out in entriesSet and groupSet, and compares them, so the
// two must agree. Hence the build tag: on the two little-endian machines
// the project builds for, a plain load is a little-endian one; elsewhere
// the byte-wise twin runs.
//
// It loads through unsafe so that it inlines (the byte-wise loads of the
// safe twin, walk_keyloads_purego.go, cost the inliner too much): the
// kept keys' probes (firstRow's order and find) and keyCols' get and put
// load a key without a call. setRow's key loops (entriesSet, groupSet)
// write it out with their test of keys of more than 16 bytes inside its
// first case. Cost: two loads and two or three comparisons.
func keyLoads(k string) (a, b uint64) {
	p, n := unsafe.Pointer(unsafe.StringData(k)), len(k)
	switch {
	case n >= 8:
		return *(*uint64)(p), *(*uint64)(unsafe.Add(p, n-8))
	case n >= 4:
		return uint64(*(*uint32)(p)), uint64(*(*uint32)(unsafe.Add(p, n-4)))
	case n > 0:
		return uint64(*(*uint8)(p)) | uint64(*(*uint8)(unsafe.Add(p, n>>1)))<<8 | uint64(*(*uint8)(unsafe.Add(p, n-1)))<<16, 0
	}
	return 0, 0
}
