package main

import (
	"fmt"
	"io"
	"slices"
)

// A spread is the range, over datasets, of rowpage's advantage over one
// peer in one measure at one page size: the headline figures that no
// single dataset can flatter.
type spread struct {
	lo, hi         float64
	loName, hiName string // the datasets with the smallest and largest advantage
	n              int    // datasets measured
}

// add counts one dataset's advantage a (0: not measured).
func (s *spread) add(a float64, dataset string) {
	if a == 0 {
		return
	}
	if s.n == 0 || a < s.lo {
		s.lo, s.loName = a, dataset
	}
	if s.n == 0 || a > s.hi {
		s.hi, s.hiName = a, dataset
	}
	s.n++
}

// String renders the spread as "×lo (dataset) – ×hi (dataset)".
func (s spread) String() string {
	switch s.n {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%s (%s)", ratio(s.lo), s.loName)
	}
	return fmt.Sprintf("%s (%s) – %s (%s)", ratio(s.lo), s.loName, ratio(s.hi), s.hiName)
}

// spreadMeasures are the advantages the spread tables range over.
var spreadMeasures = []struct {
	title string
	get   func(a *advantage) float64
}{
	{"cache entry size", func(a *advantage) float64 { return a.Size }},
	{"hit speed", func(a *advantage) float64 { return a.Hit }},
	{"miss speed", func(a *advantage) float64 { return a.Miss }},
}

// pageSizes returns every page size of r, in increasing order.
func pageSizes(r *benchReport) []int {
	seen := map[int]bool{}
	var out []int
	for _, ds := range r.Datasets {
		for _, p := range ds.Pages {
			if !seen[p.Rows] {
				seen[p.Rows] = true
				out = append(out, p.Rows)
			}
		}
	}
	slices.Sort(out)
	return out
}

// writeSpreads writes, when r holds two or more datasets, one table per
// measure: for each peer and page size, the smallest and largest of
// rowpage's advantages over the datasets measured at that size, and the
// same over every size. Cost: one pass over the report per measure.
func writeSpreads(w io.Writer, r *benchReport, level string) {
	if len(r.Datasets) < 2 {
		return
	}
	sizes := pageSizes(r)
	var peers []string
	for _, c := range r.Codecs {
		if c.Name != "rowpage" {
			peers = append(peers, c.Name)
		}
	}
	fmt.Fprintf(w, "\n%s Over all %d datasets\n\n", level, len(r.Datasets))
	fmt.Fprint(w, "The smallest and largest of rowpage's advantage over each peer among the datasets, "+
		"with the dataset where each is reached: ×N means rowpage is N times smaller or faster; below ×1 the peer wins.\n")
	for _, m := range spreadMeasures {
		fmt.Fprintf(w, "\n**%s**, min – max over datasets\n\n| peer |", capitalize(m.title))
		for _, n := range sizes {
			fmt.Fprintf(w, " %s rows |", count(n))
		}
		fmt.Fprint(w, " all sizes |\n|:--|")
		for range sizes {
			fmt.Fprint(w, "--:|")
		}
		fmt.Fprintln(w, "--:|")
		for _, peer := range peers {
			var all spread
			cells := make([]spread, len(sizes))
			for _, ds := range r.Datasets {
				for i := range ds.Pages {
					p := &ds.Pages[i]
					c := p.find(peer)
					if c == nil || c.Advantage == nil {
						continue
					}
					a := m.get(c.Advantage)
					for k, n := range sizes {
						if n == p.Rows {
							cells[k].add(a, ds.Name)
						}
					}
					all.add(a, fmt.Sprintf("%s %s", ds.Name, count(p.Rows)))
				}
			}
			fmt.Fprintf(w, "| %s |", peer)
			for _, c := range cells {
				fmt.Fprintf(w, " %s |", dash(c.String()))
			}
			fmt.Fprintf(w, " %s |\n", dash(all.String()))
		}
	}
}

// dash stands in for an empty table cell.
func dash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
