//go:build !purego && go1.26 && !go1.27

package rowpage

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestSealGroupAgainstMaps fills maps made in arrays and by make as
// membersBytes does (freshGroup, set, sealGroup; sealing part of the
// members and putting the rest with putAny, as mapAnyBytes does at a raw
// JSON member), with random members (keys short and long, some named
// twice), and compares each with the runtime's assignment by
// reflect.DeepEqual, by lookup of every key, by length, after deleting and
// re-putting a key, and after growing past 8 members.
func TestSealGroupAgainstMaps(t *testing.T) {
	skipWithoutPutAny(t)
	r := rand.New(rand.NewPCG(3, 5))
	var s mapSlabs
	sealed := 0
	for n := range 30000 {
		var m map[string]any
		if n%4 == 0 {
			m = make(map[string]any, 1+r.IntN(8))
		} else {
			m = s.inArrays()
		}
		keys := make([]string, r.IntN(9))
		for i := range keys {
			if i > 0 && r.IntN(6) == 0 {
				keys[i] = keys[r.IntN(i)] // a key again: the last value wins
			} else {
				keys[i] = strings.Repeat(string(rune('a'+r.IntN(26))), 1+r.IntN(3)*r.IntN(40))
			}
		}
		g := freshGroup(m, len(keys))
		cut := len(keys) // members set in slots; the rest through putAny
		if g == nil {
			if n%4 != 0 { // make's maps may have no group yet; ours always do
				t.Fatalf("map %d: freshGroup refused a new map for %d members", n, len(keys))
			}
			cut = 0
		} else if r.IntN(4) == 0 {
			cut = r.IntN(len(keys) + 1)
		}
		ref := map[string]any{}
		for i, k := range keys {
			ref[k] = i
			if i < cut {
				g.set(i, k, i)
				continue
			}
			if i == cut && g != nil {
				sealGroup(m, g, cut)
			}
			putAny(m, k, i)
		}
		if g != nil && cut == len(keys) {
			sealGroup(m, g, cut)
			sealed++
		}
		if freshGroup(m, 1) != nil && len(keys) > 0 {
			t.Fatalf("map %d: freshGroup took a map holding %d members", n, len(m))
		}
		if len(m) != len(ref) || !reflect.DeepEqual(m, ref) {
			t.Fatalf("map %d (keys %q, cut %d): sealGroup made %v, want %v", n, keys, cut, m, ref)
		}
		for k, v := range ref {
			if got, ok := m[k]; !ok || got != v {
				t.Fatalf("map %d: m[%q] = %v, %v, want %v", n, k, got, ok, v)
			}
		}
		for _, k := range keys { // assigning again finds each key in place
			m[k] = ref[k]
		}
		if len(m) != len(ref) {
			t.Fatalf("map %d: %d members after assigning the keys again, want %d", n, len(m), len(ref))
		}
		if len(keys) > 0 {
			k := keys[r.IntN(len(keys))]
			delete(m, k)
			delete(ref, k)
			if _, ok := m[k]; ok || len(m) != len(ref) {
				t.Fatalf("map %d: %q still there after delete", n, k)
			}
			putAny(m, k, -1)
			ref[k] = -1
		}
		for i := range 9 {
			extra := strings.Repeat("x", i+70)
			m[extra] = i
			ref[extra] = i
		}
		if !reflect.DeepEqual(m, ref) {
			t.Fatalf("map %d: grown, %v, want %v", n, m, ref)
		}
	}
	if sealed < 10000 {
		t.Fatalf("only %d maps sealed whole", sealed)
	}
}

// TestUnmarshalDuplicateMembers decodes rows whose nested objects name a
// member twice (the Builder keeps such keys), some with a raw JSON member
// between, into []map[string]any (membersBytes) and into a struct's
// map[string]any field (mapAnyBytes), against encoding/json on the same
// text: the last value wins, in a small map and in a large one.
func TestUnmarshalDuplicateMembers(t *testing.T) {
	type member struct {
		k   string
		raw string // raw JSON value, else the int v
		v   int64
	}
	objs := [][]member{
		{{k: "a", v: 1}, {k: "b", v: 2}, {k: "a", v: 3}},
		{{k: "a", v: 1}, {k: "r", raw: `{"q":[1,2]}`}, {k: "a", v: 3}, {k: "c", v: 4}},
		{{k: "k", v: 1}, {k: "k", v: 2}},
		{{k: "a", v: 1}, {k: "b", v: 2}, {k: "c", v: 3}, {k: "d", v: 4}, {k: "e", v: 5}, {k: "f", v: 6}, {k: "g", v: 7}, {k: "a", v: 8}},
		{{k: "a", v: 1}, {k: "b", v: 2}, {k: "c", v: 3}, {k: "d", v: 4}, {k: "e", v: 5}, {k: "f", v: 6}, {k: "g", v: 7}, {k: "h", v: 8}, {k: "a", v: 9}},
		{{k: strings.Repeat("L", 80), v: 1}, {k: "s", v: 2}, {k: strings.Repeat("L", 80), v: 3}},
		{{k: "x", raw: `7`}, {k: "y", v: 1}, {k: "x", v: 2}},
		{{k: "u", v: 1}, {k: "v", v: 2}, {k: "r", raw: `[true]`}, {k: "w", v: 3}},
	}
	b := NewBuilder()
	b.StartRows()
	var text strings.Builder
	text.WriteString("[")
	for i, obj := range objs {
		b.BeginRow()
		b.Key("m")
		b.BeginObject()
		if i > 0 {
			text.WriteString(",")
		}
		text.WriteString(`{"m":{`)
		for j, e := range obj {
			b.Key(e.k)
			if j > 0 {
				text.WriteString(",")
			}
			text.WriteString(`"` + e.k + `":`)
			if e.raw != "" {
				b.RawJSON([]byte(e.raw))
				text.WriteString(e.raw)
			} else {
				b.Int(e.v)
				text.WriteString(strconv.FormatInt(e.v, 10))
			}
		}
		b.EndObject()
		b.EndRow()
		text.WriteString("}}")
	}
	text.WriteString("]")
	page, err := b.Finish(nil)
	if err != nil {
		t.Fatal(err)
	}
	var gotMaps, wantMaps []map[string]any
	if err := Unmarshal(page, &gotMaps); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(text.String()), &wantMaps); err != nil {
		t.Fatal(err)
	}
	for i := range wantMaps { // (a key in two slots would pass the comparison below)
		if g, w := gotMaps[i]["m"].(map[string]any), wantMaps[i]["m"].(map[string]any); len(g) != len(w) {
			t.Fatalf("row %d: %d members, want %d", i, len(g), len(w))
		}
	}
	if !reflect.DeepEqual(normalizeNumbers(gotMaps), normalizeNumbers(wantMaps)) {
		t.Fatalf("[]map[string]any: got %v, want %v", gotMaps, wantMaps)
	}
	type row struct {
		M map[string]any `json:"m"`
	}
	var gotRows, wantRows []row
	if err := Unmarshal(page, &gotRows); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(text.String()), &wantRows); err != nil {
		t.Fatal(err)
	}
	for i := range wantRows {
		if len(gotRows[i].M) != len(wantRows[i].M) {
			t.Fatalf("row %d: %d members in M, want %d", i, len(gotRows[i].M), len(wantRows[i].M))
		}
	}
	if !reflect.DeepEqual(normalizeNumbers(gotRows), normalizeNumbers(wantRows)) {
		t.Fatalf("[]struct{M map[string]any}: got %v, want %v", gotRows, wantRows)
	}
}

// normalizeNumbers returns v marshaled and unmarshaled by encoding/json,
// so that numbers compare as float64 whatever type each decoder chose.
func normalizeNumbers(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}
