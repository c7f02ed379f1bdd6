package format

import "testing"

// TestCheckHeaderQuickMatchesFields: CheckHeader's quick test accepts
// exactly the headers the field-by-field check accepts, and every other
// input gets that check's error: every flags byte and kind byte, versions
// around the known one, damaged magic, and every length up to a header and
// past it.
func TestCheckHeaderQuickMatchesFields(t *testing.T) {
	same := func(b []byte) {
		t.Helper()
		got, want := CheckHeader(b), checkHeaderFields(b)
		if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
			t.Fatalf("% x: CheckHeader %v, field by field %v", b, got, want)
		}
	}
	good := append(append([]byte(nil), Magic[:]...), MajorVersion, 0, 0, byte(KindRows), 0x55)
	for n := 0; n <= len(good); n++ {
		same(good[:n])
	}
	for i := 0; i < 4; i++ {
		b := append([]byte(nil), good...)
		b[i] ^= 0x01
		same(b)
	}
	for _, major := range []byte{0, MajorVersion - 1, MajorVersion, MajorVersion + 1, 0xFF} {
		for _, minor := range []byte{0, 7, 0xFF} {
			for flags := 0; flags < 256; flags++ {
				for kind := 0; kind < 256; kind++ {
					b := append([]byte(nil), good...)
					b[4], b[5], b[6], b[7] = major, minor, byte(flags), byte(kind)
					same(b)
					same(b[:HeaderSize])
				}
			}
		}
	}
}
