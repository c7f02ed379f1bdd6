package pagebuild

import "github.com/rowpage/rowpage/format"

// pageCompression is a builder's compression level and scratch.
type pageCompression struct {
	Level int // a Compression
	c     format.Compressor
}

// apply replaces the plain page in dst[start:] with its compressed form,
// if the level asks for one. It runs after the row-count check, which
// bounds rows by the plain page's size, as readers do after inflating.
func (p *pageCompression) Apply(dst []byte, start int) []byte {
	if p.Level == 0 { // CompressNone
		return dst
	}
	return p.c.Compress(dst, start, p.Level)
}
