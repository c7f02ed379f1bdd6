package pageread

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// vrGen appends a random tagged value nested at most depth levels: the
// tags whose length ValueReader and SkipValue compute, containers often.
func vrGen(b []byte, rng *rand.Rand, depth int) []byte {
	k := rng.IntN(8)
	if depth == 0 {
		k %= 5
	}
	switch k {
	case 0:
		return append(b, format.TagNull+byte(rng.IntN(3))) // null, false, true
	case 1:
		return format.AppendVarint(append(b, format.TagInt), rng.Int64N(1<<40)-1<<39)
	case 2:
		return format.AppendUvarint(append(b, format.TagString), rng.Uint64N(300))
	case 3:
		b = format.AppendVarint(append(b, format.TagTime), rng.Int64N(1<<33))
		b = format.AppendUvarint(b, rng.Uint64N(1e10))
		return format.AppendVarint(b, rng.Int64N(100000)-50000)
	case 4:
		n := rng.IntN(200)
		return append(format.AppendUvarint(append(b, format.TagBytes), uint64(n)), strings.Repeat("x", n)...)
	}
	tag := byte(format.TagArray)
	if k >= 6 {
		tag = format.TagObject
	}
	n := rng.IntN(4)
	b = format.AppendUvarint(append(b, tag), uint64(n))
	for range n {
		if tag == format.TagObject {
			b = format.AppendUvarint(b, rng.Uint64N(200))
		}
		b = vrGen(b, rng, depth-1)
	}
	return b
}

// vrRef lists the elements of an exact container cell, recursively, read
// with ReadValue: the reference walk. It descends into the nested
// containers that rng picks, as vrWalk does.
func vrRef(out []string, c *Cell, rng *rand.Rand) []string {
	b := c.Data
	pos := 0
	for range c.Len {
		key := uint64(0)
		if c.Tag == format.TagObject {
			var n int
			key, n = format.ConsumeUvarint(b[pos:])
			pos += n
		}
		var e Cell
		pos += ReadValue(b[pos:], &e)
		out = append(out, vrDesc(key, &e))
		if e.Tag == format.TagArray || e.Tag == format.TagObject {
			if rng.IntN(4) == 0 {
				continue
			}
			out = vrRef(out, &e, rng)
		}
	}
	return append(out, "end")
}

// vrWalk lists the same with ValueReader, descending into the nested
// containers rng picks (and closing those), so that Next moves past both
// closed and open ones. It returns the elements' length from End.
func vrWalk(out []string, c *Cell, rng *rand.Rand) ([]string, int) {
	r := Elements(c)
	var e Cell
	for {
		key, ok := r.Next(&e)
		if !ok {
			break
		}
		out = append(out, vrDesc(uint64(key), &e))
		if e.Tag == format.TagArray || e.Tag == format.TagObject {
			if rng.IntN(4) == 0 {
				continue
			}
			var n int
			out, n = vrWalk(out, &e, rng)
			e.Close(n)
		}
	}
	return append(out, "end"), r.End(&e)
}

func vrDesc(key uint64, e *Cell) string {
	v := any(nil) // the fields the tag uses: the others may be stale
	switch e.Tag {
	case format.TagArray, format.TagObject:
		v = e.Len
	case format.TagInt:
		v = e.Int
	case format.TagString:
		v = e.Str
	case format.TagTime:
		v = e.Time
	case format.TagBytes:
		v = string(e.Data)
	}
	return fmt.Sprintf("%d: tag %d %v", key, e.Tag, v)
}

// TestValueReaderOnePass checks that ValueReader, which hands back nested
// containers open and moves past them by their closed length or by walking
// them, reads the same elements as the exact reference walk, and that End
// reports the length SkipValue finds.
func TestValueReaderOnePass(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		b := vrGen(nil, rng, 6)
		n := format.SkipValue(b)
		b = format.AppendUvarint(append(b, format.TagArray), 1) // a value after it, to read past
		var top Cell
		if m := ReadValue(b, &top); m != n {
			t.Fatalf("case %d: ReadValue length %d, SkipValue %d", i, m, n)
		}
		if top.Tag != format.TagArray && top.Tag != format.TagObject {
			continue
		}
		for seed := range uint64(3) {
			want := vrRef(nil, &top, rand.New(rand.NewPCG(seed, 0)))
			open := top
			open.Data, open.Open = b[n-len(top.Data):], true // as Next hands it back
			got, m := vrWalk(nil, &open, rand.New(rand.NewPCG(seed, 0)))
			if m != len(top.Data) {
				t.Fatalf("case %d: End %d, want %d", i, m, len(top.Data))
			}
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				t.Fatalf("case %d: ValueReader read\n%s\nwant\n%s", i, g, w)
			}
			if open.Close(m); open.Open || len(open.Data) != m {
				t.Fatalf("case %d: Close left Open %v, %d bytes", i, open.Open, len(open.Data))
			}
		}
	}
}
