package format

import (
	"encoding/binary"
	"hash/crc32"
)

// castagnoli is the CRC-32C table, built once at package initialisation.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checksum returns the CRC-32C (Castagnoli) checksum of b, as a page's
// trailer stores it. hash/crc32 uses the CPU's CRC32 instructions on amd64
// and arm64 (several GB/s) and a slicing-by-8 table elsewhere; no allocation.
func Checksum(b []byte) uint32 {
	return crc32.Checksum(b, castagnoli)
}

// AppendChecksum appends sum to dst as 4 little-endian bytes and returns the
// extended slice. No allocation beyond growing dst.
func AppendChecksum(dst []byte, sum uint32) []byte {
	return binary.LittleEndian.AppendUint32(dst, sum)
}
