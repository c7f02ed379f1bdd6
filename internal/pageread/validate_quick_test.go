package pageread

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// appendRandomValue appends a tagged value at nesting up to depth, mostly
// well formed, of every tag; string indexes run a little past a table of
// 300 strings and times past their ranges, so that some are bad.
func appendRandomValue(b []byte, rng *rand.Rand, depth int) []byte {
	uv := format.AppendUvarint
	sv := format.AppendVarint
	k := rng.IntN(16)
	if depth > 2 && rng.IntN(2) == 0 {
		k = int(format.TagArray) + rng.IntN(2) // deep nesting, past MaxDepth too
	}
	if depth <= 0 && (k == format.TagArray || k == format.TagObject) {
		k = format.TagInt
	}
	tag := byte(k)
	switch tag {
	case format.TagInt:
		return sv(append(b, tag), rng.Int64()>>rng.IntN(64))
	case format.TagUint:
		return uv(append(b, tag), rng.Uint64()>>rng.IntN(3))
	case format.TagString:
		return uv(append(b, tag), rng.Uint64N(310)<<(rng.IntN(4)/3*8))
	case format.TagFloat:
		if rng.IntN(3) == 0 {
			return appendRawCell(append(b, tag), rng.Uint64())
		}
		return appendDecimalCell(append(b, tag), format.Decimal{Neg: rng.IntN(2) == 0, Mant: rng.Uint64N(2e17) >> rng.IntN(60), Exp: rng.IntN(130) - 65})
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		b = sv(append(b, tag), rng.Int64N(1<<40)-1<<39)
		b = uv(b, rng.Uint64N(12_000_000_000))
		return sv(b, []int64{0, 60, -3600, 86399, 90000, 7}[rng.IntN(6)])
	case format.TagBytes, format.TagNumber, format.TagRaw:
		s := []string{"12", "1.5e3", "{}", "[1]", "x", ""}[rng.IntN(6)]
		return append(uv(append(b, tag), uint64(len(s))), s...)
	case format.TagArray, format.TagObject:
		n := rng.IntN(5)
		b = uv(append(b, tag), uint64(n))
		for range n {
			if tag == format.TagObject {
				b = uv(b, rng.Uint64N(305))
			}
			b = appendRandomValue(b, rng, depth-1)
		}
		return b
	}
	return append(b, tag) // null, false, true, repeat (bad here), and tags past TagMax below
}

// TestQuickValueAgreesWithValue checks quickValue against value, which
// Parse runs when quickValue gives up: on random tagged values, whole or
// damaged (bytes changed, cut short, nested past MaxDepth), quickValue
// must give up on every value that value rejects, and end where value
// ends on every value it accepts.
func TestQuickValueAgreesWithValue(t *testing.T) {
	// A table of 300 strings, and one of 40,000 on which the indexes of
	// strings (up to 310<<8) are two and three bytes long, in and past it.
	for _, nstr := range []int{300, 40_000} {
		testQuickValueAgrees(t, nstr)
	}
}

func testQuickValueAgrees(t *testing.T, nstr int) {
	rng := rand.New(rand.NewPCG(21, 22))
	l := &Layout{depth: 3, maxStr: 1 << 20}
	l.Strings.count = nstr
	quick, good := 0, 0
	for range 300_000 {
		b := appendRandomValue(nil, rng, 1+rng.IntN(5))
		switch rng.IntN(4) {
		case 0:
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		case 1:
			b = b[:rng.IntN(len(b)+1)]
		case 2:
			b = append(b, byte(rng.IntN(256))) // trailing bytes: both end before them
		}
		if rng.IntN(2) == 0 {
			// Eight bytes or more after it, as a column's next cells: the
			// value is read by quickRun's 8-byte loads, not quickElem.
			for range 8 + rng.IntN(4) {
				b = append(b, byte(rng.IntN(256)))
			}
		}
		v := validator{l: l, r: reader{b: b}, nstr: uint64(l.Strings.Len())}
		end := v.quickValue(b, 0, 1)
		v.value(1)
		if v.r.err == nil {
			good++
		}
		if end < 0 {
			continue
		}
		quick++
		if v.r.err != nil {
			t.Fatalf("% x: quickValue accepts (end %d), value: %v", b, end, v.r.err)
		}
		if v.r.pos != end {
			t.Fatalf("% x: quickValue ends at %d, value at %d", b, end, v.r.pos)
		}
	}
	if quick < good/3 || quick == good {
		t.Fatalf("%d strings: quickValue took %d of %d good values: the test is not testing it", nstr, quick, good)
	}
}

// TestQuickValueDeep checks quickValue on values nested past its stack
// (quickStack levels), where it goes on a call per value: well formed,
// they are accepted and end where value ends them; past MaxDepth, cut
// short, or with a bad innermost element, quickValue gives up as value
// fails.
func TestQuickValueDeep(t *testing.T) {
	for _, levels := range []int{quickStack - 1, quickStack, quickStack + 1, quickStack + 2, 3 * quickStack} {
		for _, obj := range []bool{false, true} {
			// levels nested containers, each holding the next and then an
			// integer of two bytes, the innermost an integer and a string.
			var b []byte
			for range levels {
				if obj {
					b = append(b, format.TagObject, 2, 1)
				} else {
					b = append(b, format.TagArray, 2)
				}
			}
			if obj {
				b = append(b, 5)
			}
			b = append(b, format.TagInt, 0x80, 0x01)
			if obj {
				b = append(b, 6)
			}
			b = append(b, format.TagString, 7)
			for range levels - 1 {
				if obj {
					b = append(b, 8)
				}
				b = append(b, format.TagInt, 0xFF, 0x7F)
			}
			for _, depth := range []int{levels, levels + 1, levels + 5} {
				l := &Layout{depth: depth, maxStr: 1 << 20}
				l.Strings.count = 300
				check := func(b []byte, wantOK bool) {
					t.Helper()
					v := validator{l: l, r: reader{b: b}, nstr: 300}
					end := v.quickValue(b, 0, 1)
					v.value(1)
					if (v.r.err == nil) != wantOK {
						t.Fatalf("levels %d obj %v depth %d: value err %v, want ok %v", levels, obj, depth, v.r.err, wantOK)
					}
					if end >= 0 && (v.r.err != nil || end != v.r.pos || end != len(b)) {
						t.Fatalf("levels %d obj %v depth %d: quickValue ends at %d, value at %d (err %v), len %d", levels, obj, depth, end, v.r.pos, v.r.err, len(b))
					}
					if wantOK && end < 0 {
						t.Fatalf("levels %d obj %v depth %d: quickValue gives up on a good value", levels, obj, depth)
					}
				}
				// The innermost values sit at depth levels+1.
				ok := depth > levels
				check(b, ok)
				check(b[:len(b)-1], false)
				bad := append([]byte(nil), b...)
				bad[len(bad)-1] = 0 // a two-byte varint ending in zero: not minimal
				check(bad, false)
			}
		}
	}
}

// TestQuickValueStrIndexBytes checks quickValue on string indexes of one to
// four bytes at the ends of a table of 20,000 strings: the last in the
// table and the first past it, non-minimal forms and indexes cut short.
func TestQuickValueStrIndexBytes(t *testing.T) {
	const nstr = 20_000
	l := &Layout{depth: 3, maxStr: 1 << 20}
	l.Strings.count = nstr
	idx := func(b ...byte) []byte { return append([]byte{format.TagString}, b...) }
	for _, tc := range []struct {
		b  []byte
		ok bool
	}{
		{idx(0x05), true},
		{idx(0x85, 0x01), true},
		{idx(0x85, 0x00), false},                                  // two bytes, not minimal
		{format.AppendUvarint(idx(), nstr-1), true},               // three bytes, the last string
		{format.AppendUvarint(idx(), nstr), false},                // past the table
		{format.AppendUvarint(idx(), 16384), true},                // the smallest three-byte index
		{idx(0x80, 0x80, 0x01), true},                             // 16384, written out
		{idx(0x80, 0x80, 0x00), false},                            // three bytes, not minimal
		{idx(0x80, 0x80), false},                                  // cut short
		{idx(0xFF, 0xFF, 0x7F), false},                            // 2^21-1, past the table
		{idx(0x80, 0x80, 0x80, 0x01), false},                      // four bytes, past the table
		{idx(0x80, 0x80, 0x80, 0x00), false},                      // four bytes, not minimal
		{append(format.AppendUvarint(idx(), nstr-1), 0xAA), true}, // a byte after it
	} {
		for _, pad := range []int{0, 8} { // short of and past quickStrIndex's load
			b := append(append([]byte(nil), tc.b...), make([]byte, pad)...)
			v := validator{l: l, r: reader{b: b}, nstr: nstr}
			end := v.quickValue(b, 0, 1)
			v.value(1)
			if (v.r.err == nil) != tc.ok {
				t.Fatalf("% x: value err %v, want ok %v", b, v.r.err, tc.ok)
			}
			if tc.ok != (end >= 0) || (end >= 0 && end != v.r.pos) {
				t.Fatalf("% x: quickValue ends at %d, value at %d (err %v)", b, end, v.r.pos, v.r.err)
			}
		}
	}
}

// TestQuickValueLongContainers checks quickValue against value on arrays
// and objects of 128 elements or more, whose two-byte counts quickRun
// leaves to quickElem, holding random elements of every tag (so that
// quickRun and quickElem take turns within one container), and on 64-bit
// integers of ten bytes; whole and damaged, as
// TestQuickValueAgreesWithValue checks; and quickValue must take every
// one left whole: it leaves none of their tags to value.
func TestQuickValueLongContainers(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	l := &Layout{depth: 4, maxStr: 1 << 20}
	l.Strings.count = 300
	good := 0
	for range 3_000 {
		tag := format.TagArray + byte(rng.IntN(2))
		n := 120 + rng.IntN(20)
		b := format.AppendUvarint([]byte{tag}, uint64(n))
		for range n {
			if tag == format.TagObject {
				b = format.AppendUvarint(b, rng.Uint64N(305))
			}
			b = appendGoodElem(b, rng)
		}
		whole := false
		switch rng.IntN(3) {
		case 0:
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		case 1:
			b = b[:rng.IntN(len(b)+1)]
		default:
			whole = true
		}
		v := validator{l: l, r: reader{b: b}, nstr: 300}
		end := v.quickValue(b, 0, 1)
		v.value(1)
		if v.r.err == nil {
			good++
			if whole && end < 0 {
				t.Fatalf("% x: quickValue gives up on a good value", b)
			}
		}
		if end < 0 {
			continue
		}
		if v.r.err != nil {
			t.Fatalf("% x: quickValue accepts (end %d), value: %v", b, end, v.r.err)
		}
		if v.r.pos != end {
			t.Fatalf("% x: quickValue ends at %d, value at %d", b, end, v.r.pos)
		}
	}
	if good < 500 || good > 2_500 {
		t.Fatalf("%d of 3,000 values good: the test is not testing both kinds", good)
	}
}

// appendGoodElem appends a well-formed tagged value of one of the tags
// quickRun takes or leaves to quickElem: null, booleans, integers of one
// to ten bytes, strings of a 300-string table, floats, times, and small
// arrays of integers.
func appendGoodElem(b []byte, rng *rand.Rand) []byte {
	switch rng.IntN(8) {
	case 0:
		return append(b, format.TagNull+byte(rng.IntN(3)))
	case 1:
		return format.AppendVarint(append(b, format.TagInt), rng.Int64()>>rng.IntN(64))
	case 2:
		return format.AppendVarint(append(b, format.TagInt), -1<<63+rng.Int64N(1<<20)) // ten bytes
	case 3, 4:
		return format.AppendUvarint(append(b, format.TagString), rng.Uint64N(300))
	case 5:
		return appendDecimalCell(append(b, format.TagFloat), format.Decimal{Mant: 10*rng.Uint64N(1e6) + 1 + rng.Uint64N(9), Exp: -rng.IntN(4)})
	case 6:
		b = format.AppendVarint(append(b, format.TagTime), rng.Int64N(1<<30))
		b = format.AppendUvarint(b, 0)
		return format.AppendVarint(b, 0)
	}
	n := rng.IntN(4)
	b = format.AppendUvarint(append(b, format.TagArray), uint64(n))
	for range n {
		b = format.AppendVarint(append(b, format.TagInt), rng.Int64N(1000))
	}
	return b
}
