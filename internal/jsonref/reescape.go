package jsonref

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
)

// Reescape returns the JSON text a page gives back for text, which must be
// valid JSON: its compact form, with every string, keys included, written
// as json.Marshal writes what json.Unmarshal decodes from it (so "\/" is
// "/", "<" is "\u003c", U+2028 is "\u2028", invalid UTF-8 is U+FFFD), and
// everything else kept as in text: key order, duplicate keys, and the text
// of every number ("1.0", "1e3", "-0" and integers of any length stay as
// written).
//
// It walks text with encoding/json's Decoder.Token, which yields object
// members in order, and returns the Decoder's error where it finds one.
// Text that is not valid JSON has no defined result.
func Reescape(text []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	type level struct {
		obj bool
		n   int // tokens so far: keys and values
	}
	var st []level
	var out []byte
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			out = append(out, byte(d))
			st = st[:len(st)-1]
			continue
		}
		if n := len(st); n > 0 {
			l := &st[n-1]
			switch {
			case l.obj && l.n%2 == 1:
				out = append(out, ':')
			case l.n > 0:
				out = append(out, ',')
			}
			l.n++
		}
		switch v := tok.(type) {
		case json.Delim:
			out = append(out, byte(v))
			st = append(st, level{obj: v == '{'})
		case string:
			b, err := json.Marshal(v)
			if err != nil {
				return nil, err
			}
			out = append(out, b...)
		case json.Number:
			out = append(out, v...)
		case bool:
			out = strconv.AppendBool(out, v)
		case nil:
			out = append(out, "null"...)
		}
	}
}
