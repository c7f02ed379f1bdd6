package fuzz

import (
	"testing"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// FuzzMutateLengths damages the string table of compressed pages where
// FuzzMutateCompressed rarely reaches it: after decompression. It
// decompresses a seed page's string table (stored with its ends as
// lengths, SPEC.md 2.5), flips, overwrites, cuts or splices its bytes,
// compresses it again with its codec and rebuilds the page, so that the
// damage reaches the turning of lengths back into ends and the validation
// after it: every reader fails with a sentinel or reads the page.
func FuzzMutateLengths(f *testing.F) {
	type seed struct {
		head, rest []byte // the page before and after the string table's csection
		codec      byte
		table      []byte // decompressed
	}
	var seeds []seed
	for _, p := range compressedSeeds(f) {
		if p[6]&format.FlagDictionary != 0 {
			continue // its sections need the dictionary to compress again
		}
		secs, err := pageread.CompressedSections(p)
		if err != nil || format.BaseCodec(secs[0].Codec) == secs[0].Codec {
			continue
		}
		s := secs[0]
		at := s.Offset + 1 + format.SizeUvarint(uint64(s.Stored)) + format.SizeUvarint(uint64(s.Raw))
		stored := p[at : at+s.Stored]
		var table []byte
		if s.Codec == format.CodecS2Lengths {
			table, err = s2.Decode(nil, stored)
		} else {
			table, err = zstdDecoder.DecodeAll(stored, nil)
		}
		if err != nil {
			f.Fatal(err)
		}
		end := len(p)
		if p[6]&format.FlagChecksum != 0 {
			end -= format.ChecksumSize
		}
		seeds = append(seeds, seed{p[:s.Offset], p[at+s.Stored : end], s.Codec, table})
	}
	if len(seeds) == 0 {
		f.Fatal("no seed page has a string table stored as lengths")
	}
	for i := range seeds {
		f.Add(uint8(i), uint8(0), uint16(3), uint8(0x80), []byte{})
		f.Add(uint8(i), uint8(1), uint16(4), uint8(0xff), []byte{0xff, 0xff})
	}
	f.Fuzz(func(t *testing.T, which, op uint8, at uint16, arg uint8, extra []byte) {
		s := seeds[int(which)%len(seeds)]
		tb := append([]byte(nil), s.table...)
		i := int(at) % len(tb)
		switch op % 4 {
		case 0: // flip bits
			tb[i] ^= max(arg, 1)
		case 1: // overwrite
			tb[i] = arg
			copy(tb[i+1:], extra)
		case 2: // cut
			tb = tb[:i]
		case 3: // splice bytes in
			tb = append(tb[:i:i], append(append([]byte(nil), extra...), s.table[i:]...)...)
		}
		p := append([]byte(nil), s.head...)
		if len(tb) == 0 {
			p = append(p, format.CodecRaw, 0)
		} else {
			var z []byte
			if s.codec == format.CodecS2Lengths {
				z = s2.Encode(nil, tb)
			} else {
				z = zstdEncoder.EncodeAll(tb, nil)
			}
			p = append(p, s.codec)
			p = format.AppendUvarint(p, uint64(len(z)))
			p = format.AppendUvarint(p, uint64(len(tb)))
			p = append(p, z...)
		}
		p = append(p, s.rest...)
		if s.head[6]&format.FlagChecksum != 0 {
			p = format.AppendChecksum(p, format.Checksum(p))
		}
		readAll(t, p)
	})
}

var zstdDecoder, _ = zstd.NewReader(nil)

var zstdEncoder, _ = zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
