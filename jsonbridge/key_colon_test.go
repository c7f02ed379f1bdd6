package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/jsonbridge"
)

// TestKeyColonSpacing checks the tokenizer's matches of keys that take in
// the colon right after a key (the row keys matched against the previous
// row's, and the key cache of nested objects): rows of keys of 0 to 33
// bytes, around the bounds of the matched words, each at the top and in a
// nested object, with the colon right after the key in one row and after
// whitespace in the next, or the other way round, must give the page of
// the compact text; a row that puts another byte where the colon goes
// must be refused as encoding/json refuses it.
func TestKeyColonSpacing(t *testing.T) {
	seps := []string{":", " :", "\n\t:"}
	for n := 0; n <= 33; n++ {
		k := strings.Repeat("k", n)
		row := func(sep string) string {
			return `{"` + k + `"` + sep + `1,"o":{"` + k + `"` + sep + `"v"},"z":2}`
		}
		compact := "[" + row(":") + "," + row(":") + "," + row(":") + "]"
		want, err := jsonbridge.AppendPage(nil, []byte(compact))
		if err != nil {
			t.Fatalf("key of %d bytes: %v", n, err)
		}
		for _, a := range seps {
			for _, b := range seps {
				// A tail of text after the rows keeps the words in reach.
				for _, tail := range []string{"", `,{"` + strings.Repeat("t", 40) + `":3}`} {
					text := "[" + row(a) + "," + row(b) + "," + row(a) + tail + "]"
					got, err := jsonbridge.AppendPage(nil, []byte(text))
					if err != nil {
						t.Fatalf("%s: %v", text, err)
					}
					if tail == "" && !bytes.Equal(got, want) {
						t.Errorf("%s: page differs from the compact text's", text)
					}
				}
			}
			for _, bad := range []string{";", `"`, " ,", "1"} {
				text := "[" + row(a) + "," + row(bad) + "," + row(a) + `,{"` + strings.Repeat("t", 40) + `":3}]`
				if json.Valid([]byte(text)) {
					t.Fatalf("%s: valid", text)
				}
				if _, err := jsonbridge.AppendPage(nil, []byte(text)); err == nil {
					t.Errorf("%s: no error", text)
				}
			}
		}
	}
}
