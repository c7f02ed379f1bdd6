package main

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/peers"
)

// tiny makes a bench run take a moment: 1 ms repetitions, 2 in flight.
var tiny = []string{"-time", "1ms", "-reps", "2", "-inflight", "2", "-q"}

func benchJSON(t *testing.T, args ...string) *benchReport {
	t.Helper()
	out, stderr, err := runCmd(t, nil, append(append([]string{"bench", "-json"}, tiny...), args...)...)
	if err != nil {
		t.Fatalf("bench: %v (%s)", err, stderr)
	}
	var r benchReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("bench -json output does not parse: %v\n%s", err, out)
	}
	return &r
}

func TestBenchJSON(t *testing.T) {
	r := benchJSON(t, "-datasets", "rows,sparse", "-sizes", "3,12")
	if len(r.Datasets) != 2 || r.Reps != 2 || r.InFlight != 2 || r.Go == "" {
		t.Fatalf("report header %+v", r)
	}
	for _, ds := range r.Datasets {
		if len(ds.Pages) != 2 || ds.Pages[1].Rows != 12 {
			t.Fatalf("%s: pages %+v", ds.Name, ds.Pages)
		}
		for _, p := range ds.Pages {
			if len(p.Codecs) != len(peers.All()) {
				t.Fatalf("%s/%d: %d codecs", ds.Name, p.Rows, len(p.Codecs))
			}
			for _, c := range p.Codecs {
				if c.Bytes <= 0 || c.Miss == nil || c.Miss.NsPerOp <= 0 || len(c.Miss.Reps) != 2 {
					t.Errorf("%s/%d/%s: %+v", ds.Name, p.Rows, c.Codec, c)
				}
				if (c.Hit == nil) != (c.HitOutput == "fails") || (c.InFlight == nil) != (c.Hit == nil) {
					t.Errorf("%s/%d/%s: hit %v, in flight %v, output %q", ds.Name, p.Rows, c.Codec, c.Hit, c.InFlight, c.HitOutput)
				}
				if (c.Advantage == nil) != (c.Codec == "rowpage") {
					t.Errorf("%s/%d/%s: advantage %+v", ds.Name, p.Rows, c.Codec, c.Advantage)
				}
			}
			// The report counts every allocation in the process while a
			// repetition runs, as testing.B does; with the 1 ms repetitions
			// here a loaded machine may fit only a few calls in one, and
			// one stray allocation then shows as a fraction of a call's.
			// So the count is checked only over enough calls.
			rp := p.find("rowpage")
			if rp.HitOutput != "exact" || rp.Hit.Ops >= 100 && rp.Hit.Allocs > hitAllocs+0.05 && !raceEnabled {
				t.Errorf("%s/%d: rowpage hit output %q, %.2f allocs in %d calls a repetition", ds.Name, p.Rows, rp.HitOutput, rp.Hit.Allocs, rp.Hit.Ops)
			}
			if js := p.find("json"); js.Bytes != p.JSONBytes || js.Advantage.Size <= 1 {
				t.Errorf("%s/%d: json entry %d bytes of %d, advantage %+v", ds.Name, p.Rows, js.Bytes, p.JSONBytes, js.Advantage)
			}
		}
	}
}

func TestBenchMarkdown(t *testing.T) {
	out, _, err := runCmd(t, nil, append([]string{"bench", "-datasets", "rows", "-sizes", "10", "-codecs", "rowpage,json,cbor"}, tiny...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## rowpage bench", "## rows", "**Size of the cache entry**", "**Hit**", "**Hit allocations**",
		"**Miss**", "**2 in flight**", "| codec | 10 rows |", "| rowpage |", "| cbor |", "exact (byte for byte) for every codec."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "msgpack") {
		t.Error("-codecs did not leave msgpack out")
	}
}

func TestBenchSVGAndDoc(t *testing.T) {
	dir := t.TempDir()
	svg, doc := filepath.Join(dir, "docs"), filepath.Join(dir, "BENCH.md")
	_, _, err := runCmd(t, nil, append([]string{"bench", "-datasets", "sparse", "-sizes", "5,20", "-svg", svg, "-doc", doc,
		"-note", "a test machine"}, tiny...)...)
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# rowpage benchmarks", "**At a glance**: `sparse`, 20 rows a page", "## Regenerate",
		"## Methodology", "a test machine", "![sparse: cache entry size](docs/sparse-size.svg)", "## sparse", "**Miss**",
		"msgpack-interned: fails", "-from " + filepath.ToSlash(svg) + "/bench.json", "[docs/bench.json](docs/bench.json)"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("doc lacks %q", want)
		}
	}
	for _, pl := range plots {
		b, err := os.ReadFile(filepath.Join(svg, "sparse-"+pl.suffix+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		checkXML(t, b)
	}
	// -from renders the saved report again, without measuring: the same document.
	again := filepath.Join(dir, "AGAIN.md")
	if _, _, err := runCmd(t, nil, "bench", "-from", filepath.Join(svg, "bench.json"), "-doc", again, "-svg", svg); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(again)
	if got := strings.ReplaceAll(string(b), "AGAIN.md", "BENCH.md"); got != string(text) {
		t.Errorf("-from wrote another document:\n%s\nwant\n%s", got, text)
	}
	if _, _, err := runCmd(t, nil, "bench", "-from", doc); err == nil {
		t.Error("-from a Markdown file: no error")
	}
	// A section written by hand after the marker survives a rewrite, once.
	hand := "<!-- Not generated: by hand -->\n\n## By hand\n\nkept\n"
	if err := os.WriteFile(again, append(b, hand...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, nil, "bench", "-from", filepath.Join(svg, "bench.json"), "-doc", again, "-svg", svg); err != nil {
		t.Fatal(err)
	}
	kept, _ := os.ReadFile(again)
	if !strings.HasSuffix(string(kept), hand) || strings.Count(string(kept), "## By hand") != 1 {
		t.Errorf("the hand-written section was not kept exactly once:\n%s", kept)
	}
}

// checkXML fails unless b is well-formed XML.
func checkXML(t *testing.T, b []byte) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(b)))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
	}
}

func TestBenchFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "api.json")
	doc := map[string]any{"data": map[string]any{"a/b": dataset.SparseMaps(30)}}
	b, _ := json.Marshal(doc)
	os.WriteFile(path, b, 0o644)
	r := benchJSON(t, "-file", path, "-pointer", "/data/a~1b", "-sizes", "10,100", "-codecs", "rowpage,json-remarshal,cbor,msgpack")
	if len(r.Datasets) != 1 || r.Datasets[0].Name != "api" || len(r.Datasets[0].Pages) != 1 || r.Datasets[0].Pages[0].Rows != 10 {
		t.Fatalf("report %+v", r.Datasets)
	}
	for _, c := range r.Datasets[0].Pages[0].Codecs {
		if c.HitOutput == "fails" || c.HitOutput == "differs" {
			t.Errorf("%s: hit output %s %s", c.Codec, c.HitOutput, c.Note)
		}
	}
	// Without -sizes, the whole array.
	r = benchJSON(t, "-file", path, "-pointer", "/data/a~1b", "-codecs", "rowpage")
	if r.Datasets[0].Pages[0].Rows != 30 {
		t.Errorf("whole array: %d rows", r.Datasets[0].Pages[0].Rows)
	}
	for _, bad := range []string{"/data/nope", "/data", "data"} {
		if _, _, err := runCmd(t, nil, "bench", "-file", path, "-pointer", bad); err == nil {
			t.Errorf("pointer %q: no error", bad)
		}
	}
}

func TestBenchUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-quick", "-full"},
		{"-datasets", "nope"},
		{"-codecs", "xml"},
		{"-pointer", "/x"},
		{"-sizes", "10,-1"},
		{"-file", "x.json", "-datasets", "rows"},
		{"extra"},
	} {
		if _, _, err := runCmd(t, nil, append([]string{"bench"}, args...)...); exitCode(err) != 2 {
			t.Errorf("bench %v: %v, want a usage error", args, err)
		}
	}
}

func TestCommandLine(t *testing.T) {
	got := commandLine([]string{"-full", "-note", "2-core VM, it's shared"})
	want := `go run ./cmd/rowpage bench -full -note '2-core VM, it'\''s shared'`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
