package rowpage

import (
	"strconv"
)

// Compression selects how a page's body is compressed (SPEC.md 2.5). Every
// reader of this package and of jsonbridge takes compressed pages as it
// takes plain ones; a reader of format 1.0 reports them as ErrUnsupported,
// a cache miss.
type Compression uint8

const (
	// CompressNone writes a plain page (the default).
	CompressNone Compression = iota
	// CompressFast compresses the string table and the columns with S2, for
	// in-process and Redis caches where the speed of a hit matters most.
	CompressFast
	// CompressSmall compresses them with zstd (the default level), for
	// memory-bound caches: smaller pages, slower hits and writes.
	CompressSmall
)

// String returns "none", "fast" or "small".
func (c Compression) String() string {
	switch c {
	case CompressNone:
		return "none"
	case CompressFast:
		return "fast"
	case CompressSmall:
		return "small"
	}
	return "Compression(" + strconv.Itoa(int(c)) + ")"
}

// check reports an option outside the three levels, and a dictionary
// without compression, which could not use it.
func (c Compression) check(d *Dictionary) error {
	if c > CompressSmall {
		return encodeError(ErrInvalidOption, "option Compression "+strconv.Itoa(int(c))+" is not CompressNone, CompressFast or CompressSmall", nil)
	}
	if d != nil && c == CompressNone {
		return encodeError(ErrInvalidOption, "option Dictionary needs CompressFast or CompressSmall", nil)
	}
	if d != nil && c == CompressFast && !d.d.HasS2() {
		return encodeError(ErrInvalidOption, "option Dictionary "+d.ID()+" has no S2 half for CompressFast", nil)
	}
	return nil
}
