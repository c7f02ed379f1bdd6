package rowpage

import (
	"strconv"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagedict"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Dictionary is a compression dictionary for the pages of one query or
// endpoint (SPEC.md 2.6), which makes small compressed pages smaller: a
// 25-row page holds too little to compress well on its own, and a
// dictionary supplies what such pages share (keys, common values, the
// statistics of the columns). Set it in EncOptions.Dictionary to write
// pages that name it, and give it to every reader of those pages
// (DecOptions.Dictionaries, jsonbridge.Options.Dictionaries): a reader
// without it reports the page as ErrUnsupported, a cache miss.
//
// A Dictionary is immutable and safe for concurrent use. Its id is derived
// from its bytes, so two different dictionaries never share one by
// accident; store or ship it with Bytes and read it back with
// ParseDictionary. It holds a zstd half, for CompressSmall, and an S2
// half, for CompressFast.
type Dictionary struct {
	d *pagedict.Dict
}

func init() {
	pagedict.Of = func(d any) *pagedict.Dict {
		if x, _ := d.(*Dictionary); x != nil {
			return x.d
		}
		return nil
	}
}

// DictOptions configures TrainDictionary. The zero value gives the
// defaults.
type DictOptions struct {
	// Size is the most bytes of sample data the dictionary keeps, and so
	// about its size. Default 32 KiB; range 256 B to 1 MiB. The S2 half
	// uses the last 64 KiB of it at most.
	Size int
}

// TrainDictionary builds a dictionary from sample pages of one query or
// endpoint, plain or compressed (not themselves written with a
// dictionary), oldest first: earlier pages of the same query, never the
// pages it will compress, which it would fit too well to measure. A
// hundred pages is plenty; the newest are kept when they hold more than
// Size. It costs a parse of every sample and a zstd compression of its
// sections. Errors: ErrInvalidOption for a Size out of range or samples
// holding fewer than 256 bytes of sections, a page's error for a sample
// that is not a page (ErrUnsupported for one written with a dictionary).
func TrainDictionary(samples [][]byte, o DictOptions) (*Dictionary, error) {
	size := o.Size
	if size == 0 {
		size = pagedict.DefaultSize
	}
	if size < pagedict.MinSize || size > pagedict.MaxSize {
		return nil, encodeError(ErrInvalidOption, "option Size "+strconv.Itoa(o.Size)+" is outside 256 to 1,048,576", nil)
	}
	var sections [][]byte
	for i, page := range samples {
		l, err := pageread.ParseValues(page, format.Limits{})
		if err != nil {
			return nil, encodeError(errKind(err), "TrainDictionary: sample "+strconv.Itoa(i)+" is not a page this reader reads", err)
		}
		sections = appendSections(sections, l.Page)
	}
	b, err := pagedict.Train(sections, size, true)
	if err != nil {
		return nil, encodeError(ErrInvalidOption, "TrainDictionary: "+err.Error(), nil)
	}
	return ParseDictionary(b)
}

// errKind is the sentinel err wraps, or ErrCorrupt.
func errKind(err error) error {
	if e, ok := err.(*Error); ok {
		return e.Err
	}
	return ErrCorrupt
}

// appendSections appends the contents of the four sections of plain, a
// valid plain page, to out, copying nothing.
func appendSections(out [][]byte, plain []byte) [][]byte {
	pos := format.HeaderSize
	for range 2 { // row and column counts
		_, n := format.ConsumeUvarint(plain[pos:])
		pos += n
	}
	for range 4 {
		size, n := format.ConsumeUvarint(plain[pos:])
		pos += n
		out = append(out, plain[pos:pos+int(size)])
		pos += int(size)
	}
	return out
}

// ParseDictionary reads a dictionary from its serialized form (Bytes),
// keeping a copy of b. Errors: ErrUnsupported for bytes that are not a
// dictionary of this format version, ErrCorrupt for a damaged one. It
// costs a SHA-256 of b and a parse of its zstd tables; the zstd decoder
// of a dictionary is built on its first use and kept.
func ParseDictionary(b []byte) (*Dictionary, error) {
	d, err := pagedict.Parse(b)
	if err != nil {
		return nil, err
	}
	return &Dictionary{d: d}, nil
}

// Bytes returns the dictionary's serialized form (a new copy), to store
// or ship beside the pages that name it.
func (d *Dictionary) Bytes() []byte { return append([]byte(nil), d.d.Bytes()...) }

// ID returns the dictionary's id as 16 hex digits: the first 8 bytes of
// the SHA-256 digest of Bytes, which a page written with it names.
func (d *Dictionary) ID() string { return d.d.ID().String() }

// PageDictionary returns the id of the dictionary page names (as
// Dictionary.ID writes it), or false if it names none. It reads only the
// page's header and the id.
func PageDictionary(page []byte) (string, bool) {
	id, ok := pageread.DictionaryID(page)
	if !ok || format.CheckHeader(page) != nil {
		return "", false
	}
	return id.String(), true
}

// dictSet is the set of dictionaries a reader was given.
func dictSet(ds []*Dictionary) (pagedict.Set, error) {
	var s pagedict.Set
	for i, d := range ds {
		if d == nil {
			return nil, encodeError(ErrInvalidOption, "option Dictionaries["+strconv.Itoa(i)+"] is nil", nil)
		}
		s = append(s, d.d)
	}
	return s, nil
}
