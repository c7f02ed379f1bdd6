package fuzz

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// dictSeeds trains a dictionary on 20 pages of 25 rows of each of two
// datasets and returns it with later pages written against it at both
// levels, with and without the checksum.
func dictSeeds(tb testing.TB) (*rowpage.Dictionary, [][]byte) {
	var samples, pages [][]byte
	var later []any
	for _, set := range []dataset.Set{dataset.Sets[0], dataset.Sets[5]} {
		all := reflect.ValueOf(set.Values(25 * 22))
		for i := range 22 {
			v := all.Slice(25*i, 25*i+25).Interface()
			if i >= 20 {
				later = append(later, v)
				continue
			}
			p, err := rowpage.Marshal(v)
			if err != nil {
				tb.Fatal(err)
			}
			samples = append(samples, p)
		}
	}
	d, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{Size: 8 << 10})
	if err != nil {
		tb.Fatal(err)
	}
	for _, v := range later {
		for _, c := range []rowpage.Compression{rowpage.CompressFast, rowpage.CompressSmall} {
			for _, noCRC := range []bool{false, true} {
				m, _ := rowpage.EncOptions{Compression: c, Dictionary: d, NoChecksum: noCRC}.EncMode()
				p, err := m.Marshal(v)
				if err != nil {
					tb.Fatal(err)
				}
				pages = append(pages, p)
			}
		}
	}
	return d, pages
}

// FuzzMutateDictionary mutates the bodies of pages written with a
// dictionary (flip, overwrite, cut, splice, the dictionary id included)
// and recomputes the checksum: Open and AppendJSON, given the dictionary,
// agree, fail with a sentinel (ErrUnsupported when the id no longer names
// the dictionary) or read the page, and what AppendJSON writes is JSON.
func FuzzMutateDictionary(f *testing.F) {
	d, pages := dictSeeds(f)
	dec, _ := rowpage.DecOptions{Dictionaries: []*rowpage.Dictionary{d}}.DecMode()
	mode, _ := jsonbridge.Options{Dictionaries: []*rowpage.Dictionary{d}}.Mode()
	for i := range pages {
		f.Add(uint8(i), uint8(0), uint16(10), uint8(1), []byte{0xff})
		f.Add(uint8(i), uint8(1), uint16(40), uint8(0x80), []byte{})
	}
	f.Fuzz(func(t *testing.T, which, op uint8, at uint16, arg uint8, extra []byte) {
		orig := pages[int(which)%len(pages)]
		end := len(orig)
		if orig[6]&format.FlagChecksum != 0 {
			end -= format.ChecksumSize
		}
		p := append([]byte(nil), orig[:end]...)
		i := format.HeaderSize + int(at)%(end-format.HeaderSize)
		switch op % 4 {
		case 0: // flip bits
			p[i] ^= max(arg, 1)
		case 1: // overwrite
			p[i] = arg
			copy(p[i+1:], extra)
		case 2: // cut
			p = p[:i]
		case 3: // splice bytes in
			p = append(p[:i:i], append(append([]byte(nil), extra...), orig[i:end]...)...)
		}
		if orig[6]&format.FlagChecksum != 0 {
			p = format.AppendChecksum(p, format.Checksum(p))
		}
		_, oerr := dec.Open(p)
		out, jerr := mode.AppendJSON(nil, p)
		if oerr != nil && !isSentinel(oerr) {
			t.Fatalf("Open: error %v is not a sentinel", oerr)
		}
		if oerr != nil && jerr == nil {
			t.Fatalf("AppendJSON accepted a page Open rejected: %v", oerr)
		}
		if jerr == nil && !json.Valid(out) {
			t.Fatalf("AppendJSON wrote invalid JSON: %q", out)
		}
	})
}
