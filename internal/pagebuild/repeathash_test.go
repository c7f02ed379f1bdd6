package pagebuild

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// collideShortCells sets repeatKey so that every cell of 3 to
// shortCellMax bytes whose first 8 bytes are prefix hashes to 0 (the
// product of shortCellHash has a zero operand), and returns a function that
// restores the key: the hook with which the tests below force equal hashes
// on cells of different bytes and lengths.
func collideShortCells(prefix []byte) (restore func()) {
	old := repeatKey
	repeatKey[0] = binary.LittleEndian.Uint64(prefix)
	return func() { repeatKey = old }
}

// TestShortCellHashCollides checks the hook the tests below rely on: under
// collideShortCells, cells of 8 to 16 bytes that share their first 8 bytes
// hash alike, whatever their other bytes and length.
func TestShortCellHashCollides(t *testing.T) {
	prefix := []byte("prefix!!")
	defer collideShortCells(prefix)()
	for n := 8; n <= shortCellMax; n++ {
		c := append(append([]byte{}, prefix...), bytes.Repeat([]byte{byte(n)}, n-8)...)
		if h := shortCellHash(binary.LittleEndian.Uint64(c), binary.LittleEndian.Uint64(c[n-8:]), n); h != 0 {
			t.Fatalf("a cell of %d bytes hashes to %#x under the colliding key, want 0", n, h)
		}
	}
}

// TestShortCellHashSpreads checks that shortCellHash of cellWords, under a
// random key, tells apart the cells of 3 to 16 bytes that differ in one
// byte, at any place (the cells of a column that a weak hash would pile
// into one probe run): among about 2,000 such cells, no more than a few
// share a hash.
func TestShortCellHashSpreads(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	hashes := map[uint32]bool{}
	cells := map[string]bool{}
	for n := 3; n <= shortCellMax; n++ {
		base := make([]byte, n)
		for range 2000 / (shortCellMax - 3 + 1) / n {
			for i := range base {
				base[i] = byte(r.IntN(256))
			}
			for i := range n {
				c := append([]byte{}, base...)
				c[i]++
				if !cells[string(c)] {
					cells[string(c)] = true
					a, b := cellWords(c, n)
					hashes[shortCellHash(a, b, n)] = true
				}
			}
		}
	}
	if shared := len(cells) - len(hashes); shared > 4 {
		t.Fatalf("%d of %d cells share a hash with another", shared, len(cells))
	}
}

// TestRepeatCellEveryLength checks repeatTable.cell as
// TestRepeatCellFindsFirst does, on cells of every length from 0 to 40
// bytes (around the bounds of shortCellHash's 8 to 16 and the 3 a repeat
// needs), drawn from pools in which cells share their first 8 bytes and
// differ by one byte or in length alone: once under a random key, once
// under one that makes every cell of 8 to 16 bytes hash alike, where cell
// must tell them apart by their bytes and lengths alone.
func TestRepeatCellEveryLength(t *testing.T) {
	prefix := []byte{format.TagArray, 6, format.TagInt, 2, format.TagInt, 4, format.TagInt, 6}
	r := rand.New(rand.NewPCG(11, 12))
	var pool [][]byte
	for n := 0; n <= 40; n++ {
		c := make([]byte, n)
		copy(c, prefix)
		for i := len(prefix); i < n; i++ {
			c[i] = byte(r.IntN(3))
		}
		pool = append(pool, c)
		for i := range n { // each byte changed in turn
			d := append([]byte{}, c...)
			d[i] ^= 0x40
			pool = append(pool, d)
		}
	}
	for _, collide := range []bool{false, true} {
		if collide {
			restore := collideShortCells(prefix)
			defer restore()
		}
		var reps repeatTable
		for round := range 60 {
			cells := make([][]byte, 1+r.IntN(600))
			for i := range cells {
				cells[i] = pool[r.IntN(len(pool))]
			}
			reps.reset()
			writeCellsChecked(t, &reps, "hd"[:round%3], cells, round)
		}
	}
}

// TestRepeatShortCellsPageSameUnderCollisions checks that a page's bytes do
// not depend on shortCellHash: a Builder's pages of any columns whose cells
// are arrays of 3 to 6 integers (8 to 38 bytes, most of them 8 to 16, many
// repeated) are the same under a random key and under keys that make the
// cells of each array length share a hash, with which cell must find every
// repeat by comparing bytes, along runs of slots of one hash.
func TestRepeatShortCellsPageSameUnderCollisions(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	type row [2][]byte
	rows := make([]row, 300)
	pool := make([][]byte, 120)
	for k := range pool {
		n := 3 + k%4
		c := AppendContainer(nil, format.TagArray, n)
		for j := range n {
			v := int64(j + 1)
			if j >= 3 {
				v = r.Int64N(1 << (1 + r.IntN(40)))
			}
			c = AppendTaggedInt(c, v)
		}
		pool[k] = c
	}
	for i := range rows {
		rows[i] = row{pool[r.IntN(len(pool))], pool[r.IntN(len(pool)/4)]}
	}
	build := func(b *Builder) []byte {
		b.Reset(format.KindRows)
		for _, cells := range rows {
			b.BeginRow()
			for k, cell := range cells {
				c, _ := b.Key("ab"[k : k+1])
				c.BeginAny()
				c.Tagged = append(c.Tagged, cell...)
			}
			b.EndRow()
		}
		return b.Finish(nil)
	}
	var b Builder
	want := build(&b)
	if !bytes.Contains(want, []byte{format.TagRepeat}) {
		t.Fatal("the page holds no repeat: the test tests nothing")
	}
	for n := 3; n <= 6; n++ {
		var fint bool // the cell as the page holds it, which the table hashes
		written, _ := remapTagged(nil, pool[n-3], nil, &fint)
		restore := collideShortCells(written)
		got := build(&b)
		restore()
		if !bytes.Equal(got, want) {
			t.Fatalf("arrays of %d colliding: the page differs:\n%x\nwant\n%x", n, got, want)
		}
	}
}
