package pageread

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestReadHeadFastMatchesReadHead checks readHeadFast, which reads the
// counts and section lengths of one and two bytes in line, against
// readHead, the reader's field-by-field path: on every page it accepts,
// the same counts and sections, and readHead finding no fault. Pages are
// built from small and large counts and lengths, then cut, extended or
// given a byte at random; the small well-formed ones must be accepted.
func TestReadHeadFastMatchesReadHead(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	lim := format.Limits{}.WithDefaults()
	small := format.Limits{MaxRows: 100, MaxColumns: 10}.WithDefaults()
	accepted := 0
	for iter := 0; iter < 100000; iter++ {
		page := make([]byte, format.HeaderSize)
		num := func() int {
			switch rng.Intn(8) {
			case 0:
				return 128 + rng.Intn(300)
			case 1:
				return 16384 + rng.Intn(10)
			}
			return rng.Intn(40)
		}
		page = format.AppendUvarint(page, uint64(num()))
		page = format.AppendUvarint(page, uint64(num()))
		plain := true
		for range 4 {
			n := num()
			if n >= 16384 {
				plain = false
			}
			page = format.AppendUvarint(page, uint64(n))
			page = append(page, make([]byte, n)...)
		}
		switch rng.Intn(6) {
		case 0:
			page = page[:format.HeaderSize+rng.Intn(len(page)-format.HeaderSize+1)] // Parse has checked the header
			plain = false
		case 1:
			page = append(page, 0)
			plain = false
		case 2:
			page[format.HeaderSize+rng.Intn(len(page)-format.HeaderSize)] = byte(rng.Intn(256))
			plain = false
		case 3: // a non-minimal varint for the row count
			page = append(page[:format.HeaderSize:format.HeaderSize], append([]byte{page[format.HeaderSize] | 0x80, 0}, page[format.HeaderSize+1:]...)...)
			plain = false
		}
		l := lim
		if rng.Intn(4) == 0 {
			l = small
		}
		h, ok := readHeadFast(page, l)
		want, err := readHead(page, l, 1<<30)
		if ok {
			accepted++
			if err != nil || !reflect.DeepEqual(h, want) {
				t.Fatalf("page % x: readHeadFast = %+v, readHead = %+v, %v", page, h, want, err)
			}
		} else if plain && l == lim && err == nil && want.rows < 16384 && want.cols < 16384 {
			t.Fatalf("page % x: readHeadFast refused a page of small counts and lengths", page)
		}
	}
	if accepted < 10000 {
		t.Fatalf("readHeadFast accepted only %d pages", accepted)
	}
}

// TestSmallUvarint checks smallUvarint against format.ConsumeUvarint.
func TestSmallUvarint(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for iter := 0; iter < 100000; iter++ {
		b := make([]byte, rng.Intn(5))
		for i := range b {
			b[i] = []byte{0, 1, 0x7F, 0x80, 0x81, 0xFF, byte(rng.Intn(256))}[rng.Intn(7)]
		}
		pos := rng.Intn(len(b)+2) - 1
		v, next := smallUvarint(b, pos)
		var want uint64
		n := -1
		if pos >= 0 && pos <= len(b) {
			want, n = format.ConsumeUvarint(b[pos:])
		}
		if n == 1 || n == 2 {
			if next != pos+n || uint64(v) != want {
				t.Fatalf("% x at %d: smallUvarint = %d, %d, want %d, %d", b, pos, v, next, want, pos+n)
			}
		} else if next != -1 {
			t.Fatalf("% x at %d: smallUvarint = %d, %d, want none", b, pos, v, next)
		}
	}
}
