package pagebuild

import "hash/crc32"

// castagnoli is the table of the page's checksum (format.Checksum).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// pageSum is the checksum of a page as Finish writes it. On a page of at
// least streamSumMin bytes it is summed part by part as each part is
// written (stream set), while the part is in the caches: summing the page
// once it is whole reads it back from memory when it is bigger than the
// last-level cache (cachegrind, 100,000 BaaS rows: 7.8 of 55 last-level
// misses a row). Otherwise the page is summed once, at the end, as
// before. crc holds the checksum of the page's bytes before dst[summed].
type pageSum struct {
	stream bool
	crc    uint32
	summed int
}

// streamSumMin is the smallest page whose checksum Finish streams: about
// the second-level cache, below which a page is still there when it is
// summed whole, and one call of crc32.Update costs the least. A variable
// so that tests stream small pages too.
var streamSumMin = 1 << 20

// sumBlock is how many bytes a streamed checksum sums at a time: a block
// just copied is in the first-level cache. A variable so that tests sum
// small pages in many blocks.
var sumBlock = 16 << 10

// upTo adds dst[s.summed:end] to the checksum.
func (s *pageSum) upTo(dst []byte, end int) {
	s.crc = crc32.Update(s.crc, castagnoli, dst[s.summed:end])
	s.summed = end
}

// appendSummed appends src to dst, adding it to the checksum (and any of
// dst not summed yet) a block of sumBlock bytes at a time as it is copied.
func (s *pageSum) appendSummed(dst, src []byte) []byte {
	for len(src) > 0 {
		k := min(len(src), sumBlock)
		dst = append(dst, src[:k]...)
		src = src[k:]
		s.upTo(dst, len(dst))
	}
	return dst
}

// crcCombine returns the checksum of a followed by b, given crc1 that of
// a, crc2 that of b and n2 the length of b: crc1 times x to the power of
// b's bits, plus crc2, modulo the polynomial. So that the string table's
// text, summed run by run as it is copied, can be summed before the
// offsets and flags that precede it in the page, which are only complete
// once every run is copied. Cost: about 40 products of 32 steps each for
// a table of 40 MB.
func crcCombine(crc1, crc2 uint32, n2 int) uint32 {
	p := uint32(1) << 31 // 1: bit 31 holds x^0, as crc32 reflects its bits
	for k := 3; n2 > 0; n2, k = n2>>1, k+1 {
		if n2&1 != 0 {
			p = crcMul(p, crcPow2[k])
		}
	}
	return crcMul(p, crc1) ^ crc2
}

// crcPow2 holds x to the power of 2^k modulo the polynomial, for k up to
// 63: x^(8n) is the product of those of n's bits, shifted by 3.
var crcPow2 = func() (t [64]uint32) {
	t[0] = 1 << 30 // x
	for k := 1; k < len(t); k++ {
		t[k] = crcMul(t[k-1], t[k-1])
	}
	return t
}()

// crcMul returns a times b modulo the Castagnoli polynomial, in crc32's
// reflected form (bit 31 the coefficient of x^0).
func crcMul(a, b uint32) uint32 {
	var p uint32
	for m := uint32(1) << 31; m != 0; m >>= 1 {
		if a&m != 0 {
			p ^= b
		}
		b = b>>1 ^ crc32.Castagnoli&-(b&1) // b times x
	}
	return p
}
