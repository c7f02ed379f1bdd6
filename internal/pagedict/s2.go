package pagedict

import "github.com/klauspost/compress/s2"

// EncodeS2 returns src compressed as one S2 block as the reference writer
// compresses a section (SPEC.md 2.5), against d's S2 half if d is not nil:
// with s2.Encode under BetterBelow bytes, with s2.EncodeBetter from it on.
// Better's blocks are 3% shorter at the median but hold more, shorter
// copies: on the string table of 25 rows they cost a hit 5% to 16% more
// instructions (and on short sections of short strings they are up to 20%
// longer), while on large sections they were never longer nor slower to
// decode. dst should have the capacity s2.MaxEncodedLen(len(src)), or it
// allocates.
func EncodeS2(dst, src []byte, d *Dict) []byte {
	better := len(src) >= BetterBelow
	switch {
	case d == nil && better:
		return s2.EncodeBetter(dst, src)
	case d == nil:
		return s2.Encode(dst, src)
	case better:
		return d.s2.EncodeBetter(dst, src)
	}
	return d.s2.Encode(dst, src)
}
