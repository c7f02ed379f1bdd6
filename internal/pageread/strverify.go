package pageread

import "github.com/rowpage/rowpage/format"

// verifyFlags checks every string's stored flags against its bytes (see
// format.CheckTableFlags). It returns the index of the first string with
// wrong flags, or -1. The ends must already be validated.
func (t *StringTable) verifyFlags() int {
	return format.CheckTableFlags(t.flags, t.data, t.offs[1:t.count+1])
}
