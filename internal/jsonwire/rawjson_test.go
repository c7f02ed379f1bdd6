package jsonwire

import "testing"

func TestJSONDepth(t *testing.T) {
	for _, c := range []struct {
		in      string
		depth   int
		compact bool
	}{
		{`1`, 0, true},
		{`"[{"`, 0, true},
		{`[]`, 1, true},
		{`[[],{"a":[1]}]`, 3, true},
		{`{"a\"[":"]\\","b":{}}`, 2, true},
		{`[ 1]`, 1, false},
		{"{\"a\":\n1}", 1, false},
		{`"a b"`, 0, true},
	} {
		d, compact := JSONDepth([]byte(c.in))
		if d != c.depth || compact != c.compact {
			t.Errorf("JSONDepth(%s) = %d, %v; want %d, %v", c.in, d, compact, c.depth, c.compact)
		}
		if got, want := ValidCompactJSON([]byte(c.in), c.depth), c.compact; got != want {
			t.Errorf("ValidCompactJSON(%s, %d) = %v", c.in, c.depth, got)
		}
		if c.depth > 0 && ValidCompactJSON([]byte(c.in), c.depth-1) {
			t.Errorf("ValidCompactJSON(%s, %d) accepts it", c.in, c.depth-1)
		}
	}
	if ValidCompactJSON([]byte(`[1,]`), 5) {
		t.Error("ValidCompactJSON accepts invalid JSON")
	}
}
