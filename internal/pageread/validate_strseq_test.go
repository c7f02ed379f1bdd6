package pageread

import (
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestStrSeqValid checks strSeqValid, the shortcut parseColumns takes for
// string-sequence columns, against the rule it stands for (a minimal varint
// base and nothing after it, base + n within the table) on every payload of
// up to three bytes from a set of telling bytes: it may refuse a valid
// payload (longer bases are left to the validator) but never accept an
// invalid one, and it accepts every valid base of one or two bytes.
func TestStrSeqValid(t *testing.T) {
	bytes := []byte{0x00, 0x01, 0x05, 0x7F, 0x80, 0x81, 0xFF}
	var payloads [][]byte
	payloads = append(payloads, nil)
	for _, a := range bytes {
		payloads = append(payloads, []byte{a})
		for _, b := range bytes {
			payloads = append(payloads, []byte{a, b})
			for _, c := range bytes {
				payloads = append(payloads, []byte{a, b, c})
			}
		}
	}
	for _, p := range payloads {
		for _, strs := range []int{0, 1, 5, 6, 127, 128, 200, 16383, 16384, 20000} {
			for _, n := range []int{1, 2, 5, 127, 200} {
				base, m := format.ConsumeUvarint(p)
				want := m > 0 && m == len(p) && base <= uint64(strs) && uint64(n) <= uint64(strs)-base
				got := strSeqValid(p, n, strs)
				if got && !want || want && len(p) <= 2 && !got {
					t.Errorf("strSeqValid(% x, %d, %d) = %v, want %v", p, n, strs, got, want)
				}
			}
		}
	}
}
