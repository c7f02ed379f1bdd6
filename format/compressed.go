package format

// Compressed pages (SPEC.md 2.5). With FlagCompressed set, the body is
//
//	body    = [dictid(8) if FlagDictionary] uv(rows) uv(columns)
//	          csection(strings) csection(shapes) csection(rowshapes) csection(columns)
//	csection = codec(u8) uv(stored) [uv(raw) if codec != CodecRaw] stored*byte
//
// Each section's stored bytes decompress to exactly raw bytes: the section's
// contents in a plain page. The checksum (FlagChecksum) covers the stored
// page. A reader inflates the body into a plain page with neither flag set
// and reads that. With FlagDictionary (SPEC.md 2.6) the body opens with the
// id of a dictionary, and the compressed sections were written against it:
// a reader without that dictionary reports ErrUnsupported.

// Section codecs of a compressed body.
const (
	CodecRaw  = 0 // stored as it is
	CodecS2   = 1 // one S2 block (github.com/klauspost/compress/s2); against the dictionary's S2 half with FlagDictionary
	CodecZstd = 2 // one zstd frame, no checksum (content size as the encoder chooses); with FlagDictionary, against the dictionary's zstd half

	// The string table's csection only (since 1.7): CodecS2 or CodecZstd
	// of the section with its ends stored as lengths in byte planes
	// (AppendLengthPlanes), which compress where ascending offsets do not.
	CodecS2Lengths   = 3
	CodecZstdLengths = 4
)

// BaseCodec returns the compression of section codec c: CodecS2 for
// CodecS2Lengths, CodecZstd for CodecZstdLengths, c itself otherwise.
func BaseCodec(c byte) byte {
	if c == CodecS2Lengths || c == CodecZstdLengths {
		return c - 2
	}
	return c
}

// Dictionaries (SPEC.md 2.6). A dictionary's serialized form is
//
//	dictionary = DictMagic(4) DictVersion(u8) uv(s2 repeat + 1, or 0) zstd-dictionary
//
// and its id, which a page names, is the first DictIDSize bytes of the
// SHA-256 digest of the whole serialized form.
var DictMagic = [4]byte{0x89, 'R', 'P', 'D'}

// Dictionary constants.
const (
	DictVersion = 1 // the only version of the dictionary form
	DictIDSize  = 8 // bytes of a dictionary id, in a page and in DictID
)
