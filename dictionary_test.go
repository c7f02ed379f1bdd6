package rowpage_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
)

// dictPages cuts the first 25×count rows of set into pages of 25 rows,
// as a cache of one endpoint would hold them, each page as Marshal writes it.
func dictPages(t testing.TB, set dataset.Set, count int) []any {
	t.Helper()
	all := reflect.ValueOf(set.Values(25 * count))
	out := make([]any, count)
	for i := range out {
		out[i] = all.Slice(25*i, 25*i+25).Interface()
	}
	return out
}

// trainedDict trains a dictionary on plain pages of the first 20 slices
// of vs.
func trainedDict(t testing.TB, vs []any, o rowpage.DictOptions) *rowpage.Dictionary {
	t.Helper()
	var samples [][]byte
	for _, v := range vs[:20] {
		page, err := rowpage.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, page)
	}
	d, err := rowpage.TrainDictionary(samples, o)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func dictMode(t testing.TB, c rowpage.Compression, d *rowpage.Dictionary, noCRC bool) *rowpage.EncMode {
	t.Helper()
	m, err := rowpage.EncOptions{Compression: c, Dictionary: d, NoChecksum: noCRC}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestDictionaryRoundTrip checks every dataset at both levels: a page
// written with a dictionary trained on earlier pages is marked 1.5 with
// flags bits 1 and 2, names the dictionary, inflates to the plain page's
// body, decodes with the dictionary to what the plain page decodes to, and
// encodes to the same bytes every time; and it is smaller than the page
// compressed without it.
func TestDictionaryRoundTrip(t *testing.T) {
	for _, set := range dataset.Sets {
		vs := dictPages(t, set, 24)
		d := trainedDict(t, vs, rowpage.DictOptions{})
		dec, err := rowpage.DecOptions{Dictionaries: []*rowpage.Dictionary{d}}.DecMode()
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs[20:] {
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
					page, err := dictMode(t, c, d, noCRC).Marshal(v)
					if err != nil {
						t.Fatal(err)
					}
					if page[5] != compressedMinor(t, page, plain, format.MinorDictionary) || page[6]&(format.FlagCompressed|format.FlagDictionary) != format.FlagCompressed|format.FlagDictionary {
						t.Fatalf("%s/%v: header % x", set.Name, c, page[:8])
					}
					if id, ok := rowpage.PageDictionary(page); !ok || id != d.ID() {
						t.Fatalf("%s/%v: page names %q, %v; want %s", set.Name, c, id, ok, d.ID())
					}
					if again, _ := dictMode(t, c, d, noCRC).Marshal(v); !bytes.Equal(page, again) {
						t.Fatalf("%s/%v: two encodings differ", set.Name, c)
					}
					if without := compressedPage(t, v, c, noCRC); len(page) >= len(without) {
						t.Errorf("%s/%v: %d bytes with the dictionary, %d without", set.Name, c, len(page), len(without))
					}
					p, err := dec.Open(page)
					if err != nil {
						t.Fatalf("%s/%v: Open: %v", set.Name, c, err)
					}
					l := rowpage.PageLayout(p)
					if !bytes.Equal(l.Page[format.HeaderSize:], plain[format.HeaderSize:len(plain)-format.ChecksumSize]) {
						t.Fatalf("%s/%v: inflated body differs from the plain page's", set.Name, c)
					}
					got := set.New()
					if err := dec.Unmarshal(page, got); err != nil {
						t.Fatalf("%s/%v: Unmarshal: %v", set.Name, c, err)
					}
					if diff := cmp.Diff(want, got); diff != "" {
						t.Fatalf("%s/%v: decoded values differ (-plain +dictionary):\n%s", set.Name, c, diff)
					}
				}
			}
		}
	}
}

// TestDictionaryMissing checks the rule: a reader without the
// page's dictionary, or with another one, reports ErrUnsupported (a cache
// miss) naming the dictionary the page needs.
func TestDictionaryMissing(t *testing.T) {
	vs := dictPages(t, dataset.Sets[0], 40)
	d := trainedDict(t, vs, rowpage.DictOptions{})
	other := trainedDict(t, vs[20:], rowpage.DictOptions{})
	if d.ID() == other.ID() {
		t.Fatal("two dictionaries of different samples share an id")
	}
	withOther, _ := rowpage.DecOptions{Dictionaries: []*rowpage.Dictionary{other}}.DecMode()
	withBoth, _ := rowpage.DecOptions{Dictionaries: []*rowpage.Dictionary{other, d}}.DecMode()
	for _, c := range compressions {
		page, err := dictMode(t, c, d, false).Marshal(vs[30])
		if err != nil {
			t.Fatal(err)
		}
		for name, open := range map[string]func([]byte) error{
			"Open":          func(p []byte) error { _, err := rowpage.Open(p); return err },
			"Unmarshal":     func(p []byte) error { var v []map[string]any; return rowpage.Unmarshal(p, &v) },
			"other Open":    func(p []byte) error { _, err := withOther.Open(p); return err },
			"other Unmarsh": func(p []byte) error { var v []map[string]any; return withOther.Unmarshal(p, &v) },
		} {
			err := open(page)
			if !errors.Is(err, rowpage.ErrUnsupported) || !strings.Contains(err.Error(), d.ID()) {
				t.Errorf("%v %s: %v, want ErrUnsupported naming %s", c, name, err, d.ID())
			}
		}
		if _, err := withBoth.Open(page); err != nil {
			t.Errorf("%v: Open with both dictionaries: %v", c, err)
		}
	}
}

// TestDictionaryBytes checks that a dictionary read back from its bytes
// is the same dictionary: same id, same pages, and pages written with
// one are read with the other.
func TestDictionaryBytes(t *testing.T) {
	vs := dictPages(t, dataset.Sets[3], 24)
	d := trainedDict(t, vs, rowpage.DictOptions{Size: 4 << 10})
	b := d.Bytes()
	if !bytes.HasPrefix(b, format.DictMagic[:]) || len(b) > 4<<10+2<<10 {
		t.Fatalf("dictionary of %d bytes starts % x", len(b), b[:8])
	}
	again, err := rowpage.ParseDictionary(b)
	if err != nil {
		t.Fatal(err)
	}
	if again.ID() != d.ID() || len(d.ID()) != 16 {
		t.Fatalf("ids %s and %s", d.ID(), again.ID())
	}
	b[len(b)-1] ^= 1 // Bytes is a copy: d is unchanged
	if !bytes.Equal(d.Bytes(), again.Bytes()) {
		t.Fatal("Bytes returned the dictionary's own memory")
	}
	for _, c := range compressions {
		p1, _ := dictMode(t, c, d, false).Marshal(vs[22])
		p2, _ := dictMode(t, c, again, false).Marshal(vs[22])
		if !bytes.Equal(p1, p2) {
			t.Fatalf("%v: pages of a dictionary and its copy differ", c)
		}
		dec, _ := rowpage.DecOptions{Dictionaries: []*rowpage.Dictionary{again}}.DecMode()
		if _, err := dec.Open(p1); err != nil {
			t.Fatal(err)
		}
	}
	// Retraining on the same samples gives the same bytes.
	if same := trainedDict(t, vs, rowpage.DictOptions{Size: 4 << 10}); !bytes.Equal(same.Bytes(), d.Bytes()) {
		t.Fatal("training twice gave two dictionaries")
	}
}

// TestDictionaryOptions checks the option errors: a dictionary without
// compression, a nil dictionary for a reader, a Size out of range, and
// samples that are not pages or are too small; and that bytes that are not
// a dictionary are unsupported and a damaged dictionary corrupt.
func TestDictionaryOptions(t *testing.T) {
	vs := dictPages(t, dataset.Sets[0], 21)
	d := trainedDict(t, vs, rowpage.DictOptions{})
	if _, err := (rowpage.EncOptions{Dictionary: d}).EncMode(); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Errorf("Dictionary without Compression: %v", err)
	}
	if _, err := (rowpage.DecOptions{Dictionaries: []*rowpage.Dictionary{nil}}).DecMode(); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Errorf("nil dictionary: %v", err)
	}
	// The same dictionary with its S2 half dropped (repeat 0, SPEC.md 2.6)
	// serves CompressSmall only.
	whole := d.Bytes()
	_, rn := format.ConsumeUvarint(whole[5:])
	noS2, err := rowpage.ParseDictionary(append(append(whole[:5:5], 0), whole[5+rn:]...))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (rowpage.EncOptions{Compression: rowpage.CompressFast, Dictionary: noS2}).EncMode(); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Errorf("CompressFast with a dictionary without an S2 half: %v", err)
	}
	if _, err := (rowpage.EncOptions{Compression: rowpage.CompressSmall, Dictionary: noS2}).EncMode(); err != nil {
		t.Errorf("CompressSmall with a dictionary without an S2 half: %v", err)
	}
	page, _ := rowpage.Marshal(vs[0])
	for _, size := range []int{-1, 255, 1<<20 + 1} {
		if _, err := rowpage.TrainDictionary([][]byte{page}, rowpage.DictOptions{Size: size}); !errors.Is(err, rowpage.ErrInvalidOption) {
			t.Errorf("Size %d: %v", size, err)
		}
	}
	if _, err := rowpage.TrainDictionary([][]byte{[]byte(`[{"a":1}]`)}, rowpage.DictOptions{}); !errors.Is(err, rowpage.ErrUnsupported) {
		t.Errorf("JSON sample: %v", err)
	}
	tiny, _ := rowpage.Marshal([]map[string]int{{"a": 1}})
	if _, err := rowpage.TrainDictionary([][]byte{tiny}, rowpage.DictOptions{}); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Errorf("tiny samples: %v", err)
	}
	dictPage, _ := dictMode(t, rowpage.CompressSmall, d, false).Marshal(vs[20])
	if _, err := rowpage.TrainDictionary([][]byte{dictPage}, rowpage.DictOptions{}); !errors.Is(err, rowpage.ErrUnsupported) {
		t.Errorf("dictionary page as a sample: %v", err)
	}
	for _, bad := range [][]byte{nil, []byte("RPD"), page} {
		if _, err := rowpage.ParseDictionary(bad); !errors.Is(err, rowpage.ErrUnsupported) {
			t.Errorf("ParseDictionary(% x): %v", bad[:min(len(bad), 8)], err)
		}
	}
	b := d.Bytes()
	b[4] = 2
	if _, err := rowpage.ParseDictionary(b); !errors.Is(err, rowpage.ErrUnsupported) {
		t.Errorf("version 2: %v", err)
	}
	b = d.Bytes()
	if _, err := rowpage.ParseDictionary(b[:len(b)/2]); !errors.Is(err, rowpage.ErrCorrupt) {
		t.Errorf("half a dictionary: %v", err)
	}
}

// TestDictionaryFlagAlone checks that flags bit 2 without bit 1 is corrupt
// (SPEC.md 2.6), and that a dictionary page cut inside its id is truncated.
func TestDictionaryFlagAlone(t *testing.T) {
	vs := dictPages(t, dataset.Sets[0], 21)
	d := trainedDict(t, vs, rowpage.DictOptions{})
	page, _ := rowpage.EncOptions{NoChecksum: true}.EncMode()
	plain, _ := page.Marshal(vs[20])
	plain[6] |= format.FlagDictionary
	if _, err := rowpage.Open(plain); !errors.Is(err, rowpage.ErrCorrupt) {
		t.Errorf("bit 2 without bit 1: %v", err)
	}
	dp, _ := dictMode(t, rowpage.CompressSmall, d, true).Marshal(vs[20])
	dec, _ := rowpage.DecOptions{Dictionaries: []*rowpage.Dictionary{d}}.DecMode()
	if _, err := dec.Open(dp[:12]); !errors.Is(err, rowpage.ErrTruncated) {
		t.Errorf("cut in the id: %v", err)
	}
}

// TestDictionaryFrameMismatch moves zstd frames between pages with and
// without a dictionary, the checksum recomputed: a frame that names no
// dictionary in a page that names one, and a frame that names the
// dictionary's zstd half in a page that names none, are corrupt (SPEC.md
// 2.5, 2.6), not misread.
func TestDictionaryFrameMismatch(t *testing.T) {
	vs := dictPages(t, dataset.Sets[0], 21)
	d := trainedDict(t, vs, rowpage.DictOptions{})
	dec, _ := rowpage.DecOptions{Dictionaries: []*rowpage.Dictionary{d}}.DecMode()
	id, _ := hexID(d.ID())
	// A page without a dictionary, given one.
	plain := compressedPage(t, vs[20], rowpage.CompressSmall, false)
	body := plain[format.HeaderSize : len(plain)-format.ChecksumSize]
	named := append(append(append([]byte(nil), plain[:format.HeaderSize]...), id...), body...)
	named[5], named[6] = format.MinorDictionary, named[6]|format.FlagDictionary
	named = format.AppendChecksum(named, format.Checksum(named))
	if _, err := dec.Open(named); !errors.Is(err, rowpage.ErrCorrupt) {
		t.Errorf("frames without a dictionary in a page that names one: %v", err)
	}
	// A page with one, stripped of it.
	withDict, _ := dictMode(t, rowpage.CompressSmall, d, false).Marshal(vs[20])
	body = withDict[format.HeaderSize+format.DictIDSize : len(withDict)-format.ChecksumSize]
	stripped := append(append([]byte(nil), withDict[:format.HeaderSize]...), body...)
	stripped[6] &^= format.FlagDictionary
	stripped = format.AppendChecksum(stripped, format.Checksum(stripped))
	if _, err := dec.Open(stripped); !errors.Is(err, rowpage.ErrCorrupt) {
		t.Errorf("frames with a dictionary in a page that names none: %v", err)
	}
}

func hexID(s string) ([]byte, error) { return hex.DecodeString(s) }
