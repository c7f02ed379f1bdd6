package pagebuild

import (
	"slices"
	"strconv"
	"testing"
)

// TestSettle drives the interner's deferred strings directly: with
// distinct strings and hashes, settle keeps every id; two distinct strings
// made to share a hash (a false alarm of distinctHashes) still keep their
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
				in.hashes[b] = in.hashes[a]
			}
			m := in.Settle()
			if !slices.Equal(m, tc.wantMap) || !slices.Equal(in.Strs, tc.wantStrs) || !slices.Equal(in.Counts, tc.wantCount) {
				t.Fatalf("renumbering %v, strings %q, counts %v; want %v, %q, %v", m, in.Strs, in.Counts, tc.wantMap, tc.wantStrs, tc.wantCount)
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
				// After a merge the table holds every string at its new id.
				for id, s := range in.Strs {
					if got, ok := in.Lookup(s); !ok || got != uint32(id) {
						t.Fatalf("lookup(%q) = %d, %v; want %d", s, got, ok, id)
					}
				}
			}
		})
	}
}

// TestSettleManyCollisions: past maxHashChecks pairs of equal hashes,
// settle stops comparing strings and tables the deferred ones, which still
// finds the one real repeat among them.
func TestSettleManyCollisions(t *testing.T) {
	var in Interner
	in.reset()
	for i := range 200 {
		in.AddDeferred("s" + strconv.Itoa(i))
	}
	in.AddDeferred("s7") // the real repeat, last
	for i := range in.hashes {
		in.hashes[i] = in.hashes[0] // every pair a false alarm but one
	}
	m := in.Settle()
	if len(m) != 201 || m[200] != 7 || in.Len() != 200 || in.Counts[7] != 2 {
		t.Fatalf("renumbering of the repeat %v, %d strings, count %d", m[195:], in.Len(), in.Counts[7])
	}
}

// TestSettleGrows: deferred strings past the table's size make settle grow
// it (the table holds every id after a merge), and a page of only deferred
// strings leaves the next page's interner working.
func TestSettleGrows(t *testing.T) {
	var in Interner
	in.reset()
	for i := range 1000 {
		in.AddDeferred("s" + strconv.Itoa(i))
	}
	in.InternFresh("s500") // a repeat: settle merges and rebuilds the table
	m := in.Settle()
	if len(m) != 1001 || m[1000] != 500 || in.Len() != 1000 || in.Counts[500] != 2 {
		t.Fatalf("renumbering of the repeat %v, %d strings, count %d", m[1000:], in.Len(), in.Counts[500])
	}
	if 2*in.Len() > len(in.slots) {
		t.Fatalf("%d strings in %d slots", in.Len(), len(in.slots))
	}
	in.reset()
	if id := in.InternFresh("s1"); id != 0 || in.Len() != 1 {
		t.Fatalf("after reset: id %d, %d strings", id, in.Len())
	}
}
