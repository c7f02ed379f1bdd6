package pagedict

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/klauspost/compress/s2"
)

// TestEncodeS2 checks the S2 block of SPEC.md 2.5's reference writer, with
// and without a dictionary: s2.Encode's (Dict.Encode's) at every length;
// and that the block decodes to its input.
func TestEncodeS2(t *testing.T) {
	b, err := Train(samples(), DefaultSize, true)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	var text []byte
	for i := 0; len(text) < BetterBelow+1000; i++ {
		text = append(text, `ann-`+strconv.Itoa(i*7919%100003)+`pro`+strconv.Itoa(i%7)...)
	}
	for _, n := range []int{1, 40, 300, 3000, BetterBelow - 1, BetterBelow, len(text)} {
		src := text[:n]
		for _, dict := range []*Dict{nil, d} {
			enc := s2.Encode(nil, src)
			if dict != nil {
				enc = dict.s2.Encode(nil, src)
			}
			want := enc
			got := EncodeS2(make([]byte, s2.MaxEncodedLen(n)), src, dict)
			if !bytes.Equal(got, want) {
				t.Errorf("%d bytes, dictionary %v: a block of %d bytes, want %d", n, dict != nil, len(got), len(want))
			}
			out, err := s2.Decode(nil, got)
			if dict != nil {
				out, err = dict.DecodeS2(nil, got)
			}
			if err != nil || !bytes.Equal(out, src) {
				t.Errorf("%d bytes, dictionary %v: round trip: %v", n, dict != nil, err)
			}
		}
	}
}
