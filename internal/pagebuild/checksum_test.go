package pagebuild

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestCRCCombine holds crcCombine to the checksum of the joined bytes, for
// every split of short texts and for long parts whose lengths set many bits.
func TestCRCCombine(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	text := make([]byte, 1<<20+77)
	for i := range text {
		text[i] = byte(r.Uint32())
	}
	check := func(a, b []byte) {
		t.Helper()
		want := crc32.Checksum(append(a[:len(a):len(a)], b...), castagnoli)
		if got := crcCombine(crc32.Checksum(a, castagnoli), crc32.Checksum(b, castagnoli), len(b)); got != want {
			t.Fatalf("crcCombine of %d and %d bytes = %08x, want %08x", len(a), len(b), got, want)
		}
	}
	for n := 0; n <= 70; n++ {
		for k := 0; k <= n; k++ {
			check(text[:k], text[k:n])
		}
	}
	for _, k := range []int{1, 4095, 4096, 65537, 1 << 19} {
		check(text[:k], text[k:])
		check(text[len(text)-k:], text[:len(text)-k])
	}
}

// TestStreamedSumSamePage builds pages of string columns (repeated and
// unique, plain and needing escapes, short and long, so that tables with
// private runs and offsets of one to three bytes come out) and int
// columns, and wants the same bytes whether Finish sums the page whole or
// streams its checksum, in blocks of every size down to a few bytes: the
// string table's runs, their flags and the combined checksum included.
func TestStreamedSumSamePage(t *testing.T) {
	min0, block0 := streamSumMin, sumBlock
	defer func() { streamSumMin, sumBlock = min0, block0 }()
	pieces := []string{"plain", "q\"uote", "<b>", "é", "\u2028", "back\\slash", "\n", strings.Repeat("long text ", 12)}
	page := func(rows, seed int) []byte {
		r := rand.New(rand.NewPCG(uint64(rows), uint64(seed)))
		var b Builder
		b.Reset(format.KindRows)
		for i := range rows {
			b.BeginRow()
			c, _ := b.Key("id")
			b.CellString(c, "id-"+strconv.Itoa(i)+pieces[r.IntN(len(pieces))])
			c, _ = b.Key("kind")
			b.CellString(c, pieces[r.IntN(len(pieces))])
			c, _ = b.Key("n")
			c.AppendInt(int64(r.IntN(1000)))
			if i%3 == 0 {
				c, _ = b.Key("note")
				b.CellString(c, strings.Repeat(pieces[r.IntN(len(pieces))], r.IntN(9))+strconv.Itoa(r.IntN(50)))
			}
			b.EndRow()
		}
		return b.Finish([]byte("pre"))
	}
	for _, rows := range []int{0, 1, 7, 100, 2000, 40000} {
		streamSumMin, sumBlock = math.MaxInt, block0
		want := page(rows, 1)
		if p := want[3:]; binary.LittleEndian.Uint32(p[len(p)-4:]) != format.Checksum(p[:len(p)-4]) {
			t.Fatalf("%d rows, summed whole: wrong checksum", rows)
		}
		for _, block := range []int{1, 5, 64, 1000, block0} {
			streamSumMin, sumBlock = 0, block
			if got := page(rows, 1); !bytes.Equal(got, want) {
				t.Fatalf("%d rows: the page with its checksum streamed in blocks of %d bytes differs", rows, block)
			}
		}
	}
}
