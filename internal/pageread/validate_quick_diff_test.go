package pageread

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestQuickWalkMatchesOld checks the walk of any columns (anyColumn,
// quickValue and the quickRun loop under them) against the walk as it was
// before quickRun kept its state in locals (validate_quick_old_test.go):
// on columns of generated cells and repeats, whole and damaged (a byte
// changed, zeroed or inserted, cut short, a count raised), with string
// tables on both sides of one- and two-byte indexes, both must accept the
// same columns with the same end and expansion, and fail with the same
// error (kind, offset and message); and quickValue must end every cell
// where the old one does, or give up on the same cells.
func TestQuickWalkMatchesOld(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	bad, quick := 0, 0
	for _, nstr := range []int{5, 100, 128, 129, 300, 20_000} {
		for _, depth := range []int{3, 5, 24} {
			for range 6_000 {
				n := 1 + rng.IntN(10)
				var b []byte
				var starts, cells []int // where the cells start; those of arrays and objects
				for range n {
					if len(cells) > 0 && rng.IntN(5) == 0 {
						off := cells[rng.IntN(len(cells))]
						if rng.IntN(10) == 0 {
							off = starts[rng.IntN(len(starts))] // an array or object, or not
						}
						b = format.AppendUvarint(append(b, format.TagRepeat), uint64(off))
						continue
					}
					starts = append(starts, len(b))
					switch rng.IntN(10) {
					case 0:
						b = appendRandomValue(b, rng, 1+rng.IntN(4))
					case 1, 2:
						b = appendGoodElem(b, rng)
					default:
						b = appendWalkValue(b, rng, nstr, 1+rng.IntN(5))
					}
					if at := starts[len(starts)-1]; b[at] == format.TagArray || b[at] == format.TagObject {
						cells = append(cells, at)
					}
				}
				b = damageWalk(b, rng)
				if compareWalks(t, b, n, nstr, depth) {
					bad++
				}
				for _, at := range starts {
					if at < len(b) && compareQuickValues(t, b[at:], nstr, depth) {
						quick++
					}
				}
			}
		}
	}
	if bad < 20_000 || bad > 90_000 || quick < 100_000 {
		t.Fatalf("%d of 108,000 columns bad, %d cells taken by quickValue: the test is not testing both kinds", bad, quick)
	}
}

// compareWalks runs anyColumn and the old anyColumn on the n cells of b
// and fails t where they differ. It reports whether the column is bad.
func compareWalks(t *testing.T, b []byte, n, nstr, depth int) bool {
	t.Helper()
	newLayout := func() *Layout {
		l := &Layout{depth: depth, maxStr: 1 << 20, maxPage: 1 << 16}
		l.Strings.count = nstr
		return l
	}
	old := validator{l: newLayout(), r: reader{b: b}}
	old.anyColumnOld(n)
	v := validator{l: newLayout(), r: reader{b: b}}
	v.anyColumn(n)
	if (old.r.err == nil) != (v.r.err == nil) {
		t.Fatalf("% x (%d cells, %d strings, depth %d): error %v, the old walk's %v", b, n, nstr, depth, v.r.err, old.r.err)
	}
	if e, o := v.r.err, old.r.err; e != nil && (e.Err != o.Err || e.Offset != o.Offset || e.Msg != o.Msg) {
		t.Fatalf("% x (%d cells, %d strings, depth %d): error %v, the old walk's %v", b, n, nstr, depth, e, o)
	}
	if v.r.pos != old.r.pos || v.l.expand != old.l.expand {
		t.Fatalf("% x (%d cells, %d strings, depth %d): end %d expansion %d, the old walk's %d %d", b, n, nstr, depth, v.r.pos, v.l.expand, old.r.pos, old.l.expand)
	}
	return v.r.err != nil
}

// compareQuickValues runs quickValue and the old quickValue on the value at
// the start of b and fails t where they differ. It reports whether they
// took it.
func compareQuickValues(t *testing.T, b []byte, nstr, depth int) bool {
	t.Helper()
	l := &Layout{depth: depth, maxStr: 1 << 20}
	l.Strings.count = nstr
	v := validator{l: l, r: reader{b: b}, nstr: uint64(nstr)}
	got, want := v.quickValue(b, 0, 1), v.quickValueOld(b, 0, 1)
	if got != want {
		t.Fatalf("% x (%d strings, depth %d): quickValue ends at %d, the old one at %d", b, nstr, depth, got, want)
	}
	return got >= 0
}

// appendWalkValue appends a tagged value of the kinds quickRun takes,
// nested up to depth: nulls, booleans, integers of one to ten bytes,
// strings and keys whose indexes of one to three bytes fall near the end
// of a table of nstr strings, and arrays and objects of up to a few
// elements (now and then 126 to 130, whose counts take two bytes).
func appendWalkValue(b []byte, rng *rand.Rand, nstr, depth int) []byte {
	idx := func(b []byte) []byte {
		switch k := rng.IntN(16); {
		case k == 0:
			return format.AppendUvarint(b, uint64(max(nstr-1-rng.IntN(3), 0))+uint64(rng.IntN(4))) // at the table's end
		case k == 1 && nstr > 140:
			return format.AppendUvarint(b, 120+rng.Uint64N(20)) // around one byte's end
		case k == 2 && nstr > 16_400:
			return format.AppendUvarint(b, 16_380+rng.Uint64N(8)) // around two bytes' end
		}
		return format.AppendUvarint(b, rng.Uint64N(uint64(nstr)))
	}
	k := rng.IntN(10)
	if depth <= 0 && k >= 7 {
		k = rng.IntN(7)
	}
	switch k {
	case 0:
		return append(b, format.TagNull+byte(rng.IntN(3)))
	case 1, 2:
		return idx(append(b, format.TagString))
	case 3, 4:
		v := rng.Int64() >> rng.IntN(64)
		if rng.IntN(4) == 0 {
			v = int64(1) << (7 * rng.IntN(10)) >> 1 // at a varint length's edge
		}
		return format.AppendVarint(append(b, format.TagInt), v)
	case 5:
		if rng.IntN(8) == 0 {
			return append(b, format.TagInt, 0x80|byte(rng.IntN(128)), 0x80, 0) // not minimal
		}
		return format.AppendVarint(append(b, format.TagInt), rng.Int64N(1<<40))
	case 6:
		return appendGoodElem(b, rng)
	}
	tag := format.TagArray + byte(rng.IntN(2))
	n := rng.IntN(5)
	if rng.IntN(40) == 0 {
		n = 126 + rng.IntN(5)
	}
	b = format.AppendUvarint(append(b, tag), uint64(n))
	for range n {
		if tag == format.TagObject {
			b = idx(b)
		}
		b = appendWalkValue(b, rng, nstr, depth-1)
	}
	return b
}

// damageWalk returns b whole (one time in two) or damaged: a byte
// changed, zeroed or inserted, or b cut short; and now and then with bytes
// after it.
func damageWalk(b []byte, rng *rand.Rand) []byte {
	if len(b) > 0 {
		switch rng.IntN(10) {
		case 0:
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		case 1:
			b[rng.IntN(len(b))] = 0
		case 2:
			b[rng.IntN(len(b))] ^= 0x80
		case 3:
			at := rng.IntN(len(b) + 1)
			b = append(b[:at], append([]byte{byte(rng.IntN(256))}, b[at:]...)...)
		case 4:
			b = b[:rng.IntN(len(b)+1)]
		}
	}
	if rng.IntN(3) == 0 {
		for range rng.IntN(12) {
			b = append(b, byte(rng.IntN(256)))
		}
	}
	return b
}
