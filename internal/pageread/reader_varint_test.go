package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestReaderUvarintMatchesConsumeUvarint: the reader's varints, whose
// one- and two-byte forms it reads itself, take every value and length
// ConsumeUvarint takes and fail every input it fails, with the error its
// code names: values around each length boundary, each cut short, and
// the non-minimal forms of each.
func TestReaderUvarintMatchesConsumeUvarint(t *testing.T) {
	var inputs [][]byte
	for _, v := range []uint64{0, 1, 0x7F, 0x80, 0x81, 0xFF, 0x100, 0x3FFF, 0x4000, 0x4001, 0x1FFFFF, 0x200000, 1<<63 - 1, 1<<64 - 1} {
		b := format.AppendUvarint(nil, v)
		for cut := 0; cut <= len(b); cut++ {
			inputs = append(inputs, b[:cut], append(b[:cut:cut], 0x55, 0x80))
		}
	}
	inputs = append(inputs,
		[]byte{0x80, 0x00}, []byte{0xFF, 0x00}, []byte{0x80, 0x80, 0x00}, []byte{0x80, 0x80},
		[]byte{0x80}, []byte{0xFF, 0x80, 0x01}, []byte{0x81, 0x7F}, []byte{0x80, 0x01},
	)
	for _, in := range inputs {
		for _, lead := range []int{0, 1, 3} { // the varint after some bytes already read
			b := append(make([]byte, lead), in...)
			for _, length := range []bool{false, true} {
				r := reader{b: b, pos: lead}
				var got uint64
				if length {
					got = r.length("x")
				} else {
					got = r.uvarint("x")
				}
				want, n := format.ConsumeUvarint(in)
				if n < 0 {
					suffix := ""
					if length {
						suffix = " length"
					}
					wantErr := varintErr(n, lead, "x"+suffix)
					if r.err == nil || r.err.Error() != wantErr.Error() || got != 0 {
						t.Fatalf("% x at %d: got %d, %v; want error %v", in, lead, got, r.err, wantErr)
					}
					continue
				}
				if r.err != nil || got != want || r.pos != lead+n {
					t.Fatalf("% x at %d: got %d at %d, %v; want %d at %d", in, lead, got, r.pos, r.err, want, lead+n)
				}
			}
		}
	}
}

// TestReaderUvarintAfterError: once a read has failed, every read returns
// zero and keeps the first error, the two-byte form included.
func TestReaderUvarintAfterError(t *testing.T) {
	r := reader{b: []byte{0x80, 0x00, 0x81, 0x01}}
	r.uvarint("first")
	first := r.err
	if first == nil {
		t.Fatal("a non-minimal varint read without error")
	}
	r.pos = 2
	if v := r.uvarint("second"); v != 0 || r.err != first {
		t.Fatalf("after an error: got %d, %v; want 0 and the first error", v, r.err)
	}
}
