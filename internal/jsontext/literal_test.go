package jsontext

import (
	"encoding/json"
	"testing"
)

// TestLiteralsEveryByteEveryCut parses true, false and null inside an
// array and as a row value, whole, with each byte after the first
// replaced, and cut short at every byte, and checks validity against
// json.Valid and the offset of the error: the first byte that does not
// continue the literal, or the end of the text.
func TestLiteralsEveryByteEveryCut(t *testing.T) {
	var p Parser
	var s stringSink
	for _, lit := range []string{"true", "false", "null"} {
		for _, frame := range [][2]string{{"", ""}, {"[", "]"}, {`[{"a":[`, "]}]"}, {"[1,", ",2]"}} {
			check := func(text string, wantOff int) {
				t.Helper()
				e := p.Value(&s, []byte(text), 10)
				if valid := json.Valid([]byte(text)); valid != (e == nil) {
					t.Fatalf("%q: error %v, json.Valid %v", text, e, valid)
				}
				if e != nil && wantOff >= 0 && e.Offset != wantOff {
					t.Fatalf("%q: error at %d (%s), want %d", text, e.Offset, e.Msg, wantOff)
				}
			}
			check(frame[0]+lit+frame[1], -1)
			for k := 1; k < len(lit); k++ {
				for _, c := range []byte{'a', 'e', 'l', 'u', ' ', ']', '"', 0x00, 0xff, lit[k] ^ 0x20} {
					if c == lit[k] {
						continue
					}
					b := []byte(lit)
					b[k] = c
					check(frame[0]+string(b)+frame[1], len(frame[0])+k)
				}
				cut := frame[0] + lit[:k]
				check(cut, len(cut))
			}
		}
	}
}
