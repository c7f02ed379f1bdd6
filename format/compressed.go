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
// page. A reader inflates the body into a plain page with neither flag set,
// in a buffer the Layout owns, and reads that.

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

// zstdDecoder is shared: DecodeAll is safe for concurrent use. The cap
// limit makes DecodeAll write at most cap(dst) bytes, so a frame can never
// produce more than the raw length its section declared.
var zstdDecoder = sync.OnceValue(func() *zstd.Decoder {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(1<<31),
		zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		panic("format: zstd decoder: " + err.Error())
	}
	return d
})

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
	r := reader{b: p[:end], pos: HeaderSize}
	r.uvarint("row count")
	r.uvarint("column count")
	dst = append(dst[:start], p[:r.pos]...)
	dst[start+5] = MinorCompressed
	dst[start+6] = flags | FlagCompressed
	for range 4 {
		s := r.section("section")
		if r.err != nil {
			panic("format: Compress of a malformed page: " + r.err.Error())
		}
		dst = c.appendSection(dst, s.b, level)
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

// csection is one section of a compressed body, as read from its header.
type csection struct {
	codec  byte
	index  int // in compressedNames
	at     int // offset of the codec byte in the page
	stored []byte
	base   int // offset of stored in the page
	raw    int
}

// CompressedSection describes one section of a compressed page, for tools.
type CompressedSection struct {
	Name   string
	Codec  byte
	Offset int // of the codec byte
	Stored int // bytes stored
	Raw    int // bytes after decompression
}

// compressedNames are the body's sections in order.
var compressedNames = [4]string{"string table", "shapes", "row shapes", "columns"}

// readCompressed reads the section headers of compressed page (whose
// header and checksum the caller has checked) up to end, and the length
// of the plain page they inflate to, checked against maxPage as it is
// summed. It reads no stored bytes.
func readCompressed(page []byte, end, maxPage int, secs *[4]csection) (counts []byte, plainLen int, err error) {
	r := reader{b: page[:end], pos: HeaderSize}
	r.uvarint("row count")
	r.uvarint("column count")
	if r.err != nil {
		return nil, 0, r.err
	}
	counts = page[HeaderSize:r.pos]
	total := uint64(r.pos)
	for i := range secs {
		s := &secs[i]
		s.at = r.pos
		if r.pos >= len(r.b) {
			return nil, 0, errAt(ErrTruncated, r.pos, compressedNames[i]+" codec byte runs past the end of the page")
		}
		s.codec = r.b[r.pos]
		r.pos++
		if s.codec > CodecZstd {
			return nil, 0, errAt(ErrUnsupported, s.at, "unknown section codec "+itoa(int(s.codec)))
		}
		n := r.length(compressedNames[i])
		raw := n
		if s.codec != CodecRaw {
			raw = r.uvarint(compressedNames[i] + " raw length")
		}
		if r.err != nil {
			return nil, 0, r.err
		}
		if s.codec != CodecRaw && raw == 0 {
			return nil, 0, errAt(ErrCorrupt, s.at, compressedNames[i]+": an empty section is stored raw")
		}
		total += uint64(SizeUvarint(raw)) + raw
		if raw > uint64(maxPage) || total > uint64(maxPage) {
			return nil, 0, errAt(ErrLimit, s.at, compressedNames[i]+" of "+utoa(raw)+" bytes makes the page exceed MaxPageBytes")
		}
		if n > uint64(len(r.b)-r.pos) {
			return nil, 0, errAt(ErrTruncated, r.pos, compressedNames[i]+" runs past the end of the page")
		}
		s.index, s.base, s.stored, s.raw = i, r.pos, r.b[r.pos:r.pos+int(n)], int(raw)
		r.pos += int(n)
		if err := precheck(s); err != nil {
			return nil, 0, err
		}
	}
	if r.pos != len(r.b) {
		return nil, 0, errAt(ErrCorrupt, r.pos, "bytes after the last section")
	}
	return counts, int(total), nil
}

// inflate checks the compressed page's header, limit and checksum, and
// decompresses its body into l.inflated as a plain page without flags. It
// allocates only after every declared length has passed the limits.
func (l *Layout) inflate(page []byte, lim Limits) ([]byte, error) {
	end := len(page)
	if page[6]&FlagChecksum != 0 {
		if len(page) < HeaderSize+ChecksumSize {
			return nil, errAt(ErrTruncated, len(page), "checksum trailer missing")
		}
		end -= ChecksumSize
		want := uint32(page[end]) | uint32(page[end+1])<<8 | uint32(page[end+2])<<16 | uint32(page[end+3])<<24
		if Checksum(page[:end]) != want {
			return nil, errAt(ErrChecksum, end, "CRC-32C does not match")
		}
	}
	var secs [4]csection
	counts, n, err := readCompressed(page, end, lim.MaxPageBytes, &secs)
	if err != nil {
		return nil, err
	}
	out := slices.Grow(l.inflated[:0], n)
	out = append(out, page[:HeaderSize]...)
	out[6] = 0
	out = append(out, counts...)
	for i := range secs {
		s := &secs[i]
		out = AppendUvarint(out, uint64(s.raw))
		if s.codec == CodecRaw {
			out = append(out, s.stored...)
			continue
		}
		at := len(out)
		dst := out[at : at+s.raw : at+s.raw]
		if err := decompress(s, dst); err != nil {
			l.inflated = out[:0]
			return nil, err
		}
		out = out[:at+s.raw]
	}
	l.inflated = out
	return out, nil
}

// precheck compares what s's stored bytes declare of their decompressed
// length (an S2 block always does, a zstd frame may) with s.raw, before
// anything is allocated for it.
func precheck(s *csection) error {
	switch s.codec {
	case CodecS2:
		if n, err := s2.DecodedLen(s.stored); err != nil || n != s.raw {
			return errAt(ErrCorrupt, s.base, "S2 block does not decode to the declared "+itoa(s.raw)+" bytes")
		}
	case CodecZstd:
		var h zstd.Header
		if err := h.Decode(s.stored); err != nil || h.Skippable || h.DictionaryID != 0 ||
			(h.HasFCS && h.FrameContentSize != uint64(s.raw)) || (!h.HasFCS && s.raw >= 256) {
			return errAt(ErrCorrupt, s.base, "zstd frame does not decode to the declared "+itoa(s.raw)+" bytes")
		}
	}
	return nil
}

// decompress inflates s (prechecked) into dst, which has length and
// capacity s.raw: neither codec can write past it.
func decompress(s *csection, dst []byte) error {
	var got []byte
	var err error
	switch s.codec {
	case CodecS2:
		got, err = s2.Decode(dst, s.stored)
	case CodecZstd:
		got, err = zstdDecoder().DecodeAll(s.stored, dst[:0])
	}
	if err != nil || len(got) != s.raw || &got[0] != &dst[0] {
		return errAt(ErrCorrupt, s.base, compressedNames[s.index]+" does not decompress to its declared "+itoa(s.raw)+" bytes")
	}
	return nil
}

// CompressedSections lists the sections of a compressed page with their
// codecs and their stored and raw sizes, for tools such as inspect. It
// checks the header and checksum but decompresses nothing.
func CompressedSections(page []byte) ([]CompressedSection, error) {
	if err := CheckHeader(page); err != nil {
		return nil, err
	}
	if page[6]&FlagCompressed == 0 {
		return nil, nil
	}
	end := len(page)
	if page[6]&FlagChecksum != 0 {
		if len(page) < HeaderSize+ChecksumSize {
			return nil, errAt(ErrTruncated, len(page), "checksum trailer missing")
		}
		end -= ChecksumSize
	}
	var secs [4]csection
	if _, _, err := readCompressed(page, end, 1<<31-1, &secs); err != nil {
		return nil, err
	}
	out := make([]CompressedSection, 4)
	for i, s := range secs {
		out[i] = CompressedSection{Name: compressedNames[i], Codec: s.codec, Offset: s.at, Stored: len(s.stored), Raw: s.raw}
	}
	return out, nil
}
