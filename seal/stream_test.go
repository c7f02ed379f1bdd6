package seal

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// fixedRandom is the salt and nonce prefix the stream and golden tests
// inject: 16 bytes of salt, then 7 of prefix.
var fixedRandom = []byte{
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
	0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6,
}

// sealStream seals p through a Writer, in writes of chunk bytes.
func sealStream(t *testing.T, kr *Keyring, p, aad []byte, chunk int) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := kr.NewWriter(&out, aad)
	if err != nil {
		t.Fatal(err)
	}
	for len(p) > 0 {
		c := min(chunk, len(p))
		if n, err := w.Write(p[:c]); n != c || err != nil {
			t.Fatalf("Write: %d, %v", n, err)
		}
		p = p[c:]
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// A Writer writes the bytes Seal returns, given the same salt and prefix,
// however the plaintext is split into writes; Open opens them.
func TestWriterIsSeal(t *testing.T) {
	kr := withRandom(testKeyring(t, 1), fixedRandom)
	aad := []byte("orders?page=1")
	for _, n := range sizes {
		p := pattern(n)
		want, _ := kr.Seal(nil, p, aad)
		for _, chunk := range []int{1 << 30, SegmentSize, 1000, SegmentSize + 1} {
			got := sealStream(t, kr, p, aad, chunk)
			if !bytes.Equal(got, want) {
				t.Fatalf("%d bytes in writes of %d: Writer output differs from Seal", n, chunk)
			}
		}
	}
}

// A Reader gives back what Seal sealed, whatever the read sizes and however
// the underlying reader splits its reads.
func TestReaderIsOpen(t *testing.T) {
	kr := testKeyring(t, 1)
	aad := []byte("orders?page=1")
	for _, n := range sizes {
		p := pattern(n)
		sealed, _ := kr.Seal(nil, p, aad)
		for name, src := range map[string]io.Reader{
			"whole":    bytes.NewReader(sealed),
			"one byte": iotest.OneByteReader(bytes.NewReader(sealed)),
			"half":     iotest.HalfReader(bytes.NewReader(sealed)),
		} {
			r, err := kr.NewReader(src, aad)
			if err != nil {
				t.Fatalf("%d bytes, %s: NewReader: %v", n, name, err)
			}
			got, err := io.ReadAll(r)
			if err != nil {
				t.Fatalf("%d bytes, %s: ReadAll: %v", n, name, err)
			}
			if diff := cmp.Diff(p, got); diff != "" {
				t.Fatalf("%d bytes, %s: Reader gave other bytes (-want +got):\n%s", n, name, diff)
			}
		}
	}
	r, _ := kr.NewReader(bytes.NewReader(mustSeal(t, kr, pattern(10), aad)), aad)
	if err := iotest.TestReader(r, pattern(10)); err != nil {
		t.Error(err)
	}
}

func mustSeal(t *testing.T, kr *Keyring, p, aad []byte) []byte {
	t.Helper()
	b, err := kr.Seal(nil, p, aad)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readAllErr opens sealed through a Reader and returns what it read and the
// error that ended it.
func readAllErr(kr *Keyring, sealed, aad []byte) ([]byte, error) {
	r, err := kr.NewReader(bytes.NewReader(sealed), aad)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// A Reader reports a cut stream, appended bytes, reordered segments and
// other aad as ErrOpen, and never returns the plaintext of a segment whose
// tag failed.
func TestReaderRejects(t *testing.T) {
	kr, sealed, aad, plain := sealed3(t)
	cases := map[string][]byte{
		"cut in header":            sealed[:HeaderSize-1],
		"cut after header":         sealed[:HeaderSize],
		"cut at boundary 1":        sealed[:HeaderSize+sealedChunk],
		"cut at boundary 2":        sealed[:HeaderSize+2*sealedChunk],
		"cut at boundary 3":        sealed[:HeaderSize+3*sealedChunk],
		"cut mid segment 2":        sealed[:HeaderSize+sealedChunk+100],
		"cut one byte":             sealed[:len(sealed)-1],
		"appended byte":            append(bytes.Clone(sealed), 0),
		"appended last segment":    append(bytes.Clone(sealed), segmentAt(sealed, 3)...),
		"segments 0 and 1 swapped": append(append(append(bytes.Clone(sealed[:HeaderSize]), segmentAt(sealed, 1)...), segmentAt(sealed, 0)...), sealed[HeaderSize+2*sealedChunk:]...),
	}
	for name, b := range cases {
		got, err := readAllErr(kr, b, aad)
		if !errors.Is(err, ErrOpen) {
			t.Errorf("%s: err = %v, want ErrOpen", name, err)
		}
		if len(got)%SegmentSize != 0 || !bytes.Equal(got, plain[:len(got)]) {
			t.Errorf("%s: Reader returned %d bytes that are not whole verified segments", name, len(got))
		}
	}
	if _, err := readAllErr(kr, sealed, append(aad, 'x')); !errors.Is(err, ErrOpen) {
		t.Errorf("other aad: err = %v, want ErrOpen", err)
	}
	if _, err := readAllErr(testKeyring(t, 2), sealed, aad); !errors.Is(err, ErrUnknownKey) {
		t.Errorf("unknown key: err = %v, want ErrUnknownKey", err)
	}
}

// Errors of the underlying reader and writer come back as they are.
func TestStreamPassesIOErrors(t *testing.T) {
	kr, sealed, aad, _ := sealed3(t)
	boom := errors.New("boom")
	r, err := kr.NewReader(io.MultiReader(bytes.NewReader(sealed[:HeaderSize+100]), iotest.ErrReader(boom)), aad)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(r); !errors.Is(err, boom) {
		t.Errorf("Reader: err = %v, want boom", err)
	}
	w, _ := kr.NewWriter(errWriter{boom}, aad)
	w.Write(pattern(SegmentSize + 1))
	if err := w.Close(); !errors.Is(err, boom) {
		t.Errorf("Writer: err = %v, want boom", err)
	}
	if _, err := w.Write([]byte{1}); !errors.Is(err, boom) {
		t.Errorf("Write after failure: err = %v, want boom", err)
	}
}

type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

// A closed Writer refuses writes, and a second Close does nothing.
func TestWriterClosed(t *testing.T) {
	kr := testKeyring(t, 1)
	var out bytes.Buffer
	w, _ := kr.NewWriter(&out, nil)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	n := out.Len()
	if err := w.Close(); err != nil || out.Len() != n {
		t.Errorf("second Close: %v, wrote %d bytes", err, out.Len()-n)
	}
	if _, err := w.Write([]byte{1}); err == nil {
		t.Error("Write after Close succeeded")
	}
	if got, err := kr.Open(nil, out.Bytes(), nil); err != nil || len(got) != 0 {
		t.Errorf("empty stream opens as %q, %v", got, err)
	}
}
