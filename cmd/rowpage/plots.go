package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// plot is one chart written for each dataset.
type plot struct {
	suffix string // file name: <dataset>-<suffix>.svg
	title  string // after the dataset's name
	ylabel string
	logY   bool
	value  func(c *codecResult) float64 // 0: no point
}

var plots = []plot{
	{"size", "cache entry size", "% of the JSON", false, func(c *codecResult) float64 { return c.PctJSON }},
	{"hit", "hit throughput, one goroutine", "MB/s of JSON served (log scale)", true, func(c *codecResult) float64 {
		if c.Hit == nil {
			return 0
		}
		return c.Hit.MBps
	}},
	{"miss", "miss throughput, one goroutine", "MB/s of JSON produced (log scale)", true, func(c *codecResult) float64 {
		if c.Miss == nil {
			return 0
		}
		return c.Miss.MBps
	}},
	{"inflight", "hits per second, in flight", "pages/s (log scale)", true, func(c *codecResult) float64 {
		if c.InFlight == nil {
			return 0
		}
		return c.InFlight.PagesPerSec
	}},
}

// plotFile returns the file name of plot p for dataset ds.
func plotFile(ds *datasetResult, p plot) string { return ds.Name + "-" + p.suffix + ".svg" }

// charts returns dataset ds's charts, in the order of plots, skipping those
// without data.
func charts(ds *datasetResult, r *benchReport) map[string]*lineChart {
	out := map[string]*lineChart{}
	for _, pl := range plots {
		title := fmt.Sprintf("%s: %s", ds.Name, pl.title)
		if pl.suffix == "inflight" {
			title = fmt.Sprintf("%s: hits per second, %d in flight, GOMAXPROCS %d", ds.Name, r.InFlight, r.GOMAXPROCS)
		}
		ch := &lineChart{Title: title, XLabel: "rows per page (log scale)", YLabel: pl.ylabel, LogX: true, LogY: pl.logY, ZeroY: !pl.logY}
		points := 0
		for _, name := range codecNames(ds) {
			s := series{Name: name}
			for i := range ds.Pages {
				p := &ds.Pages[i]
				if c := p.find(name); c != nil {
					if v := pl.value(c); v > 0 {
						s.Points = append(s.Points, point{float64(p.Rows), v})
					}
				}
			}
			points += len(s.Points)
			ch.Series = append(ch.Series, s)
		}
		if points > 0 {
			out[pl.suffix] = ch
		}
	}
	return out
}

// writePlots writes every dataset's charts into dir.
func writePlots(dir string, r *benchReport) error {
	for i := range r.Datasets {
		ds := &r.Datasets[i]
		chs := charts(ds, r)
		for _, pl := range plots {
			ch := chs[pl.suffix]
			if ch == nil {
				continue
			}
			f, err := os.Create(filepath.Join(dir, plotFile(ds, pl)))
			if err != nil {
				return err
			}
			err = ch.WriteSVG(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}
