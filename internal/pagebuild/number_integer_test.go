package pagebuild

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestCanonicalIntegerMatchesIntUint checks that CanonicalInteger accepts
// exactly the texts CanonicalInt or CanonicalUint accepts (strconv's
// FormatInt and FormatUint texts), with the same value: around 2^53,
// 2^63 and 2^64, at every length, and texts that are not canonical.
func TestCanonicalIntegerMatchesIntUint(t *testing.T) {
	texts := []string{
		"", "-", "0", "-0", "00", "01", "-01", "1", "-1", "9", "10", "+1", "1a", "1.0", "1e5",
		"9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740993",
		"9223372036854775807", "9223372036854775808", "9223372036854775809",
		"-9223372036854775807", "-9223372036854775808", "-9223372036854775809",
		"18446744073709551615", "18446744073709551616", "-18446744073709551615",
		"99999999999999999999", "100000000000000000000", "10000000000000000000",
		"1844674407370955161a", "18446744073709551x15", "1844674407x709551615",
		"12345678/", "1234567:", "123456789012345678901",
		"18446744073709551614", "18446744073709551619", "18446744073709551625", "18446744073709552615",
		"18446744073709550000", "18446744073709549999", "18446744073709560000", "18446744073709561615",
		"28446744073709551615", "10000000000000000001", "1000000000000000000", "100000000000000000",
		"10000000000000000", "1234567890123456", "12345678901234567", "9223372036854775808a",
		"-9223372036854775810", "-9223372036854775800", "-10000000000000000000", "12345678901234567/",
		"1234567890123456:", "1234567890123456789/", "123456789012345678:0", "-00000000000000000001",
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		u := r.Uint64() >> r.IntN(64)
		texts = append(texts, strconv.FormatUint(u, 10), "-"+strconv.FormatUint(u, 10))
		b := []byte(strconv.FormatUint(u, 10))
		b[r.IntN(len(b))] = byte(r.IntN(256)) // perhaps a non-digit, perhaps a leading zero
		texts = append(texts, string(b))
		// 17 to 20 digits, near MaxUint64 and 2^63 in their high digits
		hi := []string{"1844674407370955", "9223372036854775", "1844674407370956", "1844674407370954"}[r.IntN(4)]
		texts = append(texts, hi+strconv.Itoa(r.IntN(10_000)), "-"+hi+strconv.Itoa(r.IntN(1000)))
	}
	for _, s := range texts {
		u, neg, ok := CanonicalInteger(s)
		iv, iok := CanonicalInt(s)
		uv, uok := CanonicalUint(s)
		switch {
		case iok:
			if !ok || (neg && -int64(u) != iv) || (!neg && (u > math.MaxInt64 || int64(u) != iv)) {
				t.Errorf("CanonicalInteger(%q) = %d, %v, %v; CanonicalInt %d", s, u, neg, ok, iv)
			}
		case uok:
			if !ok || neg || u != uv {
				t.Errorf("CanonicalInteger(%q) = %d, %v, %v; CanonicalUint %d", s, u, neg, ok, uv)
			}
		case ok:
			t.Errorf("CanonicalInteger(%q) = %d, %v, true; neither CanonicalInt nor CanonicalUint accepts it", s, u, neg)
		}
		if ok && iok != (neg || u <= math.MaxInt64) {
			t.Errorf("CanonicalInteger(%q): int64 range disagrees", s)
		}
	}
}
