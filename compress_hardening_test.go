package rowpage_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/jsonbridge"

	"github.com/rowpage/rowpage/internal/pagebuild"
	"github.com/rowpage/rowpage/internal/pagedict"
)

// cpCompress returns page compressed at level against d (nil for none),
// or nil when page's sections do not parse (hostile pages whose lie is in
// a section length).
func cpCompress(page []byte, level int, d *pagedict.Dict) []byte {
	secs := pageread.Sections(page)
	n := 0
	for _, s := range secs {
		switch s.Name {
		case "unparsed":
			return nil
		case "string table", "shapes", "row shapes", "columns":
			n++
		}
	}
	if n != 4 {
		return nil
	}
	var c pagebuild.Compressor
	return c.CompressDict(append([]byte(nil), page...), 0, level, d)
}

// TestAllocBoundCompressed runs every hostile page of TestAllocBound,
// compressed at both levels, without and with a dictionary (SPEC.md 2.6),
// through every reader: the error is the plain page's, and the cost stays
// within the bounds for the plain page it inflates to.
func TestAllocBoundCompressed(t *testing.T) {
	for ci, c := range abCases() {
		for _, level := range []int{pagebuild.CompressFast, pagebuild.CompressSmall, -pagebuild.CompressFast, -pagebuild.CompressSmall} {
			var d *pagedict.Dict
			if rowpage.RaceEnabled && (level < 0 || (level == pagebuild.CompressFast) != (ci%2 == 0)) {
				// Under the race detector allocation counts mean little and
				// this test took about a minute of CI's race step: there each
				// case is compressed at one level, the two levels (and so
				// both codecs) taking turns, and the dictionary's readers are
				// raced by TestDictionaryConcurrent instead.
				continue
			}
			if level < 0 { // with the dictionary abReaders are given
				d, level = pagedict.Of(abDict()), -level
			}
			page := cpCompress(c.page, level, d)
			if page == nil {
				continue
			}
			t.Run(fmt.Sprintf("%s/level%d/dict=%v", c.name, level, d != nil), func(t *testing.T) {
				_, err := abDec().Open(page)
				_, plainErr := abDec().Open(c.page)
				if (err == nil) != (plainErr == nil) || (err != nil && !errors.Is(err, cpSentinelOf(plainErr))) {
					t.Fatalf("Open: compressed %v, plain %v", err, plainErr)
				}
				for _, r := range abReaders {
					t.Run(r.name, func(t *testing.T) {
						abCheckSized(t, r.name, page, uint64(len(page)+len(c.page)), r.run)
					})
				}
			})
		}
	}
}

// cpSection is a compressed section as cpRebuild edits it.
type cpSection struct {
	codec  byte
	stored []byte
	raw    uint64
}

// cpSplit splits a compressed page into header, counts and sections.
func cpSplit(t *testing.T, page []byte) (head, counts []byte, secs []cpSection) {
	t.Helper()
	info, err := pageread.CompressedSections(page)
	if err != nil || len(info) != 4 {
		t.Fatalf("CompressedSections: %v", err)
	}
	for _, s := range info {
		at := s.Offset + 1 + format.SizeUvarint(uint64(s.Stored))
		if s.Codec != format.CodecRaw {
			at += format.SizeUvarint(uint64(s.Raw))
		}
		secs = append(secs, cpSection{s.Codec, page[at : at+s.Stored], uint64(s.Raw)})
	}
	return page[:format.HeaderSize], page[format.HeaderSize:info[0].Offset], secs
}

// cpRebuild assembles a compressed page, with its checksum recomputed if
// the header asks for one.
func cpRebuild(head, counts []byte, secs []cpSection) []byte {
	p := append(append([]byte(nil), head...), counts...)
	for _, s := range secs {
		p = append(p, s.codec)
		p = format.AppendUvarint(p, uint64(len(s.stored)))
		if s.codec != format.CodecRaw {
			p = format.AppendUvarint(p, s.raw)
		}
		p = append(p, s.stored...)
	}
	if head[6]&format.FlagChecksum != 0 {
		p = format.AppendChecksum(p, format.Checksum(p))
	}
	return p
}

// swapCodec gives each compressed codec the other compressor, with ends
// as lengths or not as before.
var swapCodec = map[byte]byte{format.CodecS2: format.CodecZstd, format.CodecZstd: format.CodecS2,
	format.CodecS2Lengths: format.CodecZstdLengths, format.CodecZstdLengths: format.CodecS2Lengths}

// TestCompressedDamage edits the section heads of compressed pages, with
// the checksum recomputed: each lie gets its sentinel, and a declared size
// that the stored bytes do not back costs nothing like that size.
func TestCompressedDamage(t *testing.T) {
	v := dataset.Sets[0].Values(200)
	for _, c := range compressions {
		page := compressedPage(t, v, c, false)
		head, counts, secs := cpSplit(t, page)
		z := 0 // the string table is compressed at both levels
		if secs[z].codec == format.CodecRaw {
			t.Fatalf("%v: the test page's string table should be compressed", c)
		}
		edit := func(i int, f func(s *cpSection)) []byte {
			s := append([]cpSection(nil), secs...)
			f(&s[i])
			return cpRebuild(head, counts, s)
		}
		cases := []struct {
			name string
			page []byte
			want error
		}{
			{"unchanged", cpRebuild(head, counts, secs), nil},
			{"raw length MaxUint64", edit(z, func(s *cpSection) { s.raw = 1<<64 - 1 }), rowpage.ErrLimit},
			{"raw length 2 GiB", edit(z, func(s *cpSection) { s.raw = 1 << 31 }), rowpage.ErrLimit},
			{"raw length 1 GiB - 100", edit(z, func(s *cpSection) { s.raw = 1<<30 - 100 }), rowpage.ErrCorrupt},
			{"raw length one more", edit(z, func(s *cpSection) { s.raw++ }), rowpage.ErrCorrupt},
			{"raw length one less", edit(z, func(s *cpSection) { s.raw-- }), rowpage.ErrCorrupt},
			{"raw length 0", edit(z, func(s *cpSection) { s.raw = 0 }), rowpage.ErrCorrupt},
			{"codec 5", edit(1, func(s *cpSection) { s.codec = 5 }), rowpage.ErrUnsupported},
			{"codec swapped", edit(z, func(s *cpSection) { s.codec = swapCodec[s.codec] }), rowpage.ErrCorrupt},
			{"lengths read as ends", edit(z, func(s *cpSection) { s.codec = format.BaseCodec(s.codec) }), rowpage.ErrCorrupt},
			{"shapes with a string table's codec", edit(1, func(s *cpSection) { s.codec = format.CodecS2Lengths }), rowpage.ErrCorrupt},
			{"stored bytes cut", edit(z, func(s *cpSection) { s.stored = s.stored[:len(s.stored)/2] }), rowpage.ErrCorrupt},
			{"stored raw where compressed", edit(z, func(s *cpSection) { s.codec = format.CodecRaw }), rowpage.ErrCorrupt},
		}
		for _, k := range cases {
			t.Run(fmt.Sprintf("%v/%s", c, k.name), func(t *testing.T) {
				var err error
				bytes, _ := abMeasure(func() { _, err = rowpage.Open(k.page) })
				if k.want == nil && err != nil || k.want != nil && !errors.Is(err, k.want) {
					t.Fatalf("Open: got %v, want %v", err, k.want)
				}
				if limit := uint64(64*len(k.page)) + 1<<20; bytes > limit {
					t.Fatalf("Open allocated %d bytes for a %d-byte page", bytes, len(k.page))
				}
			})
		}
		// A stored length past the end of the page.
		long := append([]byte(nil), page[:len(page)-format.ChecksumSize]...)
		long = long[:len(long)-1]
		if _, err := rowpage.Open(cpNoCRC(long)); !errors.Is(err, rowpage.ErrTruncated) {
			t.Errorf("%v: a page cut by one byte: %v", c, err)
		}
		// MaxPageBytes bounds the inflated page, not only the stored one.
		m, _ := rowpage.DecOptions{Limits: rowpage.Limits{MaxPageBytes: len(page) + 1}}.DecMode()
		if _, err := m.Open(page); !errors.Is(err, rowpage.ErrLimit) {
			t.Errorf("%v: MaxPageBytes below the inflated size: %v", c, err)
		}
	}
}

// cpNoCRC clears the checksum flag of a page without its trailer.
func cpNoCRC(p []byte) []byte {
	p = append([]byte(nil), p...)
	p[6] &^= format.FlagChecksum
	return p
}

// TestCompressedTruncated cuts compressed pages without a checksum at
// every length: each prefix is ErrTruncated, at every reader.
func TestCompressedTruncated(t *testing.T) {
	v := dataset.Sets[2].Values(20)
	for _, c := range compressions {
		page := compressedPage(t, v, c, true)
		for n := format.HeaderSize; n < len(page); n++ {
			if _, err := rowpage.Open(page[:n]); !errors.Is(err, rowpage.ErrTruncated) {
				t.Fatalf("%v: prefix of %d of %d bytes: %v", c, n, len(page), err)
			}
			if _, err := jsonbridge.AppendJSON(nil, page[:n]); !errors.Is(err, rowpage.ErrTruncated) {
				t.Fatalf("%v: AppendJSON of a prefix of %d of %d bytes: %v", c, n, len(page), err)
			}
		}
	}
}

// TestCompressedFlipped flips bits in every byte of compressed pages past
// the header, with the checksum recomputed: every reader either reads the
// page or fails with a sentinel, and none panics.
func TestCompressedFlipped(t *testing.T) {
	for _, set := range []dataset.Set{dataset.Sets[2], dataset.Sets[5]} {
		v := set.Values(12)
		for _, c := range compressions {
			page := compressedPage(t, v, c, false)
			body := len(page) - format.ChecksumSize
			for i := format.HeaderSize; i < body; i++ {
				for _, bit := range []byte{0x01, 0x10, 0x80} {
					p := append([]byte(nil), page[:body]...)
					p[i] ^= bit
					p = format.AppendChecksum(p, format.Checksum(p))
					for _, r := range abReaders {
						if err := r.run(p); err != nil && !cpSentinel(err) {
							t.Fatalf("%s/%v: byte %d ^ %#x: %s: %v wraps no sentinel", set.Name, c, i, bit, r.name, err)
						}
					}
				}
			}
		}
	}
}

// cpSentinelOf returns the sentinel err wraps.
func cpSentinelOf(err error) error {
	for _, s := range abSentinels {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

func cpSentinel(err error) bool {
	for _, s := range abSentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
