package format

// StringTableWidth returns the canonical offset width for dataLen bytes of string data.
func StringTableWidth(dataLen int) int {
	switch {
	case dataLen < 1<<8:
		return 1
	case dataLen < 1<<16:
		return 2
	case dataLen < 1<<24:
		return 3
	default:
		return 4
	}
}

// String flags: the two bits a string table stores for each string, which
// say how the string may be written as JSON.
const (
	// StrNeedsEscape marks a string with a byte below 0x20, '"', '\\',
	// invalid UTF-8, U+2028 or U+2029: it cannot be copied between quotes.
	StrNeedsEscape uint8 = 1
	// StrHasHTML marks a string with '<', '>' or '&', which are escaped only
	// when escaping HTML.
	StrHasHTML uint8 = 2
)
