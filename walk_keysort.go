package rowpage

// sortFewKeys sorts keys, at most maxFewKeys of them (a map row's or a
// nested map's), into the order of the strings, and moves vals[i] with
// keys[i]; vals holds at least len(keys) values. It sorts, as integers,
// each key's first 7 bytes (keyPrefix) with its index below them, then
// sorts each run of keys whose 7 bytes agree by comparing their strings,
// and last moves each key and value once to its place, a cycle of the
// permutation at a time (no copy of keys or values): for the 30 keys of
// a row in map order, a string comparison and a move of a string and a
// value per step of an insertion sort were a seventh of building a
// one-row page. Cost: one prefix per key, about n²/4 steps of an integer
// comparison and move, a move of each key and value; no allocation. Up to
// fewestKeys keys are sorted as strings.
func sortFewKeys[V any](keys []string, vals []V) {
	n := len(keys)
	if n <= fewestKeys {
		for i := 1; i < n; i++ { // insertion sort, comparing strings
			k, v := keys[i], vals[i]
			j := i
			for ; j > 0 && keys[j-1] > k; j-- {
				keys[j], vals[j] = keys[j-1], vals[j-1]
			}
			keys[j], vals[j] = k, v
		}
		return
	}
	var ord [maxFewKeys]uint64 // prefix<<8 | index
	for i, k := range keys {
		ord[i] = keyPrefix(k)&^0xFF | uint64(i)
	}
	for i := 1; i < n; i++ {
		e := ord[i]
		j := i
		for ; j > 0 && ord[j-1] > e; j-- {
			ord[j] = ord[j-1]
		}
		ord[j] = e
	}
	for i := 1; i < n; i++ { // keys of equal prefixes, in index order: sort them as strings
		e := ord[i]
		if ord[i-1]>>8 != e>>8 {
			continue
		}
		j := i
		for ; j > 0 && ord[j-1]>>8 == e>>8 && keys[byte(ord[j-1])] > keys[byte(e)]; j-- {
			ord[j] = ord[j-1]
		}
		ord[j] = e
	}
	// Position i takes the key of index byte(ord[i]): move each cycle of
	// that permutation round, marking each position done (ord[j] = j).
	for i := 0; i < n; i++ {
		if int(byte(ord[i])) == i {
			continue
		}
		k, v := keys[i], vals[i]
		j := i
		for {
			from := int(byte(ord[j]))
			ord[j] = uint64(j)
			if from == i {
				keys[j], vals[j] = k, v
				break
			}
			keys[j], vals[j] = keys[from], vals[from]
			j = from
		}
	}
}

// maxFewKeys is the most keys sortFewKeys sorts; callers sort more with
// slices.Sort.
const maxFewKeys = 32

// fewestKeys is the most keys sortFewKeys sorts by comparing them as
// strings, with a plain insertion sort: for a handful of keys (a sparse
// row's new keys, a small nested map), the few comparisons cost less than
// computing the prefixes.
const fewestKeys = 6

// keyPrefix returns the first 8 bytes of s as a big-endian integer, padded
// with zero bytes: keyPrefix(a) < keyPrefix(b) implies a < b, and a > b
// the other way, so only keys of equal prefixes need comparing as strings
// (and the same holds of the first 7 bytes, keyPrefix(s)>>8).
// (A zero pad byte compares as the shorter string's end does: below any
// byte, or equal to a real zero byte, which leaves the tie to the string
// comparison.)
func keyPrefix(s string) uint64 {
	switch n := len(s); {
	case n >= 8:
		return be32(s, 0)<<32 | be32(s, 4)
	case n >= 4: // two loads that overlap: their common bytes agree
		return be32(s, 0)<<32 | be32(s, n-4)<<(8*(8-n))
	case n > 0:
		return uint64(s[0])<<56 | uint64(s[n>>1])<<(56-8*(n>>1)) | uint64(s[n-1])<<(56-8*(n-1))
	}
	return 0
}

// be32 returns the 4 bytes of s at i as a big-endian integer.
func be32(s string, i int) uint64 {
	s = s[i : i+4]
	return uint64(s[0])<<24 | uint64(s[1])<<16 | uint64(s[2])<<8 | uint64(s[3])
}
