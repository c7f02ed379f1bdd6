package fuzz

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/internal/pagewalk"
	"github.com/rowpage/rowpage/jsonbridge"
)

// seedPages returns valid pages of every kind and encoding, from the
// datasets, the spec's golden examples and a few hand-made values.
func seedPages(tb testing.TB) [][]byte {
	var out [][]byte
	add := func(v any, opts rowpage.EncOptions) {
		m, err := opts.EncMode()
		if err != nil {
			tb.Fatal(err)
		}
		p, err := m.Marshal(v)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, p)
	}
	for _, o := range []rowpage.EncOptions{{}, {NoChecksum: true}} {
		add(dataset.Rows(3), o)
		add(dataset.SparseMaps(6), o)
		add(dataset.EventMaps(2), o)
		add([]any{1, "x", nil, []byte{1}, json.Number("1e400"), json.RawMessage(`{"a":[1]}`)}, o)
		add(map[string]any{"t": time.Unix(1, 5).In(time.FixedZone("", -3600)), "u": uint64(1 << 63), "f": -0.0}, o)
		add([]map[string]any{nil, {}, {"a": []string{"x", "y"}}}, o)
		// Text times (SPEC.md 5.4): a +00:00 column, per-value offsets
		// with +00:00 (mode 6), and tagged ones of both zero styles.
		add([]map[string]any{
			{"p": "2025-03-14T10:04:15.738+00:00", "o": "2024-01-02T03:04:05+00:00", "n": []any{"2024-01-02T03:04:05Z", "2024-01-02T03:04:05+00:00"}},
			{"p": "2025-03-14T10:04:16+00:00", "o": "2024-01-02T03:04:05.123456789-08:00", "n": nil},
		}, o)
		add(dataset.BaaSMaps(3), o)
		// Integral floats (SPEC.md 5.2, 5.5): float64s holding integers in
		// each layout (plain, delta, frame of reference up to 2^53), with
		// a null, beside a float column, and tagged beside −0 and 2^53+2;
		// and the generic maps of the analytics set, numbers nested.
		add([]map[string]any{
			{"i": 3.0, "d": 1e12, "r": float64(1 << 53), "f": 1.5, "a": []any{2.0, math.Copysign(0, -1), float64(-(1 << 53)), 1<<53 + 2.0}},
			{"i": -7.0, "d": 1e12 + 7, "r": float64(1<<53 - 100), "f": 2.0, "a": 9.0},
			{"i": nil, "d": 1e12 + 14, "r": float64(1<<53 - 3), "f": nil, "a": "x"},
		}, o)
		analytics, _ := dataset.SetByName("analytics")
		add(analytics.Generic(3), o)
		// Int-or-float columns (SPEC.md 5.2): integers and floats with a
		// null, at the ends of int64 and with raw floats, beside a column
		// that stays any.
		add([]map[string]any{
			{"p": int64(12), "e": int64(math.MaxInt64), "s": 1.5},
			{"p": 12.5, "e": 5e-324, "s": "x"},
			{"p": nil, "e": int64(math.MinInt64), "s": int64(2)},
			{"p": -0.25, "e": math.Copysign(0, -1)},
		}, o)
		// Repeats (SPEC.md 5.5): arrays and objects of an any column
		// that repeat earlier cells, beside nulls, scalars and cells too
		// short to repeat, in two columns.
		add(repeatSeedRows(), o)
	}
	// Compressed pages (SPEC.md 2.5), with sections large enough to be
	// stored compressed.
	for _, o := range []rowpage.EncOptions{{Compression: rowpage.CompressFast}, {Compression: rowpage.CompressSmall, NoChecksum: true}} {
		add(dataset.Rows(3), o)
		add(dataset.SparseMaps(40), o)
		add(dataset.EventMaps(6), o)
		add(repeatSeedRows(), o)
	}
	// Pages compressed with the fuzz readers' dictionary (SPEC.md 2.6).
	d, rows := fuzzDict()
	for _, o := range []rowpage.EncOptions{{Compression: rowpage.CompressFast, Dictionary: d}, {Compression: rowpage.CompressSmall, Dictionary: d, NoChecksum: true}} {
		for _, v := range rows {
			add(v, o)
		}
	}
	return out
}

// repeatSeedRows are rows whose any columns hold repeats (SPEC.md 5.5).
func repeatSeedRows() []map[string]any {
	a := []any{"a", 1.5, map[string]any{"k": []any{int64(1), nil}}}
	o := map[string]any{"k": "a", "n": []any{true}}
	return []map[string]any{
		{"v": a, "w": o}, {"v": o, "w": nil}, {"v": a, "w": o}, {"v": []any{}, "w": a},
		{"v": "s", "w": o}, {"v": []any{}, "w": a}, {"v": o, "w": []any{int64(1)}}, {"v": a},
	}
}

// compressedSeeds are the seed pages whose body is compressed.
func compressedSeeds(tb testing.TB) [][]byte {
	var out [][]byte
	for _, p := range seedPages(tb) {
		if p[6]&format.FlagCompressed != 0 {
			out = append(out, p)
		}
	}
	return out
}

// FuzzMutateCompressed mutates the bodies of compressed pages (flip,
// overwrite, cut, splice) and recomputes the checksum, so that the damage
// reaches the section heads, the dictionary id of pages written with one
// and the S2 and zstd decoders (with and without a dictionary): every reader
// fails with a sentinel or reads the page, within its allocation bounds.
func FuzzMutateCompressed(f *testing.F) {
	pages := compressedSeeds(f)
	for i := range pages {
		f.Add(uint8(i), uint8(0), uint16(12), uint8(1), []byte{0xff})
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
			if arg == 0 {
				arg = 1
			}
			p[i] ^= arg
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
		readAll(t, p)
	})
}

// seedFiles adds the files of a directory of the shared corpus, if present.
func seedFiles(f *testing.F, dir string, max int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err == nil && len(b) <= max {
			f.Add(b)
		}
	}
}

// sharedData is the shared corpus directory, ../shared/data beside the
// module root; tests that read it skip what is absent.
const sharedData = "../../shared/data"

// seedGolden adds the pages of SPEC.md's worked examples, kept as hex in
// testdata/spec.
func seedGolden(f *testing.F) {
	files, _ := filepath.Glob("../testdata/spec/*.hex")
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		page, err := hex.DecodeString(strings.Join(strings.Fields(string(text)), ""))
		if err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		f.Add(page)
	}
}

// seedJSONPages adds, when the shared corpora are present, the pages
// jsonbridge.AppendPage makes of their JSON texts (the go-fuzz JSON corpus
// and JSONTestSuite), with and without checksums.
func seedJSONPages(f *testing.F) {
	noCRC, _ := jsonbridge.PageOptions{EncOptions: rowpage.EncOptions{NoChecksum: true}}.PageMode()
	for _, dir := range []string{"fuzz-corpus/json", "jsontestsuite/test_parsing", "jsontestsuite/test_transform"} {
		entries, err := os.ReadDir(filepath.Join(sharedData, dir))
		if err != nil {
			continue
		}
		for i, e := range entries {
			b, err := os.ReadFile(filepath.Join(sharedData, dir, e.Name()))
			if err != nil || len(b) > 8<<10 {
				continue
			}
			if page, err := jsonbridge.AppendPage(nil, b); err == nil {
				f.Add(page)
			}
			if page, err := noCRC.AppendPage(nil, b); err == nil && i%4 == 0 {
				f.Add(page)
			}
		}
	}
}

var sentinels = []error{rowpage.ErrCorrupt, rowpage.ErrTruncated, rowpage.ErrChecksum, rowpage.ErrUnsupported, rowpage.ErrLimit}

func isSentinel(err error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// readAll exercises every reader on page and checks what it must: errors
// are sentinels, accepted pages render valid JSON that equals what their
// decoded values marshal to, decoding into structs agrees with
// json.Unmarshal of that JSON, and the readers together allocate at most
// allocPerByte times the page size (plus a constant).
func readAll(t *testing.T, page []byte) {
	deferredAgrees(t, page)
	p, err := fuzzDec().Open(page)
	if err != nil {
		if !isSentinel(err) {
			t.Fatalf("Open: error %v is not a sentinel", err)
		}
		if _, jerr := fuzzJSON().AppendJSON(nil, page); jerr == nil {
			t.Fatalf("AppendJSON accepted a page Open rejected: %v", err)
		}
		return
	}
	before := allocated()
	out, err := fuzzJSON().AppendJSON(nil, page)
	if err != nil {
		// Open does not read string bytes to check their escaping flags;
		// AppendJSON, which copies strings on their word, does.
		if strings.Contains(err.Error(), "escaping flags") {
			return
		}
		t.Fatalf("AppendJSON rejected a page Open accepted: %v", err)
	}
	if !json.Valid(out) {
		t.Fatalf("AppendJSON wrote invalid JSON: %q", out)
	}
	if err := pagewalk.Walk(p); err != nil {
		t.Fatalf("reading every cell with every accessor: %v", err)
	}
	var generic any
	if err := p.Decode(&generic); err != nil {
		t.Fatalf("Decode into any: %v", err)
	}
	var maps []map[string]any
	_ = p.Decode(&maps) // may legitimately fail for a document page
	var rows []dataset.Row
	_ = p.Decode(&rows) // may fail on type mismatches, must not panic
	compat, _ := rowpage.DecOptions{JSONCompatible: true, UseNumber: true, Dictionaries: fuzzDicts()}.DecMode()
	var viaPage any
	if err := compat.Unmarshal(page, &viaPage); err != nil {
		t.Fatalf("JSON-compatible Unmarshal: %v", err)
	}
	var viaJSON any
	dec := json.NewDecoder(bytesReader(out))
	dec.UseNumber()
	if err := dec.Decode(&viaJSON); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(viaPage)
	b, _ := json.Marshal(viaJSON)
	if string(a) != string(b) {
		t.Fatalf("Unmarshal and AppendJSON disagree:\n%s\n%s", a, b)
	}
	structsAgree(t, p, page, out)
	if n, max := allocated()-before, allocPerByte*uint64(len(page))+allocFixed; n > max {
		t.Fatalf("readers allocated %d bytes for a %d-byte page (bound %d)", n, len(page), max)
	}
}

// deferredAgrees checks that AppendJSON, which validates most cells while
// it renders them, and WriteJSON, which validates the whole page first,
// fail with the same error text (kind, offset, row and column) or write the
// same bytes.
func deferredAgrees(t *testing.T, page []byte) {
	got, err := fuzzJSON().AppendJSON(nil, page)
	var want bytes.Buffer
	werr := fuzzJSON().WriteJSON(&want, page)
	switch {
	case (err == nil) != (werr == nil):
		t.Fatalf("AppendJSON error %v, WriteJSON error %v", err, werr)
	case err != nil && err.Error() != werr.Error():
		t.Fatalf("AppendJSON error\n%v\nWriteJSON error\n%v", err, werr)
	case err == nil && !bytes.Equal(got, want.Bytes()):
		t.Fatalf("AppendJSON wrote\n%s\nWriteJSON wrote\n%s", got, want.Bytes())
	}
}

// allocPerByte and allocFixed bound what readAll's readers allocate
// together: about four decoders at the 2,800 bytes per page byte the
// densest pages cost one (see alloc_bound_test.go), and slack for the
// lag of the runtime's allocation counter.
const allocPerByte, allocFixed = 16 << 10, 16 << 20

// allocated returns the bytes allocated so far by the process. It reads
// runtime/metrics, which does not stop the world, so it is cheap enough
// to call on every input; it may lag by a few spans.
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// structsAgree decodes the page into structs (rows of rtLeaf, or one) and
// checks that json.Unmarshal of its JSON, out, gives the same, when both
// succeed. Pages with invalid UTF-8 are left out: a page keeps the bytes of
// such strings where the JSON has U+FFFD.
func structsAgree(t *testing.T, p *rowpage.Page, page, out []byte) {
	l, err := pageread.ParseValuesDicts(page, format.Limits{}, fuzzSet())
	if err != nil {
		t.Fatalf("pageread.ParseValues of a page Open accepted: %v", err)
	}
	for i := 0; i < l.Strings.Len(); i++ {
		if !utf8.Valid(l.Strings.Bytes(i)) {
			return
		}
	}
	var tv reflect.Type
	if p.IsDocument() {
		tv = reflect.TypeFor[rtLeaf]()
	} else {
		tv = reflect.TypeFor[[]*rtLeaf]()
	}
	viaPage, viaJSON := reflect.New(tv), reflect.New(tv)
	if rtCompat.Unmarshal(page, viaPage.Interface()) != nil || json.Unmarshal(out, viaJSON.Interface()) != nil {
		return
	}
	a, b := viaJSON.Elem().Interface(), viaPage.Elem().Interface()
	if !cmp.Equal(a, b, cmp.AllowUnexported(rtLeaf{})) {
		t.Fatalf("Unmarshal into %v differs from json.Unmarshal of the page's JSON (-json +page):\n%s\nJSON: %s",
			tv, cmp.Diff(a, b, cmp.AllowUnexported(rtLeaf{})), out)
	}
}

// FuzzOpen feeds arbitrary bytes to Open, iteration with every accessor,
// Decode and AppendJSON: an error or consistent, valid output; never a
// panic.
func FuzzOpen(f *testing.F) {
	for _, p := range seedPages(f) {
		f.Add(p)
	}
	seedGolden(f)
	seedJSONPages(f)
	f.Add([]byte(`[{"a":1}]`))
	f.Fuzz(func(t *testing.T, page []byte) {
		readAll(t, page)
	})
}

// FuzzMutatePage mutates valid pages (flip, truncate, extend, splice): with
// the checksum on every change is caught; with it off readers still never
// panic.
func FuzzMutatePage(f *testing.F) {
	pages := seedPages(f)
	for i := range pages {
		f.Add(uint8(i), uint8(0), uint16(10), uint8(1), []byte{0xff})
	}
	f.Fuzz(func(t *testing.T, which, op uint8, at uint16, arg uint8, extra []byte) {
		orig := pages[int(which)%len(pages)]
		p := append([]byte(nil), orig...)
		i := int(at) % len(p)
		switch op % 4 {
		case 0: // flip bits
			if arg == 0 {
				arg = 1
			}
			p[i] ^= arg
		case 1: // truncate
			p = p[:i]
		case 2: // extend
			p = append(p, extra...)
			if len(extra) == 0 {
				p = append(p, arg)
			}
		case 3: // splice bytes in
			p = append(p[:i:i], append(append([]byte(nil), extra...), orig[i:]...)...)
			if len(extra) == 0 {
				p = append(p[:i:i], orig[min(len(orig), i+1):]...)
			}
		}
		changed := string(p) != string(orig)
		if changed && orig[6]&format.FlagChecksum != 0 && len(p) >= format.HeaderSize {
			if _, err := fuzzDec().Open(p); err == nil {
				t.Fatalf("checksummed page changed (op %d at %d) but Open accepted it", op%4, i)
			}
		}
		readAll(t, p)
	})
}
