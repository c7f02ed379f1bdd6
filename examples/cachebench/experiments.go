package main

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/s2"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/internal/dataset"
)

func (b *bench) url(variant string, n int) string {
	return fmt.Sprintf("%s/%s/%d", b.srv.URL, variant, n)
}

// exp1: requests per second with 8 in flight.
func (b *bench) exp1(sizes []int, d time.Duration) error {
	fmt.Printf("\n### Experiment 1: hits per second, 8 in flight (%v a cell, GOMAXPROCS %d, rows of %s)\n\n", d, runtime.GOMAXPROCS(0), b.rows)
	fmt.Println("| rows | JSON, re-parsed | JSON, spliced | S2 JSON | rowpage | rowpage, CompressFast | rowpage ÷ re-parse | ÷ S2 | ÷ spliced | CompressFast ÷ S2 | ÷ spliced |")
	fmt.Println("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	for _, n := range sizes {
		if err := b.load(n); err != nil {
			return err
		}
		rps := map[string]float64{}
		for _, v := range variants {
			lats, err := closedLoop(b.url(v, n), 8, d)
			if err != nil {
				return err
			}
			rps[v] = float64(len(lats)) / d.Seconds()
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× |\n", num(n),
			num(int(rps["reparse"])), num(int(rps["spliced"])), num(int(rps["s2"])), num(int(rps["rowpage"])), num(int(rps["fast"])),
			rps["rowpage"]/rps["reparse"], rps["rowpage"]/rps["s2"], rps["rowpage"]/rps["spliced"],
			rps["fast"]/rps["s2"], rps["fast"]/rps["spliced"])
	}
	return nil
}

// exp2: hit latency with 2 in flight, and meanwhile the tiny endpoint's
// p99 asked every millisecond.
func (b *bench) exp2(sizes []int, d time.Duration) error {
	fmt.Printf("\n### Experiment 2: hit latency, 2 in flight, and a tiny endpoint's p99 meanwhile (at least %v a cell, rows of %s)\n\n", d, b.rows)
	fmt.Println("| rows | entry | hits | median | p95 | tiny endpoint p99 |")
	fmt.Println("|--:|:--|--:|--:|--:|--:|")
	for _, n := range sizes {
		if err := b.load(n); err != nil {
			return err
		}
		cell := d
		if n >= 100_000 {
			cell = 3 * d // the re-parse of 100,000 rows takes seconds a hit
		}
		for _, v := range latencyVariants {
			ctx, stop := context.WithCancel(context.Background())
			tiny := make(chan []time.Duration)
			go func() { tiny <- paced(ctx, b.srv.URL+"/tiny", time.Millisecond) }()
			lats, err := closedLoop(b.url(v, n), 2, cell)
			stop()
			t := <-tiny
			if err != nil {
				return err
			}
			fmt.Printf("| %s | %s | %d | %s | %s | %s |\n", num(n), v, len(lats),
				ms(quantile(lats, 0.5)), ms(quantile(lats, 0.95)), ms(quantile(t, 0.99)))
		}
		runtime.GC()
	}
	return nil
}

// exp3: Redis memory of a BaaS-like mix: 200 list queries (25 to 500 rows,
// different rows each), 500 single-row reads, and the schemas of 20
// tables, stored in each form. The rows are set's: "baas", the BaaS
// documents as the BaaS holds them (decoded JSON: maps, RFC 3339 strings,
// float64 numbers), or "rows", the list rows of dataset.Rows as structs.
func (b *bench) exp3(set string) error {
	ctx := context.Background()
	type entry struct {
		name string
		rows []any // nil for a schema
		one  bool
		i    int
	}
	var all []any
	switch set {
	case "baas":
		for _, m := range dataset.BaaSGenericMaps(20_000) {
			all = append(all, m)
		}
	case "rows":
		for _, r := range dataset.Rows(20_000) {
			all = append(all, r)
		}
	default:
		return fmt.Errorf("cachebench: experiment 3 has no rows %q (baas or rows)", set)
	}
	var mix []entry
	listSizes := []int{25, 50, 100, 250, 500}
	off := 0
	for i := range 200 {
		n := listSizes[i%len(listSizes)]
		if off+n > len(all) {
			off = 0
		}
		mix = append(mix, entry{name: "list", rows: all[off : off+n], i: i})
		off += n / 3 // list queries overlap, as pages of one table do
	}
	for i := range 500 {
		mix = append(mix, entry{name: "row", rows: all[i*7%len(all) : i*7%len(all)+1], one: true, i: i})
	}
	for i := range 20 {
		mix = append(mix, entry{name: "schema", i: i})
	}
	fmt.Printf("\n### Experiment 3: Redis memory of a BaaS-like mix (200 list queries, 500 single rows, 20 schemas; rows of %s)\n", set)
	fmt.Println()
	fmt.Println("| entry | keys | bytes of values | MEMORY USAGE, sum | INFO used_memory, growth | ÷ JSON |")
	fmt.Println("|:--|--:|--:|--:|--:|--:|")
	// value is what an entry stores: its rows, its one row or a schema.
	value := func(e entry) any {
		switch {
		case e.name == "schema":
			return schema(e.i)
		case e.one:
			return e.rows[0]
		}
		return e.rows
	}
	var jsonUsage int64
	var jsonBytes, floorBytes int64
	for _, e := range mix {
		v := value(e)
		js, err := json.Marshal(v)
		if err != nil {
			return err
		}
		jsonBytes += int64(len(js))
		floorBytes += int64(distinctTextBytes(v))
	}
	modes := map[string]*rowpage.EncMode{}
	for form, c := range map[string]rowpage.Compression{"rowpage": rowpage.CompressNone,
		"rowpage, CompressFast": rowpage.CompressFast, "rowpage, CompressSmall": rowpage.CompressSmall} {
		m, err := rowpage.EncOptions{Compression: c}.EncMode()
		if err != nil {
			return err
		}
		modes[form] = m
	}
	for _, form := range []string{"JSON", "S2 JSON", "rowpage", "rowpage, CompressFast", "rowpage, CompressSmall"} {
		b.clear() // start from no entries of ours
		runtime.GC()
		before, err := usedMemory(b)
		if err != nil {
			return err
		}
		var valueBytes, usage int64
		var keys []string
		// A store error is only reported by the cache, so the experiment
		// watches for one: a page that never reached Redis would make
		// its memory look smaller than it is.
		var storeErr error
		c, err := cache.New(cache.Options{Store: b.store, Namespace: prefix + "exp3", TTL: time.Hour, StoreTimeout: 10 * time.Second,
			Observe: func(e cache.Event) {
				if e.Kind == cache.EventStoreError && storeErr == nil {
					storeErr = fmt.Errorf("cachebench: storing %s: %w", e.StoreKey, e.Err)
				}
			}})
		if err != nil {
			return err
		}
		for _, e := range mix {
			v := value(e)
			js, err := json.Marshal(v)
			if err != nil {
				return err
			}
			k := fmt.Sprintf("%sexp3:%s:%s:%d", prefix, form, e.name, e.i)
			switch form {
			case "JSON":
				err = b.store.Set(ctx, k, js, time.Hour)
				valueBytes += int64(len(js))
			case "S2 JSON":
				z := s2.Encode(nil, js)
				err = b.store.Set(ctx, k, z, time.Hour)
				valueBytes += int64(len(z))
			case "rowpage", "rowpage, CompressFast", "rowpage, CompressSmall":
				page, perr := modes[form].Marshal(v)
				if perr != nil {
					return perr
				}
				ck := cache.Key{Tenant: "baas", Query: e.name, Args: []any{e.i}}
				_, _, err = c.Get(ctx, ck, func(context.Context) ([]byte, error) { return page, nil })
				k = c.StoreKey(ck)
				if err == nil {
					err = storeErr
				}
				valueBytes += int64(len(page) + 20)
			}
			if err != nil {
				return err
			}
			keys = append(keys, k)
		}
		for _, k := range keys {
			u, err := b.client.MemoryUsage(ctx, k).Result()
			if err != nil {
				return err
			}
			usage += u
		}
		after, err := usedMemory(b)
		if err != nil {
			return err
		}
		if form == "JSON" {
			jsonUsage = usage
		}
		fmt.Printf("| %s | %d | %s | %s | %s | %.3f |\n", form, len(keys), num(int(valueBytes)), num(int(usage)), num(int(after-before)), float64(usage)/float64(jsonUsage))
	}
	fmt.Printf("\nThe distinct strings of each entry but its RFC 3339 timestamps, each counted once and uncompressed, are %.3f "+
		"of the JSON's bytes (%s of %s): a plain page, which stores them as text, is at least that.\n",
		float64(floorBytes)/float64(jsonBytes), num(int(floorBytes)), num(int(jsonBytes)))
	b.clear()
	return nil
}

// schema is a table's schema as a BaaS returns it.
func schema(i int) map[string]any {
	cols := []map[string]any{}
	for j, name := range []string{"id", "seq", "created_at", "updated_at", "owner", "permissions", "status", "title", "body", "tags", "views", "likes", "price", "score", "active", "deleted_at", "region", "version"} {
		cols = append(cols, map[string]any{"name": name, "type": []string{"int8", "int4", "timestamptz", "text", "text[]", "float8", "bool"}[j%7],
			"nullable": j%5 == 0, "default": nil, "position": j + 1})
	}
	return map[string]any{"table": "table_" + strconv.Itoa(i), "schema": "public", "columns": cols, "primary_key": []string{"id"}, "rls": i%2 == 0}
}

func usedMemory(b *bench) (int64, error) {
	info, err := b.client.Info(context.Background(), "memory").Result()
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "used_memory:"); ok {
			return strconv.ParseInt(v, 10, 64)
		}
	}
	return 0, fmt.Errorf("cachebench: no used_memory in INFO memory")
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// num formats n with thousands separators.
func num(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
