package rowpage

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSortFewKeys compares sortFewKeys with slices.Sort on random sets of
// distinct keys that share long prefixes, are shorter and longer than 8
// bytes, hold zero bytes and bytes over 0x7F, and include the empty key;
// the values must follow their keys.
func TestSortFewKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 8))
	alphabet := []string{"", "\x00", "\x01", "a", "b", "_", "created", "created_", "created_at", "createdAt",
		"id", "\xff", "\x7f", "\x80", "zz", "abcdefgh", "abcdefg", "abcdefgh\x00", "abcdefghi"}
	trials := 200_000
	if raceEnabled {
		trials = 20_000 // the detector makes each about ten times slower
	}
	for range trials {
		n := rng.IntN(maxFewKeys + 1)
		seen := map[string]bool{}
		var keys []string
		for len(keys) < n {
			var sb strings.Builder
			for k := rng.IntN(4); k >= 0; k-- {
				sb.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			if s := sb.String(); !seen[s] {
				seen[s] = true
				keys = append(keys, s)
			}
		}
		at := make([]uint32, n)
		vals := make([]any, n)
		for i := range at {
			at[i] = uint32(i)
			vals[i] = keys[i]
		}
		orig := slices.Clone(keys)
		k1, k2 := slices.Clone(keys), slices.Clone(keys)
		sortFewKeys(k1, at)
		sortFewKeys(k2, vals)
		want := slices.Clone(keys)
		slices.Sort(want)
		if !slices.Equal(k1, want) || !slices.Equal(k2, want) {
			t.Fatalf("sortFewKeys(%q) = %q, %q; want %q", keys, k1, k2, want)
		}
		for i := range want {
			if orig[at[i]] != want[i] || vals[i] != want[i] {
				t.Fatalf("sortFewKeys(%q): values do not follow their keys: %v %q", keys, at, vals)
			}
		}
	}
}

// TestKeyPrefixOrder checks that keyPrefix orders strings as strings.
func TestKeyPrefixOrder(t *testing.T) {
	strs := []string{"", "\x00", "\x00\x00", "a", "a\x00", "a\x01", "ab", "abcdefg", "abcdefg\x00", "abcdefgh",
		"abcdefgh\x00", "abcdefghi", "abcdefgi", "\xff", "\xff\xff\xff\xff\xff\xff\xff\xff\xff", "b"}
	for _, a := range strs {
		for _, b := range strs {
			pa, pb := keyPrefix(a), keyPrefix(b)
			if pa < pb && !(a < b) || pa > pb && !(a > b) {
				t.Errorf("keyPrefix(%q) = %x, keyPrefix(%q) = %x: not the strings' order", a, pa, b, pb)
			}
		}
	}
}

// TestKeyPrefixBytes checks keyPrefix against its definition, the first 8
// bytes big-endian padded with zeros, for every length up to 9 of a few
// texts.
func TestKeyPrefixBytes(t *testing.T) {
	for _, text := range []string{"abcdefghi", "\x01\x02\x03\x04\x05\x06\x07\x08\x09", "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7"} {
		for n := 0; n <= len(text); n++ {
			s := text[:n]
			var want uint64
			for i := 0; i < 8; i++ {
				want <<= 8
				if i < n {
					want |= uint64(s[i])
				}
			}
			if got := keyPrefix(s); got != want {
				t.Errorf("keyPrefix(%q) = %#x, want %#x", s, got, want)
			}
		}
	}
}
