// Command cachebench repeats the published cache experiments of issue 17
// on this machine, with a real Redis, a real HTTP server and its client on
// loopback, and prints the tables of BENCHMARKS.md's "Serving from a
// shared cache" section.
//
//	eval "$(.ci/redis start)"
//	flock /tmp/rowpage-bench.lock go run ./examples/cachebench -exp 1,2,3
//
// Five ways to keep a list query's result in Redis are compared, each
// served as {"rows":[...],"count":N}:
//
//   - reparse: JSON text, decoded into maps and marshalled again by
//     encoding/json (what a generic layer that pages or wraps does);
//   - spliced: JSON text, written between the envelope's two halves;
//   - s2: JSON text compressed with S2, decoded, then spliced;
//   - rowpage: a rowpage page, served by cache.ServeJSON through redisstore;
//   - fast: the same, with pages encoded with rowpage.CompressFast.
//
// Experiment 1 is requests per second with 8 in flight at 25 to 5,000
// rows; experiment 2 the median and p95 latency of hits at 1,000 to
// 100,000 rows with 2 in flight, and meanwhile the p99 latency of a tiny
// endpoint of the same process asked every millisecond; experiment 3 the
// Redis memory that a BaaS-like mix of entries takes (200 list queries,
// 500 single rows, the tables' schemas).
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

func main() {
	addr := flag.String("redis", os.Getenv("ROWPAGE_REDIS_ADDR"), "Redis address (default $ROWPAGE_REDIS_ADDR)")
	exps := flag.String("exp", "1,2,3", "experiments to run")
	dur := flag.Duration("duration", 2*time.Second, "measuring time of one cell of experiments 1 and 2")
	sizes1 := flag.String("sizes1", "25,50,100,250,500,1000,2500,5000", "row counts of experiment 1")
	sizes2 := flag.String("sizes2", "1000,10000,100000", "row counts of experiment 2")
	rows := flag.String("rows", "rows", "rows of experiments 1 and 2: rows (list rows as structs) or baas (BaaS documents as decoded JSON)")
	rows3 := flag.String("rows3", "baas", "rows of experiment 3: baas (BaaS documents as decoded JSON) or rows (list rows as structs)")
	flag.IntVar(&writeJSONAbove, "writejson-above", 0, "cache.Options.WriteJSONAbove of the rowpage variant (0: its default)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the run to this file")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if *addr == "" {
		log.Fatal("cachebench: no Redis: pass -redis host:port or set ROWPAGE_REDIS_ADDR (eval \"$(.ci/redis start)\")")
	}
	client := redis.NewClient(&redis.Options{Addr: *addr, PoolSize: 32})
	defer client.Close()
	b, err := newBench(client, *rows)
	if err != nil {
		log.Fatal(err)
	}
	defer b.close()
	for _, e := range strings.Split(*exps, ",") {
		switch strings.TrimSpace(e) {
		case "1":
			err = b.exp1(ints(*sizes1), *dur)
		case "2":
			err = b.exp2(ints(*sizes2), *dur)
		case "3":
			err = b.exp3(*rows3)
		default:
			err = fmt.Errorf("cachebench: no experiment %q", e)
		}
		if err != nil {
			log.Print(err)
			return
		}
	}
}

func ints(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			log.Fatalf("cachebench: %q: %v", s, err)
		}
		out = append(out, n)
	}
	return out
}
