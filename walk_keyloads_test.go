package rowpage

import (
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// TestKeyLoadsTellKeysApart: keyLoads' two words and the length tell any
// two keys of up to 16 bytes apart (keyCols and firstRow compare keys by
// them alone), so changing any one byte of such a key changes its words;
// of a longer key the words are those of its first 8 and last 8 bytes
// (firstRow compares the rest). Both twins (the purego tag) run it.
func TestKeyLoadsTellKeysApart(t *testing.T) {
	base := "abcdefghijklmnopqrstuvwxyz0123456789"
	for n := 0; n <= 16; n++ {
		k := base[:n]
		a, b := keyLoads(k)
		for i := range n {
			for _, c := range []byte{0, 'A', 0x80, 0xff} {
				m := []byte(k)
				m[i] = c
				if string(m) == k {
					continue
				}
				if a2, b2 := keyLoads(string(m)); a2 == a && b2 == b {
					t.Errorf("keyLoads(%q) = keyLoads(%q) = %#x, %#x", m, k, a, b)
				}
			}
		}
	}
	for n := 17; n <= len(base); n++ {
		k := base[:n]
		a, b := keyLoads(k)
		head, _ := keyLoads(k[:8])
		tail, _ := keyLoads(k[n-8:])
		if a != head || b != tail {
			t.Errorf("keyLoads(%q) = %#x, %#x; want its first and last 8 bytes' %#x, %#x", k, a, b, head, tail)
		}
	}
	// A key inside a longer string loads its own bytes only.
	s := strings.Repeat("x", 8) + "ab" + strings.Repeat("y", 8)
	if a, b := keyLoads(s[8:10]); a != 'a'|'b'<<8|'b'<<16 || b != 0 {
		t.Errorf(`keyLoads("ab") = %#x, %#x; want %#x, 0`, a, b, 'a'|'b'<<8|'b'<<16)
	}
}

// TestKeyLoadsAreTheWrittenOutLoads: keyCols compares words from keyLoads
// with words entriesSet and groupSet load themselves (little-endian, by
// pagebuild.Load64 and Load32), so for every key of up to 16 bytes the
// two must be the same words. A twin that loaded in another byte order
// would still tell keys apart, but would find "hgfedcba"'s column for
// "abcdefgh".
func TestKeyLoadsAreTheWrittenOutLoads(t *testing.T) {
	base := "abcdefgh\x00\x80\xffijklmn"
	for n := 0; n <= 16; n++ {
		k := base[:n]
		var wa, wb uint64
		switch {
		case n >= 8:
			wa, wb = pagebuild.Load64(k, 0), pagebuild.Load64(k, n-8)
		case n >= 4:
			wa, wb = uint64(pagebuild.Load32(k, 0)), uint64(pagebuild.Load32(k, n-4))
		case n > 0:
			wa = uint64(k[0]) | uint64(k[n>>1])<<8 | uint64(k[n-1])<<16
		}
		if a, b := keyLoads(k); a != wa || b != wb {
			t.Errorf("keyLoads(%q) = %#x, %#x; the written-out loads give %#x, %#x", k, a, b, wa, wb)
		}
	}
}
