package format

// StringTableWidth is the canonical offset width for dataLen bytes of strings.
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

// String flags: the two bits a string table stores per string (SPEC.md 3).
const (
	StrNeedsEscape uint8 = 1 // a control byte, '"', '\\', invalid UTF-8, U+2028 or U+2029
	StrHasHTML     uint8 = 2 // '<', '>' or '&', escaped only when escaping HTML
)
