package jsontext

import (
	"encoding/json"
	"testing"
)

// nestedTexts are cells with objects and arrays inside each other, keys
// of every length around the scanners' words, and whitespace between
// tokens.
var nestedTexts = []string{
	`{"a":{"b":1,"cc":[true,{"d":null}],"eeeeeeeeeeeeeeee":{}},"f":[[],{}]}`,
	`[{"a":1},{"bbbbbbb":"x","cccccccc":-2.5e3},[{"k":[1,{"l":{"m":"n"}}]}]]`,
	` { "a" : { "b" : [ 1 , 2 ] , "c" : { } } , "d" : [ { "e" : false } ] } `,
}

// TestNestedEveryCutEveryByte parses each text whole, cut short at every
// byte, and with each byte replaced by a few that break it, and checks
// validity against json.Valid and where the error is: at the end of the
// text for a cut, and never before the replaced byte.
func TestNestedEveryCutEveryByte(t *testing.T) {
	var p Parser
	var s stringSink
	for _, text := range nestedTexts {
		if e := p.Value(&s, []byte(text), 10); e != nil {
			t.Fatalf("%s: %v", text, e)
		}
		for cut := 0; cut < len(text); cut++ {
			in := []byte(text[:cut])
			e := p.Value(&s, in, 10)
			if valid := json.Valid(in); valid != (e == nil) {
				t.Fatalf("%q: error %v, json.Valid %v", in, e, valid)
			}
			if e != nil && (e.Offset != len(in) || e.Msg != "unexpected end of JSON input") {
				t.Fatalf("%q: %s at %d, want the end of the input", in, e.Msg, e.Offset)
			}
		}
		for k := 0; k < len(text); k++ {
			for _, c := range []byte{'x', '"', ':', ',', '}', ']', '{', '[', '1', ' ', 0x01} {
				in := []byte(text)
				if in[k] == c {
					continue
				}
				in[k] = c
				e := p.Value(&s, in, 10)
				if valid := json.Valid(in); valid != (e == nil) {
					t.Fatalf("%q: error %v, json.Valid %v", in, e, valid)
				}
				if e != nil && e.Offset < k {
					t.Fatalf("%q: error at %d (%s), before the byte replaced at %d", in, e.Offset, e.Msg, k)
				}
			}
		}
	}
}
