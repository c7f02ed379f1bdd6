package jsonbridge_test

// AppendPage given bad or awkward JSON (issue 4, item 5): an error exactly
// when json.Valid says the text is invalid (or nested past MaxDepth, a
// limit), and otherwise a page whose JSON is the text as encoding/json would
// write it back: compact, every key kept in order (duplicates too), strings
// decoded as json.Unmarshal decodes them and written as json.Marshal writes
// them, number text untouched.

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/jsonref"
	"github.com/rowpage/rowpage/jsonbridge"
)

var hpCompat, _ = rowpage.DecOptions{JSONCompatible: true, UseNumber: true}.DecMode()

// hpCheck runs the contract on one text.
func hpCheck(t *testing.T, text []byte, wantErr error) {
	t.Helper()
	page, err := jsonbridge.AppendPage([]byte("dst"), text)
	if wantErr == nil && !json.Valid(text) {
		wantErr = rowpage.ErrInvalidJSON
	}
	if wantErr != nil {
		if !errors.Is(err, wantErr) {
			t.Fatalf("AppendPage(%.60q): got %v, want %v", text, err, wantErr)
		}
		var e *rowpage.Error
		if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(text) {
			t.Fatalf("AppendPage(%.60q): error %v has no offset within the text", text, err)
		}
		if string(page) != "dst" {
			t.Fatalf("AppendPage changed dst on error")
		}
		return
	}
	if err != nil {
		t.Fatalf("AppendPage(%.60q) of valid JSON: %v", text, err)
	}
	page = page[3:]
	got, err := jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatalf("AppendJSON: %v", err)
	}
	want, err := jsonref.Reescape(text)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("AppendPage(%q) renders\n got: %q\nwant: %q", text, got, want)
	}
	// Decoding the page gives what json.Unmarshal gives for the text
	// (duplicate keys: the last one wins in both).
	var viaPage, viaJSON any
	if err := hpCompat.Unmarshal(page, &viaPage); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	if err := dec.Decode(&viaJSON); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(viaJSON, viaPage) {
		t.Fatalf("Unmarshal of the page differs from json.Unmarshal of the text (-json +page):\n%s", cmp.Diff(viaJSON, viaPage))
	}
}

func TestAppendPageBadInput(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	cases := []struct {
		name, text string
		want       error
	}{
		// Duplicate keys are kept exactly; a row that repeats a key makes
		// the page a value page, nested objects keep them as they are.
		{"duplicate keys in a row", `[{"a":1,"a":2}]`, nil},
		{"duplicate keys in a later row", `[{"a":1},{"b":2,"a":3,"b":4}]`, nil},
		{"duplicate keys in an object", `{"a":1,"a":{"a":2,"a":3}}`, nil},
		{"duplicate nested keys", `[{"x":{"a":1,"a":[],"a":null}}]`, nil},
		{"duplicate keys, different case", `[{"a":1,"A":2}]`, nil},
		// Invalid UTF-8 and lone surrogates become U+FFFD, as json.Unmarshal
		// makes them; keys that become alike are kept twice.
		{"invalid UTF-8 string", "[\"a\xffb\"]", nil},
		{"invalid UTF-8 in a row", "[{\"k\xc3\":\"v\xed\xa0\x80\"}]", nil},
		{"invalid UTF-8 keys that become alike", "{\"\xff\":1,\"\xfe\":2}", nil},
		{"invalid UTF-8 row keys that become alike", "[{\"\xff\":1,\"\xfe\":2}]", nil},
		{"lone surrogates", `["\ud800","\udc00\ud800","x\ud83d"]`, nil},
		{"surrogate pair", `["\ud83d\ude00"]`, nil},
		{"escapes and HTML", `[{"\u0000<":"\u2028&\u003e\/"}]`, nil},
		{"U+FFFD itself", "[\"\uFFFD\",\"\\ufffd\"]", nil},
		// Number text is kept exactly.
		{"numbers json.Marshal would not write", `[1e999,-0,-0.0,1E2,0.1e-7,123456789012345678901234567890,1.50]`, nil},
		{"numbers in rows", `[{"n":1e400},{"n":-0},{"n":9223372036854775808}]`, nil},
		// Invalid JSON: ErrInvalidJSON, as json.Valid says.
		{"NaN", `[NaN]`, nil},
		{"Infinity", `{"a":-Infinity}`, nil},
		{"leading zero", `[01]`, nil},
		{"bare dot", `[1.]`, nil},
		{"plus sign", `[+1]`, nil},
		{"invalid UTF-8 outside strings", "[\xff]", nil},
		{"control character in a string", "[\"\x01\"]", nil},
		{"bad escape", `["\x"]`, nil},
		{"short surrogate escape", `["\ud80"]`, nil},
		{"byte order mark", "\xef\xbb\xbf[]", nil},
		{"trailing comma", `[{"a":1},]`, nil},
		{"trailing garbage", `{} {}`, nil},
		{"empty", ``, nil},
		{"only spaces", " \t\n", nil},
		{"unclosed", `[{"a":[1,2`, nil},
		{"single quotes", `{'a':1}`, nil},
		// Nesting: a cell holds MaxDepth-1 levels; more is ErrLimit.
		{"nesting at the limit", deep(999), nil},
		{"nesting past the limit", deep(1000), rowpage.ErrLimit},
		{"nesting at the limit in a row", `[{"a":` + deep(999) + `}]`, nil},
		{"nesting past the limit in a row", `[{"a":` + deep(1000) + `}]`, rowpage.ErrLimit},
		{"nesting past encoding/json's limit", deep(10001), rowpage.ErrLimit},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { hpCheck(t, []byte(c.text), c.want) })
	}
}
