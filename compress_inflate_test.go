package rowpage_test

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// cpContent returns what section s of a compressed page decompresses to.
func cpContent(t *testing.T, s cpSection) []byte {
	t.Helper()
	switch format.BaseCodec(s.codec) { // a string table as lengths stays so
	case format.CodecRaw:
		return s.stored
	case format.CodecS2:
		b, err := s2.Decode(nil, s.stored)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	d, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	b, err := d.DecodeAll(s.stored, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// cpZstd returns b as one zstd frame (SpeedDefault, no checksum) with its
// content size, or, with noFCS, with a window descriptor in place of it:
// a frame that does not say how much it holds (SPEC.md 2.5 allows one
// below 256 bytes).
func cpZstd(t *testing.T, b []byte, noFCS bool) []byte {
	t.Helper()
	e, err := zstd.NewWriter(nil, zstd.WithEncoderCRC(false), zstd.WithEncoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	f := e.EncodeAll(b, nil)
	if !noFCS {
		return f
	}
	fhd := f[4]
	single := fhd>>5&1 == 1
	head := 5 + [4]int{0, 1, 2, 4}[fhd&3]
	if !single {
		head++
	}
	fcs := [4]int{0, 2, 4, 8}[fhd>>6]
	if single && fhd>>6 == 0 {
		fcs = 1
	}
	if fhd&3 != 0 || fhd&4 != 0 {
		t.Fatalf("frame header %#x names a dictionary or a checksum", fhd)
	}
	// Magic, a descriptor without single segment or content size, and a
	// 1 KiB window (exponent 0, mantissa 0), then the blocks as they were.
	out := append([]byte(nil), f[:4]...)
	out = append(out, 0x00, 0x00)
	out = append(out, f[head+fcs:]...)
	var h zstd.Header
	if err := h.Decode(out); err != nil || h.HasFCS {
		t.Fatalf("frame without a content size: %v, HasFCS %v", err, h.HasFCS)
	}
	return out
}

// TestCompressedEveryZstdSection stores every non-empty section of pages
// of every dataset as a zstd frame, however little that saves, so that
// zstd sections follow one another and the last one ends the page: the
// decoder's 16-byte copies may run 31 bytes past each section's end into
// the next (inflate leaves it the room), and the page must still read as
// its plain form does. One transcoder renders them all in turn, large
// after small and small after large, so stale bytes of an earlier page
// in the reused buffer would show.
func TestCompressedEveryZstdSection(t *testing.T) {
	type entry struct {
		name        string
		page, plain []byte
	}
	var all []entry
	for _, set := range dataset.Sets {
		for _, n := range []int{1, 25, 300} {
			v := set.Values(n)
			plain, err := rowpage.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			head, counts, secs := cpSplit(t, compressedPage(t, v, rowpage.CompressFast, false))
			for i := range secs {
				raw := cpContent(t, secs[i])
				if len(raw) == 0 {
					continue
				}
				codec := byte(format.CodecZstd)
				if format.BaseCodec(secs[i].codec) != secs[i].codec { // raw holds the ends as lengths
					codec = format.CodecZstdLengths
				}
				secs[i] = cpSection{codec: codec, stored: cpZstd(t, raw, len(raw) < 256 && i%2 == 1), raw: uint64(len(raw))}
			}
			all = append(all, entry{fmt.Sprintf("%s/%d", set.Name, n), cpRebuild(head, counts, secs), plain})
		}
	}
	for _, order := range []string{"forward", "backward"} {
		var out []byte
		for k := range all {
			e := all[k]
			if order == "backward" {
				e = all[len(all)-1-k]
			}
			want, err := jsonbridge.AppendJSON(nil, e.plain)
			if err != nil {
				t.Fatalf("%s: plain: %v", e.name, err)
			}
			if out, err = jsonbridge.AppendJSON(out[:0], e.page); err != nil || !bytes.Equal(out, want) {
				t.Fatalf("%s (%s): every section zstd: err %v, JSON equal %v", e.name, order, err, bytes.Equal(out, want))
			}
			var got, wantV any
			if err := rowpage.Unmarshal(e.plain, &wantV); err != nil {
				t.Fatalf("%s: plain: %v", e.name, err)
			}
			if err := rowpage.Unmarshal(e.page, &got); err != nil || !reflect.DeepEqual(got, wantV) {
				t.Fatalf("%s: Unmarshal: err %v, values equal %v", e.name, err, reflect.DeepEqual(got, wantV))
			}
		}
	}
}

// TestCompressedZstdFrameLength gives a small section a zstd frame that
// states no content size and holds more or fewer bytes than the section
// declares: as many as the room inflate leaves past a zstd section (32
// bytes) and more. Only the exact length reads; every other is corrupt,
// at every reader, for the first section and the last.
func TestCompressedZstdFrameLength(t *testing.T) {
	v := []map[string]any{{"id": 1, "name": "ann", "tier": "team"}, {"id": 2, "name": "bob", "tier": "pro"}}
	for _, noCRC := range []bool{false, true} {
		head, counts, secs := cpSplit(t, compressedPage(t, v, rowpage.CompressSmall, noCRC))
		for _, i := range []int{0, 3} {
			raw := cpContent(t, secs[i])
			if len(raw) == 0 || len(raw) >= 256 {
				t.Fatalf("section %d holds %d bytes: the test needs 1 to 255", i, len(raw))
			}
			for _, extra := range []int{-len(raw) + 1, -1, 0, 1, 16, 31, 32, 33, 64, 300} {
				content := raw[:len(raw)+min(extra, 0)]
				for range max(extra, 0) {
					content = append(content[:len(content):len(content)], 'x')
				}
				s := append([]cpSection(nil), secs...)
				s[i] = cpSection{codec: format.CodecZstd, stored: cpZstd(t, content, true), raw: uint64(len(raw))}
				page := cpRebuild(head, counts, s)
				name := fmt.Sprintf("crc=%v/section %d/%+d bytes", !noCRC, i, extra)
				for _, r := range abReaders {
					err := r.run(page)
					if extra == 0 && err != nil {
						t.Fatalf("%s: %s: %v", name, r.name, err)
					}
					if extra != 0 && !errors.Is(err, rowpage.ErrCorrupt) {
						t.Fatalf("%s: %s: %v, want ErrCorrupt", name, r.name, err)
					}
				}
			}
		}
	}
}

// TestCompressedHeadVarints damages the varints of the section heads:
// a stored or raw length cut short is truncated, one written longer than
// it need be is corrupt, and the error names the field.
func TestCompressedHeadVarints(t *testing.T) {
	v := dataset.Sets[0].Values(40)
	for _, c := range compressions {
		page := compressedPage(t, v, c, true)
		head, counts, secs := cpSplit(t, page)
		if secs[0].codec == format.CodecRaw {
			t.Fatalf("%v: the string table should be compressed", c)
		}
		at := len(head) + len(counts) + 1 // the string table's stored length
		storedLen := format.SizeUvarint(uint64(len(secs[0].stored)))
		cases := []struct {
			name string
			page []byte
			want error
			msg  string
		}{
			{"stored length cut", page[:at+storedLen-1], rowpage.ErrTruncated, "string table length"},
			{"raw length cut", page[:at+storedLen], rowpage.ErrTruncated, "string table raw length"},
			{"stored length padded", cpPadVarint(page, at), rowpage.ErrCorrupt, "string table length"},
			{"raw length padded", cpPadVarint(page, at+storedLen), rowpage.ErrCorrupt, "string table raw length"},
			{"row count padded", cpPadVarint(page, len(head)), rowpage.ErrCorrupt, "row count"},
		}
		for _, k := range cases {
			_, err := rowpage.Open(k.page)
			if !errors.Is(err, k.want) || !bytes.Contains([]byte(err.Error()), []byte(k.msg)) {
				t.Errorf("%v: %s: %v, want %v naming %q", c, k.name, err, k.want, k.msg)
			}
			if _, err := jsonbridge.AppendJSON(nil, k.page); !errors.Is(err, k.want) {
				t.Errorf("%v: %s: AppendJSON: %v, want %v", c, k.name, err, k.want)
			}
		}
	}
}

// cpPadVarint returns page with the varint at at written one byte longer
// (its last byte gets the continuation bit and a 0x00 follows): the same
// value, not minimal.
func cpPadVarint(page []byte, at int) []byte {
	end := at
	for page[end] >= 0x80 {
		end++
	}
	p := append([]byte(nil), page[:end]...)
	p = append(p, page[end]|0x80, 0x00)
	return append(p, page[end+1:]...)
}
