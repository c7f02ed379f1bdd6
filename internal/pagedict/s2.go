package pagedict

import "github.com/klauspost/compress/s2"

// EncodeS2 returns src compressed as one S2 block as the reference writer
// compresses a section (SPEC.md 2.5), with s2.Encode, against d's S2 half
// if d is not nil. s2.EncodeBetter's blocks are 3% shorter at the median
// but hold more, shorter copies: they cost a hit 5% to 16% more
// instructions on 25-row pages and 4.6% on twitter at 100 rows (a 91 KB
// string table), and CompressFast is the level for hit speed. dst should
// have the capacity s2.MaxEncodedLen(len(src)), or it allocates.
func EncodeS2(dst, src []byte, d *Dict) []byte {
	if d == nil {
		return s2.Encode(dst, src)
	}
	return d.s2.Encode(dst, src)
}
