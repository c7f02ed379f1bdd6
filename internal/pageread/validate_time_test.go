package pageread

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// appendTimeVarint appends v as a uvarint, now and then padded to a
// non-minimal form or cut to a lone continuation byte.
func appendTimeVarint(b []byte, v uint64, rng *rand.Rand) []byte {
	b = format.AppendUvarint(b, v)
	switch rng.IntN(1024) {
	case 0: // not minimal: a continuation bit and a zero byte
		b[len(b)-1] |= 0x80
		b = append(b, 0)
	case 1: // ten bytes
		for len(b) < 10 {
			b[len(b)-1] |= 0x80
			b = append(b, 0)
		}
	}
	return b
}

// TestTimeColumnMatchesReference checks timeColumn, whose loop hands most
// cells to timeRun, against a reference that reads each cell with
// ConsumeUvarint and checks it with Timestamp.Valid: on columns of 1 to 40
// cells in the UTC and shared-offset modes, with seconds and fractions of
// every length, times out of range, non-minimal and ten-byte varints,
// changed bytes and cut payloads, both must accept the same columns and
// end at the same place, or fail at the same offset with the same kind of
// error. Half the columns are kept (as Parse keeps a time column's cells,
// for TakeCells): a column accepted must then hold each cell as the
// reference decodes it.
func TestTimeColumnMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 14))
	fast := 0
	for range 100_000 {
		text := rng.IntN(2) == 0
		mode := byte(rng.IntN(2)) // TimeUTC or TimeShared
		b := []byte{mode}
		off := int64(0)
		if mode == format.TimeShared {
			off = int64(60 * (1 + rng.IntN(1000)))
			b = format.AppendVarint(b, off)
		}
		n := 1 + rng.IntN(40)
		local := int64(1_700_000_000)
		for range n {
			var d int64
			switch r := rng.IntN(64); {
			case r < 8:
				d = rng.Int64N(1<<40) - 1<<39
			case r == 8:
				d = format.TimeMaxLocal // soon out of range
			default:
				d = rng.Int64N(64)
			}
			b = appendTimeVarint(b, uint64(d<<1^d>>63), rng)
			local += d
			var f uint64
			switch r := rng.IntN(128); {
			case r < 10:
				f = 0
			case r < 20:
				f = rng.Uint64N(1000)*10 + 3
			case r < 40:
				f = rng.Uint64N(1e9)*10 + 9
			case r < 42:
				f = rng.Uint64N(1 << 40) // some out of range
			default:
				f = rng.Uint64N(1e6)*10 + 6
			}
			b = appendTimeVarint(b, f, rng)
		}
		switch rng.IntN(4) {
		case 0:
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		case 1:
			b = b[:rng.IntN(len(b)+1)]
		}
		b = append(b, make([]byte, rng.IntN(20))...) // whatever follows the column

		// Reference: the head, then ConsumeUvarint cell by cell.
		wantPos, wantKind, end := -1, error(nil), 0
		var want []timeCell
		pos := 0
		func() {
			if pos >= len(b) {
				wantPos, wantKind = pos, format.ErrTruncated
				return
			}
			m, plus := b[pos], false
			if text {
				plus, m = m&format.TimeZeroPlus != 0, m&^format.TimeZeroPlus
			}
			if m >= format.TimeModes || (plus && m == format.TimeShared) {
				wantPos, wantKind = pos, format.ErrCorrupt
				return
			}
			pos++
			o := int64(0)
			if m == format.TimeShared {
				u, k := format.ConsumeUvarint(b[pos:])
				if k < 0 {
					wantPos, wantKind = pos, varintKind(k)
					return
				}
				o = format.DecodeZigZag(u)
				pos += k
				if o == 0 || o < -86399 || o > 86399 || (text && o%60 != 0) {
					wantPos, wantKind = pos, format.ErrCorrupt // after the offset
					return
				}
			}
			if m == format.TimePerValue {
				wantKind = errSkip
				return
			}
			l := int64(0)
			for range n {
				at := pos
				u, k := format.ConsumeUvarint(b[pos:])
				if k < 0 {
					wantPos, wantKind = pos, varintKind(k)
					return
				}
				pos += k
				l += format.DecodeZigZag(u)
				f, k := format.ConsumeUvarint(b[pos:])
				if k < 0 {
					wantPos, wantKind = pos, varintKind(k)
					return
				}
				pos += k
				ts := format.Timestamp{Local: l, Frac: uint32(f / 10), Digits: uint8(f % 10), Offset: int32(o)}
				if f > 9_999_999_999 || !ts.Valid() {
					wantPos, wantKind = at, format.ErrCorrupt
					return
				}
				want = append(want, timeCell{local: l, frac: ts.Frac, size: uint8(pos - at), digits: ts.Digits})
			}
			end = pos
		}()
		if wantKind == errSkip {
			continue
		}
		v := validator{r: reader{b: b}}
		kept := !text && rng.IntN(2) == 0
		if kept {
			v.times = make([]timeCell, n)
		}
		v.timeColumn(n, text)
		switch {
		case wantKind == nil && v.r.err != nil:
			t.Fatalf("% x: timeColumn error %v, the reference accepts", b, v.r.err)
		case wantKind == nil && v.r.pos != end:
			t.Fatalf("% x: timeColumn ends at %d, want %d", b, v.r.pos, end)
		case wantKind != nil && (v.r.err == nil || !errors.Is(v.r.err, wantKind) || v.r.err.Offset != wantPos):
			t.Fatalf("% x: timeColumn error %v, want %v at %d", b, v.r.err, wantKind, wantPos)
		}
		if wantKind == nil && kept && !slices.Equal(v.times, want) {
			t.Fatalf("% x: timeColumn kept %+v, want %+v", b, v.times, want)
		}
		if wantKind == nil && n > 4 {
			fast++
		}
	}
	if fast < 1000 {
		t.Fatalf("only %d good columns of more than four cells: the test is not testing timeRun", fast)
	}
}

// errSkip marks a case the reference does not judge.
var errSkip = errors.New("skip")

// varintKind is the sentinel of ConsumeUvarint's error code k.
func varintKind(k int) error {
	if k == format.ErrCodeTruncated {
		return format.ErrTruncated
	}
	return format.ErrCorrupt
}
