package rowpage

import (
	"strings"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// strArena makes the strings of one Decode call that are not copies of
// string-table entries (the RFC 3339 text of times decoded into strings)
// out of shared blocks: one allocation per block instead of two per
// string (the text, then its string). A block is a strings.Builder's
// buffer: strings cut from it stay as they are while later ones are
// appended, and a full block is left to the strings that use it. The cost
// is retention: a string kept alone keeps its block (at most blockChunk
// bytes) alive.
type strArena struct {
	b    strings.Builder
	size int // the size of the last block
}

// arenaMin is the size of an arena's first block; each later one doubles,
// up to blockChunk.
const arenaMin = 512

// make returns a string holding a copy of p.
func (a *strArena) make(p []byte) string {
	if a.b.Cap()-a.b.Len() < len(p) {
		if len(p) > blockChunk/4 {
			return string(p)
		}
		a.size = min(max(2*a.size, arenaMin), blockChunk)
		a.b = strings.Builder{}
		a.b.Grow(a.size)
	}
	n := a.b.Len()
	a.b.Write(p)
	return a.b.String()[n:]
}

// timeText returns the RFC 3339 text of ts as a string: with d.cache set,
// cut from d.texts.
func (d *valueDecoder) timeText(ts format.Timestamp) string {
	d.buf = jsonwire.AppendTimestampText(d.buf[:0], ts)
	if !d.cache {
		return string(d.buf)
	}
	return d.texts.make(d.buf)
}
