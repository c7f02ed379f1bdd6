package format

import (
	"slices"
	"sync"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
)

// Compressed pages (SPEC.md 2.5). With FlagCompressed set, the body is
//
//	body    = uv(rows) uv(columns) csection(strings) csection(shapes)
//	          csection(rowshapes) csection(columns)
//	csection = codec(u8) uv(stored) [uv(raw) if codec != CodecRaw] stored*byte
//
// Each section's stored bytes decompress to exactly raw bytes: the section's
// contents in a plain page. The checksum (FlagChecksum) covers the stored
// page. A reader inflates the body into a plain page with neither flag set
// and reads that.

// Section codecs of a compressed body.
const (
	CodecRaw  = 0 // stored as it is
	CodecS2   = 1 // one S2 block (github.com/klauspost/compress/s2)
	CodecZstd = 2 // one zstd frame, no checksum (content size as the encoder chooses)
)

// MinorCompressed is the minor version of compressed pages: the first minor
// version whose readers implement FlagCompressed. Plain pages stay 1.0.
const MinorCompressed = 1

// Compression levels of a Compressor, in the order of rowpage.Compression.
const (
	CompressNone  = 0
	CompressFast  = 1 // S2 per section
	CompressSmall = 2 // zstd SpeedDefault per section
)

// zstdEncoders pools single-threaded encoders at SpeedDefault. EncodeAll's
// output depends only on the level and the input, so pooling keeps the
// bytes deterministic.
var zstdEncoders = sync.Pool{New: func() any {
	e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderCRC(false))
	if err != nil {
		panic("format: zstd encoder: " + err.Error())
	}
	return e
}}

// Compressor turns plain pages into compressed ones. Its zero value is
// ready; it keeps scratch memory between calls and is not safe for
// concurrent use.
type Compressor struct {
	plain []byte
	tmp   []byte
}

// Compress replaces the plain page in dst[start:] (as a writer just
// appended it, well formed) with its compressed form at level (CompressFast
// or CompressSmall) and returns the extended dst. A section is compressed
// only when that saves at least an eighth of it; the checksum, if the page
// has one, is recomputed over the stored bytes. CompressNone returns dst
// unchanged.
func (c *Compressor) Compress(dst []byte, start, level int) []byte {
	if level == CompressNone {
		return dst
	}
	c.plain = append(c.plain[:0], dst[start:]...)
	p := c.plain
	flags := p[6]
	end := len(p)
	if flags&FlagChecksum != 0 {
		end -= ChecksumSize
	}
	pos := HeaderSize
	for range 2 { // row and column counts
		_, n := ConsumeUvarint(p[pos:end])
		if n < 0 {
			panic("format: Compress of a malformed page: bad count")
		}
		pos += n
	}
	dst = append(dst[:start], p[:pos]...)
	dst[start+5] = MinorCompressed
	dst[start+6] = flags | FlagCompressed
	for range 4 {
		size, n := ConsumeUvarint(p[pos:end])
		if n < 0 || size > uint64(end-pos-n) {
			panic("format: Compress of a malformed page: bad section length")
		}
		pos += n
		dst = c.appendSection(dst, p[pos:pos+int(size)], level)
		pos += int(size)
	}
	if flags&FlagChecksum != 0 {
		dst = AppendChecksum(dst, Checksum(dst[start:]))
	}
	return dst
}

// appendSection appends one csection holding raw.
func (c *Compressor) appendSection(dst, raw []byte, level int) []byte {
	codec := byte(CodecRaw)
	var z []byte
	if len(raw) > 0 {
		switch level {
		case CompressFast:
			c.tmp = slices.Grow(c.tmp[:0], s2.MaxEncodedLen(len(raw)))
			z, codec = s2.Encode(c.tmp[:cap(c.tmp)], raw), CodecS2
		default:
			e := zstdEncoders.Get().(*zstd.Encoder)
			z, codec = e.EncodeAll(raw, c.tmp[:0]), CodecZstd
			zstdEncoders.Put(e)
		}
		c.tmp = z[:0]
		if len(z)+SizeUvarint(uint64(len(raw))) > len(raw)-len(raw)/8 {
			codec = CodecRaw
		}
	}
	dst = append(dst, codec)
	if codec == CodecRaw {
		dst = AppendUvarint(dst, uint64(len(raw)))
		return append(dst, raw...)
	}
	dst = AppendUvarint(dst, uint64(len(z)))
	dst = AppendUvarint(dst, uint64(len(raw)))
	return append(dst, z...)
}
