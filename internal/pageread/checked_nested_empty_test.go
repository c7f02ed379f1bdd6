package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestContainerJSONEmptyMembers renders empty arrays and objects as the
// members of arrays and objects nested 1 to 8 deep, under MaxDepth limits
// from 1 to 10: an empty member at depth n+1 past the limit must fail as a
// full one does, and every value cut short, or with the empty member's
// count made non-zero or non-minimal, must agree with the validator.
func TestContainerJSONEmptyMembers(t *testing.T) {
	l := clippedLayout(t, []string{"k", "key"}, 1)
	for depth := 1; depth <= 10; depth++ {
		l.depth = depth
		for n := 1; n <= 8; n++ {
			for _, inner := range []byte{format.TagArray, format.TagObject} {
				for _, outer := range []byte{format.TagArray, format.TagObject} {
					b := emptyInside(nil, n, outer, inner)
					if good := checkRender(t, l, b, false, 64); good != (n+1 < depth) {
						t.Fatalf("MaxDepth %d, empty %x inside %d levels of %x: accepted %v", depth, inner, n, outer, good)
					}
					for cut := len(b) - 1; cut > 0; cut-- {
						checkRender(t, l, b[:cut], false, 64)
					}
					for i := range b {
						if b[i] == inner && i+1 < len(b) && b[i+1] == 0 {
							for _, cnt := range [][]byte{{1}, {0x80, 0}, {0x80}, {0xFF}} {
								bad := append(append(append([]byte(nil), b[:i+1]...), cnt...), b[i+2:]...)
								checkRender(t, l, bad, true, 64)
							}
						}
					}
				}
			}
		}
	}
}

// emptyInside appends n levels of outer containers (an object's members
// under key 1), each holding an empty inner container between a string
// and the next level, with the empty container last at the deepest.
func emptyInside(b []byte, n int, outer, inner byte) []byte {
	if n == 0 {
		return append(b, inner, 0)
	}
	cnt := byte(3)
	if n == 1 {
		cnt = 2
	}
	b = append(b, outer, cnt)
	member := func(b []byte) []byte {
		if outer == format.TagObject {
			return append(b, 1)
		}
		return b
	}
	b = append(member(b), format.TagString, 0)
	b = append(member(b), inner, 0)
	if n > 1 {
		b = emptyInside(member(b), n-1, outer, inner)
	}
	return b
}
