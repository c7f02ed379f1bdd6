package main

import "time"

// distinctTextBytes returns the bytes of the distinct strings in v (keys and
// values of its maps, elements of its lists, at any depth), each counted
// once, leaving out RFC 3339 timestamps, which a page stores as time cells
// of a few bytes: what a format must hold when it stores every other
// distinct string of an entry once as text and does not compress it.
// Experiment 3 divides it by the JSON's bytes to show how far below the
// JSON an uncompressed page can go on the rows it stores.
func distinctTextBytes(v any) int {
	seen := map[string]struct{}{}
	var walk func(any)
	note := func(s string) {
		if _, ok := seen[s]; ok {
			return
		}
		if _, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return
		}
		seen[s] = struct{}{}
	}
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			note(v)
		case []string:
			for _, s := range v {
				note(s)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				note(k)
				walk(e)
			}
		case []map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	n := 0
	for s := range seen {
		n += len(s)
	}
	return n
}
