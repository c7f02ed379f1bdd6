package jsonref

import "testing"

// TestReescape checks Reescape on texts whose answer is known.
func TestReescape(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"escapes", `"\/\b\f\n\r\t\"\\\u0041\u00e9\ud83d\ude00"`, `"/\b\f\n\r\t\"\\Aé😀"`},
		{"control characters", `"\u0000\u001f\u007f"`, `"\u0000\u001f` + "\x7f" + `"`},
		{"HTML characters", `"<a href='x'>&amp;</a>"`, `"\u003ca href='x'\u003e\u0026amp;\u003c/a\u003e"`},
		{"U+2028 and U+2029", "\"a\u2028b\u2029c\"", `"a\u2028b\u2029c"`},
		{"escaped U+2028", `"\u2028"`, `"\u2028"`},
		{"invalid UTF-8", "\"\xff\"", "\"\ufffd\""},
		{"lone surrogate", `"\ud800"`, "\"\ufffd\""},
		{"numbers kept as written", `[1.0,1e3,1E+3,-0,0.10,-12.5e-7,123456789012345678901234567890,1e999]`,
			`[1.0,1e3,1E+3,-0,0.10,-12.5e-7,123456789012345678901234567890,1e999]`},
		{"literals", `[true,false,null]`, `[true,false,null]`},
		{"scalars", `-0`, `-0`},
		{"empty containers", `[{},[],{"a":{}}]`, `[{},[],{"a":{}}]`},
		{"nested", `{"a":[1,{"b":[[],{"c":null}]}],"d":{"e":{"f":"g"}}}`, `{"a":[1,{"b":[[],{"c":null}]}],"d":{"e":{"f":"g"}}}`},
		{"key order and duplicate keys", `{"b":1,"a":2,"b":3}`, `{"b":1,"a":2,"b":3}`},
		{"keys re-escaped", `{"\u003c":"<","\/":1}`, `{"\u003c":"\u003c","/":1}`},
		{"whitespace", " \t\n[ { \"a\" :\r1 , \"b\" : [ ] } ,\n null ] \n", `[{"a":1,"b":[]},null]`},
		{"whitespace inside strings kept", `" a\tb "`, `" a\tb "`},
		// The cases the AppendPage hardening test checked its own copy on.
		{"duplicate keys, spaced", ` [ { "a" : 1 , "a" : [ ] } , null ] `, `[{"a":1,"a":[]},null]`},
		{"invalid UTF-8 key", "{\"\xff\":\"<\"}", "{\"\uFFFD\":\"\\u003c\"}"},
		{"huge exponent", `[1e999,true,{"b":{}}]`, `[1e999,true,{"b":{}}]`},
	} {
		got, err := Reescape([]byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%s: Reescape(%q) = %q, %v; want %q", c.name, c.in, got, err, c.want)
		}
	}
}

// TestReescapeInvalid checks that Reescape reports the errors the Decoder
// finds in invalid text.
func TestReescapeInvalid(t *testing.T) {
	for _, in := range []string{`{"a":}`, `[1,]`, `{"a" 1}`, `"abc`, `[1}`, `tru`, `{1:2}`} {
		if got, err := Reescape([]byte(in)); err == nil {
			t.Errorf("Reescape(%q) = %q, no error", in, got)
		}
	}
}
