package pagedict

import "github.com/klauspost/compress/s2"

// EncodeS2 returns src compressed as one S2 block as the reference writer
// compresses a section (SPEC.md 2.5), against d's S2 half if d is not nil:
// s2.EncodeBetter's block or, for src under BetterBelow bytes, the shorter
// of it and s2.Encode's (Encode's if they tie). Better's is 3% shorter at
// the median, but on short sections of short strings it can be up to 20%
// longer; on sections of BetterBelow bytes and more it was never the longer
// one, measured over 148 pages. dst and scratch should each have the
// capacity s2.MaxEncodedLen(len(src)) (or it allocates); the block is in one
// of them. Under BetterBelow it costs both encodings.
func EncodeS2(dst, scratch, src []byte, d *Dict) []byte {
	better := encodeS2(dst, src, d, true)
	if len(src) >= BetterBelow {
		return better
	}
	if fast := encodeS2(scratch, src, d, false); len(fast) <= len(better) {
		return fast
	}
	return better
}

// encodeS2 is s2.EncodeBetter (better) or s2.Encode of src into dst,
// against d's S2 half if d is not nil.
func encodeS2(dst, src []byte, d *Dict, better bool) []byte {
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
