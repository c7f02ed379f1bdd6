package pagebuild

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestRemapTaggedOneMemberChains checks remapTagged and remapCopies
// against remapTaggedRef on values made mostly of containers of one
// element, which the loop does not push: chains of them up to 5 times
// remapDepth long, inside and around containers of several elements (which
// it pushes, up to remapDepth of them, and past that copies by a call),
// empty containers, and a chain at the very end of the value, where the
// walk ends when the innermost element does.
func TestRemapTaggedOneMemberChains(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const nstr = 300
	remap := make([]uint32, nstr)
	for i := range remap {
		remap[i] = uint32(r.IntN(nstr))
	}
	for i := 0; i < 3000; i++ {
		budget := 1 + r.IntN(300)
		src := randOneMember(nil, r, 0, 5*remapDepth, &budget, nstr)
		var f1, f2, f3 bool
		want, wn := remapTaggedRef(nil, src, remap, &f1)
		dst := make([]byte, r.IntN(20), r.IntN(40)+20)
		got, gn := remapTagged(dst, src, remap, &f2)
		if gn != wn || !bytes.Equal(got[len(dst):], want) || f1 != f2 || gn != len(src) {
			t.Fatalf("value %x: remapTagged = %x, %d, %v; want %x, %d, %v", src, got[len(dst):], gn, f2, want, wn, f1)
		}
		var reps repeatTable // no copies: remapCopies walks the whole value
		got, gn = remapCopies(dst, src, remap, &f3, &reps)
		if gn != wn || !bytes.Equal(got[len(dst):], want) || f1 != f3 {
			t.Fatalf("value %x: remapCopies = %x, %d, %v; want %x, %d, %v", src, got[len(dst):], gn, f3, want, wn, f1)
		}
	}
}

// randOneMember appends a random value as the builder holds it whose
// containers hold one element three times in five, none or several
// otherwise, down to maxDepth levels.
func randOneMember(b []byte, r *rand.Rand, depth, maxDepth int, budget *int, nstr int) []byte {
	*budget--
	if depth == 0 || depth < maxDepth && *budget > 0 && r.IntN(5) < 4 {
		tag := byte(format.TagArray + r.IntN(2))
		n := 1
		if k := r.IntN(5); k == 3 {
			n = 0
		} else if k == 4 {
			n = 2 + r.IntN(3)
		}
		b = AppendContainer(b, tag, n)
		for range n {
			if tag == format.TagObject {
				b = AppendID(b, uint32(r.IntN(nstr)))
			}
			b = randOneMember(b, r, depth+1, maxDepth, budget, nstr)
		}
		return b
	}
	return randSmallTagged(b, r, maxDepth, maxDepth, budget, nstr)
}
