package jsonwire

// The JSON literals null, true and false as the little-endian bytes of a
// word. A renderer with eight bytes of room writes one with a single store
// (and its length as the new end); a reader checks one with a single compare
// of a loaded word, masked to the literal's length.
const (
	NullWord  = 'n' | 'u'<<8 | 'l'<<16 | 'l'<<24
	TrueWord  = 't' | 'r'<<8 | 'u'<<16 | 'e'<<24
	FalseWord = 'f' | 'a'<<8 | 'l'<<16 | 's'<<24 | 'e'<<32
)
