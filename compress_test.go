package rowpage_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pageread"
)

var compressions = []rowpage.Compression{rowpage.CompressFast, rowpage.CompressSmall}

// compressedMinor is the minor version compressed page should carry, given
// its plain form's and base, the minor its compression needs: 7
// (MinorLengths) when its string table is stored as lengths (SPEC.md 2.5).
func compressedMinor(t testing.TB, page, plain []byte, base byte) byte {
	t.Helper()
	secs, err := pageread.CompressedSections(page)
	if err != nil || len(secs) != 4 {
		t.Fatalf("CompressedSections: %v", err)
	}
	m := max(plain[5], base)
	if c := secs[0].Codec; format.BaseCodec(c) != c {
		m = max(m, format.MinorLengths)
	}
	return m
}

// compressedPage encodes v at level c, with or without the checksum.
func compressedPage(t testing.TB, v any, c rowpage.Compression, noCRC bool) []byte {
	t.Helper()
	m, err := rowpage.EncOptions{Compression: c, NoChecksum: noCRC}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// TestCompressedRoundTrip checks every dataset at every level: the page is
// marked 1.1 and compressed, it inflates to the plain page's body, decodes
// to the values the plain page decodes to, and encoding again gives the
// same bytes.
func TestCompressedRoundTrip(t *testing.T) {
	for _, set := range dataset.Sets {
		for _, n := range []int{0, 1, 25, 1000} {
			v := set.Values(n)
			plain, err := rowpage.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			want := set.New()
			if err := rowpage.Unmarshal(plain, want); err != nil {
				t.Fatal(err)
			}
			for _, c := range compressions {
				for _, noCRC := range []bool{false, true} {
					page := compressedPage(t, v, c, noCRC)
					// The lowest minor whose readers read the page: 1, or
					// the plain page's, or 7 with the ends as lengths.
					if page[5] != compressedMinor(t, page, plain, format.MinorCompressed) || page[6]&format.FlagCompressed == 0 {
						t.Fatalf("%s/%d/%v: header % x", set.Name, n, c, page[:8])
					}
					if again := compressedPage(t, v, c, noCRC); !bytes.Equal(page, again) {
						t.Fatalf("%s/%d/%v: two encodings differ", set.Name, n, c)
					}
					p, err := rowpage.Open(page)
					if err != nil {
						t.Fatalf("%s/%d/%v: Open: %v", set.Name, n, c, err)
					}
					l := rowpage.PageLayout(p)
					if !l.Compressed() || l.ChecksumPresent() == noCRC {
						t.Fatalf("%s/%d/%v: flags %#x", set.Name, n, c, l.Flags)
					}
					if !bytes.Equal(l.Page[format.HeaderSize:], plain[format.HeaderSize:len(plain)-format.ChecksumSize]) {
						t.Fatalf("%s/%d/%v: inflated body differs from the plain page's", set.Name, n, c)
					}
					got := set.New()
					if err := rowpage.Unmarshal(page, got); err != nil {
						t.Fatalf("%s/%d/%v: Unmarshal: %v", set.Name, n, c, err)
					}
					if d := cmp.Diff(want, got); d != "" {
						t.Fatalf("%s/%d/%v: decoded values differ (-plain +compressed):\n%s", set.Name, n, c, d)
					}
				}
			}
		}
	}
}

// TestCompressedSizes checks that levels order as they should on a large
// text-heavy page: small below fast below plain.
func TestCompressedSizes(t *testing.T) {
	v := dataset.Sets[0].Values(1000)
	plain, _ := rowpage.Marshal(v)
	fast := compressedPage(t, v, rowpage.CompressFast, false)
	small := compressedPage(t, v, rowpage.CompressSmall, false)
	if !(len(small) < len(fast) && len(fast) < len(plain)) {
		t.Fatalf("sizes: plain %d, fast %d, small %d", len(plain), len(fast), len(small))
	}
}

// TestCompressionOption checks that an unknown level is refused.
func TestCompressionOption(t *testing.T) {
	_, err := rowpage.EncOptions{Compression: 3}.EncMode()
	if !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Fatalf("Compression 3: %v, want ErrInvalidOption", err)
	}
	for c, s := range map[rowpage.Compression]string{0: "none", 1: "fast", 2: "small", 9: "Compression(9)"} {
		if c.String() != s {
			t.Errorf("%d: %q", c, c.String())
		}
	}
	_ = reflect.TypeOf(rowpage.EncOptions{}.Compression)
}

// TestCompressedBuilder checks the Builder path (used by sqlpage.AppendSQL
// and jsonbridge.AppendPage) compresses too.
func TestCompressedBuilder(t *testing.T) {
	m, _ := rowpage.EncOptions{Compression: rowpage.CompressSmall}.EncMode()
	b := m.NewBuilder()
	b.StartRows()
	for i := range 200 {
		b.BeginRow()
		b.Key("name")
		b.String("a fairly repetitive string value")
		b.Key("n")
		b.Int(int64(i))
		b.EndRow()
	}
	page, err := b.Finish(nil)
	if err != nil {
		t.Fatal(err)
	}
	if page[6]&format.FlagCompressed == 0 {
		t.Fatalf("header % x", page[:8])
	}
	var rows []struct {
		Name string `json:"name"`
		N    int    `json:"n"`
	}
	if err := rowpage.Unmarshal(page, &rows); err != nil || len(rows) != 200 || rows[199].N != 199 {
		t.Fatalf("%v %d", err, len(rows))
	}
}
