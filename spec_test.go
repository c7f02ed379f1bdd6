package rowpage

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata/spec")

type specUser struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Tier string `json:"tier"`
}

// specExamples are the worked examples of SPEC.md section 10. Each has a
// golden page (hex, one line) and its JSON in testdata/spec.
func specExamples() []struct {
	name string
	v    any
	opts EncOptions
} {
	t0 := time.Date(2024, 5, 6, 7, 8, 9, 500_000_000, time.FixedZone("", 2*3600))
	return []struct {
		name string
		v    any
		opts EncOptions
	}{
		{"rows", []specUser{{1, "ann", "pro"}, {2, "bob", "pro"}}, EncOptions{}},
		{"sparse", []map[string]any{{"a": 1, "b": nil}, nil, {"b": "x"}}, EncOptions{NoChecksum: true}},
		{"object", map[string]any{"at": t0, "ok": true, "price": 19.99, "tags": []string{"x", "y"}}, EncOptions{NoChecksum: true}},
		{"value", []any{1, "two"}, EncOptions{NoChecksum: true}},
		{"times", []map[string]any{
			{"t": time.Date(2024, 5, 6, 7, 8, 9, 0, time.FixedZone("", 19800))},
			{"t": nil},
			{"t": time.Date(2024, 5, 6, 7, 8, 39, 250_000_000, time.FixedZone("", -30))},
		}, EncOptions{NoChecksum: true}},
		{"shapes", []map[string]any{{"b": 1}, {"a": "x", "b": nil}, {"a": nil, "b": "x"}}, EncOptions{NoChecksum: true}},
		{"compressed", map[string]any{"note": strings.Repeat("ab", 16)}, EncOptions{NoChecksum: true, Compression: CompressFast}},
		{"texttimes", []map[string]any{
			{"at": "2025-03-14T10:04:15.738+00:00", "m": "2024-01-02T03:04:05Z"},
			{"at": "2025-03-14T10:04:16+00:00", "m": "2024-01-02T03:04:05+00:00"},
		}, EncOptions{NoChecksum: true}},
		{"floatints", []map[string]any{{"id": 1000.0, "q": []any{2.0, 0.5}}, {"id": 1001.0, "q": -7.0}}, EncOptions{NoChecksum: true}},
		{"intfloats", []map[string]any{{"p": 12}, {"p": 12.5}, {"p": nil}, {"p": -3}, {"p": 2.0}}, EncOptions{NoChecksum: true}},
		{"repeats", []map[string]any{
			{"v": []any{"a", "b"}}, {"v": map[string]any{"k": "a"}}, {"v": []any{"a", "b"}},
			{"v": map[string]any{"k": "a"}}, {"v": []any{}}, {"v": []any{}}, {"v": []any{"a", "b"}},
		}, EncOptions{NoChecksum: true}},
		{"dictionary-page", []specUser{{33, "ann-ann", "team"}, {34, "bob-hal", "pro"}}, EncOptions{NoChecksum: true, Compression: CompressFast, Dictionary: specDictOrNil()}},
	}
}

// specDictOrNil is specDict, or nil if its golden file cannot be read
// (TestSpecDictionary reports that).
func specDictOrNil() *Dictionary {
	d, _ := specDict()
	return d
}

func TestSpecExamples(t *testing.T) {
	for _, ex := range specExamples() {
		t.Run(ex.name, func(t *testing.T) {
			m, err := ex.opts.EncMode()
			if err != nil {
				t.Fatal(err)
			}
			page, err := m.Marshal(ex.v)
			if err != nil {
				t.Fatal(err)
			}
			hexPath := filepath.Join("testdata", "spec", ex.name+".hex")
			jsonPath := filepath.Join("testdata", "spec", ex.name+".json")
			js := checkJSON(t, ex.v)
			_ = js
			if *updateGolden {
				os.WriteFile(hexPath, []byte(spacedHex(page)+"\n"), 0o644)
				os.WriteFile(jsonPath, append(pageJSON(t, page), '\n'), 0o644)
			}
			wantHex, err := os.ReadFile(hexPath)
			if err != nil {
				t.Fatal(err)
			}
			golden, err := hex.DecodeString(strings.Join(strings.Fields(string(wantHex)), ""))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(page, golden) {
				if ex.opts.Compression == CompressNone || runtime.GOARCH == "amd64" {
					t.Fatalf("encoding differs from the golden page\n got: %s\nwant: %s", spacedHex(page), spacedHex(golden))
				}
				// The golden compressed bodies come from S2's amd64 encoder;
				// its portable twin may pick other (equally valid) copies.
				// The page must still say the same thing.
				if got, want := pageJSON(t, page), pageJSON(t, golden); !bytes.Equal(got, want) {
					t.Fatalf("page renders %s, golden page %s", got, want)
				}
			}
			wantJSON, err := os.ReadFile(jsonPath)
			if err != nil {
				t.Fatal(err)
			}
			if got := pageJSON(t, golden); string(got) != strings.TrimSuffix(string(wantJSON), "\n") {
				t.Fatalf("golden page renders %s, want %s", got, wantJSON)
			}
		})
	}
}

func spacedHex(b []byte) string {
	var sb strings.Builder
	for i, c := range b {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(hex.EncodeToString([]byte{c}))
	}
	return sb.String()
}

// TestSpecDocumentMatchesGolden reads the worked examples of SPEC.md
// section 10 and checks that the hex of each, the leading bytes of every
// line of its code block, is its golden page byte for byte, and that its
// "JSON:" text is the golden JSON: the document cannot drift from the pages
// TestSpecExamples checks.
func TestSpecDocumentMatchesGolden(t *testing.T) {
	doc, err := os.ReadFile("SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := strings.Split(string(doc), "\n### 10.")[1:]
	seen := map[string]bool{}
	for _, sec := range sections {
		head, _, _ := strings.Cut(sec, "\n")
		_, name, ok := strings.Cut(head, "`testdata/spec/")
		name, _, ok2 := strings.Cut(name, ".hex`")
		if !ok || !ok2 {
			t.Fatalf("example %q names no golden file", head)
		}
		seen[name] = true
		_, rest, _ := strings.Cut(sec, "JSON: `")
		js, _, _ := strings.Cut(rest, "`")
		_, block, _ := strings.Cut(sec, "\n```\n")
		block, _, _ = strings.Cut(block, "\n```")
		var page []byte
		for _, line := range strings.Split(block, "\n") {
			for _, f := range strings.Fields(line) {
				b, err := hex.DecodeString(f)
				if err != nil || len(b) != 1 {
					break
				}
				page = append(page, b[0])
			}
		}
		wantHex, err := os.ReadFile(filepath.Join("testdata", "spec", name+".hex"))
		if err != nil {
			t.Fatal(err)
		}
		golden, err := hex.DecodeString(strings.Join(strings.Fields(string(wantHex)), ""))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(page, golden) {
			t.Errorf("SPEC.md 10.%s: the hex is\n%s\nthe golden page is\n%s", head, spacedHex(page), spacedHex(golden))
		}
		wantJSON, err := os.ReadFile(filepath.Join("testdata", "spec", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if js != strings.TrimSuffix(string(wantJSON), "\n") {
			t.Errorf("SPEC.md 10.%s: JSON %s, golden %s", head, js, wantJSON)
		}
	}
	for _, ex := range specExamples() {
		if !seen[ex.name] {
			t.Errorf("golden example %s has no worked example in SPEC.md", ex.name)
		}
	}
}
