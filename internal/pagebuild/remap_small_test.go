package pagebuild

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestRemapTaggedSmallIDs checks remapTagged against remapTaggedRef on
// random values whose string ids and keys are mostly below 128 and whose
// table indexes are below 128 about half the time, the ids of a small
// page: the cases remapTagged's loop copies itself (one-byte ids and
// indexes, counts below 128) beside those it leaves to remapElem and
// remapKey, in every order, nested past remapDepth, into buffers of every
// spare room.
func TestRemapTaggedSmallIDs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const nstr = 300
	remap := make([]uint32, nstr)
	for i := range remap {
		remap[i] = uint32(r.IntN(nstr))
	}
	for i := 0; i < 3000; i++ {
		budget := 1 + r.IntN(400)
		src := randSmallTagged(nil, r, 0, 1+r.IntN(3*remapDepth), &budget, nstr)
		var f1, f2 bool
		want, wn := remapTaggedRef(nil, src, remap, &f1)
		dst := make([]byte, r.IntN(20), r.IntN(40)+20)
		got, gn := remapTagged(dst, src, remap, &f2)
		if gn != wn || !bytes.Equal(got[len(dst):], want) || f1 != f2 || gn != len(src) {
			t.Fatalf("value %x: remapTagged = %x, %d, %v; want %x, %d, %v", src, got[len(dst):], gn, f2, want, wn, f1)
		}
	}
}

// randSmallTagged is randTagged with string ids and keys below nstr.
func randSmallTagged(b []byte, r *rand.Rand, depth, maxDepth int, budget *int, nstr int) []byte {
	*budget--
	k := r.IntN(12)
	if depth == 0 || depth < maxDepth && *budget > 0 && (k < 3 || r.IntN(4) == 0) {
		tag := byte(format.TagArray + r.IntN(2))
		n := r.IntN(5)
		if r.IntN(10) == 0 {
			n = 120 + r.IntN(20)
		}
		if *budget < n {
			n = max(*budget, 0)
		}
		b = AppendContainer(b, tag, n)
		for range n {
			if tag == format.TagObject {
				b = AppendID(b, uint32(r.IntN(nstr)))
			}
			b = randSmallTagged(b, r, depth+1, maxDepth, budget, nstr)
		}
		return b
	}
	if k == 3 || k == 11 {
		return AppendTaggedStr(b, uint32(r.IntN(nstr)))
	}
	for { // a scalar other than a string
		one := 1
		if v := randTagged(nil, r, 1, 1, &one); v[0] != format.TagString {
			return append(b, v...)
		}
	}
}
