package pageread

import (
	"github.com/rowpage/rowpage/internal/jsonwire"
	"math"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// memberInts are integers at the boundaries memberIntJSON's paths meet:
// the zigzag varint lengths (127, 128, 16383, 16384 and each further
// 7 bits), the digit paths (9, 10, 1e8-1, 1e8, 1e9-1, 1e9, 1e16-1, 1e16),
// FloatIntMax and the extremes, and all of their negatives.
func memberInts() []int64 {
	vs := []int64{0, 1, 9, 10, 63, 64, 99, 100, 999, 1000, 2026, 9999, 1e4, 1e8 - 1, 1e8, 1e9 - 1, 1e9, 123456789, 9876543210,
		1e15, 1e16 - 1, 1e16, 1e17, 1e18 - 1, 1e18, 505874924095815681, format.FloatIntMax, format.FloatIntMax + 1, math.MaxInt64}
	for s := 6; s < 63; s += 7 { // zigzag lengths: 2^s-1 is the last of a length, 2^s the first of the next
		vs = append(vs, 1<<s-1, 1<<s)
	}
	for _, v := range vs[:len(vs):len(vs)] {
		vs = append(vs, -v)
	}
	return append(vs, math.MinInt64)
}

// TestContainerJSONIntMembers renders arrays of one integer member, as
// TagInt and as TagFloatInt, alone (the cell ends at the varint, fewer
// than 8 bytes after the tag) and followed by padding members (8 bytes
// or more), into buffers of every spare capacity around the fixed
// moves, and every cut of them, with checkRender: what the validator
// accepts must render as the unchecked renderer does, and what it
// rejects (TagFloatInt past FloatIntMax, truncations) must go bad.
func TestContainerJSONIntMembers(t *testing.T) {
	l := clippedLayout(t, []string{"a", "b"}, 8)
	for _, v := range memberInts() {
		for _, tag := range []byte{format.TagInt, format.TagFloatInt} {
			for _, pad := range []int{0, 1, 9} {
				b := []byte{format.TagArray, byte(1 + pad)}
				b = format.AppendVarint(append(b, tag), v)
				for range pad {
					b = append(b, format.TagNull)
				}
				for spare := 0; spare <= 40; spare += 1 + spare/8 {
					checkRender(t, l, b, false, spare)
				}
				for cut := 1; cut < len(b); cut++ {
					checkRender(t, l, b[:cut], false, 32)
				}
			}
		}
	}
}

// TestContainerJSONNonMinimalInts puts integer members whose varints are
// not minimal (a last byte of zero, at every length up to 10 bytes) in
// arrays with and without 8 bytes after them: each must go bad, as the
// validator rejects it.
func TestContainerJSONNonMinimalInts(t *testing.T) {
	l := clippedLayout(t, []string{"a"}, 8)
	for n := 2; n <= 10; n++ {
		for _, pad := range []int{0, 9} {
			b := []byte{format.TagArray, byte(1 + pad), format.TagInt}
			for range n - 1 {
				b = append(b, 0x85)
			}
			b = append(b, 0)
			for range pad {
				b = append(b, format.TagNull)
			}
			if checkRender(t, l, b, false, 64) {
				t.Fatalf("% x: a non-minimal varint was accepted", b)
			}
		}
	}
}

// TestContainerJSONFloatMembers renders arrays and objects of float
// members, raw (-0, +0, the extremes, a denormal) and decimal, with
// checkRender, every cut of them too.
func TestContainerJSONFloatMembers(t *testing.T) {
	l := clippedLayout(t, []string{"k"}, 8)
	raws := []uint64{1 << 63, 0, math.Float64bits(math.MaxFloat64), 1, math.Float64bits(-1e-300), 0x7FF << 52, 1<<63 | 1}
	for _, bits := range raws {
		for _, obj := range []bool{false, true} {
			b := []byte{format.TagArray, 2}
			if obj {
				b = []byte{format.TagObject, 2, 0}
			}
			b = appendRawCell(append(b, format.TagFloat), bits)
			if obj {
				b = append(b, 0)
			}
			b = appendDecimalCell(append(b, format.TagFloat), format.Decimal{Neg: true, Mant: 25, Exp: -1})
			checkRender(t, l, b, false, 64)
			for cut := 1; cut < len(b); cut++ {
				checkRender(t, l, b[:cut], false, 64)
			}
		}
	}
}

// TestCuvWide reads varints at every length, with 0 to 9 bytes after
// them, and non-minimal ones, with cuvWide and with cuvSlow on another
// cursor: both must agree on the value, the position and going bad.
func TestCuvWide(t *testing.T) {
	var vs []uint64
	for s := 0; s < 64; s++ {
		vs = append(vs, 1<<s-1, 1<<s, 1<<s+1)
	}
	vs = append(vs, math.MaxUint64, 9_999_999_999, 1_234_567_891)
	var cases [][]byte
	for _, v := range vs {
		cases = append(cases, format.AppendUvarint(nil, v))
	}
	for n := 2; n <= 11; n++ { // non-minimal, and past 10 bytes
		b := make([]byte, n)
		for i := range n - 1 {
			b[i] = 0x80 | byte(i)
		}
		cases = append(cases, b)
	}
	cases = append(cases, []byte{0x80}, []byte{}, []byte{0xFF, 0xFF})
	for _, b := range cases {
		for pad := 0; pad <= 9; pad++ {
			p := append(append([]byte(nil), b...), make([]byte, pad)...)
			for i := len(b); i < len(p); i++ {
				p[i] = 0x81 // bytes that would continue a varint if read
			}
			wide := Cursor{data: p}
			ref := Cursor{data: p}
			got := wide.cuvWide()
			var want uint64
			if len(p) > 0 && p[0] < 0x80 {
				want = ref.cuv()
			} else {
				want = ref.cuvSlow()
			}
			if got != want || wide.pos != ref.pos || wide.bad != ref.bad {
				t.Fatalf("% x: cuvWide %d at %d bad %v, cuvSlow %d at %d bad %v", p, got, wide.pos, wide.bad, want, ref.pos, ref.bad)
			}
		}
	}
}

// TestTakeStrListJSONTable renders string lists of every keyCase at every
// place in the table (indexes 127, 128, 16383, 16384 and the end of the
// string data), in both escaping modes, into buffers of every spare
// capacity up to past the 32-byte moves, and with string flags that were
// not verified: the output must equal what AppendQuoted writes after the
// bytes already in dst, and the cursor must end after the cell. Then an
// index past the table and a truncated list must mark the cursor bad.
func TestTakeStrListJSONTable(t *testing.T) {
	l, strs, at := keyTable(t, 16500)
	idx := keyIndexes(at, len(strs))
	unverified := unverifiedLayout(l)
	for pass, html := range []bool{true, false, true} {
		if pass == 2 {
			l = unverified
		}
		for _, k := range idx {
			list := []int{k, k, idx[(k*7)%len(idx)]} // k twice, then another
			b := format.AppendUvarint(nil, uint64(len(list)))
			want := "prefix["
			for j, v := range list {
				b = format.AppendUvarint(b, uint64(v))
				if j > 0 {
					want += ","
				}
				want += string(jsonwire.AppendQuoted(nil, strs[v], html))
			}
			want += "]"
			for spare := 0; spare <= 40; spare++ {
				dst := make([]byte, 6, 6+spare)
				copy(dst, "prefix")
				c := Cursor{enc: format.EncStrList, data: b, max: uint64(len(strs) - 1)}
				got := l.TakeStrListJSON(dst, &c, html, math.MaxInt)
				if c.bad || c.pos != len(b) || string(got) != want {
					t.Fatalf("list %v, html %v, spare %d: bad %v, pos %d of %d\n got %s\nwant %s", list, html, spare, c.bad, c.pos, len(b), got, want)
				}
			}
		}
	}
	bad := [][]byte{
		format.AppendUvarint([]byte{2, 0}, uint64(len(strs))), // an index past the table
		{2, 0},             // one index short
		{1, 0x80},          // a truncated index
		{3, 0x80, 0x00, 0}, // a non-minimal index
		{0x80},             // a truncated count
	}
	for _, b := range bad {
		c := Cursor{enc: format.EncStrList, data: b, max: uint64(len(strs) - 1)}
		l.TakeStrListJSON(nil, &c, false, math.MaxInt)
		if !c.bad {
			t.Fatalf("% x: the cursor is not bad", b)
		}
	}
}
