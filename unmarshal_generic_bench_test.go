package rowpage_test

import (
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

// BenchmarkUnmarshalGenericRows decodes 100 rows of events into a fresh
// []any, the generic loop of Unmarshal (rows of map[string]any).
func BenchmarkUnmarshalGenericRows(b *testing.B) {
	page, err := rowpage.Marshal(dataset.Events(100))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		var out []any
		if err := rowpage.Unmarshal(page, &out); err != nil {
			b.Fatal(err)
		}
	}
}
