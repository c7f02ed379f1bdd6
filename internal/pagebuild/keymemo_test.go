package pagebuild

import (
	"strings"
	"testing"
)

// TestKeyWordsTellKeysApart packs every key of 0 to 17 bytes made of a
// prefix of a text, with and without capacity past the key holding other
// bytes, and checks that keys pack alike exactly when they are equal, and
// that only keys of up to 16 bytes pack.
func TestKeyWordsTellKeysApart(t *testing.T) {
	type packed struct {
		w0, w1 uint64
		n      int
	}
	seen := map[packed]string{}
	for _, text := range []string{"abcdefghijklmnopq", "abcdefghijklmnopr", "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0\xef"} {
		for n := 0; n <= len(text); n++ {
			key := text[:n]
			for _, tail := range []string{"", "XXXXXXXXXXXXXXXX", "\x00\x00\x00\x00\x00\x00\x00\x00"} {
				b := []byte(key + tail)[:n]
				w0, w1, ok := KeyWords(b)
				if ok != (n <= 16) {
					t.Fatalf("%q: KeyWords ok %v", key, ok)
				}
				if !ok {
					continue
				}
				p := packed{w0, w1, n}
				if other, dup := seen[p]; dup && other != key {
					t.Fatalf("%q and %q pack alike", key, other)
				}
				seen[p] = key
			}
		}
	}
	// The keys of up to 16 bytes: 17 of the first text (the second has the
	// same ones), 16 more of each other text (the empty key is one).
	if want := 17 + 16 + 16; len(seen) != want {
		t.Fatalf("%d distinct packings, want %d", len(seen), want)
	}
}

// TestKeyMemoEpochs remembers numbers for keys and checks that each is
// found under its epoch only, and that a key taking another's entry
// makes that one forgotten, not mistaken.
func TestKeyMemoEpochs(t *testing.T) {
	var m KeyMemo
	keys := make([]string, 600) // more keys than entries: some share one
	for i := range keys {
		keys[i] = strings.Repeat(string(rune('a'+i%26)), 1+i%15) + string(rune('A'+i/26))
	}
	for i, k := range keys {
		w0, w1, _ := KeyWords([]byte(k))
		m.Put(w0, w1, len(k), 7, uint32(i))
		if v, ok := m.Get(w0, w1, len(k), 7); !ok || v != uint32(i) {
			t.Fatalf("%q: Get %d, %v right after Put", k, v, ok)
		}
		if _, ok := m.Get(w0, w1, len(k), 8); ok {
			t.Fatalf("%q: found under another epoch", k)
		}
	}
	for i, k := range keys {
		w0, w1, _ := KeyWords([]byte(k))
		if v, ok := m.Get(w0, w1, len(k), 7); ok && v != uint32(i) {
			t.Fatalf("%q: Get %d, want %d or nothing", k, v, i)
		}
	}
	var empty KeyMemo
	if _, ok := empty.Get(0, 0, 0, 1); ok {
		t.Fatal("the empty key found in an empty memo")
	}
}

// TestKeyWordsWideMatches checks that KeyWordsWide packs every key of 0
// to 16 bytes with 16 bytes of capacity or more (whatever bytes lie past
// the key) as KeyWords does.
func TestKeyWordsWideMatches(t *testing.T) {
	text := "\xff\x00abcdefghijklmnop\x80qrstuvwxyz0123456789"
	for at := 0; at+16 <= len(text); at++ {
		for n := 0; n <= 16; n++ {
			for _, room := range []int{16 - n, 17 - n, len(text) - at - n} {
				if room < 0 || at+n+room > len(text) || n+room < 16 {
					continue
				}
				k := []byte(text)[at : at+n : at+n+room]
				w0, w1, ok := KeyWords(k)
				v0, v1 := KeyWordsWide(k)
				if !ok || v0 != w0 || v1 != w1 {
					t.Fatalf("%q (cap %d): KeyWordsWide %x %x, KeyWords %x %x %v", k, cap(k), v0, v1, w0, w1, ok)
				}
			}
		}
	}
}
