package jsonwire

// FlagsClear reports whether StringFlags(s) is 0: whether s is valid UTF-8
// without a byte below 0x20, '"', '\\', '<', '>', '&', U+2028 or U+2029.
// String-table verification asks it of every string, or run of strings,
// marked clean that holds a byte that is not plain. A string of
// flagsClearVectorMin bytes or more is checked 32 bytes a step where the
// processor has AVX2 (flagsClearAVX2, about 1.3 instructions a byte
// whatever the script, 0.7 in blocks of ASCII), a shorter one by
// flagsClearSWAR's byte loop.
func FlagsClear(s []byte) bool {
	if len(s) >= flagsClearVectorMin && flagsClearVector {
		return flagsClearBlocks(s)
	}
	return flagsClearSWAR(s)
}

// seqComplete reports whether s, of at least three bytes, does not end
// inside a UTF-8 sequence: its last byte is not a lead byte, the one before
// not the lead of a sequence of three bytes or more, the one before that
// not the lead of four. Of bytes that are valid UTF-8 but for their end
// (as flagsClearAVX2 checks them), this decides whether they are valid.
func seqComplete(s []byte) bool {
	n := len(s)
	return s[n-1] < 0xC0 && s[n-2] < 0xE0 && s[n-3] < 0xF0
}

// BlockFlags returns StringFlags(s): for a string of flagsClearVectorMin
// bytes or more, where the processor has AVX2, from every byte's classes
// 32 bytes a step (stringFlagsAVX2, about 1.2 instructions a byte
// whatever the script, without stopping early), where StringFlags walks
// text in another script a sequence or two at a time; a shorter string
// by StringFlags. For long strings that are known to hold a byte that is
// not plain, such as the flagged strings of a string table.
//
// A string of blockPadMin to flagsClearVectorMin-1 bytes is read there as
// one block too, copied into one of spaces (blockFlagsPadded): text in
// another script of a few words, where StringFlags took about 350
// instructions a string on a page of varied rows, costs about 130.
func BlockFlags(s []byte) uint8 {
	if len(s) >= flagsClearVectorMin && flagsClearVector {
		return blockFlags(s)
	}
	if len(s) >= blockPadMin && flagsClearVector {
		return blockFlagsPadded(s)
	}
	return StringFlags(s)
}
