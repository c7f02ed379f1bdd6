package main

import (
	"os"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/realdata"
)

func TestBenchSpreads(t *testing.T) {
	out, _, err := runCmd(t, nil, append([]string{"bench", "-datasets", "rows,hetero,baas", "-sizes", "4,9", "-codecs", "rowpage,json,s2"}, tiny...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Over all 3 datasets", "**Cache entry size**, min – max over datasets", "**Hit speed**",
		"| peer | 4 rows | 9 rows | all sizes |", "| s2 | ×", "## hetero"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%.3000s", want, out)
		}
	}
	if i, j := strings.Index(out, "## Over all"), strings.Index(out, "## rows"); i < 0 || j < i {
		t.Error("the spreads do not come before the per-dataset tables")
	}
	one, _, err := runCmd(t, nil, append([]string{"bench", "-datasets", "rows", "-sizes", "4", "-codecs", "rowpage,json"}, tiny...)...)
	if err != nil || strings.Contains(one, "Over all") {
		t.Errorf("one dataset: spreads written, or %v", err)
	}
}

func TestSpreadString(t *testing.T) {
	var s spread
	if s.String() != "" {
		t.Errorf("empty spread: %q", s)
	}
	s.add(2, "a")
	s.add(0, "unmeasured")
	s.add(0.5, "b")
	s.add(8, "c")
	if got, want := s.String(), ratio(0.5)+" (b) – "+ratio(8)+" (c)"; got != want || s.n != 3 {
		t.Errorf("got %q (n %d), want %q", got, s.n, want)
	}
}

func TestBenchReal(t *testing.T) {
	dir := realdata.Dir("../..")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no shared data directory")
	}
	r := benchJSON(t, "-real", "-realdir", dir, "-datasets", "rows,github-events,chinook-customer", "-sizes", "25,100", "-codecs", "rowpage,json")
	if len(r.Datasets) != 3 {
		t.Fatalf("%d datasets", len(r.Datasets))
	}
	// github_events.json holds 30 events: the 100-row page is dropped.
	if ds := r.Datasets[1]; ds.Name != "github-events" || len(ds.Pages) != 1 || ds.Pages[0].Rows != 25 {
		t.Errorf("github-events pages %+v", ds.Pages)
	}
	for _, ds := range r.Datasets {
		for _, p := range ds.Pages {
			if rp := p.find("rowpage"); rp == nil || rp.HitOutput != "exact" {
				t.Errorf("%s/%d: rowpage %+v", ds.Name, p.Rows, rp)
			}
		}
	}
	if _, _, err := runCmd(t, nil, "bench", "-real", "-realdir", dir, "-datasets", "nope"); err == nil {
		t.Error("an unknown dataset is accepted")
	}
}
