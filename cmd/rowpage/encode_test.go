package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pageread"
)

// builtinJSON returns json.Marshal of n rows of the named built-in dataset.
func builtinJSON(t *testing.T, name string, n int) []byte {
	t.Helper()
	s, ok := dataset.SetByName(name)
	if !ok {
		t.Fatalf("no dataset %q", name)
	}
	b, err := json.Marshal(s.Values(n))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// encode runs the encode command on text and returns the page.
func encode(t *testing.T, text []byte, flags ...string) []byte {
	t.Helper()
	page, stderr, err := runCmd(t, text, append([]string{"encode"}, flags...)...)
	if err != nil {
		t.Fatalf("encode: %v (%s)", err, stderr)
	}
	return []byte(page)
}

func TestEncodeThenJSON(t *testing.T) {
	for _, s := range dataset.Sets {
		want := builtinJSON(t, s.Name, 100)
		page := encode(t, want)
		if _, err := rowpage.Open(page); err != nil {
			t.Fatalf("%s: encode wrote a page Open rejects: %v", s.Name, err)
		}
		got, _, err := runCmd(t, page, "json")
		if err != nil {
			t.Fatalf("%s: json: %v", s.Name, err)
		}
		if got != string(want) {
			t.Errorf("%s: json of the page differs from the JSON encoded", s.Name)
		}
	}
}

func TestEncodeFiles(t *testing.T) {
	dir := t.TempDir()
	in, page, out := filepath.Join(dir, "rows.json"), filepath.Join(dir, "rows.rp"), filepath.Join(dir, "back.json")
	text := builtinJSON(t, "rows", 25)
	if err := os.WriteFile(in, text, 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := runCmd(t, nil, "encode", "-o", page, "-no-checksum", in)
	if err != nil || !strings.Contains(stderr, "% of the") {
		t.Fatalf("encode -o: %v, %q", err, stderr)
	}
	b, _ := os.ReadFile(page)
	if _, err := rowpage.Open(b); err != nil {
		t.Fatalf("-no-checksum page: %v", err)
	}
	if l, err := pageread.Parse(b, format.Limits{}); err != nil || l.ChecksumPresent() {
		t.Fatalf("-no-checksum page: %v", err)
	}
	if _, _, err := runCmd(t, nil, "json", "-o", out, page); err != nil {
		t.Fatal(err)
	}
	if back, _ := os.ReadFile(out); string(back) != string(text) {
		t.Error("json -o wrote other JSON than was encoded")
	}
	if _, _, err := runCmd(t, nil, "encode", in, in); exitCode(err) != 2 {
		t.Errorf("two files: %v", err)
	}
	if _, _, err := runCmd(t, nil, "encode", filepath.Join(dir, "missing.json")); err == nil {
		t.Error("missing file: no error")
	}
}

func TestEncodeInvalidJSON(t *testing.T) {
	_, _, err := runCmd(t, []byte(`[{"a":1},`), "encode")
	if err == nil || !strings.HasPrefix(err.Error(), "standard input: ") || !strings.Contains(err.Error(), "invalid JSON") {
		t.Errorf("error %v", err)
	}
}

func TestJSONOptions(t *testing.T) {
	page := encode(t, builtinJSON(t, "rows", 20))
	got, _, err := runCmd(t, page, "json", "-columns", "id,owner,nope", "-offset", "2", "-limit", "3",
		"-envelope", "items", "-count-key", "n")
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		Items []map[string]any `json:"items"`
		N     int              `json:"n"`
	}
	if err := json.Unmarshal([]byte(got), &env); err != nil {
		t.Fatalf("%v: %s", err, got)
	}
	if env.N != 3 || len(env.Items) != 3 || len(env.Items[0]) != 2 || env.Items[0]["owner"] == nil {
		t.Errorf("output %s", got)
	}
	if seq := dataset.Rows(3)[2].ID; env.Items[0]["id"] != float64(seq) {
		t.Errorf("first row id %v, want %d (offset 2)", env.Items[0]["id"], seq)
	}
	// -count-key alone wraps the rows under "rows".
	got, _, _ = runCmd(t, page, "json", "-limit", "1", "-count-key", "count")
	if !strings.HasPrefix(got, `{"rows":[{`) || !strings.HasSuffix(got, `],"count":1}`) {
		t.Errorf("count-key only: %s", got)
	}
	// -columns with no names keeps no keys.
	got, _, _ = runCmd(t, page, "json", "-columns", "", "-limit", "2")
	if got != "[{},{}]" {
		t.Errorf("empty -columns: %s", got)
	}
	if _, _, err := runCmd(t, page, "json", "-offset", "-1"); exitCode(err) != 2 {
		t.Errorf("negative offset: %v", err)
	}
	// -max-bytes caps the output: exactly the JSON passes, a byte less fails.
	full, _, _ := runCmd(t, page, "json")
	if got, _, err := runCmd(t, page, "json", "-max-bytes", fmt.Sprint(len(full))); err != nil || got != full {
		t.Errorf("-max-bytes of the JSON's length: %v", err)
	}
	if _, _, err := runCmd(t, page, "json", "-max-bytes", fmt.Sprint(len(full)-1)); exitCode(err) != 1 || !strings.Contains(err.Error(), "MaxJSONBytes") {
		t.Errorf("-max-bytes one short: %v", err)
	}
	if _, _, err := runCmd(t, page, "json", "-max-bytes", "-2"); exitCode(err) != 2 {
		t.Errorf("-max-bytes -2: %v", err)
	}
}

func TestJSONEscapeHTML(t *testing.T) {
	page := encode(t, []byte(`[{"s":"<b>&"}]`))
	got, _, _ := runCmd(t, page, "json")
	if got != `[{"s":"\u003cb\u003e\u0026"}]` {
		t.Errorf("default: %s", got)
	}
	got, _, _ = runCmd(t, page, "json", "-no-escape-html")
	if got != `[{"s":"<b>&"}]` {
		t.Errorf("-no-escape-html: %s", got)
	}
}

func TestJSONDamagedPage(t *testing.T) {
	page := encode(t, builtinJSON(t, "rows", 5))
	page[len(page)/2] ^= 0x55
	stdout, _, err := runCmd(t, page, "json")
	if err == nil || stdout != "" || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("damaged page: %v, wrote %d bytes", err, len(stdout))
	}
}
