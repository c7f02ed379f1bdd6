package format

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
