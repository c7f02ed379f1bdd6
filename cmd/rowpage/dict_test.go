package main

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
)

// TestDictCommand checks dict, encode -dict, json -dict and inspect -dict:
// a dictionary trained on ten pages of 25 rows compresses the next page
// (smaller than without it), json renders it back with the dictionary and
// fails naming it without, and inspect shows its id, and without it what it
// can read: the header and the stored sections.
func TestDictCommand(t *testing.T) {
	dir := t.TempDir()
	s, _ := dataset.SetByName("baas")
	rows, _ := json.Marshal(s.Values(275))
	var all []json.RawMessage
	if err := json.Unmarshal(rows, &all); err != nil {
		t.Fatal(err)
	}
	args := []string{"dict", "-o", filepath.Join(dir, "d.rpd")}
	for i := range 10 {
		text, _ := json.Marshal(all[25*i : 25*i+25])
		name := filepath.Join(dir, "p"+strconv.Itoa(i)+".rp")
		if err := os.WriteFile(name, encode(t, text), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
	}
	if _, stderr, err := runCmd(t, nil, args...); err != nil || !strings.Contains(stderr, "dictionary ") {
		t.Fatalf("dict: %v (%s)", err, stderr)
	}
	dict := filepath.Join(dir, "d.rpd")
	want, _ := json.Marshal(all[250:])
	page := encode(t, want, "-compress", "small", "-dict", dict)
	if page[6]&format.FlagDictionary == 0 || len(page) >= len(encode(t, want, "-compress", "small")) {
		t.Fatalf("encode -dict: header % x, %d bytes", page[:8], len(page))
	}
	got, _, err := runCmd(t, page, "json", "-dict", dict)
	if err != nil || got != string(want) {
		t.Fatalf("json -dict differs (err %v)", err)
	}
	if _, _, err := runCmd(t, page, "json"); err == nil || !strings.Contains(err.Error(), "needs dictionary") {
		t.Fatalf("json without the dictionary: %v", err)
	}
	text, _, err := runCmd(t, page, "inspect", "-dict", dict)
	if err != nil || !strings.Contains(text, "dictionary ") {
		t.Fatalf("inspect -dict (err %v):\n%s", err, text)
	}
	text, _, err = runCmd(t, page, "inspect")
	if err == nil || !strings.Contains(err.Error(), "pass it with -dict") {
		t.Fatalf("inspect without the dictionary: %v", err)
	}
	for _, part := range []string{"dictionary " + hex.EncodeToString(page[8:16]), "not read:", "stored section", "string table"} {
		if !strings.Contains(text, part) {
			t.Errorf("inspect without the dictionary lacks %q:\n%s", part, text)
		}
	}
	if _, _, err := runCmd(t, want, "encode", "-dict", dict); err == nil {
		t.Fatal("encode -dict without -compress succeeded")
	}
}
