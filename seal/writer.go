package seal

import (
	"crypto/cipher"
	"errors"
	"io"
	"math"
)

// errClosed reports a Write after Close.
var errClosed = errors.New("seal: write to a closed Writer")

// Writer seals a stream segment by segment: the bytes it writes to the
// underlying writer are exactly those Seal would return for everything
// written to it, with the same header. It holds one segment (64 KiB) of
// plaintext, never the whole entry, and seals each segment in place.
//
// A Writer is not safe for concurrent use.
type Writer struct {
	w      io.Writer
	aead   cipher.AEAD
	nonce  [12]byte
	buf    []byte // the header, then one segment and its tag
	n      int    // plaintext bytes buffered at buf[HeaderSize:]
	seg    uint32 // the index of the buffered segment
	header bool   // the header is still to be written
	closed bool
	err    error // the first error; every later call returns it
}

// NewWriter returns a Writer that seals what is written to it under the
// primary key, bound to aad, and writes the sealed bytes to w. The header
// goes out with the first segment. Close must be called to write the last
// segment; without it the entry does not open.
//
// It reads 23 bytes from crypto/rand and derives the data key, as Seal does,
// and allocates one segment's buffer (64 KiB and change).
func (kr *Keyring) NewWriter(w io.Writer, aad []byte) (*Writer, error) {
	sw := &Writer{w: w, buf: make([]byte, 0, HeaderSize+sealedChunk), header: true}
	var err error
	if sw.buf, err = kr.appendHeader(sw.buf); err != nil {
		return nil, err
	}
	ks := kr.keys[0]
	s := ks.get()
	defer ks.put(s)
	s.deriveKey(sw.buf, aad)
	if sw.aead, err = s.newAEAD(); err != nil {
		return nil, err
	}
	copy(sw.nonce[:prefixSize], sw.buf[offPrefix:])
	sw.buf = sw.buf[:cap(sw.buf)]
	return sw, nil
}

// Write buffers p and seals each segment it completes. A full segment is
// sealed only once a byte beyond it arrives, because the last segment is
// sealed differently and only Close knows which one it is. It returns an
// error from the underlying writer, after which the Writer is unusable.
func (sw *Writer) Write(p []byte) (int, error) {
	if sw.err != nil {
		return 0, sw.err
	}
	if sw.closed {
		return 0, errClosed
	}
	written := 0
	for len(p) > 0 {
		if sw.n == SegmentSize {
			if err := sw.flush(false); err != nil {
				return written, err
			}
		}
		c := copy(sw.buf[HeaderSize+sw.n:HeaderSize+SegmentSize], p)
		sw.n += c
		written += c
		p = p[c:]
	}
	return written, nil
}

// Close seals and writes the last segment (an empty one if nothing was
// written) and wipes the buffer. It does not close the underlying writer.
// Closing twice is a no-op.
func (sw *Writer) Close() error {
	if sw.err != nil || sw.closed {
		return sw.err
	}
	err := sw.flush(true)
	sw.closed = true
	clear(sw.buf)
	return err
}

// flush seals the buffered segment in place and writes it, with the header
// before the first.
func (sw *Writer) flush(last bool) error {
	if !last && sw.seg == math.MaxUint32 {
		sw.err = errTooLarge
		return sw.err
	}
	putNonce(&sw.nonce, sw.seg, last)
	plain := sw.buf[HeaderSize : HeaderSize+sw.n]
	sealed := sw.aead.Seal(plain[:0], sw.nonce[:], plain, nil)
	out := sw.buf[HeaderSize : HeaderSize+len(sealed)]
	if sw.header {
		out = sw.buf[:HeaderSize+len(sealed)]
	}
	if _, err := sw.w.Write(out); err != nil {
		clear(sw.buf)
		sw.err = err
		return err
	}
	sw.header = false
	sw.n = 0
	sw.seg++
	return nil
}
