package format

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// stringTable builds a string table section of strings with the given
// lengths (their bytes arbitrary), the smallest width that holds the data.
func stringTable(lengths []int) []byte {
	d := 0
	for _, l := range lengths {
		d += l
	}
	width := 1
	for ; width < 4 && d >= 1<<(8*width); width++ {
	}
	t := AppendUvarint(nil, uint64(len(lengths)))
	t = append(t, byte(width))
	t = append(t, make([]byte, (len(lengths)+3)/4)...)
	end := 0
	for _, l := range lengths {
		end += l
		for b := range width {
			t = append(t, byte(end>>(8*b)))
		}
	}
	for i := range d {
		t = append(t, byte('a'+i%26))
	}
	return t
}

func TestLengthPlanesExample(t *testing.T) {
	// SPEC.md 2.5: ends 272 and 288 in width 2 are stored 10 10 01 00.
	table := stringTable([]int{272, 16})
	got := AppendLengthPlanes(nil, table)
	at, count, width, ok := EndsSpan(got)
	if !ok || count != 2 || width != 2 || !bytes.Equal(got[at:at+4], []byte{0x10, 0x10, 0x01, 0x00}) {
		t.Fatalf("planes % x (span %d %d %d %v)", got[:at+4], at, count, width, ok)
	}
	if !bytes.Equal(table[at:at+4], []byte{0x10, 0x01, 0x20, 0x01}) {
		t.Fatalf("ends % x", table[at:at+4])
	}
}

func TestLengthPlanesRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := [][]int{nil, {0}, {1}, {0, 0, 0}, {255}, {256}, {1, 255, 1}, {65535, 1}, {70000, 3, 0, 5}, {1 << 24, 7}}
	for range 200 {
		limit := []int{4, 200, 3000, 100000}[r.IntN(4)]
		n := r.IntN(300)
		if limit == 100000 {
			n = r.IntN(12)
		}
		ls := make([]int, n)
		for i := range ls {
			ls[i] = r.IntN(limit)
		}
		cases = append(cases, ls)
	}
	for _, ls := range cases {
		table := stringTable(ls)
		planes := AppendLengthPlanes([]byte{0xAA}, table)[1:]
		if len(planes) != len(table) {
			t.Fatalf("%d strings: %d bytes as lengths, %d as ends", len(ls), len(planes), len(table))
		}
		at, count, width, ok := EndsSpan(planes)
		if !ok || count != len(ls) {
			t.Fatalf("%d strings: span %v", len(ls), ok)
		}
		for i, l := range ls { // the planes hold the lengths
			v := 0
			for b := range width {
				v |= int(planes[at+b*count+i]) << (8 * b)
			}
			if v != l {
				t.Fatalf("%d strings: length %d is %d, want %d", len(ls), i, v, l)
			}
		}
		RestoreEnds(planes, at, count, width, make([]byte, count*width))
		if !bytes.Equal(planes, table) {
			t.Fatalf("%d strings (width %d): restored % x, want % x", len(ls), width, planes, table)
		}
	}
}

// Lengths whose sum passes the width's range wrap into an end below the
// one before it, which a plain page's validation refuses.
func TestRestoreEndsWraps(t *testing.T) {
	for width := 1; width <= 4; width++ {
		table := []byte{2, byte(width), 0}
		top := uint64(1)<<(8*width) - 1
		for _, l := range []uint64{top, 2} { // lengths: the largest, then 2
			for b := range width {
				table = append(table, byte(l>>(8*b)))
			}
		}
		// Transpose to planes by hand.
		planes := append([]byte(nil), table[:3]...)
		for b := range width {
			planes = append(planes, table[3+b], table[3+width+b])
		}
		RestoreEnds(planes, 3, 2, width, make([]byte, 2*width))
		e0, e1 := readEnd(planes[3:], width), readEnd(planes[3+width:], width)
		if uint64(e0) != top || e1 != 1 || e1 >= e0 {
			t.Fatalf("width %d: ends %d, %d; want %d then 1 (wrapped)", width, e0, e1, top)
		}
	}
}

func TestEndsSpanRefusesDamage(t *testing.T) {
	for name, table := range map[string][]byte{
		"empty":         {},
		"count only":    {0x02},
		"bad varint":    {0x80},
		"width 0":       {0x01, 0x00, 0x00, 0x05},
		"width 5":       {0x01, 0x05, 0x00, 0x05, 0, 0, 0, 0},
		"count too big": {0x7f, 0x01, 0x00},
		"ends cut":      {0x02, 0x02, 0x00, 0x01, 0x00, 0x02},
		"flags cut":     {0x09, 0x01, 0x00},
		"huge count":    {0xff, 0xff, 0xff, 0xff, 0x0f, 0x01},
	} {
		if at, count, width, ok := EndsSpan(table); ok {
			t.Errorf("%s: span %d %d %d accepted", name, at, count, width)
		}
		if got := AppendLengthPlanes(nil, table); !bytes.Equal(got, table) {
			t.Errorf("%s: changed to % x", name, got)
		}
	}
}
