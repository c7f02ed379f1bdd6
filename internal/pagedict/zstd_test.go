package pagedict

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestZstdLevels checks the levels of SPEC.md 2.5's reference writer: under
// BetterBelow a section is compressed at SpeedBetterCompression, from it
// at SpeedDefault, with and without a dictionary; and the small window and
// history NewZstdEncoder gives a Better encoder change no byte against an
// encoder with zstd's defaults.
func TestZstdLevels(t *testing.T) {
	if ZstdLevel(BetterBelow-1) != zstd.SpeedBetterCompression || ZstdLevel(BetterBelow) != zstd.SpeedDefault {
		t.Fatalf("levels %v at %d bytes, %v at %d", ZstdLevel(BetterBelow-1), BetterBelow-1, ZstdLevel(BetterBelow), BetterBelow)
	}
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
		text = append(text, `idnametierann-`+strconv.Itoa(i*7919%100003)+`profree`+strconv.Itoa(i%7)...)
	}
	for _, n := range []int{0, 1, 1000, 1025, BetterBelow - 1, BetterBelow, len(text)} {
		src := text[:n]
		for _, dict := range []*Dict{nil, d} {
			opts := []zstd.EOption{zstd.WithEncoderLevel(ZstdLevel(n)), zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false)}
			if dict != nil {
				opts = append(opts, zstd.WithEncoderDict(dict.zdict))
			}
			ref, err := zstd.NewWriter(nil, opts...)
			if err != nil {
				t.Fatal(err)
			}
			want := ref.EncodeAll(src, nil)
			got := NewZstdEncoder(ZstdLevel(n), dict).EncodeAll(src, nil)
			if dict != nil {
				if again := dict.EncodeZstd(nil, src); !bytes.Equal(again, got) {
					t.Errorf("%d bytes: EncodeZstd differs from its encoder", n)
				}
				if out, err := dict.DecodeZstd(make([]byte, 0, n), got); err != nil || !bytes.Equal(out, src) {
					t.Errorf("%d bytes with the dictionary: round trip: %v", n, err)
				}
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%d bytes, dictionary %v: %d bytes, an encoder with zstd's defaults writes %d", n, dict != nil, len(got), len(want))
			}
		}
	}
}
