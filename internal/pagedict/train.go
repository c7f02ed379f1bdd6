package pagedict

import (
	"bytes"
	"errors"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"

	"github.com/rowpage/rowpage/format"
)

// ZstdID is the zstd dictionary id Train gives its dictionaries: the first
// of the range RFC 8878 leaves to private use. A page names its dictionary
// by the 8-byte id of the whole dictionary, never by this one, so every
// trained dictionary may share it.
const ZstdID = 32768

// DefaultSize is the history Train keeps by default, in bytes.
const DefaultSize = 32 << 10

// MinSize and MaxSize bound the history Train may keep.
const (
	MinSize = 256
	MaxSize = 1 << 20
)

// Train builds the serialized form of a dictionary from samples, the
// sections (string tables, shapes, row shapes, columns) of plain pages of
// one query or endpoint, in the order they were written. The history is the
// last size bytes of the samples concatenated (the latest pages are the
// likeliest to look like the next), the zstd entropy tables are those that
// compress the samples best against it (zstd.BuildDict at SpeedDefault),
// and with withS2 the S2 half repeats from the start of the last sample's
// first bytes. It costs a zstd compression of every sample; a sample
// longer than a zstd block (128 KiB) is compressed in pieces of a block.
func Train(samples [][]byte, size int, withS2 bool) ([]byte, error) {
	var hist, last []byte
	var kept [][]byte
	for _, s := range samples {
		if len(s) > 0 {
			hist = append(hist, s...)
			kept = appendPieces(kept, s)
			last = s
		}
	}
	hist = hist[max(0, len(hist)-size):]
	if len(hist) < MinSize {
		return nil, errors.New("the samples hold " + itoa(len(hist)) + " bytes, fewer than " + itoa(MinSize))
	}
	z, err := zstd.BuildDict(zstd.BuildDictOptions{ID: ZstdID, Contents: kept, History: hist,
		Offsets: [3]int{1, 4, 8}, Level: zstd.SpeedDefault})
	if err != nil {
		// Samples that the history holds whole (pages that repeat one
		// another) leave BuildDict no literals to build its tables from:
		// give it one sample of every byte value.
		seed := make([]byte, 256)
		for i := range seed {
			seed[i] = byte(i)
		}
		z, err = zstd.BuildDict(zstd.BuildDictOptions{ID: ZstdID, Contents: append(kept, seed), History: hist,
			Offsets: [3]int{1, 4, 8}, Level: zstd.SpeedDefault})
	}
	if err != nil {
		return nil, err
	}
	out := append(append([]byte(nil), format.DictMagic[:]...), format.DictVersion)
	rep := uint64(0)
	if withS2 {
		rep = 1 + uint64(s2Repeat(s2Content(hist), last))
	}
	out = format.AppendUvarint(out, rep)
	return append(out, z...), nil
}

// maxPiece is the most BuildDict is given of a sample at once: it encodes
// each of its contents as one zstd block, and a content longer than a
// block (128 KiB) overflows its encoder's history (a panic in
// klauspost/compress v1.20.4 from about 200 KiB on, and one of "up to 64K
// sequences" at a few MiB). The string table of a page of a thousand
// text-heavy rows is already longer.
const maxPiece = 128 << 10

// appendPieces appends s to pieces cut into runs of at most maxPiece
// bytes; a sample that fits is appended whole, so the dictionaries of
// such samples are what they were before samples were cut.
func appendPieces(pieces [][]byte, s []byte) [][]byte {
	for len(s) > maxPiece {
		pieces = append(pieces, s[:maxPiece])
		s = s[maxPiece:]
	}
	return append(pieces, s)
}

// s2Repeat is the offset in content where S2's first repeat match starts:
// the last place that matches the longest prefix (up to 16 bytes) of
// start, as s2.MakeDict chooses it, or 0.
func s2Repeat(content, start []byte) int {
	for n := min(len(start), 16); n > 4; n-- {
		if i := bytes.LastIndex(content, start[:n]); i >= 0 && i < len(content)-8 {
			return min(i, s2.MaxDictSrcOffset)
		}
	}
	return 0
}
