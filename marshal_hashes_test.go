package rowpage_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/realdata"
)

// TestMarshalHashes writes, for every generated set at several sizes (from
// generic maps, native maps and structs where the set has them) and every
// real set at every size and whole, a line with the input's name and the
// SHA-256 of the page Marshal makes of it, or of its error, to the file
// named by MARSHAL_HASHES. Run it at two commits and compare the files to
// show that a change to the encoder keeps every page byte for byte:
//
//	MARSHAL_HASHES=/tmp/new.txt go test -run '^TestMarshalHashes$' .
//
// Without the variable it is skipped.
func TestMarshalHashes(t *testing.T) {
	out := os.Getenv("MARSHAL_HASHES")
	if out == "" {
		t.Skip("MARSHAL_HASHES not set")
	}
	var lines []string
	add := func(name string, v any) {
		page, err := rowpage.Marshal(v)
		var sum [32]byte
		if err != nil {
			sum = sha256.Sum256([]byte("error: " + err.Error()))
		} else {
			sum = sha256.Sum256(page)
		}
		lines = append(lines, name+" "+hex.EncodeToString(sum[:]))
	}
	for _, s := range dataset.Sets {
		for _, n := range []int{0, 1, 2, 25, 100, 1000, 5000} {
			name := s.Name + "/" + strconv.Itoa(n)
			add(name+"/generic", s.Generic(n))
			add(name+"/native", s.NativeMaps(n))
			if s.HasStructs() {
				add(name+"/structs", s.Values(n))
			}
		}
	}
	sets, err := realdata.Load(realdata.Dir("."))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		for _, n := range []int{1, 25, 100, 1000, 5000, len(s.Rows)} {
			add(s.Name+"/"+strconv.Itoa(n), s.Rows[:min(n, len(s.Rows))])
		}
	}
	sort.Strings(lines)
	if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "%d inputs hashed to %s\n", len(lines), out)
}
