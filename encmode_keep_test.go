package rowpage

import (
	"runtime"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// TestEncModeKeepsAnEncoder checks EncMode's kept encoder: after a page,
// one encoder waits outside the pool, so that a Marshal after garbage
// collections (which empty sync.Pool), or on another P, finds its buffers
// grown and allocates only the page; an encoder whose buffers passed
// maxLastEncoder is left to the pool, and so to the collector.
func TestEncModeKeepsAnEncoder(t *testing.T) {
	m, err := EncOptions{}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	var rows any = dataset.GenericMaps(200) // boxed once: a conversion per call would allocate
	if _, err := m.Marshal(rows); err != nil {
		t.Fatal(err)
	}
	e := m.last.Load()
	if e == nil {
		t.Fatal("no encoder kept after a page")
	}
	if len(e.w.vals) != 0 && e.w.vals[0] != nil {
		t.Error("the kept encoder holds the caller's values")
	}
	if raceEnabled {
		t.Log("allocation count skipped: the race detector makes sync.Pool drop items")
	} else if a := testing.AllocsPerRun(10, func() {
		runtime.GC()
		runtime.GC()
		if _, err := m.Marshal(rows); err != nil {
			t.Fatal(err)
		}
	}); a > 1 {
		t.Errorf("Marshal after two garbage collections: %v allocations, want 1 (the page)", a)
	}

	// An encoder whose buffers grew past the bound (here a column's, as a
	// page of a few hundred thousand rows grows them) is not kept.
	m.last.Store(nil)
	big := m.NewEncoder()
	big.b.Cols = append(big.b.Cols, pagebuild.Column{Blob: make([]byte, 0, maxLastEncoder+1)})
	m.put(big)
	if m.last.Load() != nil {
		t.Errorf("an encoder of %d buffer bytes was kept past garbage collections (at most %d)", big.b.Retained(), maxLastEncoder)
	}
	small := m.NewEncoder()
	m.put(small)
	if m.last.Load() != small {
		t.Error("a new encoder was not kept")
	}
}
