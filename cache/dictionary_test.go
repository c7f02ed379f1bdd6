package cache_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/jsonbridge"
)

// TestDictionaryEntries checks a cache whose pages are written with a
// dictionary (SPEC.md 2.6): with Options.Dictionaries, Get serves them as
// hits and ServeJSON renders them with a mode that holds the dictionary;
// a cache without the dictionary finds the same entry foreign (a miss) and
// overwrites it.
func TestDictionaryEntries(t *testing.T) {
	var samples [][]byte
	for i := range 10 {
		p, err := rowpage.Marshal(items(25 * (i + 1))[25*i:])
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, p)
	}
	d, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{})
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := rowpage.EncOptions{Compression: rowpage.CompressSmall, Dictionary: d}.EncMode()
	rows := items(275)[250:]
	page, err := enc.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(rows)
	load := func(context.Context) ([]byte, error) { return page, nil }
	store := cache.NewMemory(1 << 20)
	k := cache.Key{Tenant: "t", Query: "q"}
	c, n := newCache(t, store, cache.Options{Namespace: "dict", Dictionaries: []*rowpage.Dictionary{d}})
	for range 2 {
		if _, _, err := c.Get(context.Background(), k, load); err != nil {
			t.Fatal(err)
		}
	}
	if n.Hits.Load() != 1 || n.Misses.Load() != 1 {
		t.Fatalf("%d hits, %d misses; want 1 and 1", n.Hits.Load(), n.Misses.Load())
	}
	mode, _ := jsonbridge.Options{Dictionaries: []*rowpage.Dictionary{d}}.Mode()
	if w := serve(c, k, load, mode, nil); w.Body.String() != string(want) || w.Header().Get("X-Cache") != "hit" {
		t.Fatalf("ServeJSON: %s, X-Cache %q", w.Body.String(), w.Header().Get("X-Cache"))
	}
	without, m := newCache(t, store, cache.Options{Namespace: "dict"})
	if _, st, err := without.Get(context.Background(), k, load); err != nil || st != cache.Miss || m.Foreign.Load() != 1 {
		t.Fatalf("without the dictionary: %v, %v, %d foreign", st, err, m.Foreign.Load())
	}
}
