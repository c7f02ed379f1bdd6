//go:build !(amd64 || arm64) || purego

package jsontext

import "encoding/binary"

// wordAt returns the eight bytes in[i:i+8] as a little-endian word, which
// the caller has checked are there (len(in)-i >= 8). This is the
// bounds-checked twin of word_unsafe.go's.
func wordAt(in []byte, i int) uint64 { return binary.LittleEndian.Uint64(in[i:]) }

// putWordAt stores w as eight little-endian bytes at b[l:l+8], within b's
// capacity, which the caller has checked (cap(b)-l >= 8).
func putWordAt(b []byte, l int, w uint64) { binary.LittleEndian.PutUint64(b[l:l+8], w) }
