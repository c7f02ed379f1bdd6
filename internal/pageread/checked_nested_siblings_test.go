package pageread

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestContainerJSONNestedSiblings renders values nested up to 24 deep under
// MaxDepth limits from 7 to 19: each must render as AppendValueJSON does,
// or fail exactly where the validator does, whole or cut short. Containers
// that end together (the last member of one being the next) must close one
// after another, and a container after a closed sibling must be checked
// against the depth of the sibling, not of what the sibling held.
func TestContainerJSONNestedSiblings(t *testing.T) {
	strs := make([]string, 300)
	for i := range strs {
		strs[i] = "k" + strconv.Itoa(i)
	}
	l := clippedLayout(t, strs, 1)
	for depth := 7; depth <= 19; depth++ {
		l.depth = depth
		for n := 1; n <= 24; n++ {
			// appendLastNested's innermost empty array is one level deeper,
			// and so are appendSiblings's.
			for i, b := range [][]byte{appendNested(nil, n), appendLastNested(nil, n), appendSiblings(nil, n)} {
				if good := checkRender(t, l, b, n&1 == 0, 32); good != (n+min(i, 1) < depth) {
					t.Fatalf("MaxDepth %d, nested %d (% x): accepted %v", depth, n, b, good)
				}
				for cut := len(b) - 1; cut > 0; cut-- {
					checkRender(t, l, b[:cut], false, 0)
				}
			}
		}
	}
}

// appendLastNested appends a value nested n deep in which each container's
// last member is the next one in, after an empty array and an integer, so
// that n containers close one after another: n+1 deep with the innermost
// empty array.
func appendLastNested(b []byte, n int) []byte {
	if n == 0 {
		return append(b, format.TagNull)
	}
	if n%2 == 0 {
		b = append(b, format.TagArray, 3, format.TagArray, 0, format.TagInt, byte(n))
		return appendLastNested(b, n-1)
	}
	b = append(b, format.TagObject, 3, 7, format.TagArray, 0, 8, format.TagInt, byte(n), 9)
	return appendLastNested(b, n-1)
}

// appendSiblings appends an array of three values of appendLastNested(n-1):
// n+1 deep for n >= 2, with containers after closed ones at every depth.
func appendSiblings(b []byte, n int) []byte {
	b = append(b, format.TagArray, 3)
	for range 3 {
		b = appendLastNested(b, n-1)
	}
	return b
}
