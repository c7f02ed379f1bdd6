package realdata

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/rowpage/rowpage/jsonbridge"
)

// load returns the real sets, skipping the test when ../shared is absent.
func load(t testing.TB) []Set {
	t.Helper()
	sets, err := Load(Dir("../.."))
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) == 0 {
		t.Skip("no shared data directory at ../../../shared/data")
	}
	return sets
}

func TestLoad(t *testing.T) {
	sets := load(t)
	names := map[string]bool{}
	for _, s := range sets {
		if names[s.Name] || s.Doc == "" || s.Source == "" {
			t.Errorf("%s: duplicate or undocumented", s.Name)
		}
		names[s.Name] = true
		if len(s.Rows) < 25 {
			t.Errorf("%s: only %d rows", s.Name, len(s.Rows))
		}
		if got := s.Sizes([]int{25, 1 << 30}); len(got) != 1 || got[0] != 25 {
			t.Errorf("%s: Sizes = %v", s.Name, got)
		}
	}
	for _, want := range []string{"twitter", "github-events", "citm-performances", "amazon-cellphones", "chinook-track", "northwind-orders"} {
		if !names[want] {
			t.Errorf("no set %q", want)
		}
	}
}

// TestSQLPages checks that each SQL set's page, from AppendSQL, renders
// as json.Marshal of the scanned maps, so that benchmarks compare like
// with like.
func TestSQLPages(t *testing.T) {
	for _, s := range load(t) {
		if s.Page == nil {
			continue
		}
		for _, n := range s.Sizes([]int{25, 1000}) {
			page, err := s.Page(n)
			if err != nil {
				t.Fatalf("%s/%d: %v", s.Name, n, err)
			}
			got, err := jsonbridge.AppendJSON(nil, page)
			if err != nil {
				t.Fatalf("%s/%d: %v", s.Name, n, err)
			}
			want, _ := json.Marshal(s.Rows[:n])
			if !bytes.Equal(got, want) {
				i := 0
				for i < min(len(got), len(want)) && got[i] == want[i] {
					i++
				}
				t.Errorf("%s/%d: page JSON differs from json.Marshal of the maps at byte %d:\n got %.120s\nwant %.120s", s.Name, n, i, got[max(i-40, 0):], want[max(i-40, 0):])
			}
		}
	}
}

func TestAbsent(t *testing.T) {
	sets, err := Load(t.TempDir() + "/nothing")
	if sets != nil || err != nil {
		t.Errorf("Load of a missing directory: %v, %v", sets, err)
	}
}
