package jsonbridge

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/realdata"
)

// TestAppendPageHashes writes, for every input the JSON tests know (the
// generated sets at several sizes, the real sets at every size and whole,
// the shared JSON files, JSONTestSuite, the go-fuzz corpus and the cell
// sink's texts), a line with the input's name and the SHA-256 of the page
// AppendPage makes of it, or of its error, to the file named by
// APPENDPAGE_HASHES. Run it at two commits and compare the files to show
// that a change to the miss path keeps every page byte for byte:
//
//	APPENDPAGE_HASHES=/tmp/new.txt go test -run '^TestAppendPageHashes$' ./jsonbridge
//
// Without the variable it is skipped.
func TestAppendPageHashes(t *testing.T) {
	out := os.Getenv("APPENDPAGE_HASHES")
	if out == "" {
		t.Skip("APPENDPAGE_HASHES not set")
	}
	var lines []string
	add := func(name string, x []byte) {
		page, err := AppendPage(nil, x)
		var sum [32]byte
		if err != nil {
			sum = sha256.Sum256([]byte("error: " + err.Error()))
		} else {
			sum = sha256.Sum256(page)
		}
		lines = append(lines, name+" "+hex.EncodeToString(sum[:]))
	}
	for i, x := range cellSinkTexts {
		add("cellsink/"+strconv.Itoa(i), []byte(x))
	}
	for _, s := range dataset.Sets {
		for _, n := range []int{0, 1, 2, 25, 100, 1000, 5000} {
			add(s.Name+"/"+strconv.Itoa(n), s.Text(n))
		}
	}
	sets, err := realdata.Load(realdata.Dir(".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		for _, n := range []int{1, 25, 100, 1000, 5000, len(s.Rows)} {
			x, err := json.Marshal(s.Rows[:min(n, len(s.Rows))])
			if err != nil {
				t.Fatal(err)
			}
			add(s.Name+"/"+strconv.Itoa(n), x)
		}
	}
	for _, dir := range []string{dataJSONDir, testSuiteDir, fuzzJSONDir} {
		names, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, f := range names {
			if fi, err := os.Stat(f); err != nil || fi.IsDir() {
				continue
			}
			x, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			add(f, x)
		}
	}
	sort.Strings(lines)
	if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "%d inputs hashed to %s\n", len(lines), out)
}
