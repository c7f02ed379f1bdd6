package pagebuild

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestSettle drives the interner's deferred strings directly: with
// distinct strings and hashes, settle keeps every id; two distinct strings
// made to share a hash (a false alarm of the hashes) still keep their
// ids; a deferred repeat of an interned string, and an interned string that
// repeats a deferred one, merge into the first id with the counts summed
// and the ids after it renumbered.
func TestSettle(t *testing.T) {
	type step struct {
		s        string
		deferred bool
	}
	cases := []struct {
		name      string
		steps     []step
		collide   [2]int   // ids whose hashes are made equal, if different
		wantStrs  []string // after settle
		wantCount []uint32
		wantMap   []uint32 // the renumbering, nil if none
	}{
		{
			name:      "distinct",
			steps:     []step{{"k", false}, {"a", true}, {"b", true}, {"x", false}, {"c", true}},
			wantStrs:  []string{"k", "a", "b", "x", "c"},
			wantCount: []uint32{1, 1, 1, 1, 1},
		},
		{
			name:      "false alarm",
			steps:     []step{{"k", false}, {"a", true}, {"b", true}, {"c", true}},
			collide:   [2]int{1, 3},
			wantStrs:  []string{"k", "a", "b", "c"},
			wantCount: []uint32{1, 1, 1, 1},
		},
		{
			name:      "deferred repeats",
			steps:     []step{{"k", false}, {"a", true}, {"k", true}, {"b", true}, {"a", true}, {"c", true}},
			wantStrs:  []string{"k", "a", "b", "c"},
			wantCount: []uint32{2, 2, 1, 1},
			wantMap:   []uint32{0, 1, 0, 2, 1, 3},
		},
		{
			name:      "interned repeat of a deferred string",
			steps:     []step{{"a", true}, {"b", true}, {"b", false}, {"c", true}, {"a", false}},
			wantStrs:  []string{"a", "b", "c"},
			wantCount: []uint32{2, 2, 1},
			wantMap:   []uint32{0, 1, 1, 2, 0},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var in Interner
			in.reset()
			for _, st := range tc.steps {
				if st.deferred {
					in.AddDeferred(st.s)
				} else {
					in.InternFresh(st.s)
				}
			}
			if a, b := tc.collide[0], tc.collide[1]; a != b {
				in.meta[b].hash = in.meta[a].hash
			}
			m := in.Settle()
			if !slices.Equal(m, tc.wantMap) || !slices.Equal(in.Strs, tc.wantStrs) || !slices.Equal(counts(&in), tc.wantCount) {
				t.Fatalf("renumbering %v, strings %q, counts %v; want %v, %q, %v", m, in.Strs, counts(&in), tc.wantMap, tc.wantStrs, tc.wantCount)
			}
			if len(in.deferred) != 0 {
				t.Fatalf("deferred ids left: %v", in.deferred)
			}
			if tc.collide[0] != tc.collide[1] && tc.wantMap == nil {
				// A false alarm is settled by comparing the two strings:
				// the deferred strings stay out of the table.
				if _, ok := in.Lookup("a"); ok {
					t.Fatal("a false alarm of the hashes sent the deferred strings to the table")
				}
			}
			if tc.wantMap != nil {
				// After a merge the table is empty: it must not give old ids.
				for _, s := range in.Strs {
					if got, ok := in.Lookup(s); ok {
						t.Fatalf("lookup(%q) = %d after a merge; want none", s, got)
					}
				}
			}
		})
	}
}

// TestSettleManyCollisions: with every hash equal, settle compares the
// strings and finds the one real repeat among them.
func TestSettleManyCollisions(t *testing.T) {
	var in Interner
	in.reset()
	for i := range 200 {
		in.AddDeferred("s" + strconv.Itoa(i))
	}
	in.AddDeferred("s7") // the real repeat, last
	for i := range in.meta {
		in.meta[i].hash = in.meta[0].hash // every pair a false alarm but one
	}
	m := in.Settle()
	if len(m) != 201 || m[200] != 7 || in.Len() != 200 || in.Count(7) != 2 {
		t.Fatalf("renumbering of the repeat %v, %d strings, count %d", m[195:], in.Len(), in.Count(7))
	}
}

// TestSettleGrows: deferred strings past the table's size, split by settle
// into many buckets, still merge a repeat, and a page of only deferred
// strings leaves the next page's interner working.
func TestSettleGrows(t *testing.T) {
	var in Interner
	in.reset()
	const n = 10 * dedupeBucket
	for i := range n {
		in.AddDeferred("s" + strconv.Itoa(i))
	}
	in.InternFresh("s500") // a repeat: settle merges
	m := in.Settle()
	if len(m) != n+1 || m[n] != 500 || in.Len() != n || in.Count(500) != 2 {
		t.Fatalf("renumbering of the repeat %v, %d strings, count %d", m[n:], in.Len(), in.Count(500))
	}
	for i := range n {
		if m[i] != uint32(i) {
			t.Fatalf("id %d renumbered %d", i, m[i])
		}
	}
	in.reset()
	if id := in.InternFresh("s1"); id != 0 || in.Len() != 1 {
		t.Fatalf("after reset: id %d, %d strings", id, in.Len())
	}
}

// TestSettleMatchesInterning: pages of strings drawn from pools of several
// sizes, each deferred or interned at random, settle to what interning
// every string gives (a map of first appearances), with the hashes of some
// strings made equal so that distinct strings share a bucket and a run of
// its table.
func TestSettleMatchesInterning(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var in Interner
	for _, n := range []int{1, 100, 3000, 20000} {
		for _, pool := range []int{n / 10, n, 50 * n} {
			pool = max(pool, 1)
			in.reset()
			var all []string
			var ids []uint32
			for range n {
				s := "v" + strconv.Itoa(r.IntN(pool))
				all = append(all, s)
				var id uint32
				if r.IntN(4) > 0 {
					id, _ = in.AddDeferred(s)
				} else {
					id = in.InternFresh(s)
				}
				ids = append(ids, id)
			}
			for id, s := range in.Strs {
				if len(s)%3 == 0 { // one string in ten or so, by its bytes
					in.meta[id].hash = 0x9E3779B9
				}
			}
			m := in.Settle()
			first := map[string]uint32{}
			var want []string
			for _, s := range all {
				if _, ok := first[s]; !ok {
					first[s] = uint32(len(want))
					want = append(want, s)
				}
			}
			if !slices.Equal(in.Strs, want) {
				t.Fatalf("n %d pool %d: strings differ from interning", n, pool)
			}
			count := map[string]uint32{}
			for i, s := range all {
				count[s]++
				got := ids[i]
				if m != nil {
					got = m[got]
				}
				if got != first[s] {
					t.Fatalf("n %d pool %d: id %d (%q) renumbered %d, want %d", n, pool, ids[i], s, got, first[s])
				}
			}
			for id, s := range in.Strs {
				if in.Count(uint32(id)) != count[s] {
					t.Fatalf("n %d pool %d: %q counted %d, want %d", n, pool, s, in.Count(uint32(id)), count[s])
				}
			}
		}
	}
}

// blindString returns a 40-byte string whose sample hash (sampleHash: the
// first 8 bytes, the middle 8 and the last 8, with the length) does not
// depend on i: i shows only in the bytes between those words.
func blindString(i int) string {
	x := strconv.FormatInt(int64(i)+1e15, 10)[8:] // 8 digits
	return "AAAAAAAA" + x + "BBBBBBBB" + x + "CCCCCCCC"
}

// TestSampleHashBlind: blindString's strings share their sample hash, and
// strings longer than sampleHashMin that differ in a sampled word do not.
func TestSampleHashBlind(t *testing.T) {
	if len(blindString(0)) <= sampleHashMin {
		t.Fatal("blindString is not longer than sampleHashMin")
	}
	if a, b := sampleHash(&testSeed, blindString(1)), sampleHash(&testSeed, blindString(2)); a != b {
		t.Fatalf("sample hashes %#x and %#x differ: the test strings lost their point", a, b)
	}
	s := blindString(1)
	for _, at := range []int{0, 7, 16, 23, 32, 39} {
		b := []byte(s)
		b[at] ^= 1
		if sampleHash(&testSeed, string(b)) == sampleHash(&testSeed, s) {
			t.Errorf("flipping sampled byte %d leaves the sample hash", at)
		}
	}
	if sampleHash(&testSeed, "short") != strHash(&testSeed, "short") {
		t.Error("a short string's sample hash is not its hash")
	}
}

// TestSettleSampleHashes: long strings, deferred with sample hashes or
// interned with their hashes, settle to what interning every string gives:
// distinct strings that share a sample hash keep their ids (a few, and
// thousands, which makes settle start over with full hashes), and repeats
// merge whichever way each was added; a page that goes back to interning
// (TableDeferred) finds its long deferred strings by their full hashes.
func TestSettleSampleHashes(t *testing.T) {
	long := func(i int) string { return "a long string of text, number " + strconv.Itoa(i) + " of many" }
	cases := []struct {
		name string
		strs []string
		def  []bool // deferred, else interned
	}{
		{name: "blind few", strs: []string{blindString(1), blindString(2), blindString(3), blindString(2)}, def: []bool{true, true, true, true}},
		{name: "interned then deferred", strs: []string{long(1), long(2), long(1), "k", long(2)}, def: []bool{false, true, true, false, true}},
		{name: "deferred then interned", strs: []string{long(1), long(2), long(1), long(3), long(2)}, def: []bool{true, true, false, true, false}},
	}
	var blind []string
	var blindDef []bool
	for i := range 3000 {
		blind = append(blind, blindString(i))
		blindDef = append(blindDef, true)
	}
	blind = append(blind, blindString(7), long(1), long(1))
	blindDef = append(blindDef, true, false, true)
	cases = append(cases, struct {
		name string
		strs []string
		def  []bool
	}{"blind many", blind, blindDef})
	// Few sample hashes among many short strings: settle hashes those in full.
	var few []string
	var fewDef []bool
	for i := range 400 {
		few = append(few, "s"+strconv.Itoa(i))
		fewDef = append(fewDef, i%2 == 0)
	}
	few = append(few, long(1), long(2), long(1), long(2)) // the last a repeat of an interned string
	fewDef = append(fewDef, true, false, true, true)
	cases = append(cases, struct {
		name string
		strs []string
		def  []bool
	}{"few sampled", few, fewDef})
	for _, tc := range cases {
		for _, table := range []bool{false, true} {
			var in Interner
			in.reset()
			var ids []uint32
			for i, s := range tc.strs {
				var id uint32
				if tc.def[i] {
					id, _ = in.AddDeferred(s)
				} else {
					id = in.InternFresh(s)
				}
				ids = append(ids, id)
			}
			var m []uint32
			if table {
				m = in.TableDeferred()
				if m == nil {
					m = make([]uint32, len(ids))
					for i := range m {
						m[i] = uint32(i)
					}
				}
				for _, s := range tc.strs { // every string is found now
					if _, ok := in.Lookup(s); !ok {
						t.Fatalf("%s: %q not found after TableDeferred", tc.name, s)
					}
				}
			} else {
				m = in.Settle()
			}
			first := map[string]uint32{}
			var want []string
			count := map[string]uint32{}
			for _, s := range tc.strs {
				if _, ok := first[s]; !ok {
					first[s] = uint32(len(want))
					want = append(want, s)
				}
				count[s]++
			}
			if !slices.Equal(in.Strs, want) {
				t.Fatalf("%s (table %v): strings differ from interning", tc.name, table)
			}
			for i, s := range tc.strs {
				got := ids[i]
				if m != nil {
					got = m[got]
				}
				if got != first[s] || in.Count(got) != count[s] {
					t.Fatalf("%s (table %v): %q has id %d count %d, want %d and %d", tc.name, table, s, got, in.Count(got), first[s], count[s])
				}
			}
		}
	}
}

// counts returns the count of every id of in.
func counts(in *Interner) []uint32 {
	var cs []uint32
	for id := range in.Strs {
		cs = append(cs, in.Count(uint32(id)))
	}
	return cs
}

// TestDedupeOneMatchesBuckets: on pages of several sizes and pools of
// strings, with the hashes of some distinct strings made equal, dedupeOne
// (one table) finds the repeats that dedupeBuckets finds, and gives up
// after the same number of false matches.
func TestDedupeOneMatchesBuckets(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var in Interner
	for _, n := range []int{1, 17, 600, 3000, dedupeOneTable} {
		for _, pool := range []int{n / 10, n, 50 * n} {
			pool = max(pool, 1)
			in.reset()
			for range n {
				in.AddDeferred("v" + strconv.Itoa(r.IntN(pool)))
			}
			for id, s := range in.Strs {
				if len(s)%3 == 0 { // distinct strings that share a hash
					in.meta[id].hash = 0x9E3779B9
				}
			}
			for _, falses := range []int{-1, 0, 5, n / 4} {
				one, okOne := in.dedupeOne(falses)
				one = slices.Clone(one)
				all, okAll := in.dedupeBuckets(falses)
				if okOne != okAll || okOne && !slices.Equal(one, all) {
					t.Fatalf("n %d pool %d falses %d: dedupeOne %v (ok %v), dedupeBuckets %v (ok %v)",
						n, pool, falses, one[:min(len(one), 20)], okOne, all[:min(len(all), 20)], okAll)
				}
			}
		}
	}
}

// TestAddDeferredSample: AddDeferred's sample is what its rule says, kept
// here as a set of filter bits: bit 0 for a string whose hash is 0 modulo
// 8, and bit 1 besides if a string sampled since the filter last grew set
// the same bit; on a page of repeats and of long strings (sample hashes).
func TestAddDeferredSample(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var in Interner
	for _, n := range []int{100, 5000, 40000} {
		in.reset()
		set := map[uint32]bool{}
		shift, size := in.filterShift, len(in.filter)
		sampled := 0
		for range n {
			s := "v" + strconv.Itoa(r.IntN(n/2))
			if r.IntN(3) == 0 {
				s += " and some words to make it longer than sampleHashMin"
			}
			id, smp := in.AddDeferred(s)
			if in.filterShift != shift || len(in.filter) != size {
				clear(set)
				shift, size = in.filterShift, len(in.filter)
			}
			h := in.meta[id].hash
			want := uint64(0)
			if h%8 == 0 {
				bit := h >> shift
				want = 1
				if set[bit] {
					want |= 2
				}
				set[bit] = true
				sampled++
			}
			if smp != want {
				t.Fatalf("n %d: %q (hash %#x) sampled %b, want %b", n, s, h, smp, want)
			}
		}
		// One string in eight is sampled, by a hash whose seed is random:
		// at 100 strings a count below half the expected one happens in
		// about one run in fifty, at 5,000 practically never.
		if n >= 5000 && sampled < n/16 {
			t.Fatalf("n %d: only %d strings sampled", n, sampled)
		}
	}
}
