package rowpage

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// specDictSamples are the pages the dictionary of SPEC.md 10.11 is trained
// on: eight pages of four users each, as one endpoint would cache them.
func specDictSamples(t testing.TB) [][]byte {
	names := []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ida", "jon", "kim", "lou", "max", "ned", "oli", "pam"}
	tiers := []string{"pro", "free", "team"}
	var out [][]byte
	for p := range 8 {
		var us []specUser
		for i := range 4 {
			k := 4*p + i
			us = append(us, specUser{ID: k + 1, Name: names[k%len(names)] + "-" + names[(k*7)%len(names)], Tier: tiers[k%3]})
		}
		page, err := Marshal(us)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page)
	}
	return out
}

// specDict is the dictionary of SPEC.md 10.11, read from its golden file.
var specDict = sync.OnceValues(func() (*Dictionary, error) {
	b, err := os.ReadFile(filepath.Join("testdata", "spec", "dictionary.hex"))
	if err != nil {
		return nil, err
	}
	raw, err := hex.DecodeString(strings.Join(strings.Fields(string(b)), ""))
	if err != nil {
		return nil, err
	}
	return ParseDictionary(raw)
})

// TestSpecDictionary checks the golden dictionary of SPEC.md 10.11:
// training on the samples gives it byte for byte (for the compression
// library go.mod pins), and its id is the one the example names.
func TestSpecDictionary(t *testing.T) {
	d, err := TrainDictionary(specDictSamples(t), DictOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "spec", "dictionary.hex")
	if *updateGolden {
		os.WriteFile(path, []byte(spacedHex(d.Bytes())+"\n"), 0o644)
	}
	golden, err := specDict()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(d.Bytes(), golden.Bytes()) {
		t.Fatalf("trained dictionary differs from the golden one:\n got: %s\nwant: %s", spacedHex(d.Bytes()), spacedHex(golden.Bytes()))
	}
	doc, err := os.ReadFile("SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "id `"+golden.ID()+"`") {
		t.Errorf("SPEC.md 10.11 does not give the dictionary's id %s", golden.ID())
	}
}
