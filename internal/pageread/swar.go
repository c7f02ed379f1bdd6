package pageread

// The cursors read a varint of two or more bytes with one load when eight
// bytes remain, as format.ConsumeUvarint does: jsonwire.Load64 loads the
// word, jsonwire.SWARHi finds the varint's end, and gather7 joins its
// groups. format keeps its own unexported gather7 for ConsumeUvarint: it
// imports nothing of ours and does not export its varint internals.

// gather7 joins the 7-bit groups of the varint bytes in w, least
// significant first, whose continuation bits and bytes past its end the
// caller has cleared or masked off. Inlines.
func gather7(w uint64) uint64 {
	return w&0x7f | w>>1&(0x7f<<7) | w>>2&(0x7f<<14) | w>>3&(0x7f<<21) |
		w>>4&(0x7f<<28) | w>>5&(0x7f<<35) | w>>6&(0x7f<<42) | w>>7&(0x7f<<49)
}
