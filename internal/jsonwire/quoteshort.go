package jsonwire

// quoteShortMax is the longest string quoteWords hands to quoteShortAVX2:
// four 32-byte blocks. Up to 128 bytes rather than 64, the twitter-25
// hit's quoteWords (with the kernel) costs 6,183 instructions a call
// rather than 10,702.
const quoteShortMax = 128

// quoteShortRoom returns the room in bytes quoteShortAVX2 needs for n bytes
// of input: 6 output bytes a byte at most and a 32-byte store past the last.
func quoteShortRoom(n int) int { return 6*n + 32 }
