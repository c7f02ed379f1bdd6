package pageread

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// checkRender renders the tagged value b with TakeValueJSON and checks it
// against the validator: bad exactly when the validator rejects b, and
// otherwise ending where the validator ends and writing what the unchecked
// AppendValueJSON writes. It reports whether b was good.
func checkRender(t *testing.T, l *Layout, b []byte, html bool, spare int) bool {
	t.Helper()
	v := validator{l: l, r: reader{b: b}, nstr: uint64(l.Strings.Len())}
	v.value(1)
	c := Cursor{enc: format.EncAny, data: b, max: uint64(l.Strings.Len() - 1)}
	got := l.TakeValueJSON(make([]byte, 0, spare), &c, html, math.MaxInt)
	l.resetRendered()
	if v.r.err != nil {
		if !c.bad || c.pos != len(b) {
			t.Fatalf("% x: the validator rejects it (%v); the render: bad %v at %d of %d", b, v.r.err, c.bad, c.pos, len(b))
		}
		return false
	}
	if c.bad || c.pos != v.r.pos {
		t.Fatalf("% x: render bad %v at %d, validator accepts to %d", b, c.bad, c.pos, v.r.pos)
	}
	want, n := l.AppendValueJSON(nil, b, html, math.MaxInt)
	if n != v.r.pos || string(got) != string(want) {
		t.Fatalf("% x: got %s, want %s (%d bytes of %d)", b, got, want, n, v.r.pos)
	}
	return true
}

// appendNested appends a value nested n deep: arrays and objects in turn,
// each holding a string, the value nested inside and an integer (an
// object's members under keys 1, 2 and 3), so that elements follow a
// closed container at every level.
func appendNested(b []byte, n int) []byte {
	if n == 0 {
		return append(b, format.TagTrue)
	}
	uv := format.AppendUvarint
	if n%2 == 0 {
		b = append(b, format.TagArray, 3, format.TagString, 4)
		b = appendNested(b, n-1)
		return format.AppendVarint(append(b, format.TagInt), int64(n))
	}
	b = uv(append(b, format.TagObject, 3, 1, format.TagString), 200)
	b = appendNested(append(b, 2), n-1)
	return format.AppendVarint(append(b, 3, format.TagInt), -int64(n)*1000)
}

// TestContainerJSONDeep renders values nested from 1 to 100 deep under
// MaxDepth limits from 1 to 1000: every value the
// validator accepts must render as AppendValueJSON does, and every one it
// rejects (nested past MaxDepth) must mark the cursor bad; and so for every
// value cut short.
func TestContainerJSONDeep(t *testing.T) {
	strs := make([]string, 300)
	for i := range strs {
		strs[i] = "s" + strconv.Itoa(i)
	}
	l := clippedLayout(t, strs, 1)
	for _, depth := range []int{1, 2, 3, 4, 31, 32, 33, 64, 65, 1000} {
		l.depth = depth
		for n := 1; n <= 100; n++ {
			b := appendNested(nil, n)
			if good := checkRender(t, l, b, n&1 == 0, 64); good != (n < depth) {
				t.Fatalf("MaxDepth %d, nested %d: accepted %v", depth, n, good)
			}
			for cut := len(b) - 1; cut > 0; cut -= 1 + cut/8 {
				checkRender(t, l, b[:cut], false, 0)
			}
		}
	}
}

// TestContainerJSONStop renders random good values, and values whose
// containers end together (each the last member of the one before, so
// that brackets close one after another), with every budget below their
// length: the cursor goes bad only once the output has passed the budget,
// and a render that does not go bad is complete.
func TestContainerJSONStop(t *testing.T) {
	strs := make([]string, 300)
	for i := range strs {
		strs[i] = keyCases[i%len(keyCases)] + strconv.Itoa(i)
	}
	l := clippedLayout(t, strs, 5)
	check := func(b []byte) {
		t.Helper()
		checkStopBudgets(t, l, b, len(strs))
	}
	rng := rand.New(rand.NewPCG(41, 42))
	tested := 0
	for tested < 2000 {
		b := appendRandomValue(nil, rng, 4)
		if b[0] != format.TagArray && b[0] != format.TagObject {
			continue
		}
		v := validator{l: l, r: reader{b: b}, nstr: uint64(l.Strings.Len())}
		if v.value(1); v.r.err != nil {
			continue
		}
		tested++
		check(b)
	}
	for n := 1; n <= 3; n++ { // MaxDepth 5: the innermost empty array at 4
		for _, b := range [][]byte{appendLastNested(nil, n), appendSiblings(nil, n)} {
			v := validator{l: l, r: reader{b: b}, nstr: uint64(l.Strings.Len())}
			if v.value(1); v.r.err != nil {
				t.Fatalf("% x: %v", b, v.r.err)
			}
			check(b)
		}
	}
}

// TestValueJSONAgreesWithValidatorDeeper is TestValueJSONAgreesWithValidator
// on values nested up to 8 deep under a MaxDepth of 6, mostly arrays and
// objects.
func TestValueJSONAgreesWithValidatorDeeper(t *testing.T) {
	strs := make([]string, 300)
	for i := range strs {
		strs[i] = keyCases[(i*7)%len(keyCases)] + strconv.Itoa(i)
	}
	l := clippedLayout(t, strs, 6)
	rng := rand.New(rand.NewPCG(51, 52))
	good := 0
	for i := range 30_000 {
		b := appendRandomValue(nil, rng, 8)
		switch rng.IntN(3) {
		case 0:
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		case 1:
			b = b[:rng.IntN(len(b)+1)]
		}
		if len(b) == 0 || b[0] == format.TagRepeat {
			continue
		}
		if checkRender(t, l, b, i&1 == 0, rng.IntN(80)) {
			good++
		}
	}
	if good < 3000 {
		t.Fatalf("only %d good values", good)
	}
}
