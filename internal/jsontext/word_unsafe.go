//go:build (amd64 || arm64) && !purego

package jsontext

import (
	"encoding/binary"
	"unsafe"
)

// wordAt returns the eight bytes in[i:i+8] as a little-endian word, which
// the caller has checked are there (len(in)-i >= 8): one load, without the
// bounds check and the clamped pointer that binary.LittleEndian.Uint64 of
// in[i:] costs (four to six instructions each, which the hot loops of
// tagged and taggedRow paid for every key and integer). word_purego.go is
// its bounds-checked twin.
func wordAt(in []byte, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(in)), i))[:])
}

// putWordAt stores w as eight little-endian bytes at b[l:l+8], within b's
// capacity, which the caller has checked (cap(b)-l >= 8): one store.
func putWordAt(b []byte, l int, w uint64) {
	binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l))[:], w)
}
