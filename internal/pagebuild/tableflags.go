package pagebuild

import "github.com/rowpage/rowpage/internal/jsonwire"

// SetTableFlags sets the flags of every string of a string table being
// written: string i is data[ends[i-1]:ends[i]] (from 0 for i = 0), and its
// two bits go to flags[i/4] as the table stores them (flags must be zero).
//
// Every distinct string of a page passes through here once, which on pages
// of text is, with hashing, the largest cost of encoding; so, like the
// verification that readers make (CheckTableFlags), it sweeps the data once,
// 16 or 32 bytes a turn, stopping only at bytes that are not plain, and
// computes StringFlags in full for each string holding one. ends must be
// ascending and end at len(data).
func SetTableFlags(flags, data []byte, ends []uint32) {
	i, start := 0, 0
	for pos := jsonwire.PlainPrefix(data, 0); pos < len(data); pos = jsonwire.PlainPrefix(data, pos) {
		end := int(ends[i])
		for end <= pos { // find the string holding pos
			i++
			start, end = end, int(ends[i])
		}
		flags[i>>2] |= jsonwire.StringFlags(data[start:end]) << ((i & 3) * 2)
		pos = end
	}
}
