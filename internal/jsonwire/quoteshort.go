package jsonwire

// quoteShortMax is the longest string quoteWords hands to quoteShortAVX2.
const quoteShortMax = 64

// quoteShortRoom returns the room in bytes quoteShortAVX2 needs for n bytes
// of input: 6 output bytes a byte at most and a 32-byte store past the last.
func quoteShortRoom(n int) int { return 6*n + 32 }
