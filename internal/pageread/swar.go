package pageread

// The cursors read a varint of two or more bytes with one load when eight
// bytes remain, as format.ConsumeUvarint does; these are its word helpers.

// swarHi has the high bit of every byte of a word set.
const swarHi = 0x8080808080808080

// load64 reads b[i:i+8] as a little-endian word; the compiler turns it into
// one load.
func load64(b []byte, i int) uint64 {
	b = b[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// gather7 joins the 7-bit groups of the varint bytes in w, least
// significant first, whose continuation bits and bytes past its end the
// caller has cleared or masked off. Inlines.
func gather7(w uint64) uint64 {
	return w&0x7f | w>>1&(0x7f<<7) | w>>2&(0x7f<<14) | w>>3&(0x7f<<21) |
		w>>4&(0x7f<<28) | w>>5&(0x7f<<35) | w>>6&(0x7f<<42) | w>>7&(0x7f<<49)
}
