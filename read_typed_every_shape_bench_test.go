package rowpage_test

import (
	"encoding/json"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
)

// BenchmarkReadTypedEveryShape reads every cell of every row of each
// struct dataset (rows, events, baas, analytics) with the typed accessors,
// choosing each column's accessor once per page from its encoding, and
// walking nested arrays and objects with Elems: the typed streaming read of
// issue 14, beside json.Unmarshal of the same rows' JSON into []T
// (codec=json-structs). The reader reuses one Page through OpenInto, as a
// server reading page after page would, so nothing is allocated per row nor,
// once warm, per call.
func BenchmarkReadTypedEveryShape(b *testing.B) {
	for _, f := range structFixtures() {
		b.Run(f.name()+"/codec=rowpage-typed", func(b *testing.B) {
			f.build(b)
			b.SetBytes(int64(len(f.js)))
			b.ReportAllocs()
			var r typedReader
			// One call before the timed loop grows the reader's scratch,
			// as a server's first page would: the figure is the warm one.
			if err := r.read(f.page); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := r.read(f.page); err != nil {
					b.Fatal(err)
				}
			}
			if r.sink == 0 {
				b.Fatal("read nothing")
			}
		})
		b.Run(f.name()+"/codec=json-structs", func(b *testing.B) {
			f.build(b)
			b.SetBytes(int64(len(f.js)))
			b.ReportAllocs()
			for b.Loop() {
				if err := json.Unmarshal(f.js, f.set.New()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// typedReader reads every cell of a page with the accessor its column's
// encoding calls for, folding what it reads into sink.
type typedReader struct {
	sink int64
	encs []uint8
	strs []string
	page rowpage.Page // reused: OpenInto keeps its memory from page to page
}

func (t *typedReader) read(page []byte) error {
	p := &t.page
	if err := rowpage.OpenInto(p, page); err != nil {
		return err
	}
	t.encs = t.encs[:0]
	for _, c := range rowpage.PageLayout(p).Columns {
		t.encs = append(t.encs, c.Enc&^format.EncNullBitmap)
	}
	for r := range p.Rows() {
		for i := 0; i < r.NumFields(); i++ {
			c := r.Field(i)
			if r.IsNullAt(c) {
				t.sink--
				continue
			}
			switch t.encs[c] {
			case format.EncInt, format.EncIntDelta, format.EncIntFOR:
				v, _ := r.Int(c)
				t.sink += v
			case format.EncUint:
				v, _ := r.Uint(c)
				t.sink += int64(v)
			case format.EncFloat, format.EncFloatInt:
				v, _ := r.Float(c)
				t.sink += int64(v)
			case format.EncStrRef, format.EncStrSeq:
				s, _ := r.String(c)
				t.sink += int64(len(s))
			case format.EncTime, format.EncTextTime:
				// A text time read as a time: String would format
				// (and allocate) its text.
				v, _ := r.Time(c)
				t.sink += int64(v.Nanosecond())
			case format.EncBool:
				if v, _ := r.Bool(c); v {
					t.sink++
				}
			case format.EncStrList:
				t.strs, _ = r.Strings(c, t.strs[:0])
				t.sink += int64(len(t.strs))
			case format.EncBytes:
				v, _ := r.Bytes(c)
				t.sink += int64(len(v))
			case format.EncNumber:
				v, _ := r.Number(c)
				t.sink += int64(len(v))
			case format.EncAny:
				if e, ok := r.Elems(c); ok {
					t.elems(e)
				} else if v, ok := r.Int(c); ok {
					t.sink += v
				} else if v, ok := r.Time(c); ok { // before String: see EncTextTime
					t.sink += int64(v.Nanosecond())
				} else if s, ok := r.String(c); ok {
					t.sink += int64(len(s))
				} else if v, ok := r.Float(c); ok {
					t.sink += int64(v)
				} else if v, ok := r.Bool(c); ok && v {
					t.sink++
				}
			}
		}
	}
	return nil
}

// elems reads the elements of an array or object cell, depth first.
func (t *typedReader) elems(e rowpage.Elems) {
	for e.Next() {
		if e.IsObject() {
			t.sink += int64(len(e.Key()))
		}
		if v, ok := e.Int(); ok {
			t.sink += v
		} else if v, ok := e.Time(); ok {
			t.sink += int64(v.Nanosecond())
		} else if s, ok := e.String(); ok {
			t.sink += int64(len(s))
		} else if v, ok := e.Float(); ok {
			t.sink += int64(v)
		} else if v, ok := e.Bool(); ok && v {
			t.sink++
		} else if inner, ok := e.Elems(); ok {
			t.elems(inner)
		}
	}
}
