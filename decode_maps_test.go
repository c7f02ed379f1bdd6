package rowpage

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Small generic maps made in shared arrays (decode_maps_unsafe.go) against
// maps made with make: each must hold, find, count, iterate, grow, shrink
// and clone exactly as its twin does, on its own (no two share memory),
// across a garbage collection, whatever the order they are filled in.

// TestMapSlabsAgainstMake makes maps of every hint newMap takes, and some
// it leaves to make, across several arrays, fills them in a random order
// with 0 to 20 members (past a group's 8, so some grow to tables), then
// deletes, refills and clones some, comparing each with a twin from make
// after every step.
func TestMapSlabsAgainstMake(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var s mapSlabs
	const n = 3*64 + 5 // a few arrays' worth (64 maps an array at most)
	got, want := make([]map[string]any, n), make([]map[string]any, n)
	for i := range got {
		hint := r.IntN(11)
		got[i], want[i] = s.newMap(hint), make(map[string]any, hint)
	}
	same := func(step string) {
		t.Helper()
		for i := range got {
			if len(got[i]) != len(want[i]) {
				t.Fatalf("%s: map %d has %d members, its twin %d", step, i, len(got[i]), len(want[i]))
			}
			for k, v := range want[i] {
				if g, ok := got[i][k]; !ok || g != v {
					t.Fatalf("%s: map %d[%q] = %v, %v; its twin's %v", step, i, k, g, ok, v)
				}
			}
			seen := 0
			for k, v := range got[i] {
				if w, ok := want[i][k]; !ok || w != v {
					t.Fatalf("%s: map %d iterates %q: %v; its twin holds %v, %v", step, i, k, v, w, ok)
				}
				seen++
			}
			if seen != len(want[i]) {
				t.Fatalf("%s: map %d iterates %d members, holds %d", step, i, seen, len(want[i]))
			}
		}
	}
	set := func(i int, k string, v any) { got[i][k], want[i][k] = v, v }
	for _, i := range r.Perm(n) {
		for j := range r.IntN(21) {
			set(i, "k"+strconv.Itoa(j), i*100+j)
		}
	}
	same("filled")
	runtime.GC()
	same("after a collection")
	for _, i := range r.Perm(n) {
		for j := range r.IntN(12) {
			k := "k" + strconv.Itoa(r.IntN(25))
			if j%3 == 0 {
				delete(got[i], k)
				delete(want[i], k)
				continue
			}
			set(i, k, "v"+strconv.Itoa(j))
		}
	}
	same("changed")
	for i := range got {
		switch i % 3 {
		case 0:
			got[i], want[i] = maps.Clone(got[i]), maps.Clone(want[i])
			set(i, "cloned", true)
		case 1:
			clear(got[i])
			clear(want[i])
			set(i, "cleared", i)
		}
	}
	runtime.GC()
	same("cloned and cleared")
}

// TestMapSlabsDecode decodes payloads of 0 to 12 members, nested objects
// of as many, and arrays of them into a map[string]any field, a []any and
// an any, and compares each with what json.Unmarshal makes of the rows'
// JSON; then it grows, shrinks and changes every decoded map as it does
// the reference's, so that maps sharing memory would show.
func TestMapSlabsDecode(t *testing.T) {
	type row struct {
		ID      int64          `json:"id"`
		Payload map[string]any `json:"payload"`
		List    []any          `json:"list"`
		Any     any            `json:"any"`
	}
	r := rand.New(rand.NewPCG(9, 10))
	object := func(depth int) map[string]any {
		m := map[string]any{}
		for j := range r.IntN(13) {
			k := "f" + strconv.Itoa(r.IntN(16))
			switch {
			case depth < 2 && j%4 == 1:
				inner := map[string]any{}
				for x := range r.IntN(10) {
					inner["g"+strconv.Itoa(x)] = "s" + strconv.Itoa(r.IntN(40))
				}
				m[k] = inner
			case j%4 == 2:
				m[k] = r.IntN(1000)
			default:
				m[k] = "s" + strconv.Itoa(r.IntN(40))
			}
		}
		return m
	}
	rows := make([]row, 200)
	for i := range rows {
		rows[i] = row{ID: int64(i), Payload: object(0), Any: object(0)}
		if i%7 == 0 {
			rows[i].Payload = nil
		}
		for range r.IntN(4) {
			rows[i].List = append(rows[i].List, object(1))
		}
	}
	page, err := Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []row
	if err := compatMode.Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(text, &want); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("decoded (-json +rowpage):\n%s", d)
	}
	runtime.GC()
	// Every map, each changed alike: 20 members more (a table), two fewer.
	var gotMaps, wantMaps []map[string]any
	var collect func(v any, out *[]map[string]any)
	collect = func(v any, out *[]map[string]any) {
		switch x := v.(type) {
		case map[string]any:
			*out = append(*out, x)
			for _, k := range sortedKeysForTest(x) {
				collect(x[k], out)
			}
		case []any:
			for _, e := range x {
				collect(e, out)
			}
		}
	}
	for i := range got {
		for _, v := range []any{got[i].Payload, got[i].List, got[i].Any} {
			collect(v, &gotMaps)
		}
		for _, v := range []any{want[i].Payload, want[i].List, want[i].Any} {
			collect(v, &wantMaps)
		}
	}
	if len(gotMaps) != len(wantMaps) {
		t.Fatalf("%d maps, json.Unmarshal %d", len(gotMaps), len(wantMaps))
	}
	for _, i := range r.Perm(len(gotMaps)) {
		if gotMaps[i] == nil {
			continue
		}
		for j := range 20 {
			k := "added" + strconv.Itoa(j)
			gotMaps[i][k], wantMaps[i][k] = i, i
		}
		delete(gotMaps[i], "f3")
		delete(wantMaps[i], "f3")
		delete(gotMaps[i], "added5")
		delete(wantMaps[i], "added5")
	}
	runtime.GC()
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("changed alike (-json +rowpage):\n%s", d)
	}
}

// TestMapSlabsDecodeInto decodes one-object pages into a struct whose
// map[string]any field is nil or already holds members (which stay, as in
// json.Unmarshal), and into a map[string]any that holds members, against
// json.Unmarshal.
func TestMapSlabsDecodeInto(t *testing.T) {
	type obj struct {
		M map[string]any `json:"m"`
	}
	for n := range 12 {
		m := map[string]any{}
		for j := range n {
			m["k"+strconv.Itoa(j)] = map[string]any{"x": j, "y": "s" + strconv.Itoa(j)}
		}
		src := map[string]any{"m": m}
		page, err := Marshal(src)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := json.Marshal(src)
		starts := map[string]func() obj{
			"nil":    func() obj { return obj{} },
			"filled": func() obj { return obj{M: map[string]any{"k0": "old", "kept": 1.0}} },
		}
		for name, start := range starts {
			got, want := start(), start()
			if err := compatMode.Unmarshal(page, &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(text, &want); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("%d members into a %s field (-json +rowpage):\n%s", n, name, d)
			}
		}
		got, want := map[string]any{"old": true}, map[string]any{"old": true}
		if err := compatMode.Unmarshal(page, &got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(text, &want); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("%d members into a filled map (-json +rowpage):\n%s", n, d)
		}
	}
}

// sortedKeysForTest returns m's keys in order, so that two maps alike are
// walked alike.
func sortedKeysForTest(m map[string]any) []string {
	return slices.Sorted(maps.Keys(m))
}
