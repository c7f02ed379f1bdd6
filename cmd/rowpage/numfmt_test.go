package main

import "testing"

func TestNumberFormats(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{count(0), "0"}, {count(999), "999"}, {count(1000), "1,000"}, {count(-1234567), "-1,234,567"},
		{byteSize(812), "812 B"}, {byteSize(12345), "12.3 KB"}, {byteSize(4_560_000), "4.56 MB"},
		{sig3(0.5), "0.5"}, {sig3(0.0123), "0.0123"}, {sig3(9.999), "10.0"}, {sig3(123.4), "123"}, {sig3(45678.9), "45,679"},
		{ratio(1.3249), "×1.32"}, {ratio(12.34), "×12.3"}, {ratio(150.2), "×150"}, {ratio(0), "–"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestRoundSig(t *testing.T) {
	for _, tc := range []struct{ in, want float64 }{{1234.5, 1235}, {0.012345, 0.01235}, {0, 0}, {-98765, -98770}} {
		if got := roundSig(tc.in, 4); got != tc.want {
			t.Errorf("roundSig(%v, 4) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
