package pageread

import (
	"bytes"
	"math"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// appendChain appends n containers, each the only member (or, with
// siblings, the first of three) of the one before: an object where bit i
// of kinds is set, else an array, around leaf, the innermost member. Its
// siblings are a string and an integer after each container, so that a
// container the loops entered closes before more members of the one
// around it.
func appendChain(b []byte, n int, kinds uint, siblings bool, leaf []byte) []byte {
	if n == 0 {
		return append(b, leaf...)
	}
	cnt := byte(1)
	if siblings {
		cnt = 3
	}
	obj := kinds&1 != 0
	if obj { // a key of one byte, and now and then of two
		b = format.AppendUvarint(append(b, format.TagObject, cnt), []uint64{uint64(n % 5), 200}[n%3/2])
	} else {
		b = append(b, format.TagArray, cnt)
	}
	b = appendChain(b, n-1, kinds>>1, siblings, leaf)
	if siblings {
		if obj {
			b = append(b, 5)
		}
		b = format.AppendUvarint(append(b, format.TagString), 200)
		if obj {
			b = append(b, 6)
		}
		b = format.AppendVarint(append(b, format.TagInt), -int64(n)*77)
	}
	return b
}

// chainLeaves are the innermost members appendChain is tried with: a
// string, a small and a large integer, a float, an empty array and object,
// null, and an array of 130 integers (a count of two bytes).
var chainLeaves = [][]byte{
	append([]byte{format.TagArray, 0x82, 1}, bytes.Repeat([]byte{format.TagInt, 6}, 130)...),
	{format.TagString, 3},
	{format.TagInt, 14},
	format.AppendVarint([]byte{format.TagInt}, -1<<40),
	appendDecimalCell([]byte{format.TagFloat}, format.Decimal{Mant: 125, Exp: -2}),
	{format.TagArray, 0},
	{format.TagObject, 0},
	{format.TagNull},
}

// TestContainerJSONChains renders chains of arrays and objects each
// holding the next (appendChain), 1 to 70 long (past the 62 chainJSON
// enters in one call), of every mix of kinds on a few patterns, with and
// without siblings after each container, around each leaf, under MaxDepth
// limits around their depth, with keys met before (fits) and not, and
// with the string flags not verified (no fits): each must render as
// AppendValueJSON does, or fail as the validator does, whole, cut short,
// or with any one byte damaged. Then with every budget below its length:
// the cursor goes bad only past it.
func TestContainerJSONChains(t *testing.T) {
	strs := make([]string, 300)
	for i := range strs {
		strs[i] = keyCases[i%len(keyCases)] + strconv.Itoa(i)
	}
	l := clippedLayout(t, strs, 1)
	unverified := unverifiedLayout(clippedLayout(t, strs, 1))
	damage := []func(byte) byte{
		func(b byte) byte { return b ^ 0x01 },
		func(b byte) byte { return b ^ 0x80 },
		func(byte) byte { return 0 },
		func(byte) byte { return format.TagObject },
		func(byte) byte { return format.TagArray },
	}
	tried, accepted := 0, 0
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 62, 63, 64, 65, 70} {
		for _, kinds := range []uint{0, ^uint(0), 0x5555, 0xAAAA, 0x3333, 0x0F0F, 1 << (n - 1)} {
			for _, siblings := range []bool{false, true} {
				for li, leaf := range chainLeaves {
					b := appendChain(nil, n, kinds, siblings, leaf)
					deep := n + 1 // the leaf's depth
					if leaf[0] != format.TagArray && leaf[0] != format.TagObject {
						deep = n
					}
					for _, fresh := range []*Layout{clippedLayout(t, strs, deep+1), unverified} {
						fresh.depth = deep + 1 // no fits yet, or none ever
						checkRender(t, fresh, b, true, 64)
					}
					for _, depth := range []int{n - 1, n, n + 1, n + 2, 1000} {
						l.depth = depth
						good := checkRender(t, l, b, li&1 == 0, 16*li)
						if good != (deep < depth) {
							t.Fatalf("MaxDepth %d, chain %d (% x): accepted %v", depth, n, b, good)
						}
						tried++
						if good {
							accepted++
						}
					}
					// Every cut and damaged byte of the shorter chains,
					// every 13th of the longer.
					step := 1 + len(b)/200*12
					l.depth = n + 2
					for cut := len(b) - 1; cut > 0; cut -= step {
						checkRender(t, l, b[:cut], false, 0)
					}
					p := make([]byte, len(b))
					for i := 0; i < len(b); i += step {
						for _, f := range damage {
							copy(p, b)
							p[i] = f(p[i])
							checkRender(t, l, p, true, 32)
						}
					}
					if step == 1 {
						checkStopBudgets(t, l, b, len(strs))
					}
				}
			}
		}
	}
	if accepted == 0 || accepted == tried {
		t.Fatalf("%d of %d renders accepted", accepted, tried)
	}
}

// checkStopBudgets renders b, which l accepts (nstr strings), with every
// budget up to its JSON's length: the cursor goes bad only once the output
// has passed the budget, a render that does not go bad is complete, and
// one with room for all but the last byte does not go bad.
// TestContainerJSONStop and TestContainerJSONChains use it.
func checkStopBudgets(t *testing.T, l *Layout, b []byte, nstr int) {
	t.Helper()
	want, _ := l.AppendValueJSON(nil, b, true, math.MaxInt)
	for stop := 0; stop <= len(want); stop++ {
		c := Cursor{enc: format.EncAny, data: b, max: uint64(nstr - 1)}
		got := l.TakeValueJSON(nil, &c, true, stop)
		l.resetRendered()
		switch {
		case c.bad && len(got) <= stop:
			t.Fatalf("% x, stop %d: bad with %d bytes written", b, stop, len(got))
		case !c.bad && string(got) != string(want):
			t.Fatalf("% x, stop %d: not bad, got %s, want %s", b, stop, got, want)
		case stop >= len(want)-1 && c.bad:
			t.Fatalf("% x, stop %d: bad, want %s", b, stop, want)
		}
	}
}
