package main

// distinctTextBytes returns the bytes of the distinct strings in v (keys and
// values of its maps, elements of its lists, at any depth), each counted
// once: what any format must hold when it stores every distinct string of
// an entry once and does not compress text. Experiment 3 divides it by the
// JSON's bytes to show how far below the JSON an uncompressed page can go
// on the rows it stores.
func distinctTextBytes(v any) int {
	seen := map[string]struct{}{}
	var walk func(any)
	note := func(s string) {
		if _, ok := seen[s]; !ok {
			seen[s] = struct{}{}
		}
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
