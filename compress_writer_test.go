package rowpage_test

import (
	"bytes"
	"testing"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
)

// plainSections returns the contents of the four sections of a plain page.
func plainSections(t *testing.T, page []byte) [4][]byte {
	t.Helper()
	end := len(page)
	if page[6]&format.FlagChecksum != 0 {
		end -= format.ChecksumSize
	}
	pos := format.HeaderSize
	for range 2 {
		_, n := format.ConsumeUvarint(page[pos:end])
		if n < 0 {
			t.Fatal("plain page: bad count")
		}
		pos += n
	}
	var secs [4][]byte
	for i := range secs {
		size, n := format.ConsumeUvarint(page[pos:end])
		if n < 0 || size > uint64(end-pos-n) {
			t.Fatal("plain page: bad section length")
		}
		pos += n
		secs[i] = page[pos : pos+int(size)]
		pos += int(size)
	}
	return secs
}

// TestCompressedReferenceWriter checks the reference writer's choices as
// SPEC.md 2.5 states them, section by section, on every dataset at 25 and
// 1,000 rows: the string table with its ends as lengths; CompressFast
// stores s2.Encode's block, CompressSmall a zstd frame at SpeedDefault
// (single-threaded, no checksum); a section is stored raw when it is empty
// or when compressing saves less than an eighth of it, counting the raw
// length's varint.
func TestCompressedReferenceWriter(t *testing.T) {
	def, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false))
	if err != nil {
		t.Fatal(err)
	}
	var seen [2]map[string]bool // by level: "raw", "s2", "zstd"
	for _, set := range dataset.Sets {
		for _, n := range []int{25, 1000} {
			v := set.Values(n)
			plain, err := rowpage.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			want := plainSections(t, plain)
			for li, c := range compressions {
				if seen[li] == nil {
					seen[li] = map[string]bool{}
				}
				_, _, got := cpSplit(t, compressedPage(t, v, c, false))
				for i, raw := range want {
					in := raw
					if i == 0 {
						in = format.AppendLengthPlanes(nil, raw)
					}
					codec, stored, kind := byte(format.CodecRaw), raw, "raw"
					if len(raw) > 0 {
						var z []byte
						if c == rowpage.CompressFast {
							z, codec, kind = s2.Encode(nil, in), format.CodecS2, "s2"
						} else {
							z, codec, kind = def.EncodeAll(in, nil), format.CodecZstd, "zstd"
						}
						if i == 0 {
							codec += format.CodecS2Lengths - format.CodecS2
						}
						stored = z
						if len(z)+format.SizeUvarint(uint64(len(raw))) > len(raw)-len(raw)/8 {
							codec, stored, kind = format.CodecRaw, raw, "raw"
						}
					}
					seen[li][kind] = true
					if got[i].codec != codec || !bytes.Equal(got[i].stored, stored) {
						t.Errorf("%s/%d/%v: section %d stored with codec %d in %d bytes, want codec %d in %d",
							set.Name, n, c, i, got[i].codec, len(got[i].stored), codec, len(stored))
					}
				}
			}
		}
	}
	if !seen[0]["raw"] || !seen[0]["s2"] || !seen[1]["raw"] || !seen[1]["zstd"] {
		t.Errorf("not every choice was made: fast %v, small %v", seen[0], seen[1])
	}
}
