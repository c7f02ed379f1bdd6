package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// writeTables writes the whole report as Markdown: a line on the run, then
// each dataset's tables under a heading of the given level ("##").
func writeTables(w io.Writer, r *benchReport, level string) error {
	fmt.Fprintf(w, "%s rowpage bench\n\n%s\n", level, runLine(r))
	writeHeadline(w, r)
	fmt.Fprintf(w, "\n%s\n", legend)
	writeSpreads(w, r, level)
	for i := range r.Datasets {
		ds := &r.Datasets[i]
		fmt.Fprintf(w, "\n%s %s\n\n%s.\n", level, ds.Name, capitalize(ds.Doc))
		writeDatasetTables(w, ds, r)
	}
	return nil
}

// runLine describes how the numbers were taken, in one paragraph.
func runLine(r *benchReport) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Mode %s: %s %s/%s, %d CPUs", r.Mode, r.Go, r.OS, r.Arch, r.CPUs)
	if r.CPU != "" {
		fmt.Fprintf(&b, " (%s)", r.CPU)
	}
	fmt.Fprintf(&b, ", GOMAXPROCS %d", r.GOMAXPROCS)
	if r.Note != "" {
		fmt.Fprintf(&b, ", %s", r.Note)
	}
	if r.Reps > 1 {
		fmt.Fprintf(&b, ". Single-goroutine times: medians of %d repetitions of about %s each", r.Reps, r.RepTime)
	} else {
		fmt.Fprintf(&b, ". Single-goroutine times: one run of about %s each", r.RepTime)
	}
	if r.InFlight > 0 {
		fmt.Fprintf(&b, "; %d in flight: ", r.InFlight)
		if r.FlightReps > 1 {
			fmt.Fprintf(&b, "medians of %d runs of %s", r.FlightReps, r.FlightTime)
		} else {
			fmt.Fprintf(&b, "one run of %s", r.FlightTime)
		}
	}
	fmt.Fprintf(&b, ". Started %s, took %s s.", r.Started, sig3(r.Seconds))
	return b.String()
}

const legend = "In every table, ×N after a peer's number is rowpage's advantage over that peer: its entry is N " +
	"times the page's size, or rowpage is N times as fast. Below ×1 the peer wins. A hit turns the cached entry " +
	"into the JSON response; a miss turns the rows (Go values) into the entry and the response. MB/s count " +
	"bytes of JSON produced."

// column headers: the page sizes.
func header(w io.Writer, ds *datasetResult) {
	fmt.Fprint(w, "| codec |")
	for _, p := range ds.Pages {
		fmt.Fprintf(w, " %s rows |", count(p.Rows))
	}
	fmt.Fprint(w, "\n|:--|")
	for range ds.Pages {
		fmt.Fprint(w, "--:|")
	}
	fmt.Fprintln(w)
}

// row writes one table row: cell formats codec c's result on page p ("" if
// there is no result).
func row(w io.Writer, ds *datasetResult, name string, cell func(p *pageResult, c *codecResult) string) {
	fmt.Fprintf(w, "| %s |", name)
	for i := range ds.Pages {
		p := &ds.Pages[i]
		s := "–"
		if c := p.find(name); c != nil {
			if v := cell(p, c); v != "" {
				s = v
			}
		}
		fmt.Fprintf(w, " %s |", s)
	}
	fmt.Fprintln(w)
}

// codecNames lists the codecs measured on ds, in report order.
func codecNames(ds *datasetResult) []string {
	var out []string
	for _, p := range ds.Pages {
		for _, c := range p.Codecs {
			if !slices.Contains(out, c.Codec) {
				out = append(out, c.Codec)
			}
		}
	}
	return out
}

// withAdvantage appends rowpage's advantage to a peer's cell.
func withAdvantage(s string, a float64) string {
	if a == 0 {
		return s
	}
	return s + " · " + ratio(a)
}

// writeDatasetTables writes the five tables of one dataset and the notes on
// hit output.
func writeDatasetTables(w io.Writer, ds *datasetResult, r *benchReport) {
	names := codecNames(ds)
	table := func(title string, cell func(p *pageResult, c *codecResult) string) {
		fmt.Fprintf(w, "\n%s\n\n", title)
		header(w, ds)
		for _, n := range names {
			row(w, ds, n, cell)
		}
	}
	adv := func(c *codecResult, f func(a *advantage) float64) float64 {
		if c.Advantage == nil {
			return 0
		}
		return f(c.Advantage)
	}
	table("**Size of the cache entry** (% of the JSON)", func(p *pageResult, c *codecResult) string {
		return withAdvantage(fmt.Sprintf("%s · %s%%", byteSize(c.Bytes), sig3(c.PctJSON)), adv(c, func(a *advantage) float64 { return a.Size }))
	})
	table("**Hit**: MB/s of JSON served by one goroutine", func(p *pageResult, c *codecResult) string {
		if c.Hit == nil {
			return c.HitOutput
		}
		return withAdvantage(sig3(c.Hit.MBps), adv(c, func(a *advantage) float64 { return a.Hit }))
	})
	table("**Hit allocations** per page served (count · bytes)", func(p *pageResult, c *codecResult) string {
		if c.Hit == nil {
			return ""
		}
		return fmt.Sprintf("%s · %s", count(int(c.Hit.Allocs+0.5)), byteSize(int(c.Hit.AllocBytes+0.5)))
	})
	table("**Miss**: MB/s of JSON produced (entry and response built from the rows)", func(p *pageResult, c *codecResult) string {
		if c.Miss == nil {
			return ""
		}
		return withAdvantage(sig3(c.Miss.MBps), adv(c, func(a *advantage) float64 { return a.Miss }))
	})
	if r.InFlight > 0 {
		table(fmt.Sprintf("**%d in flight**: hits per second, %d goroutines serving at once on GOMAXPROCS %d", r.InFlight, r.InFlight, r.GOMAXPROCS),
			func(p *pageResult, c *codecResult) string {
				if c.InFlight == nil {
					return ""
				}
				return withAdvantage(count(int(c.InFlight.PagesPerSec+0.5)), adv(c, func(a *advantage) float64 { return a.InFlight }))
			})
	}
	writeFidelity(w, ds, names)
}

// writeFidelity notes the codecs whose hit response is not exactly what
// json.Marshal wrote.
func writeFidelity(w io.Writer, ds *datasetResult, names []string) {
	var notes []string
	for _, n := range names {
		kinds := map[string]bool{}
		note := ""
		for _, p := range ds.Pages {
			if c := p.find(n); c != nil {
				kinds[c.HitOutput] = true
				if c.Note != "" && note == "" {
					note = c.Note
				}
			}
		}
		if len(kinds) == 1 && kinds["exact"] {
			continue
		}
		var ks []string
		for k := range kinds {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		s := fmt.Sprintf("%s: %s", n, strings.Join(ks, ", "))
		if note != "" {
			s += " (" + note + ")"
		}
		notes = append(notes, s)
	}
	fmt.Fprint(w, "\nHit response against json.Marshal of the rows: exact (byte for byte) for every codec")
	if len(notes) == 0 {
		fmt.Fprintln(w, ".")
		return
	}
	fmt.Fprint(w, " but\n\n")
	for _, s := range notes {
		fmt.Fprintf(w, "- %s\n", s)
	}
}

// capitalize upper-cases the first letter of an ASCII sentence.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
