package pageread

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestStrLims checks strLims's one comparison for each length of string
// index against format.ConsumeUvarint and the table's length, for every
// one- and two-byte form (canonical or not) around the tables' edges.
func TestStrLims(t *testing.T) {
	for _, nstr := range []uint64{0, 1, 127, 128, 129, 255, 256, 300, 16383, 16384, 16385, 40_000} {
		lims := newStrLims(nstr)
		for x := range uint64(1 << 16) {
			b := []byte{byte(x), byte(x >> 8)}
			i, n := format.ConsumeUvarint(b)
			want1 := n == 1 && i < nstr
			want2 := n == 2 && i < nstr
			got1 := x&0xFF < lims.one
			// quickRun tests the two-byte form only after the one-byte
			// form failed.
			got2 := !got1 && x-0x180 < lims.two
			if got1 != want1 || got2 != want2 {
				t.Fatalf("nstr %d, bytes % x: one %v two %v, want %v %v", nstr, b, got1, got2, want1, want2)
			}
		}
	}
}

// TestStrListColumnMatchesReference checks the string-list column check
// (strListRun, and the per-list code after it) against a reference that
// reads each count and index with format.ConsumeUvarint: on long columns
// of lists, whole or with a byte changed or cut short, they must accept
// the same payloads, and fail at the same offset with the same kind of
// error.
func TestStrListColumnMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, nstr := range []int{0, 3, 120, 300, 20_000} {
		for range 20_000 {
			n := 1 + rng.IntN(20)
			var b []byte
			for range n {
				cnt := rng.IntN(5)
				if rng.IntN(50) == 0 {
					cnt = 128 + rng.IntN(3) // a two-byte count
				}
				b = format.AppendUvarint(b, uint64(cnt))
				for range cnt {
					b = format.AppendUvarint(b, rng.Uint64N(uint64(nstr)+3))
				}
			}
			switch rng.IntN(3) {
			case 0:
				b[rng.IntN(len(b))] = byte(rng.IntN(256))
			case 1:
				b = b[:rng.IntN(len(b)+1)]
			}
			wantPos, wantKind := refStrList(b, n, uint64(nstr))
			l := &Layout{depth: 3}
			l.Strings.count = nstr
			v := validator{l: l, r: reader{b: b}}
			v.column(format.EncStrList, n)
			checkAgainst(t, b, &v, wantPos, wantKind)
		}
	}
}

// refStrList checks n lists at b as SPEC.md 5.1 says, a varint at a time,
// and returns where the lists end, or where the first fault is and its
// kind.
func refStrList(b []byte, n int, nstr uint64) (int, error) {
	pos := 0
	for range n {
		cnt, k := format.ConsumeUvarint(b[pos:])
		if k < 0 {
			return pos, varintErr(k, pos, "").Err
		}
		pos += k
		if cnt > uint64(len(b)-pos) || (cnt > 0 && nstr == 0) {
			return pos, format.ErrCorrupt
		}
		for range cnt {
			i, k := format.ConsumeUvarint(b[pos:])
			if k < 0 {
				return pos, varintErr(k, pos, "").Err
			}
			if i >= nstr {
				return pos, format.ErrCorrupt
			}
			pos += k
		}
	}
	return pos, nil
}

// checkAgainst fails t unless v's error and end agree with the
// reference's: no error and the same end, or the same kind at wantPos.
func checkAgainst(t *testing.T, b []byte, v *validator, wantPos int, wantKind error) {
	t.Helper()
	switch {
	case wantKind == nil && v.r.err != nil:
		t.Fatalf("% x: error %v, the reference accepts", b, v.r.err)
	case wantKind == nil && v.r.pos != wantPos:
		t.Fatalf("% x: ends at %d, want %d", b, v.r.pos, wantPos)
	case wantKind != nil && (v.r.err == nil || !errors.Is(v.r.err, wantKind) || v.r.err.Offset != wantPos):
		t.Fatalf("% x: error %v, want %v at %d", b, v.r.err, wantKind, wantPos)
	}
}

// TestFloatColumnLongRuns is TestFloatValidatorMatchesConsume on columns
// of up to 40 cells, so that floatRun takes long runs and the damage falls
// within them.
func TestFloatColumnLongRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	for range 50_000 {
		var b []byte
		n := 1 + rng.IntN(40)
		for range n {
			switch rng.IntN(8) {
			case 0:
				b = appendRawCell(b, rng.Uint64()|uint64(rng.IntN(2))*0x7FF<<52)
			case 1:
				b = append(b, byte(rng.IntN(256)), byte(rng.IntN(256)))
			default:
				b = appendDecimalCell(b, format.Decimal{Neg: rng.IntN(2) == 0, Mant: rng.Uint64N(2e17) >> rng.IntN(60), Exp: rng.IntN(130) - 65})
			}
		}
		switch rng.IntN(3) {
		case 0:
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		case 1:
			b = b[:rng.IntN(len(b)+1)]
		}
		wantPos, wantKind := 0, error(nil)
		for range n {
			_, k := format.ConsumeFloatCell(b[wantPos:])
			if k < 0 {
				wantKind = format.ErrCorrupt
				if k == format.ErrCodeTruncated {
					wantKind = format.ErrTruncated
				}
				break
			}
			wantPos += k
		}
		v := validator{r: reader{b: b}}
		v.floats(n)
		checkAgainst(t, b, &v, wantPos, wantKind)
	}
}

// TestPerValueTimeColumnMatchesReference checks the time-column check on
// per-value columns (mode 2), whose seconds and offsets it reads from one
// load, against a reference that reads each varint with
// format.ConsumeUvarint and checks each cell with timeCellValid: long
// columns of cells with steps of seconds to years and offsets of a few
// values, whole or with a byte changed or cut short.
func TestPerValueTimeColumnMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	offs := []int64{0, 3600, -18000, 19800, 86399, -86400, 7}
	for range 50_000 {
		n := 2 + rng.IntN(20)
		b := []byte{format.TimePerValue}
		local := int64(0)
		for i := range n {
			step := rng.Int64N(1<<uint(1+rng.IntN(40))) - 100
			if i == 0 {
				step = 1_700_000_000 + rng.Int64N(1<<30)
			}
			local += step
			b = format.AppendVarint(b, step)
			b = format.AppendUvarint(b, []uint64{0, 1231, 1234567896, 10_000_000_000}[rng.IntN(4)])
			b = format.AppendVarint(b, offs[rng.IntN(len(offs))])
		}
		switch rng.IntN(3) {
		case 0:
			b[1+rng.IntN(len(b)-1)] = byte(rng.IntN(256))
		case 1:
			b = b[:1+rng.IntN(len(b))]
		}
		wantPos, wantKind := refPerValueTimes(b, n)
		v := validator{r: reader{b: b}}
		v.column(format.EncTime, n)
		checkAgainst(t, b, &v, wantPos, wantKind)
	}
}

// refPerValueTimes checks n cells of a per-value time column at b (its
// mode byte first) a varint at a time.
func refPerValueTimes(b []byte, n int) (int, error) {
	pos := 1
	local, prev := int64(0), int64(0)
	mixed := false
	for i := range n {
		at := pos
		var x [3]uint64
		for j := range x {
			v, k := format.ConsumeUvarint(b[pos:])
			if k < 0 {
				return pos, varintErr(k, pos, "").Err
			}
			x[j], pos = v, pos+k
		}
		local += format.DecodeZigZag(x[0])
		off := format.DecodeZigZag(x[2])
		mixed = mixed || (i > 0 && off != prev)
		prev = off
		if !timeCellValid(local, x[1], off) {
			return at, format.ErrCorrupt
		}
	}
	if !mixed {
		return 0, format.ErrCorrupt
	}
	return pos, nil
}

// TestAnyColumnMatchesValue checks anyColumn, which walks the cells
// between repeats in one quickRun loop, against a reference that checks
// each cell with value alone and each repeat against the array and object
// cells before it: columns of random cells and repeats, whole or with a
// byte changed or cut short, with string tables of 100, 300 and 40,000.
func TestAnyColumnMatchesValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 48))
	for _, nstr := range []int{100, 300, 40_000} {
		for range 30_000 {
			n := 1 + rng.IntN(12)
			var b []byte
			var starts []int
			for range n {
				if len(starts) > 0 && rng.IntN(4) == 0 {
					b = format.AppendUvarint(append(b, format.TagRepeat), uint64(starts[rng.IntN(len(starts))]))
					continue
				}
				starts = append(starts, len(b))
				if rng.IntN(2) == 0 {
					b = appendRandomValue(b, rng, 1+rng.IntN(4))
				} else {
					b = appendGoodElem(b, rng)
				}
			}
			switch rng.IntN(3) {
			case 0:
				b[rng.IntN(len(b))] = byte(rng.IntN(256))
			case 1:
				b = b[:rng.IntN(len(b)+1)]
			}
			checkAnyColumn(t, b, n, nstr)
		}
	}
}

// checkAnyColumn checks anyColumn on the n cells of b against a reference
// that checks each cell with value alone and each repeat against the array
// and object cells before it, with a string table of nstr.
func checkAnyColumn(t *testing.T, b []byte, n, nstr int) {
	t.Helper()
	newLayout := func() *Layout {
		l := &Layout{depth: 4, maxStr: 1 << 20, maxPage: 1 << 30}
		l.Strings.count = nstr
		return l
	}
	ref := validator{l: newLayout(), r: reader{b: b}}
	cells := map[int]int{}
	for range n {
		at := ref.r.pos
		if at < len(b) && b[at] == format.TagRepeat {
			ref.r.pos++
			off := ref.r.uvarint("repeat offset")
			if ref.r.err != nil {
				break
			}
			size, ok := cells[int(off)]
			if !ok || off > uint64(len(b)) {
				ref.r.pos = at
				ref.fail(format.ErrCorrupt, "")
				break
			}
			ref.l.expand += size
			continue
		}
		if ref.value(1); ref.r.err != nil {
			break
		}
		if b[at] == format.TagArray || b[at] == format.TagObject {
			cells[at] = ref.r.pos - at
		}
	}
	v := validator{l: newLayout(), r: reader{b: b}}
	v.anyColumn(n)
	wantPos, wantKind := ref.r.pos, error(nil)
	if ref.r.err != nil {
		wantPos, wantKind = ref.r.err.Offset, ref.r.err.Err
	}
	checkAgainst(t, b, &v, wantPos, wantKind)
	if ref.r.err == nil && v.l.expand != ref.l.expand {
		t.Fatalf("% x: expansion %d, want %d", b, v.l.expand, ref.l.expand)
	}
}

// TestAnyColumnLongCounts checks anyColumn against its reference on
// columns where one array or object, at the top of a cell or nested in
// one, claims more elements than it holds: one to three more, or 127, so
// that its elements run into the next cells or past the payload's end
// (quickRun does not compare a count with the bytes left), with and
// without repeats and padding after the column.
func TestAnyColumnLongCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	tried := 0
	for range 20_000 {
		n := 1 + rng.IntN(8)
		var b []byte
		var counts []int // where the count bytes of the arrays and objects are
		var starts []int
		for range n {
			if len(starts) > 0 && rng.IntN(5) == 0 {
				b = format.AppendUvarint(append(b, format.TagRepeat), uint64(starts[rng.IntN(len(starts))]))
				continue
			}
			starts = append(starts, len(b))
			if rng.IntN(2) == 0 {
				// An object of a string and an array of ints.
				k := rng.IntN(4)
				counts = append(counts, len(b)+1)
				b = append(b, format.TagObject, 2, 1, format.TagString, byte(rng.IntN(100)), 2)
				counts = append(counts, len(b)+1)
				b = append(b, format.TagArray, byte(k))
				for range k {
					b = format.AppendVarint(append(b, format.TagInt), rng.Int64N(300))
				}
			} else {
				b = appendGoodElem(b, rng)
			}
		}
		if len(counts) == 0 {
			continue
		}
		at := counts[rng.IntN(len(counts))]
		if rng.IntN(4) == 0 {
			b[at] = 127
		} else {
			b[at] += byte(1 + rng.IntN(3))
		}
		if rng.IntN(2) == 0 {
			b = append(b, make([]byte, rng.IntN(12))...)
		}
		tried++
		checkAnyColumn(t, b, n, 300)
	}
	if tried < 10_000 {
		t.Fatalf("only %d columns", tried)
	}
}
