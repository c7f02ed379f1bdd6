package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/peers"
	"github.com/rowpage/rowpage/internal/realdata"
)

const benchDoc = `Measure, on the same rows, the cache entry's size and the hit and miss paths of
rowpage and its peers: the JSON text itself (a hit copies it), encoding/json
decoding plus re-marshalling, fxamacker/cbor, vmihailenco/msgpack with and
without interned strings, and JSON compressed with zstd and S2. A hit turns
the entry into the JSON response; a miss turns the rows into the entry and the
response. Every codec's hit response is checked against json.Marshal first.

Built-in datasets at 25 to 5,000 rows; with -real also the arrays of the shared
JSON corpus and the Chinook and Northwind tables (read through sqlpage.AppendSQL), at
the sizes each can fill; or -file with the rows of your own JSON. With two or
more datasets the report opens with the minimum and maximum over datasets of
rowpage's advantage over each peer.
Tables (Markdown) go to standard output, progress to standard error. Modes:
-quick (seconds), default (about a minute on 2 cores), -full (repetitions and
medians, for publication: several minutes).

Regenerate BENCHMARKS.md, its plots and docs/bench.json (every number):
  go run ./cmd/rowpage bench -full -svg docs -doc BENCHMARKS.md
Render them again from the saved numbers, without measuring:
  go run ./cmd/rowpage bench -from docs/bench.json -svg docs -doc BENCHMARKS.md`

// benchConfig is a parsed bench command line.
type benchConfig struct {
	mode     string
	budget   budget
	inFlight int
	sets     []benchSet
	codecs   []peers.Codec
	asJSON   bool
	svgDir   string
	docPath  string
	note     string
	quiet    bool
	from     string
	args     []string
}

func benchCmd(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	cfg, help, err := parseBench(args, stderr)
	if help || err != nil {
		return err
	}
	var r *benchReport
	if cfg.from != "" {
		if r, err = readReport(cfg.from); err != nil {
			return err
		}
	} else {
		prog := newProgress(stderr, cfg.quiet)
		r, err = runBench(cfg, prog)
		prog.done()
		if err != nil {
			return err
		}
	}
	if cfg.svgDir != "" {
		if err := writePlots(cfg.svgDir, r); err != nil {
			return err
		}
		if err := writeReport(filepath.Join(cfg.svgDir, reportFile), r); err != nil {
			return err
		}
	}
	if cfg.docPath != "" {
		if err := writeDocFile(cfg.docPath, cfg.svgDir, r); err != nil {
			return err
		}
	}
	if cfg.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return writeTables(stdout, r, "##")
}

func parseBench(args []string, stderr io.Writer) (*benchConfig, bool, error) {
	fs := newFlags("bench", "[-quick | -full] [flags]", benchDoc, stderr)
	quick := fs.Bool("quick", false, "measure briefly, once: numbers within tens of percent, in seconds")
	full := fs.Bool("full", false, "measure with 7 repetitions and report medians, for publication (several minutes)")
	asJSON := fs.Bool("json", false, "print the report as JSON instead of Markdown tables")
	sets := fs.String("datasets", "", "`datasets` to measure, comma-separated (default all: "+strings.Join(builtinNames(), ",")+", and with -real every real one)")
	withReal := fs.Bool("real", false, "also measure the real datasets of the shared data directory (see -realdir), when it is present")
	realDir := fs.String("realdir", realdata.Dir("."), "with -real, the shared data `directory`")
	sizes := fs.String("sizes", "", "page `sizes` in rows, comma-separated (default 25,100,250,1000,5000; with -file, the whole array)")
	codecs := fs.String("codecs", "", "`codecs` to measure, comma-separated (default all: "+strings.Join(peers.Names(), ",")+")")
	file := fs.String("file", "", "measure the rows of this JSON `file` instead of the built-in datasets")
	ptr := fs.String("pointer", "", "with -file, the JSON `pointer` to the array of rows (RFC 6901, such as /data/items)")
	inFlight := fs.Int("inflight", 8, "goroutines in flight for the concurrent measurement (0: skip it)")
	repTime := fs.Duration("time", 0, "override the mode's time per repetition")
	reps := fs.Int("reps", 0, "override the mode's number of repetitions")
	svgDir := fs.String("svg", "", "write plots as SVG files into this `directory`")
	doc := fs.String("doc", "", "write a complete Markdown report (methodology, commands, plots, tables) to this `file`, such as BENCHMARKS.md")
	note := fs.String("note", "", "a `description` of the machine for the report, such as \"2-core shared VM\"")
	quiet := fs.Bool("q", false, "no progress on standard error")
	from := fs.String("from", "", "measure nothing: render the tables, -svg plots and -doc of this saved JSON `report` (from -json, or the bench.json that -svg writes)")
	if help, err := parseFlags(fs, args); help || err != nil {
		return nil, help, err
	}
	if fs.NArg() > 0 {
		return nil, false, usageError{"bench takes no arguments (use -file for your own JSON)"}
	}
	cfg := &benchConfig{mode: "default", inFlight: *inFlight, asJSON: *asJSON, svgDir: *svgDir, docPath: *doc,
		note: *note, quiet: *quiet, from: *from, args: args}
	switch {
	case *quick && *full:
		return nil, false, usageError{"-quick and -full exclude each other"}
	case *quick:
		cfg.mode = "quick"
	case *full:
		cfg.mode = "full"
	}
	cfg.budget = budgets[cfg.mode]
	if *repTime > 0 {
		cfg.budget.rep, cfg.budget.flight = *repTime, 2**repTime
	}
	if *reps > 0 {
		cfg.budget.reps, cfg.budget.flightReps = *reps, *reps
	}
	sz, err := parseSizes(*sizes)
	if err != nil {
		return nil, false, err
	}
	if *file != "" {
		if *sets != "" || *withReal {
			return nil, false, usageError{"-file excludes -datasets and -real"}
		}
		s, err := fileSet(*file, *ptr, sz)
		if err != nil {
			return nil, false, err
		}
		cfg.sets = []benchSet{s}
	} else {
		if *ptr != "" {
			return nil, false, usageError{"-pointer needs -file"}
		}
		if sz == nil {
			sz = dataset.Sizes
		}
		var rs []realdata.Set
		if *withReal {
			if rs, err = realdata.Load(*realDir); err != nil {
				return nil, false, err
			}
			if len(rs) == 0 {
				fmt.Fprintf(stderr, "rowpage bench: no shared data at %s: measuring the built-in datasets only\n", *realDir)
			}
		}
		if cfg.sets, err = builtinSets(splitList(*sets), sz, rs); err != nil {
			return nil, false, err
		}
	}
	names := splitList(*codecs)
	if len(names) == 0 {
		names = peers.Names()
	}
	for _, n := range names {
		c, ok := peers.ByName(n)
		if !ok {
			return nil, false, usageError{fmt.Sprintf("unknown codec %q (known: %s)", n, strings.Join(peers.Names(), ", "))}
		}
		cfg.codecs = append(cfg.codecs, c)
	}
	if *svgDir != "" {
		if err := os.MkdirAll(*svgDir, 0o755); err != nil {
			return nil, false, err
		}
	}
	if *doc != "" {
		if dir := filepath.Dir(*doc); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, false, err
			}
		}
	}
	return cfg, false, nil
}

// builtinNames returns the names of the built-in datasets, in order.
func builtinNames() []string {
	var out []string
	for _, s := range dataset.Sets {
		out = append(out, s.Name)
	}
	return out
}

// reportFile is the name of the JSON report -svg writes beside the plots.
const reportFile = "bench.json"

// writeReport saves r as indented JSON.
func writeReport(path string, r *benchReport) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// readReport loads a report saved by -json or -svg.
func readReport(path string) (*benchReport, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r benchReport
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: not a bench report: %w", path, err)
	}
	if r.Tool != "rowpage bench" {
		return nil, fmt.Errorf("%s: not a bench report", path)
	}
	return &r, nil
}

// newReport describes the run before anything is measured.
func newReport(cfg *benchConfig) *benchReport {
	r := &benchReport{
		Tool: "rowpage bench", Command: commandLine(cfg.args), Mode: cfg.mode, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH,
		CPU: cpuModel(), CPUs: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0), Note: cfg.note,
		RepTime: cfg.budget.rep.String(), Reps: cfg.budget.reps, InFlight: cfg.inFlight,
		FlightTime: cfg.budget.flight.String(), FlightReps: cfg.budget.flightReps,
		Started: time.Now().UTC().Format(time.RFC3339),
	}
	for _, c := range cfg.codecs {
		r.Codecs = append(r.Codecs, codecInfo{c.Name, c.Label, c.Doc})
	}
	return r
}

// commandLine returns the go run command that repeats this run.
func commandLine(args []string) string {
	var b strings.Builder
	b.WriteString("go run ./cmd/rowpage bench")
	for _, a := range args {
		b.WriteByte(' ')
		if a == "" || strings.ContainsAny(a, " \t\"'$\\*?") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		b.WriteString(a)
	}
	return b.String()
}

// cpuModel returns the processor's model name where the OS tells it.
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
