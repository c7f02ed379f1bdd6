// Command benchsummary reduces the output of rowpage's every-shape
// benchmarks to the ratios the issues set targets on: for each ratio, its
// minimum, median and maximum over every cell (a dataset at a size, built
// one way), the cells that meet the target, and the same by page size.
// Every timing is first reduced to the median of its runs (-count).
//
//	go run ./tools/benchsummary -kind hit hit.txt
//	go run ./tools/benchsummary -kind hit -match from=maps hit.txt
//
// Kinds and the benchmarks they read:
//
//	hit      jsonbridge BenchmarkHitEveryShape (via=appendjson, writediscard, writejson, s2, zstd, fragments, fast, small)
//	page     jsonbridge BenchmarkAppendPageEveryShape (via=appendpage, zstd-fastest, unmarshal)
//	structs  BenchmarkUnmarshalEveryShape and BenchmarkReadTypedEveryShape (codec=…)
//	marshal  BenchmarkMarshalShapes (codec=rowpage, cbor, json)
//
// A ratio is a speed ratio (the peer's time over rowpage's) unless its
// name says time. It costs nothing to run beyond reading the file.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// ratio is one figure an issue sets a target on: num's time over den's
// for every cell that has both.
type ratio struct {
	title    string
	num, den []string // alternatives; with several, the fastest is taken
	target   float64
	atMost   bool // the target is a ceiling (a time ratio)
}

var kinds = map[string]struct {
	bench  string // benchmark name prefix
	vary   string // the part of the name that names the codec
	ratios []ratio
}{
	"hit": {"BenchmarkHitEveryShape", "via", []ratio{
		{"AppendJSON vs S2 decompression (s2 time / appendjson time)", []string{"s2"}, []string{"appendjson"}, 1, false},
		{"AppendJSON vs zstd decompression (zstd time / appendjson time)", []string{"zstd"}, []string{"appendjson"}, 1, false},
		{"WriteJSON to io.Discard time / AppendJSON time (the issue's target)", []string{"writediscard"}, []string{"appendjson"}, 1.2, true},
		{"WriteJSON to an appending writer time / AppendJSON time", []string{"writejson"}, []string{"appendjson"}, 1.2, true},
		{"Bound: one copy per scalar vs S2 (s2 time / fragments time)", []string{"s2"}, []string{"fragments"}, 1, false},
		{"AppendJSON vs the bound (fragments time / appendjson time)", []string{"fragments"}, []string{"appendjson"}, 1, false},
		{"CompressFast hit vs S2 (s2 time / fast time)", []string{"s2"}, []string{"fast"}, 1, false},
		{"CompressSmall hit vs zstd (zstd time / small time)", []string{"zstd"}, []string{"small"}, 1, false},
	}},
	"page": {"BenchmarkAppendPageEveryShape", "via", []ratio{
		{"AppendPage vs zstd SpeedFastest (zstd-fastest time / appendpage time)", []string{"zstd-fastest"}, []string{"appendpage"}, 1, false},
		{"AppendPage vs json.Unmarshal into maps (unmarshal time / appendpage time)", []string{"unmarshal"}, []string{"appendpage"}, 5, false},
	}},
	"structs": {"Benchmark", "codec", []ratio{
		{"Unmarshal vs the faster of goccy and sonic", []string{"goccy", "sonic"}, []string{"rowpage"}, 2, false},
		{"Unmarshal vs encoding/json", []string{"json"}, []string{"rowpage"}, 1, false},
		{"Typed reads vs json.Unmarshal into []T", []string{"json-structs"}, []string{"rowpage-typed"}, 15, false},
	}},
	"marshal": {"BenchmarkMarshalShapes", "codec", []ratio{
		{"Marshal vs fxamacker/cbor (cbor time / rowpage time)", []string{"cbor"}, []string{"rowpage"}, 1, false},
		{"Marshal vs json.Marshal (json time / rowpage time)", []string{"json"}, []string{"rowpage"}, 2, false},
	}},
}

func main() {
	kind := flag.String("kind", "hit", "hit, page, structs or marshal")
	match := flag.String("match", "", "only the cells whose name holds this text, e.g. from=maps")
	flag.Parse()
	k, ok := kinds[*kind]
	if !ok || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: benchsummary -kind hit|page|structs|marshal FILE")
		os.Exit(2)
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	cells, err := read(f, k.bench, k.vary)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *match != "" {
		var kept []*cell
		for _, c := range cells {
			if strings.Contains(c.name, *match) {
				kept = append(kept, c)
			}
		}
		cells = kept
	}
	for _, r := range k.ratios {
		report(os.Stdout, r, cells)
	}
}

// cell holds the median time of each codec for one cell, named by the
// rest of its benchmark name.
type cell struct {
	name  string
	rows  int
	times map[string]float64
}

// read parses benchmark lines that start with prefix and groups their
// ns/op by cell (the name without the vary part and the -N suffix).
func read(r io.Reader, prefix, vary string) ([]*cell, error) {
	runs := map[string]map[string][]float64{}
	var order []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 || !strings.HasPrefix(fields[0], prefix) || fields[3] != "ns/op" {
			continue
		}
		ns, err := strconv.ParseFloat(fields[2], 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", sc.Text(), err)
		}
		name := fields[0]
		if i := strings.LastIndexByte(name, '-'); i > strings.LastIndexByte(name, '/') {
			name = name[:i]
		}
		var rest []string
		codec := ""
		for _, part := range strings.Split(name, "/")[1:] {
			if v, ok := strings.CutPrefix(part, vary+"="); ok {
				codec = v
				continue
			}
			rest = append(rest, part)
		}
		if codec == "" {
			continue
		}
		key := strings.Join(rest, "/")
		if runs[key] == nil {
			runs[key] = map[string][]float64{}
			order = append(order, key)
		}
		runs[key][codec] = append(runs[key][codec], ns)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var cells []*cell
	for _, key := range order {
		c := &cell{name: key, times: map[string]float64{}}
		for _, part := range strings.Split(key, "/") {
			if v, ok := strings.CutPrefix(part, "rows="); ok {
				c.rows, _ = strconv.Atoi(v)
			}
		}
		for codec, ts := range runs[key] {
			c.times[codec] = median(ts)
		}
		cells = append(cells, c)
	}
	return cells, nil
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// fastest returns the least time among the codecs present, and whether
// any was.
func fastest(c *cell, codecs []string) (float64, bool) {
	best, ok := 0.0, false
	for _, name := range codecs {
		if t, has := c.times[name]; has && (!ok || t < best) {
			best, ok = t, true
		}
	}
	return best, ok
}

type value struct {
	cell *cell
	x    float64
}

// report prints one ratio's range over all cells and by page size.
func report(w io.Writer, r ratio, cells []*cell) {
	var all []value
	bySize := map[int][]value{}
	for _, c := range cells {
		num, ok1 := fastest(c, r.num)
		den, ok2 := fastest(c, r.den)
		if !ok1 || !ok2 || den == 0 {
			continue
		}
		v := value{c, num / den}
		all = append(all, v)
		bySize[c.rows] = append(bySize[c.rows], v)
	}
	if len(all) == 0 {
		return
	}
	fmt.Fprintf(w, "\n### %s\n\n| rows | cells | min | median | max | meet %s%.4g |\n|--:|--:|:--|--:|:--|--:|\n",
		r.title, map[bool]string{true: "≤ ", false: "≥ "}[r.atMost], r.target)
	var sizes []int
	for n := range bySize {
		sizes = append(sizes, n)
	}
	sort.Ints(sizes)
	for _, n := range sizes {
		fmt.Fprintf(w, "| %d | %s\n", n, row(bySize[n], r))
	}
	fmt.Fprintf(w, "| all | %s\n", row(all, r))
}

func row(vs []value, r ratio) string {
	sort.Slice(vs, func(i, j int) bool { return vs[i].x < vs[j].x })
	xs := make([]float64, len(vs))
	meet := 0
	for i, v := range vs {
		xs[i] = v.x
		if (r.atMost && v.x <= r.target) || (!r.atMost && v.x >= r.target) {
			meet++
		}
	}
	lo, hi := vs[0], vs[len(vs)-1]
	return fmt.Sprintf("%d | %.2f× (%s) | %.2f× | %.2f× (%s) | %d |",
		len(vs), lo.x, lo.cell.name, median(xs), hi.x, hi.cell.name, meet)
}
