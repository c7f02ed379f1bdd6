package pagebuild

import (
	"slices"
	"sync"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagedict"
)

// Compression levels, in the order of rowpage.Compression: SPEC.md 2.5
// leaves the choice of codec per section to the writer; these are the two
// choices rowpage offers.
const (
	CompressNone  = 0
	CompressFast  = 1 // S2 per section
	CompressSmall = 2 // zstd SpeedDefault per section
)

// pageCompression is a builder's compression level, dictionary and scratch.
type pageCompression struct {
	Level int            // a Compression
	Dict  *pagedict.Dict // compress against it (SPEC.md 2.6), or nil
	c     Compressor
}

// apply replaces the plain page in dst[start:] with its compressed form,
// if the level asks for one. It runs after the row-count check, which
// bounds rows by the plain page's size, as readers do after inflating.
func (p *pageCompression) Apply(dst []byte, start int) []byte {
	if p.Level == 0 { // CompressNone
		return dst
	}
	return p.c.CompressDict(dst, start, p.Level, p.Dict)
}

// zstdEncoders pools single-threaded encoders at SpeedDefault. EncodeAll's
// output depends only on the level and the input, so pooling keeps the
// bytes deterministic.
var zstdEncoders = sync.Pool{New: func() any {
	e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderCRC(false))
	if err != nil {
		panic("pagebuild: zstd encoder: " + err.Error())
	}
	return e
}}

// Compressor turns plain pages into compressed ones. Its zero value is
// ready; it keeps scratch memory between calls and is not safe for
// concurrent use.
type Compressor struct {
	plain  []byte
	tmp    []byte
	planes []byte // a string table with its ends as lengths
}

// Compress replaces the plain page (SPEC.md 2.5) in dst[start:] (as a writer just
// appended it, well formed) with its compressed form at level (CompressFast
// or CompressSmall) and returns the extended dst. A section is compressed
// only when that saves at least an eighth of it; the checksum, if the page
// has one, is recomputed over the stored bytes. CompressNone returns dst
// unchanged.
func (c *Compressor) Compress(dst []byte, start, level int) []byte {
	return c.CompressDict(dst, start, level, nil)
}

// CompressDict is Compress against dictionary d (SPEC.md 2.6), which the
// page then names; with d nil it is Compress. At CompressFast d must have
// an S2 half.
func (c *Compressor) CompressDict(dst []byte, start, level int, d *pagedict.Dict) []byte {
	if level == CompressNone {
		return dst
	}
	c.plain = append(c.plain[:0], dst[start:]...)
	p := c.plain
	flags := p[6]
	end := len(p)
	if flags&format.FlagChecksum != 0 {
		end -= format.ChecksumSize
	}
	pos := format.HeaderSize
	for range 2 { // row and column counts
		_, n := format.ConsumeUvarint(p[pos:end])
		if n < 0 {
			panic("pagebuild: Compress of a malformed page: bad count")
		}
		pos += n
	}
	dst = append(dst[:start], p[:format.HeaderSize]...)
	dst[start+5] = max(p[5], format.MinorCompressed)
	dst[start+6] = flags | format.FlagCompressed
	if d != nil {
		dst[start+5] = max(p[5], format.MinorDictionary)
		dst[start+6] |= format.FlagDictionary
		id := d.ID()
		dst = append(dst, id[:]...)
	}
	dst = append(dst, p[format.HeaderSize:pos]...)
	for i := range 4 {
		size, n := format.ConsumeUvarint(p[pos:end])
		if n < 0 || size > uint64(end-pos-n) {
			panic("pagebuild: Compress of a malformed page: bad section length")
		}
		pos += n
		at := len(dst)
		dst = c.appendSection(dst, p[pos:pos+int(size)], level, d, i == 0)
		if format.BaseCodec(dst[at]) != dst[at] { // the string table as lengths
			dst[start+5] = max(dst[start+5], format.MinorLengths)
		}
		pos += int(size)
	}
	if flags&format.FlagChecksum != 0 {
		dst = format.AppendChecksum(dst, format.Checksum(dst[start:]))
	}
	return dst
}

// appendSection appends one csection holding raw, compressed against d if
// it is not nil. A string table (table true) is compressed with its ends as
// lengths in byte planes (format.AppendLengthPlanes): 2-20% smaller
// compressed pages for a pass over the ends.
func (c *Compressor) appendSection(dst, raw []byte, level int, d *pagedict.Dict, table bool) []byte {
	codec := byte(format.CodecRaw)
	var z []byte
	if len(raw) > 0 {
		in := raw
		if table {
			c.planes = format.AppendLengthPlanes(c.planes[:0], raw)
			in = c.planes
		}
		switch {
		case level == CompressFast && d != nil:
			c.tmp = slices.Grow(c.tmp[:0], s2.MaxEncodedLen(len(in)))
			z, codec = d.EncodeS2(c.tmp[:cap(c.tmp)], in), format.CodecS2
		case level == CompressFast:
			c.tmp = slices.Grow(c.tmp[:0], s2.MaxEncodedLen(len(in)))
			z, codec = s2.Encode(c.tmp[:cap(c.tmp)], in), format.CodecS2
		case d != nil:
			z, codec = d.EncodeZstd(c.tmp[:0], in), format.CodecZstd
		default:
			e := zstdEncoders.Get().(*zstd.Encoder)
			z, codec = e.EncodeAll(in, c.tmp[:0]), format.CodecZstd
			zstdEncoders.Put(e)
		}
		if table {
			codec += format.CodecS2Lengths - format.CodecS2
		}
		c.tmp = z[:0]
		if len(z)+format.SizeUvarint(uint64(len(raw))) > len(raw)-len(raw)/8 {
			codec = format.CodecRaw
		}
	}
	dst = append(dst, codec)
	if codec == format.CodecRaw {
		dst = format.AppendUvarint(dst, uint64(len(raw)))
		return append(dst, raw...)
	}
	dst = format.AppendUvarint(dst, uint64(len(z)))
	dst = format.AppendUvarint(dst, uint64(len(raw)))
	return append(dst, z...)
}
