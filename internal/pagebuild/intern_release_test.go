package pagebuild

import (
	"strconv"
	"testing"
)

// TestInternerReleaseThenReset checks that reset leaves no string in Strs'
// capacity after Release, whatever happened in between: nothing, more
// strings interned, or a merge that moves strings over the ones Release
// emptied (reset clears only what Release did not).
func TestInternerReleaseThenReset(t *testing.T) {
	for _, between := range []string{"nothing", "intern", "settle"} {
		var in Interner
		in.reset()
		for i := range 40 {
			in.Intern("a" + strconv.Itoa(i%30))
		}
		in.Release()
		switch between {
		case "intern":
			for i := range 10 {
				in.Intern("b" + strconv.Itoa(i))
			}
		case "settle":
			for i := range 10 {
				in.AddDeferred("c" + strconv.Itoa(i%3))
			}
			in.Settle()
		}
		in.reset()
		for i, s := range in.Strs[:cap(in.Strs)] {
			if s != "" {
				t.Errorf("%s: Strs[%d] = %q after Release and reset, want \"\"", between, i, s)
			}
		}
	}
}
