package pageread

import (
	"bytes"
	"errors"
	"testing"

	"github.com/klauspost/compress/s2"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagedict"
)

// TestPrecheckS2WithoutS2Half feeds precheck an S2 section of a page whose
// dictionary has no S2 half (SPEC.md 2.6): corrupt, unless a tool listing
// sections asked not to compare the page with its dictionary.
func TestPrecheckS2WithoutS2Half(t *testing.T) {
	var samples [][]byte
	for i := range 40 {
		samples = append(samples, []byte(`{"id":`+itoa(i)+`,"name":"ann-ann","tier":"team"}`))
	}
	b, err := pagedict.Train(samples, pagedict.DefaultSize, false)
	if err != nil {
		t.Fatal(err)
	}
	d, err := pagedict.Parse(b)
	if err != nil || d.HasS2() {
		t.Fatalf("dictionary without an S2 half: %v, S2 %v", err, d != nil && d.HasS2())
	}
	raw := bytes.Join(samples, nil)
	s := csection{codec: format.CodecS2, stored: s2.Encode(nil, raw), raw: len(raw)}
	if err := precheck(&s, d, true); !errors.Is(err, format.ErrCorrupt) {
		t.Errorf("S2 section, dictionary without S2: %v, want ErrCorrupt", err)
	}
	if err := precheck(&s, d, false); err != nil {
		t.Errorf("unchecked: %v", err)
	}
}
