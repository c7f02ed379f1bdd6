package pagedict

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"

	"github.com/rowpage/rowpage/format"
)

// ID is a dictionary's id: the first 8 bytes of the SHA-256 digest of its
// serialized form, as a page stores them.
type ID [format.DictIDSize]byte

// String returns the id as 16 lower-case hex digits, the bytes in page
// order (so the first 16 digits of `sha256sum` of the file).
func (id ID) String() string { return hex.EncodeToString(id[:]) }

// Dict is a parsed dictionary. It is immutable and safe for concurrent
// use; its zstd decoder and S2 tables are built on first use and kept, and
// its zstd encoders are pooled.
type Dict struct {
	id    ID
	bytes []byte // the serialized form
	zdict []byte // the zstd dictionary (RFC 8878 dictionary format)
	zid   uint32 // its dictionary id, which every frame written with it names
	size  int    // bytes of content (history)
	s2    *s2.Dict

	dec  func() *zstd.Decoder
	encs sync.Pool
}

// Parse checks b, a dictionary's serialized form, and returns the Dict. It
// keeps its own copy of b. Errors: ErrUnsupported for another magic or
// version, ErrCorrupt for a malformed dictionary. It costs a SHA-256 of b
// and a parse of the zstd dictionary's tables.
func Parse(b []byte) (*Dict, error) {
	if len(b) < len(format.DictMagic)+1 || [4]byte(b[:4]) != format.DictMagic {
		return nil, dictErr(format.ErrUnsupported, 0, "not a rowpage dictionary (bad magic)")
	}
	if b[4] != format.DictVersion {
		return nil, dictErr(format.ErrUnsupported, 4, "dictionary version "+itoa(int(b[4]))+", this reader knows 1")
	}
	b = append([]byte(nil), b...)
	rep, n := format.ConsumeUvarint(b[5:])
	if n < 0 {
		return nil, dictErr(format.ErrCorrupt, 5, "S2 repeat is not a minimal varint")
	}
	z := b[5+n:]
	info, err := zstd.InspectDictionary(z)
	if err != nil {
		return nil, dictErr(format.ErrCorrupt, 5+n, "zstd dictionary: "+err.Error())
	}
	d := &Dict{bytes: b, zdict: z, zid: info.ID(), size: info.ContentSize()}
	copy(d.id[:], sha256Of(b))
	if rep > 0 {
		content := s2Content(info.Content())
		if rep-1 >= uint64(max(len(content)-8, 0)) {
			return nil, dictErr(format.ErrCorrupt, 5, "S2 repeat "+utoa(rep-1)+" is past the dictionary's content")
		}
		if d.s2 = s2.MakeDictManual(content, uint16(rep-1)); d.s2 == nil {
			return nil, dictErr(format.ErrCorrupt, 5, "S2 dictionary content of "+itoa(len(content))+" bytes is too short")
		}
	}
	d.dec = sync.OnceValue(func() *zstd.Decoder {
		dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(1<<31),
			zstd.WithDecodeAllCapLimit(true), zstd.WithDecoderDicts(d.zdict))
		if err != nil {
			panic("pagedict: zstd decoder of a checked dictionary: " + err.Error())
		}
		return dec
	})
	return d, nil
}

// s2Content is the S2 half's content: the last s2.MaxDictSize bytes of the
// zstd dictionary's content.
func s2Content(c []byte) []byte { return c[max(0, len(c)-s2.MaxDictSize):] }

func sha256Of(b []byte) []byte {
	h := sha256.Sum256(b)
	return h[:format.DictIDSize]
}

// ID returns the dictionary's id.
func (d *Dict) ID() ID { return d.id }

// Bytes returns the serialized form. The slice is the Dict's own: do not
// modify it.
func (d *Dict) Bytes() []byte { return d.bytes }

// ZstdID returns the dictionary id that frames written with d name.
func (d *Dict) ZstdID() uint32 { return d.zid }

// HasS2 reports whether d has an S2 half.
func (d *Dict) HasS2() bool { return d.s2 != nil }

// ContentSize returns the bytes of history the dictionary holds.
func (d *Dict) ContentSize() int { return d.size }

// DecodeZstd decompresses the zstd frame src into dst[:0] and returns it;
// with dst of capacity n it writes at most n bytes. Safe for concurrent
// use; the decoder is created once per dictionary.
func (d *Dict) DecodeZstd(dst, src []byte) ([]byte, error) {
	return d.dec().DecodeAll(src, dst[:0])
}

// DecodeS2 decompresses the S2 block src into dst, which must have the
// capacity the block declares (s2.DecodedLen), or it allocates.
func (d *Dict) DecodeS2(dst, src []byte) ([]byte, error) {
	return d.s2.Decode(dst, src)
}

// EncodeZstd appends src compressed as one zstd frame (SpeedDefault, no
// checksum, with the content size) against d to dst.
func (d *Dict) EncodeZstd(dst, src []byte) []byte {
	e, _ := d.encs.Get().(*zstd.Encoder)
	if e == nil {
		var err error
		e, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1),
			zstd.WithEncoderCRC(false), zstd.WithEncoderDict(d.zdict))
		if err != nil {
			panic("pagedict: zstd encoder of a checked dictionary: " + err.Error())
		}
	}
	dst = e.EncodeAll(src, dst)
	d.encs.Put(e)
	return dst
}

// EncodeS2 returns src compressed as one S2 block against d's S2 half, in
// dst if it has the capacity (s2.MaxEncodedLen).
func (d *Dict) EncodeS2(dst, src []byte) []byte {
	return d.s2.Encode(dst, src)
}

// Set is the dictionaries a reader was given.
type Set []*Dict

// Find returns the dictionary of id, or nil. It compares ids one by one: a
// reader holds a few dictionaries.
func (s Set) Find(id []byte) *Dict {
	for _, d := range s {
		if string(d.id[:]) == string(id) {
			return d
		}
	}
	return nil
}

func dictErr(kind error, off int, msg string) error {
	return &format.Error{Err: kind, Msg: "dictionary: " + msg, Offset: off, Row: -1, Column: -1}
}

func itoa(v int) string { return utoa(uint64(v)) }

func utoa(v uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			return string(b[i:])
		}
	}
}

// Of returns the Dict of d, a *rowpage.Dictionary (nil for nil). The root
// package sets it when it is initialised; packages that import the root
// (jsonbridge) call it from then on. It is a variable because this package
// cannot import the root, which imports it.
var Of func(d any) *Dict
