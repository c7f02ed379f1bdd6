package jsontext

import (
	"encoding/json"
	"testing"
)

// TestPeekEveryByte checks peek on every byte value after runs of each
// whitespace byte (none, one, several mixed) and at the end of the text:
// it stops at the first byte that is not JSON whitespace (space, tab, line
// feed, carriage return), a control byte or NUL included, and returns
// len(in) and 0 at the end.
func TestPeekEveryByte(t *testing.T) {
	isWS := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for _, pre := range []string{"", " ", "\t", "\n", "\r", " \t\r\n\r \n\t"} {
		for v := range 256 {
			c := byte(v)
			in := []byte(pre + string([]byte{c}) + "x")
			wantAt, wantC := len(pre), c
			if isWS(c) {
				wantAt, wantC = len(pre)+1, 'x'
			}
			if at, got := peek(in, 0); at != wantAt || got != wantC {
				t.Fatalf("peek(%q, 0) = %d, %q, want %d, %q", in, at, got, wantAt, wantC)
			}
			in = in[:len(in)-1] // the byte last: whitespace runs to the end
			if isWS(c) {
				wantAt, wantC = len(in), 0
			}
			if at, got := peek(in, 0); at != wantAt || got != wantC {
				t.Fatalf("peek(%q, 0) = %d, %q, want %d, %q", in, at, got, wantAt, wantC)
			}
		}
		if at, got := peek([]byte(pre), 0); at != len(pre) || got != 0 {
			t.Fatalf("peek(%q, 0) = %d, %q, want the end", pre, at, got)
		}
	}
	if at, got := peek([]byte("ab"), 2); at != 2 || got != 0 {
		t.Fatalf("peek at the end = %d, %q, want 2, 0", at, got)
	}
}

// TestValueWhitespaceEveryKind parses rows with each kind of whitespace,
// and bytes that are not whitespace, between every pair of tokens, and
// checks validity against json.Valid.
func TestValueWhitespaceEveryKind(t *testing.T) {
	tokens := []string{"[", "{", `"a"`, ":", "1", ",", `"b"`, ":", "[", "true", ",", "null", ",", "{", `"c"`, ":",
		`"d"`, "}", "]", "}", ",", "null", ",", "{", `"a"`, ":", "-2.5", ",", `"b"`, ":", "[", "]", "}", "]"}
	var p Parser
	var s stringSink
	for _, c := range []struct {
		ws    string
		valid bool
	}{
		{"", true}, {" ", true}, {"\t", true}, {"\n", true}, {"\r", true}, {"\r\n\t ", true},
		{"\x01", false}, {"\x00", false}, {"\v", false}, {"\f", false}, {" \x1f", false},
	} {
		ws := c.ws
		text := []byte(ws)
		for _, tok := range tokens {
			text = append(append(text, tok...), ws...)
		}
		e := p.Value(&s, text, 10)
		if valid := json.Valid(text); (e == nil) != valid || valid != c.valid {
			t.Fatalf("whitespace %q: error %v, json.Valid %v", ws, e, valid)
		}
	}
}
