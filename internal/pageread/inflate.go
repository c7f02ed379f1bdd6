package pageread

import (
	"slices"
	"sync"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagedict"
)

// A compressed page (format.FlagCompressed; the grammar is in package
// format) is read by inflating its body into a plain page with neither
// flag set, in a buffer the Layout owns, and reading that. A page with
// format.FlagDictionary is inflated with the dictionary it names, taken
// from Layout.Dicts; without it the page is unsupported.

// zstdDecoder is shared: DecodeAll is safe for concurrent use. The cap
// limit makes DecodeAll write at most cap(dst) bytes, so a frame can never
// produce more than the raw length its section declared.
var zstdDecoder = sync.OnceValue(func() *zstd.Decoder {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(1<<31),
		zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		panic("pageread: zstd decoder: " + err.Error())
	}
	return d
})

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

// zstdSlack is the room inflate leaves past every zstd section: the zstd
// decoder copies literals and matches in 16-byte blocks, overrunning a
// copy's end by up to 31 bytes, only when its output has 32 bytes of
// capacity past what the frame writes; without them it takes bounds-exact
// copies, about 6% more instructions on a 12 KB string table. The bytes it
// overruns into belong to the next section, written after it, or lie past
// the plain page.
const zstdSlack = 32

// readCompressed reads the section headers of compressed page (whose
// header and checksum the caller has checked) up to end, and the length
// of the plain page they inflate to, checked against maxPage as it is
// summed. It reads no stored bytes. d is the page's dictionary, or nil for
// a page without one; with check false (a tool listing the sections of a
// page whose dictionary it lacks) the frames' dictionary ids are not
// compared with it. Its varints are read with ConsumeUvarint and their
// errors named only on failure: a few dozen instructions a section.
func readCompressed(page []byte, end, maxPage int, secs *[4]csection, d *pagedict.Dict, check bool) (counts []byte, plainLen int, err error) {
	b := page[:end]
	pos := format.HeaderSize
	if page[6]&format.FlagDictionary != 0 {
		if end-pos < format.DictIDSize {
			return nil, 0, errAt(format.ErrTruncated, end, "dictionary id runs past the end of the page")
		}
		pos += format.DictIDSize
	}
	start := pos
	_, k := format.ConsumeUvarint(b[pos:])
	if k < 0 {
		return nil, 0, varintErr(k, pos, "row count")
	}
	pos += k
	if _, k = format.ConsumeUvarint(b[pos:]); k < 0 {
		return nil, 0, varintErr(k, pos, "column count")
	}
	pos += k
	counts = page[start:pos]
	total := uint64(format.HeaderSize + len(counts))
	for i := range secs {
		s := &secs[i]
		s.at = pos
		if pos >= len(b) {
			return nil, 0, errAt(format.ErrTruncated, pos, compressedNames[i]+" codec byte runs past the end of the page")
		}
		s.codec = b[pos]
		pos++
		if s.codec > format.CodecZstdLengths {
			return nil, 0, errAt(format.ErrUnsupported, s.at, "unknown section codec "+itoa(int(s.codec)))
		}
		if i != 0 && format.BaseCodec(s.codec) != s.codec {
			return nil, 0, errAt(format.ErrCorrupt, s.at, compressedNames[i]+" stored with a string table's codec "+itoa(int(s.codec)))
		}
		n, k := format.ConsumeUvarint(b[pos:])
		if k < 0 {
			return nil, 0, varintErr(k, pos, compressedNames[i]+" length")
		}
		pos += k
		raw := n
		if s.codec != format.CodecRaw {
			if raw, k = format.ConsumeUvarint(b[pos:]); k < 0 {
				return nil, 0, varintErr(k, pos, compressedNames[i]+" raw length")
			}
			pos += k
			if raw == 0 {
				return nil, 0, errAt(format.ErrCorrupt, s.at, compressedNames[i]+": an empty section is stored raw")
			}
		}
		total += uint64(format.SizeUvarint(raw)) + raw
		if raw > uint64(maxPage) || total > uint64(maxPage) {
			return nil, 0, errAt(format.ErrLimit, s.at, compressedNames[i]+" of "+utoa(raw)+" bytes makes the page exceed MaxPageBytes")
		}
		if n > uint64(len(b)-pos) {
			return nil, 0, errAt(format.ErrTruncated, pos, compressedNames[i]+" runs past the end of the page")
		}
		s.index, s.base, s.stored, s.raw = i, pos, b[pos:pos+int(n)], int(raw)
		pos += int(n)
		if s.codec != format.CodecRaw {
			if err := precheck(s, d, check); err != nil {
				return nil, 0, err
			}
		}
	}
	if pos != len(b) {
		return nil, 0, errAt(format.ErrCorrupt, pos, "bytes after the last section")
	}
	return counts, int(total), nil
}

// inflate checks the compressed page's header, limit and checksum, and
// decompresses its body into l.inflated as a plain page without flags. It
// allocates only after every declared length has passed the limits.
func (l *Layout) inflate(page []byte, lim format.Limits) ([]byte, error) {
	end := len(page)
	if page[6]&format.FlagChecksum != 0 {
		if len(page) < format.HeaderSize+format.ChecksumSize {
			return nil, errAt(format.ErrTruncated, len(page), "checksum trailer missing")
		}
		end -= format.ChecksumSize
		want := uint32(page[end]) | uint32(page[end+1])<<8 | uint32(page[end+2])<<16 | uint32(page[end+3])<<24
		if format.Checksum(page[:end]) != want {
			return nil, errAt(format.ErrChecksum, end, "CRC-32C does not match")
		}
	}
	var d *pagedict.Dict
	if page[6]&format.FlagDictionary != 0 {
		if end-format.HeaderSize < format.DictIDSize {
			return nil, errAt(format.ErrTruncated, end, "dictionary id runs past the end of the page")
		}
		id := page[format.HeaderSize : format.HeaderSize+format.DictIDSize]
		if d = l.Dicts.Find(id); d == nil {
			return nil, errMissingDict(pagedict.ID(id))
		}
	}
	var secs [4]csection
	counts, n, err := readCompressed(page, end, lim.MaxPageBytes, &secs, d, true)
	if err != nil {
		return nil, err
	}
	out := slices.Grow(l.inflated[:0], n+zstdSlack)
	out = append(out, page[:format.HeaderSize]...)
	out[6] = 0
	out = append(out, counts...)
	for i := range secs {
		s := &secs[i]
		out = format.AppendUvarint(out, uint64(s.raw))
		if s.codec == format.CodecRaw {
			out = append(out, s.stored...)
			continue
		}
		at := len(out)
		dst := out[at : at+s.raw : at+s.raw]
		if format.BaseCodec(s.codec) == format.CodecZstd {
			dst = out[at : at+s.raw : at+s.raw+zstdSlack]
		}
		if err := decompress(s, dst, d); err != nil {
			l.inflated = out[:0]
			return nil, err
		}
		out = out[:at+s.raw]
		if s.codec != format.BaseCodec(s.codec) {
			out = restoreEnds(out, at, n)
		}
	}
	l.inflated = out
	return out, nil
}

// restoreEnds turns the lengths of the string table that out[at:] holds
// back into ends (format.RestoreEnds), with scratch room kept past the
// plain page's n bytes and zstdSlack in out's capacity, so the buffer the
// Layout keeps serves later pages without allocating. A table whose head
// is damaged is left as it is for validation to report.
func restoreEnds(out []byte, at, n int) []byte {
	table := out[at:]
	ends, count, width, ok := format.EndsSpan(table)
	if !ok {
		return out
	}
	room := n + zstdSlack + count*width
	out = slices.Grow(out, room-len(out))
	scratch := out[n+zstdSlack : room : room]
	format.RestoreEnds(out[at:], ends, count, width, scratch)
	return out
}

// errMissingDict is the error for a page whose dictionary the reader
// was not given: unsupported, a cache miss.
func errMissingDict(id pagedict.ID) error {
	return errAt(format.ErrUnsupported, format.HeaderSize, "the page needs dictionary "+id.String()+", which this reader was not given")
}

// precheck compares what s's stored bytes declare of their decompressed
// length (an S2 block always does, a zstd frame may) with s.raw, before
// anything is allocated for it, and, with check, the dictionary a zstd
// frame names with d's (none without d).
func precheck(s *csection, d *pagedict.Dict, check bool) error {
	switch format.BaseCodec(s.codec) {
	case format.CodecS2:
		if n, err := s2.DecodedLen(s.stored); err != nil || n != s.raw {
			return errAt(format.ErrCorrupt, s.base, "S2 block does not decode to the declared "+itoa(s.raw)+" bytes")
		}
		if check && d != nil && !d.HasS2() {
			return errAt(format.ErrCorrupt, s.at, "an S2 section in a page whose dictionary has no S2 half")
		}
	case format.CodecZstd:
		var h zstd.Header
		zid := uint32(0)
		if d != nil {
			zid = d.ZstdID()
		}
		if err := h.Decode(s.stored); err != nil || h.Skippable || (check && h.DictionaryID != zid) ||
			(h.HasFCS && h.FrameContentSize != uint64(s.raw)) || (!h.HasFCS && s.raw >= 256) {
			return errAt(format.ErrCorrupt, s.base, "zstd frame does not decode to the declared "+itoa(s.raw)+" bytes with the page's dictionary")
		}
	}
	return nil
}

// decompress inflates s (prechecked) into dst, which has length s.raw and
// capacity s.raw (S2) or s.raw+zstdSlack (zstd): neither codec writes past
// the capacity, and a frame that decodes to more or fewer than s.raw bytes
// is corrupt. d is the page's dictionary, or nil.
func decompress(s *csection, dst []byte, d *pagedict.Dict) error {
	var got []byte
	var err error
	switch codec := format.BaseCodec(s.codec); {
	case codec == format.CodecS2 && d != nil:
		got, err = d.DecodeS2(dst, s.stored)
	case codec == format.CodecS2:
		got, err = s2.Decode(dst, s.stored)
	case d != nil:
		got, err = d.DecodeZstd(dst, s.stored)
	default:
		got, err = zstdDecoder().DecodeAll(s.stored, dst[:0])
	}
	if err != nil || len(got) != s.raw || &got[0] != &dst[0] {
		return errAt(format.ErrCorrupt, s.base, compressedNames[s.index]+" does not decompress to its declared "+itoa(s.raw)+" bytes")
	}
	return nil
}

// CompressedSections lists the sections of a compressed page with their
// codecs and their stored and raw sizes, for tools such as inspect. It
// checks the header and the section framing; it neither verifies the
// checksum nor decompresses anything.
func CompressedSections(page []byte) ([]CompressedSection, error) {
	if err := format.CheckHeader(page); err != nil {
		return nil, err
	}
	if page[6]&format.FlagCompressed == 0 {
		return nil, nil
	}
	end := len(page)
	if page[6]&format.FlagChecksum != 0 {
		if len(page) < format.HeaderSize+format.ChecksumSize {
			return nil, errAt(format.ErrTruncated, len(page), "checksum trailer missing")
		}
		end -= format.ChecksumSize
	}
	var secs [4]csection
	if _, _, err := readCompressed(page, end, 1<<31-1, &secs, nil, page[6]&format.FlagDictionary == 0); err != nil {
		return nil, err
	}
	out := make([]CompressedSection, 4)
	for i, s := range secs {
		out[i] = CompressedSection{Name: compressedNames[i], Codec: s.codec, Offset: s.at, Stored: len(s.stored), Raw: s.raw}
	}
	return out, nil
}

// DictionaryID returns the id of the dictionary page names (SPEC.md 2.6),
// and false for a page that names none or is too short to hold one. It
// checks nothing else.
func DictionaryID(page []byte) (pagedict.ID, bool) {
	if len(page) < format.HeaderSize+format.DictIDSize || page[6]&format.FlagDictionary == 0 {
		return pagedict.ID{}, false
	}
	return pagedict.ID(page[format.HeaderSize : format.HeaderSize+format.DictIDSize]), true
}
