package fuzz

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
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
	}
	return out
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
// decoded values marshal to.
func readAll(t *testing.T, page []byte) {
	p, err := rowpage.Open(page)
	if err != nil {
		if !isSentinel(err) {
			t.Fatalf("Open: error %v is not a sentinel", err)
		}
		if _, jerr := jsonbridge.AppendJSON(nil, page); jerr == nil {
			t.Fatalf("AppendJSON accepted a page Open rejected: %v", err)
		}
		return
	}
	out, err := jsonbridge.AppendJSON(nil, page)
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
	for r := range p.Rows() {
		for c := 0; c < p.NumColumns(); c++ {
			r.Has(c)
			r.IsNullAt(c)
			r.Int(c)
			r.Uint(c)
			r.Float(c)
			r.Bool(c)
			r.String(c)
			r.Bytes(c)
			r.Time(c)
			r.Number(c)
			r.Value(c)
			if !json.Valid(r.AppendJSON(nil, c)) {
				t.Fatalf("cell JSON invalid")
			}
		}
	}
	var generic any
	if err := p.Decode(&generic); err != nil {
		t.Fatalf("Decode into any: %v", err)
	}
	var maps []map[string]any
	_ = p.Decode(&maps) // may legitimately fail for a document page
	var rows []dataset.Row
	_ = p.Decode(&rows) // may fail on type mismatches, must not panic
	compat, _ := rowpage.DecOptions{JSONCompatible: true, UseNumber: true}.DecMode()
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
}

// FuzzOpen feeds arbitrary bytes to Open, iteration with every accessor,
// Decode and AppendJSON: an error or consistent, valid output; never a
// panic.
func FuzzOpen(f *testing.F) {
	for _, p := range seedPages(f) {
		f.Add(p)
	}
	seedFiles(f, "../testdata/spec", 1<<12)
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
			if _, err := rowpage.Open(p); err == nil {
				t.Fatalf("checksummed page changed (op %d at %d) but Open accepted it", op%4, i)
			}
		}
		readAll(t, p)
	})
}
