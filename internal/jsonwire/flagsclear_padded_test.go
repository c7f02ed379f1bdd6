package jsonwire

import "testing"

// TestBlockFlagsPadded holds BlockFlags to refFlags on the strings it
// copies into a block of spaces (blockPadMin to flagsClearVectorMin-1
// bytes) and those either side: every pair of bytes at the start, the
// middle and the end of ASCII, CJK, two-byte and emoji text, so that a
// sequence cut short by the end of the string, which the spaces after it
// must not complete, and U+2028 at the end are among them. With -short,
// every seventh first byte; under the race detector, a byte of each class
// for both (everyByte).
func TestBlockFlagsPadded(t *testing.T) {
	buf := make([]byte, 0, 64)
	firsts := everyByte()
	if testing.Short() {
		firsts = nil
		for a := 0; a < 256; a += 7 {
			firsts = append(firsts, byte(a))
		}
	}
	for n := blockPadMin - 1; n <= flagsClearVectorMin; n++ {
		for _, fill := range vectorFillers {
			for _, a := range firsts {
				for _, b := range everyByte() {
					for _, at := range []int{0, n / 2, n - 3, n - 2} {
						buf = append(buf[:0], fill[:n]...)
						buf[at], buf[at+1] = a, b
						if got, want := BlockFlags(buf), refFlags(buf); got != want {
							t.Fatalf("BlockFlags(% x) = %d, want %d", buf, got, want)
						}
					}
				}
			}
		}
	}
	for _, s := range []string{
		"line\u2028separator text", "line separator text\u2028", "é ä ñ: combining marks",
		"👩‍💻 shipped it 🚀🎉", "한국어 텍스트 graph", "\ufeffBOM first signal", "tail cut \xe6\x97",
		"<b>한국어</b> & more", "tab\there 数据库查询结果",
	} {
		if got, want := BlockFlags([]byte(s)), refFlags([]byte(s)); got != want {
			t.Errorf("BlockFlags(%q) = %d, want %d", s, got, want)
		}
	}
}
