package rowpage

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestSetRowAlikeKeysAcrossPages encodes, with one Encoder, pages of map
// rows whose keys are alike (differing in one byte at the start, middle or
// end, of 0 to 20 bytes, some sharing their first or last eight bytes)
// and change from page to page, and renders each page back as JSON against
// encoding/json's: setRow's written-out keyCols lookup must not answer a
// column for another key, nor one of an earlier page.
func TestSetRowAlikeKeysAcrossPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 2))
	var pool []string
	for _, base := range []string{"", "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh", "abcdefghijklmnop", "abcdefgh_abcdefgh", "abcdefghXXXXabcdefgh"} {
		pool = append(pool, base)
		for _, at := range []int{0, len(base) / 2, len(base) - 1} {
			if len(base) == 0 {
				continue
			}
			b := []byte(base)
			b[at] ^= 1
			pool = append(pool, string(b))
		}
	}
	for i := range 40 { // 16 bytes, the first 8 alike: some pairs share a first place
		pool = append(pool, "same8___"+strconv.Itoa(10_000_000+i*7919))
	}
	enc := NewEncoder()
	var page []byte
	for p := range 300 {
		keys := make([]string, 0, 12)
		for _, i := range rng.Perm(len(pool))[:4+rng.IntN(9)] {
			keys = append(keys, pool[i])
		}
		rows := make([]map[string]any, 1+rng.IntN(30))
		for r := range rows {
			m := map[string]any{}
			for _, k := range keys {
				if rng.IntN(4) != 0 {
					m[k] = rng.IntN(1000)
				}
			}
			rows[r] = m
		}
		page = appendSameAsJSON(t, enc, page[:0], rows, p)
	}
}

// TestSetRowNewKeysAmongKnown encodes pages of map rows each of which
// brings keys the page has no column for, mixed in among keys it has
// (so that slotSet meets a new key partway through a map's slots and goes
// on from the slot after it), in maps of one group (up to 8 members) and
// of several groups and tables (up to 40), with keys of more than 16
// bytes, which keyCols never holds, and renders each page back as JSON
// against encoding/json's, with one Encoder for all pages and a new one
// for each: both must give the page.
func TestSetRowNewKeysAmongKnown(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 4))
	enc := NewEncoder()
	var page []byte
	for p := range 200 {
		wide := p%2 == 1
		rows := make([]map[string]any, 1+rng.IntN(40))
		fresh := 0 // keys so far: each row adds one or two, and reuses some
		for r := range rows {
			m := map[string]any{}
			n := 1 + rng.IntN(7)
			if wide {
				n = 9 + rng.IntN(32)
			}
			for range n {
				if fresh > 0 && rng.IntN(3) != 0 {
					m[testKey(rng.IntN(fresh))] = r
				}
			}
			for range 1 + rng.IntN(2) {
				m[testKey(fresh)] = "v" + strconv.Itoa(r)
				fresh++
			}
			rows[r] = m
		}
		page = appendSameAsJSON(t, enc, page[:0], rows, p)
		if fresh, err := NewEncoder().Append(nil, rows); err != nil || string(fresh) != string(page) {
			t.Fatalf("page %d: a new Encoder's page differs (%v)", p, err)
		}
	}
}

// testKey is the i-th key of TestSetRowNewKeysAmongKnown: short keys and,
// one in five, keys of more than 16 bytes.
func testKey(i int) string {
	if i%5 == 4 {
		return "a_key_longer_than_sixteen_bytes_" + strconv.Itoa(i)
	}
	return "k" + strconv.Itoa(i*7919%1000)
}

// TestShapesAroundOneByte encodes pages of 127 to 129 columns and of 127
// to 129 key sets (and more), where the page's column indexes and shape
// ids stop fitting one uvarint byte, which Finish writes without
// AppendUvarint below that (appendSmall), and renders each back as JSON
// against encoding/json's.
func TestShapesAroundOneByte(t *testing.T) {
	for _, ncols := range []int{127, 128, 129, 200} {
		for _, nsets := range []int{1, 127, 128, 129, 300} {
			rows := make([]map[string]any, 0, nsets+1)
			first := map[string]any{}
			for k := range ncols {
				first["c"+strconv.Itoa(k)] = k
			}
			rows = append(rows, first)
			for s := range nsets - 1 {
				m := map[string]any{}
				for k := range ncols {
					if (k*31+s*17)%(s%7+2) == 0 || k == s%ncols {
						m["c"+strconv.Itoa(k)] = s
					}
				}
				rows = append(rows, m)
			}
			want, err := json.Marshal(rows)
			if err != nil {
				t.Fatal(err)
			}
			page, err := Marshal(rows)
			if err != nil {
				t.Fatalf("%d columns, %d sets: %v", ncols, nsets, err)
			}
			if got := pageJSON(t, page); string(got) != string(want) {
				t.Fatalf("%d columns, %d sets: JSON differs", ncols, nsets)
			}
		}
	}
}

// TestSetRowLongNULKeys encodes pages of map rows, from maps of one group
// (slotSet) and of many (more than 8 members), whose keys are the empty
// key, NUL bytes of lengths 1 to 16 and of 17, 32, 33 and 64 (the long
// ones load as the short ones do, and their lengths' low bits match:
// setRow must not take one for the other), over several pages with one
// Encoder, and renders each back as JSON against encoding/json's.
func TestSetRowLongNULKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 2))
	var pool []string
	for _, n := range []int{0, 1, 2, 3, 4, 8, 16, 17, 32, 33, 64} {
		pool = append(pool, string(make([]byte, n)))
	}
	enc := NewEncoder()
	var page []byte
	for p := range 60 {
		rows := make([]map[string]any, 1+rng.IntN(20))
		for r := range rows {
			m := map[string]any{}
			for i, k := range pool {
				if rng.IntN(3) != 0 {
					m[k] = i
				}
			}
			if p%2 == 1 { // more than 8 members: a map of several groups
				for i := range 8 {
					m["pad"+strconv.Itoa(i)] = i
				}
			}
			rows[r] = m
		}
		page = appendSameAsJSON(t, enc, page[:0], rows, p)
	}
}

// appendSameAsJSON appends the page of rows with enc to page and fails
// the test (naming page p) unless the page renders as json.Marshal of rows.
func appendSameAsJSON(t *testing.T, enc *Encoder, page []byte, rows []map[string]any, p int) []byte {
	t.Helper()
	want, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	if page, err = enc.Append(page, rows); err != nil {
		t.Fatalf("page %d: %v", p, err)
	}
	if got := pageJSON(t, page); string(got) != string(want) {
		t.Fatalf("page %d: JSON differs\n got: %s\nwant: %s", p, got, want)
	}
	return page
}

// TestSetRowKeysWrittenOver encodes pages whose keys include three that
// share both their places in keyCols, so that the third written there
// puts out one of the others: a later row's key that keyCols then lacks
// is still found as the page's column (keyColsWhole no longer holds), not
// taken for a new key. Each page must be the page of the same rows with
// their keys sorted as strings, and render back as encoding/json's JSON.
func TestSetRowKeysWrittenOver(t *testing.T) {
	var kc keyCols
	places := map[uint64][]string{}
	var same []string
	for i := 0; len(same) < 3; i++ {
		k := "k" + strconv.Itoa(i)
		a, b := keyLoads(k)
		x := keyColsMix(a, b, len(k)) >> 48
		places[x] = append(places[x], k)
		same = places[x]
	}
	if kc.put(same[0], 1, 0) || kc.put(same[1], 1, 1) || !kc.put(same[2], 1, 2) {
		t.Fatalf("keys %q: the third put did not report writing over one of the others", same)
	}
	enc := NewEncoder()
	var page []byte
	for p, order := range [][3]int{{0, 1, 2}, {2, 1, 0}, {1, 2, 0}} {
		k0, k1, k2 := same[order[0]], same[order[1]], same[order[2]]
		rows := []map[string]any{
			{k0: 1, "z": 0},
			{k1: 2, "z": 0},
			{k2: 3, "z": 0},
			{k0: 1, "z": 0}, // the sets again: a key taken for new would make their shapes again
			{k1: 2, "z": 0},
			{k2: 3, "z": 0},
			{k0: 4, k1: 5, "z": 0},
			{k1: 6, k2: 7},
			{k0: 8, k2: 9, "y": 1},
			{k0: 10, k1: 11, k2: 12, "y": 2},
		}
		page = appendSameAsJSON(t, enc, page[:0], rows, p)
		sorted := make([]sortedRow, len(rows))
		for i, m := range rows {
			sorted[i] = m
		}
		if want, err := Marshal(sorted); err != nil || string(want) != string(page) {
			t.Fatalf("keys %q: the page differs from that of the rows with sorted keys (%v)", []string{k0, k1, k2}, err)
		}
	}
}

// sortedRow is a map row that is not a map[string]any, whose keys the
// walker sorts as strings (reflectMapRow).
type sortedRow map[string]any
