package pagedict

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// samples are sections that look like a query's pages: keys and a few
// values that repeat, numbers that do not.
func samples() [][]byte {
	var out [][]byte
	for i := range 40 {
		out = append(out, []byte(`idnametierann-`+strconv.Itoa(i*7919)+`profree`+strconv.Itoa(i)))
	}
	return out
}

// TestTrainParse checks the form of SPEC.md 2.6: magic, version, the S2
// repeat, a zstd dictionary with id ZstdID; the id is the SHA-256 prefix
// of the bytes; training is deterministic; and the halves round-trip.
func TestTrainParse(t *testing.T) {
	b, err := Train(samples(), DefaultSize, true)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, append(format.DictMagic[:], format.DictVersion)) {
		t.Fatalf("dictionary starts % x", b[:8])
	}
	again, _ := Train(samples(), DefaultSize, true)
	if !bytes.Equal(b, again) {
		t.Fatal("two trainings differ")
	}
	d, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if d.ID() != ID(sum[:8]) || d.ZstdID() != ZstdID || !d.HasS2() {
		t.Fatalf("id %s, zstd id %d, S2 %v", d.ID(), d.ZstdID(), d.HasS2())
	}
	src := []byte(`idnametierann-12345profree7`)
	z := d.EncodeZstd(nil, src)
	if got, err := d.DecodeZstd(make([]byte, 0, len(src)), z); err != nil || !bytes.Equal(got, src) {
		t.Fatalf("zstd round trip: %q, %v", got, err)
	}
	s := d.EncodeS2(nil, append(src, src...))
	if got, err := d.DecodeS2(nil, s); err != nil || !bytes.Equal(got, append(src, src...)) {
		t.Fatalf("S2 round trip: %q, %v", got, err)
	}
	noS2, _ := Train(samples(), DefaultSize, false)
	if d, err := Parse(noS2); err != nil || d.HasS2() {
		t.Fatalf("without S2: %v, %v", err, d.HasS2())
	}
}

// TestParseRejects checks the errors of Parse: another magic or version
// is unsupported; a repeat past the content, a non-minimal varint and a
// damaged zstd dictionary are corrupt.
func TestParseRejects(t *testing.T) {
	b, _ := Train(samples(), DefaultSize, true)
	n := len(format.DictMagic) + 1
	_, rn := format.ConsumeUvarint(b[n:])
	zstdPart := b[n+rn:]
	build := func(rep []byte, z []byte) []byte {
		return append(append(append([]byte(nil), b[:n]...), rep...), z...)
	}
	for name, c := range map[string]struct {
		b    []byte
		want error
	}{
		"magic":       {append([]byte{0x89, 'R', 'P', 'G'}, b[4:]...), format.ErrUnsupported},
		"version":     {append(append([]byte(nil), b[:4]...), append([]byte{2}, b[5:]...)...), format.ErrUnsupported},
		"repeat":      {build(format.AppendUvarint(nil, 1<<20), zstdPart), format.ErrCorrupt},
		"non-minimal": {build([]byte{0x81, 0x00}, zstdPart), format.ErrCorrupt},
		"zstd":        {build([]byte{0}, zstdPart[:len(zstdPart)/3]), format.ErrCorrupt},
	} {
		if _, err := Parse(c.b); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
	if _, err := Train([][]byte{[]byte("tiny")}, DefaultSize, true); err == nil {
		t.Error("Train of 4 bytes succeeded")
	}
}

// TestTrainLongSamples trains on samples longer than a zstd block, as the
// string table of a page of a thousand text rows is: BuildDict, given one
// whole, panicked (from about 200 KiB) or refused (a few MiB). Train cuts
// them into blocks, and the dictionary compresses and decompresses.
func TestTrainLongSamples(t *testing.T) {
	text := func(n, seed int) []byte {
		var b []byte
		for i := 0; len(b) < n; i++ {
			b = append(b, `{"user":"ann-`+strconv.Itoa((i*7919+seed)%100003)+`","tier":"team","at":"2025-03-14T10:04:15Z"}`...)
		}
		return b[:n]
	}
	for _, n := range []int{maxPiece, maxPiece + 1, 440 << 10, 3 << 20} {
		for _, size := range []int{MinSize, DefaultSize, MaxSize} {
			b, err := Train([][]byte{text(1000, 1), text(n, 2), text(5000, 3)}, size, true)
			if err != nil {
				t.Fatalf("sample of %d bytes, history %d: %v", n, size, err)
			}
			d, err := Parse(b)
			if err != nil {
				t.Fatalf("sample of %d bytes, history %d: %v", n, size, err)
			}
			src := text(4000, 4)
			z := d.EncodeZstd(nil, src)
			got, err := d.DecodeZstd(make([]byte, 0, len(src)), z)
			if err != nil || !bytes.Equal(got, src) {
				t.Fatalf("sample of %d bytes, history %d: zstd round trip: %v", n, size, err)
			}
			got, err = d.DecodeS2(make([]byte, len(src)), d.EncodeS2(nil, src))
			if err != nil || !bytes.Equal(got, src) {
				t.Fatalf("sample of %d bytes, history %d: S2 round trip: %v", n, size, err)
			}
		}
	}
}

// TestTrainPiecesKeepShortSamples checks that cutting samples changes
// nothing for samples of at most a block: appendPieces passes them whole,
// and cuts a longer one into blocks and a remainder.
func TestTrainPiecesKeepShortSamples(t *testing.T) {
	short := make([]byte, maxPiece)
	if got := appendPieces(nil, short); len(got) != 1 || len(got[0]) != maxPiece {
		t.Fatalf("a sample of one block is cut: %d pieces", len(got))
	}
	long := make([]byte, 2*maxPiece+5)
	got := appendPieces(nil, long)
	if len(got) != 3 || len(got[0]) != maxPiece || len(got[1]) != maxPiece || len(got[2]) != 5 {
		t.Fatalf("a sample of two blocks and 5 bytes: pieces %d", len(got))
	}
}
