package jsonbridge

import (
	"sync"

	"github.com/rowpage/rowpage/internal/pageread"
)

// chunkPool holds WriteJSON's buffers.
var chunkPool = sync.Pool{New: func() any { return new(chunkRing) }}

// bufSize is the capacity of each of chunkRing's buffers: a chunk and the
// row that fills it, unless that row is longer than half a chunk.
const bufSize = chunkSize + chunkSize/2

// chunkRing is WriteJSON's buffers: it fills one while the ones it wrote
// out last stay unchanged, so that a repeat cell (SPEC.md 5.5) can copy
// the JSON its cell wrote to them (pageread.Layout.FlushedJSON). A page
// whose JSON fits one chunk, or that holds no array or object cell, uses
// one buffer; the others are made on first use, chunkSize and a half each.
type chunkRing struct {
	bufs [pageread.FlushRing][]byte
	cur  int
}

// first returns the buffer to fill first, empty.
func (r *chunkRing) first() []byte {
	if r.bufs[r.cur] == nil {
		r.bufs[r.cur] = make([]byte, 0, bufSize)
	}
	return r.bufs[r.cur][:0]
}

// next keeps written, the buffer just written out, and returns the next
// one, empty: the buffer written out pageread.FlushRing flushes ago.
func (r *chunkRing) next(written []byte) []byte {
	r.bufs[r.cur] = written[:0]
	r.cur = (r.cur + 1) % len(r.bufs)
	return r.first()
}

// done keeps last, the buffer filled last, for the next call, and reports
// whether r is more than one buffer of its first size: whether a page
// flushed repeatable cells (next) or a row grew the buffer.
func (r *chunkRing) done(last []byte) bool {
	r.bufs[r.cur] = last[:0]
	return r.bufs[1] != nil || cap(last) > bufSize
}
