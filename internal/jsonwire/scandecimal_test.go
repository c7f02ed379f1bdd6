package jsonwire

import "testing"

// TestScanDecimal checks the digits, sign and exponent ScanDecimal reads,
// and the text it refuses.
func TestScanDecimal(t *testing.T) {
	for _, tt := range []struct {
		s      string
		neg    bool
		mant   uint64
		digits int
		exp    int
		ok     bool
	}{
		{"0", false, 0, 0, 0, true},
		{"-0", true, 0, 0, 0, true},
		{"12", false, 12, 2, 0, true},
		{"1200", false, 1200, 4, 0, true},
		{"-19.99", true, 1999, 4, -2, true},
		{"0.000120", false, 120, 3, -6, true},
		{"1.5e+21", false, 15, 2, 20, true},
		{"5e-324", false, 5, 1, -324, true},
		{"2E3", false, 2, 1, 3, true},
		{"1e999999", false, 1, 1, 100_000, true}, // clamped
		{"1234567890123456789", false, 1234567890123456789, 19, 0, true},
		{"12345678901234567890", false, 0, 0, 0, false}, // 20 digits
		{"1e", false, 0, 0, 0, false},
		{"1e+", false, 0, 0, 0, false},
		{"1.2.3", false, 0, 0, 0, false},
		{"1x", false, 0, 0, 0, false},
		{"1e5x", false, 0, 0, 0, false},
	} {
		neg, mant, digits, exp, ok := ScanDecimal(tt.s)
		if ok != tt.ok || ok && (neg != tt.neg || mant != tt.mant || digits != tt.digits || exp != tt.exp) {
			t.Errorf("ScanDecimal(%q) = %v %d %d %d %v, want %v %d %d %d %v", tt.s,
				neg, mant, digits, exp, ok, tt.neg, tt.mant, tt.digits, tt.exp, tt.ok)
		}
	}
}
