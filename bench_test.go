package rowpage_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/fxamacker/cbor/v2"
	gojson "github.com/goccy/go-json"
	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
	"github.com/vmihailenco/msgpack/v5"
)

// The benchmarks share one deterministic dataset (internal/dataset) at the
// page sizes of dataset.Sizes. b.SetBytes is always the JSON size of the
// rows, so MB/s compare across codecs as "JSON bytes served per second".
// Run: go test -run='^$' -bench=. -benchmem -count=6 . | benchstat

type fixture struct {
	n    int
	rows []dataset.Row
	maps []map[string]any
	json []byte
	page []byte
	cbor []byte
	mp   []byte
	mpi  []byte
	s2   []byte
	zstd []byte
	zdec *zstd.Decoder
}

var fixtures = map[int]*fixture{}

func getFixture(b *testing.B, n int) *fixture {
	if f, ok := fixtures[n]; ok {
		return f
	}
	f := &fixture{n: n, rows: dataset.Rows(n), maps: dataset.GenericMaps(n), json: dataset.JSON(n)}
	var err error
	if f.page, err = rowpage.Marshal(f.rows); err != nil {
		b.Fatal(err)
	}
	if f.cbor, err = cbor.Marshal(f.rows); err != nil {
		b.Fatal(err)
	}
	if f.mp, err = msgpack.Marshal(f.rows); err != nil {
		b.Fatal(err)
	}
	f.mpi = marshalMsgpackInterned(b, f.rows)
	f.s2 = s2.Encode(nil, f.json)
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault))
	f.zstd = enc.EncodeAll(f.json, nil)
	f.zdec, _ = zstd.NewReader(nil)
	fixtures[n] = f
	return f
}

func marshalMsgpackInterned(b *testing.B, v any) []byte {
	var buf bytesBuffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseInternedStrings(true)
	if err := enc.Encode(v); err != nil {
		b.Fatal(err)
	}
	return buf.b
}

type bytesBuffer struct{ b []byte }

func (w *bytesBuffer) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

func sizes(b *testing.B, run func(b *testing.B, f *fixture)) {
	for _, n := range dataset.Sizes {
		b.Run("rows="+strconv.Itoa(n), func(b *testing.B) {
			f := getFixture(b, n)
			b.SetBytes(int64(len(f.json)))
			b.ReportAllocs()
			run(b, f)
		})
	}
}

// BenchmarkSize reports each format's size for the same rows, in bytes and
// as a percentage of the JSON (it times nothing meaningful).
func BenchmarkSize(b *testing.B) {
	sizes(b, func(b *testing.B, f *fixture) {
		for b.Loop() {
		}
		j := float64(len(f.json))
		b.ReportMetric(float64(len(f.page)), "page-B")
		b.ReportMetric(100*float64(len(f.page))/j, "page-%json")
		b.ReportMetric(100*float64(len(f.page))/float64(len(f.cbor)), "page-%cbor")
		b.ReportMetric(100*float64(len(f.page))/float64(len(f.mpi)), "page-%msgpack-interned")
		b.ReportMetric(100*float64(len(f.page))/float64(len(f.mp)), "page-%msgpack")
		// The floor for an uncompressed format: each distinct string's bytes
		// once, plus one byte per cell.
		p, err := rowpage.Open(f.page)
		if err != nil {
			b.Fatal(err)
		}
		l := rowpage.PageLayout(p)
		floor := l.Strings.DataLen()
		for _, c := range l.Columns {
			floor += c.Count
		}
		b.ReportMetric(float64(floor), "floor-B")
		b.ReportMetric(100*float64(len(f.page))/float64(floor), "page-%floor")
		b.ReportMetric(100*float64(len(f.s2))/j, "s2-%json")
		b.ReportMetric(100*float64(len(f.zstd))/j, "zstd-%json")
	})
}

func BenchmarkMarshal(b *testing.B) {
	b.Run("codec=rowpage/from=structs", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			enc := rowpage.NewEncoder()
			var buf []byte
			for b.Loop() {
				var err error
				if buf, err = enc.Append(buf[:0], f.rows); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("codec=rowpage/from=maps", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			enc := rowpage.NewEncoder()
			var buf []byte
			for b.Loop() {
				var err error
				if buf, err = enc.Append(buf[:0], f.maps); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("codec=cbor/from=structs", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				if _, err := cbor.Marshal(f.rows); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("codec=cbor/from=maps", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				if _, err := cbor.Marshal(f.maps); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("codec=json/from=structs", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				if _, err := json.Marshal(f.rows); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}

func BenchmarkUnmarshalStructs(b *testing.B) {
	b.Run("codec=rowpage", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				var out []dataset.Row
				if err := rowpage.Unmarshal(f.page, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("codec=json", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				var out []dataset.Row
				if err := json.Unmarshal(f.json, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("codec=goccy-json", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				var out []dataset.Row
				if err := gojson.Unmarshal(f.json, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("codec=cbor", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				var out []dataset.Row
				if err := cbor.Unmarshal(f.cbor, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}

// BenchmarkReadTyped reads every cell of every row with the typed
// accessors, arrays of strings with Row.Strings into a reused slice: no
// allocation per row.
func BenchmarkReadTyped(b *testing.B) {
	sizes(b, func(b *testing.B, f *fixture) {
		var sink int64
		var strs []string
		col := func(p *rowpage.Page, name string) int {
			c, ok := p.Column(name)
			if !ok {
				b.Fatalf("no column %q", name)
			}
			return c
		}
		for b.Loop() {
			p, err := rowpage.Open(f.page)
			if err != nil {
				b.Fatal(err)
			}
			ints := [...]int{col(p, "id"), col(p, "seq"), col(p, "views"), col(p, "likes"), col(p, "version")}
			texts := [...]int{col(p, "owner"), col(p, "status"), col(p, "title"), col(p, "body"), col(p, "region")}
			floats := [...]int{col(p, "price"), col(p, "score")}
			times := [...]int{col(p, "created_at"), col(p, "updated_at"), col(p, "deleted_at")}
			lists := [...]int{col(p, "permissions"), col(p, "tags")}
			active := col(p, "active")
			for r := range p.Rows() {
				for _, c := range ints {
					v, _ := r.Int(c)
					sink += v
				}
				for _, c := range texts {
					s, _ := r.String(c)
					sink += int64(len(s))
				}
				for _, c := range floats {
					v, _ := r.Float(c)
					sink += int64(v)
				}
				for _, c := range times {
					if t, ok := r.Time(c); ok {
						sink += int64(t.Nanosecond())
					}
				}
				for _, c := range lists {
					strs, _ = r.Strings(c, strs[:0])
					sink += int64(len(strs))
				}
				if v, _ := r.Bool(active); v {
					sink++
				}
			}
		}
		_ = sink
	})
}

// BenchmarkReadProbing reads every cell without knowing the columns' types,
// trying accessors in turn: the cost of schema-less typed reading.
func BenchmarkReadProbing(b *testing.B) {
	sizes(b, func(b *testing.B, f *fixture) {
		var sink int64
		var strs []string
		for b.Loop() {
			p, err := rowpage.Open(f.page)
			if err != nil {
				b.Fatal(err)
			}
			for r := range p.Rows() {
				for i := 0; i < r.NumFields(); i++ {
					c := r.Field(i)
					if v, ok := r.Int(c); ok {
						sink += v
					} else if s, ok := r.String(c); ok {
						sink += int64(len(s))
					} else if v, ok := r.Float(c); ok {
						sink += int64(v)
					} else if t, ok := r.Time(c); ok {
						sink += int64(t.Nanosecond())
					} else if v, ok := r.Bool(c); ok && v {
						sink++
					} else if r.IsNullAt(c) {
						sink--
					} else if strs, ok = r.Strings(c, strs[:0]); ok {
						sink += int64(len(strs))
					} else if _, ok := r.Value(c); ok {
						sink++
					}
				}
			}
		}
		_ = sink
	})
}

// BenchmarkHit serves a cached page as JSON: the cache-hit path.
func BenchmarkHit(b *testing.B) {
	b.Run("via=rowpage-appendjson", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			var out []byte
			for b.Loop() {
				var err error
				if out, err = jsonbridge.AppendJSON(out[:0], f.page); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("via=copy-json", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			var out []byte
			for b.Loop() {
				out = append(out[:0], f.json...)
			}
		})
	})
	b.Run("via=json-maps-remarshal", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				var v []map[string]any
				if err := json.Unmarshal(f.json, &v); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("via=cbor-remarshal", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			for b.Loop() {
				var v []map[string]any
				if err := cbor.Unmarshal(f.cbor, &v); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("via=s2-decode", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			out := make([]byte, len(f.json))
			for b.Loop() {
				if _, err := s2.Decode(out, f.s2); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("via=zstd-decode", func(b *testing.B) {
		sizes(b, func(b *testing.B, f *fixture) {
			out := make([]byte, 0, len(f.json))
			for b.Loop() {
				var err error
				if out, err = f.zdec.DecodeAll(f.zstd, out[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}
