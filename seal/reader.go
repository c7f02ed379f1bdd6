package seal

import (
	"crypto/cipher"
	"errors"
	"io"
	"math"
	"strconv"
)

// Reader opens a sealed stream segment by segment. It returns a segment's
// plaintext only after that segment's tag has verified, so a reader may see
// the first segments of an entry that later fails; only io.EOF says the whole
// entry verified, with nothing cut or appended. It holds one segment (64 KiB)
// at a time.
//
// A Reader is not safe for concurrent use.
type Reader struct {
	r       io.Reader
	aead    cipher.AEAD
	nonce   [12]byte
	buf     []byte // one sealed segment and the byte after it; opened in place
	plain   []byte // the unread plaintext of the current segment, in buf
	peek    byte   // the byte past a full segment, which says it is not the last
	hasPeek bool
	seg     uint32 // the index of the next segment
	done    bool   // the last segment has been opened
	err     error  // the first error; every later call returns it
}

// NewReader reads the header of a sealed stream from r and returns a Reader
// of its plaintext, bound to aad. A header that names a key kr lacks is
// ErrUnknownKey; one that is short or not a sealed header is ErrOpen. Errors
// from r other than io.EOF and io.ErrUnexpectedEOF come back as they are.
//
// It derives the data key, as Open does, and allocates one segment's buffer
// (64 KiB and change).
func (kr *Keyring) NewReader(r io.Reader, aad []byte) (*Reader, error) {
	var header [HeaderSize]byte
	if n, err := io.ReadFull(r, header[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, openErr(n, "shorter than a sealed header")
		}
		return nil, err
	}
	ks, err := kr.checkHeader(header[:])
	if err != nil {
		return nil, err
	}
	sr := &Reader{r: r, buf: make([]byte, sealedChunk+1)}
	s := ks.get()
	defer ks.put(s)
	s.deriveKey(header[:], aad)
	if sr.aead, err = s.newAEAD(); err != nil {
		return nil, err
	}
	copy(sr.nonce[:prefixSize], header[offPrefix:])
	return sr, nil
}

// Read reads plaintext into p. It returns io.EOF only after the last segment
// verified; a stream that ends early, or goes on past its last segment, is
// ErrOpen.
func (sr *Reader) Read(p []byte) (int, error) {
	for len(sr.plain) == 0 {
		if sr.err != nil {
			return 0, sr.err
		}
		if sr.done {
			return 0, io.EOF
		}
		sr.err = sr.next()
	}
	n := copy(p, sr.plain)
	sr.plain = sr.plain[n:]
	return n, nil
}

// next reads, verifies and decrypts the next segment. A segment is the last
// when the stream ends within one byte past a full sealed segment, which is
// why it reads that byte ahead.
func (sr *Reader) next() error {
	have := 0
	if sr.hasPeek {
		sr.buf[0] = sr.peek
		have = 1
	}
	n, err := io.ReadFull(sr.r, sr.buf[have:])
	have += n
	last := false
	switch {
	case err == nil: // a byte past a full segment: this one is not the last
		sr.peek, sr.hasPeek = sr.buf[sealedChunk], true
		have = sealedChunk
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		last, sr.hasPeek = true, false
	default:
		return err
	}
	off := HeaderSize + int(sr.seg)*sealedChunk
	if have < TagSize || (have == TagSize && sr.seg > 0) {
		return openErr(off+have, "cut: the stream ends without a last segment")
	}
	if !last && sr.seg == math.MaxUint32 {
		return openErr(off, "more than 2^32 segments")
	}
	putNonce(&sr.nonce, sr.seg, last)
	plain, err := sr.aead.Open(sr.buf[:0], sr.nonce[:], sr.buf[:have], nil)
	if err != nil {
		clear(sr.buf)
		return openErr(off, "segment "+strconv.Itoa(int(sr.seg))+" fails authentication")
	}
	sr.plain, sr.done = plain, last
	sr.seg++
	return nil
}
