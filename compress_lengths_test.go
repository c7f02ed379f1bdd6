package rowpage_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/klauspost/compress/s2"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// The string table of a compressed page is stored with its ends as
// lengths (SPEC.md 2.5, codecs 3 and 4): pages of 1.1 to 1.6, which store
// the ends, still read the same, and lengths that do not add up are
// damage.
func TestCompressedStringTableAsLengths(t *testing.T) {
	for _, set := range dataset.Sets {
		v := set.Values(60)
		plain, err := rowpage.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want, err := jsonbridge.AppendJSON(nil, plain)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range compressions {
			page := compressedPage(t, v, c, false)
			head, counts, secs := cpSplit(t, page)
			if format.BaseCodec(secs[0].codec) == secs[0].codec {
				t.Fatalf("%s/%v: string table stored with codec %d, want ends as lengths", set.Name, c, secs[0].codec)
			}
			lengths := cpContent(t, secs[0])
			at, count, width, ok := format.EndsSpan(lengths)
			if !ok {
				t.Fatalf("%s/%v: the stored string table has no ends", set.Name, c)
			}

			// The same page as a 1.6 writer made it: ends, codec 1.
			ends := append([]byte(nil), lengths...)
			format.RestoreEnds(ends, at, count, width, make([]byte, count*width))
			old := append([]cpSection(nil), secs...)
			old[0] = cpSection{codec: format.CodecS2, stored: s2.Encode(nil, ends), raw: uint64(len(ends))}
			oldHead := append([]byte(nil), head...)
			oldHead[5] = format.MinorCompressed
			got, err := jsonbridge.AppendJSON(nil, cpRebuild(oldHead, counts, old))
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s/%v: a page with its ends stored: %v", set.Name, c, err)
			}

			// A length past the width's range: the next end wraps below it.
			if count >= 2 {
				bad := append([]byte(nil), lengths...)
				for b := range width {
					bad[at+b*count] = 0xff
				}
				damaged := append([]cpSection(nil), secs...)
				damaged[0] = cpSection{codec: format.CodecS2Lengths, stored: s2.Encode(nil, bad), raw: uint64(len(bad))}
				if _, err := rowpage.Open(cpRebuild(head, counts, damaged)); !errors.Is(err, rowpage.ErrCorrupt) {
					t.Fatalf("%s/%v: lengths that wrap: %v, want corrupt", set.Name, c, err)
				}
			}

			// A damaged head (width 9): no lengths to turn into ends; the
			// section is reported as a plain page's would be.
			bad := append([]byte(nil), lengths...)
			bad[format.SizeUvarint(uint64(count))] = 9
			damaged := append([]cpSection(nil), secs...)
			damaged[0] = cpSection{codec: format.CodecS2Lengths, stored: s2.Encode(nil, bad), raw: uint64(len(bad))}
			if _, err := rowpage.Open(cpRebuild(head, counts, damaged)); !errors.Is(err, rowpage.ErrCorrupt) {
				t.Fatalf("%s/%v: string table of width 9: %v, want corrupt", set.Name, c, err)
			}
		}
	}
}
