package jsonbridge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/jsonref"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Shared test data, relative to this package's directory. Each directory is
// optional: tests that need one skip when it is absent.
const (
	dataJSONDir  = "../../shared/data/json"
	testSuiteDir = "../../shared/data/jsontestsuite/test_parsing"
	fuzzJSONDir  = "../../shared/data/fuzz-corpus/json"
)

// roundTrip returns AppendJSON(AppendPage(x)) and the page kind.
func roundTrip(m *PageMode, x []byte) ([]byte, format.Kind, error) {
	prefix := []byte("canary")
	page, err := m.AppendPage(prefix, x)
	if err != nil {
		if string(page) != "canary" {
			return nil, 0, fmt.Errorf("dst changed on error: %q", page)
		}
		return nil, 0, err
	}
	if string(page[:6]) != "canary" {
		return nil, 0, fmt.Errorf("dst prefix overwritten: %q", page[:6])
	}
	page = page[6:]
	out, err := AppendJSON(nil, page)
	if err != nil {
		return nil, 0, fmt.Errorf("AppendJSON of the page: %w", err)
	}
	return out, format.Kind(page[7]), nil
}

// checkContract checks that x, valid JSON, turns into a page whose JSON is
// jsonref.Reescape(x), the bridge's round-trip contract; it returns the
// page kind.
func checkContract(t testing.TB, m *PageMode, x []byte) format.Kind {
	t.Helper()
	want, err := jsonref.Reescape(x)
	if err != nil {
		t.Fatalf("jsonref.Reescape(%.200q): %v", x, err)
	}
	got, kind, err := roundTrip(m, x)
	if err != nil {
		t.Fatalf("AppendPage(%.200q): %v", x, err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("AppendPage(%.200q) renders\n%.500s\nwant\n%.500s", x, got, want)
	}
	return kind
}

// checkSyntaxError checks that err, from AppendPage(x), reports what
// encoding/json reports for x: the same message and the offset of the same
// byte. encoding/json says "invalid character ' '" for some texts cut short
// (it feeds a space at the end); AppendPage says "unexpected end of JSON
// input" for all of them.
func checkSyntaxError(t testing.TB, x []byte, err error) {
	t.Helper()
	var e *rowpage.Error
	if !errors.As(err, &e) || !errors.Is(err, rowpage.ErrInvalidJSON) {
		t.Fatalf("AppendPage(%.200q): error %v, want a *rowpage.Error wrapping ErrInvalidJSON", x, err)
	}
	var se *json.SyntaxError
	if jerr := json.Unmarshal(x, new(json.RawMessage)); !errors.As(jerr, &se) {
		t.Fatalf("AppendPage(%.200q): error %v, but encoding/json says %v", x, err, jerr)
	}
	msg, _ := strings.CutPrefix(e.Msg, "jsonbridge: ")
	if msg == "unexpected end of JSON input" {
		if e.Offset != len(x) || se.Offset != int64(len(x)) {
			t.Fatalf("AppendPage(%.200q): %q at %d, encoding/json %q at %d", x, msg, e.Offset, se.Error(), se.Offset)
		}
		return
	}
	if msg != se.Error() || int64(e.Offset) != se.Offset-1 {
		t.Fatalf("AppendPage(%.200q): %q at %d, encoding/json %q after %d bytes", x, msg, e.Offset, se.Error(), se.Offset)
	}
}

// checkAny checks AppendPage on arbitrary bytes: an error exactly when
// json.Valid says invalid (or ErrLimit for deep nesting), the contract
// otherwise.
func checkAny(t testing.TB, x []byte) {
	t.Helper()
	_, err := AppendPage(nil, x)
	valid := json.Valid(x)
	switch {
	case err == nil && !valid:
		t.Fatalf("AppendPage(%.200q) accepted invalid JSON", x)
	case errors.Is(err, rowpage.ErrLimit):
		if d := nesting(x); d < defaultPageMode.cellMax {
			t.Fatalf("AppendPage(%.200q): %v, but it nests only %d deep", x, err, d)
		}
	case err != nil:
		if valid {
			t.Fatalf("AppendPage(%.200q) rejected valid JSON: %v", x, err)
		}
		checkSyntaxError(t, x, err)
	default:
		checkContract(t, defaultPageMode, x)
	}
}

// nesting returns the deepest nesting of brackets outside strings in x.
func nesting(x []byte) int {
	d, maxD, inStr := 0, 0, false
	for i := 0; i < len(x); i++ {
		switch c := x[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '[' || c == '{':
			d++
			maxD = max(maxD, d)
		case c == ']' || c == '}':
			d--
		}
	}
	return maxD
}

func TestAppendPageTokens(t *testing.T) {
	scalars := []string{
		// literals
		`true`, `false`, `null`,
		// numbers: exact text is kept
		`0`, `-0`, `1`, `-1`, `1.0`, `1E3`, `1e3`, `1e+3`, `1E-3`, `-1.5e-7`, `0.1`, `19.99`,
		`1e400`, `-1e-400`, `1.5e300`, `100000000000000000000000`,
		`123456789012345678901234567890`, `999999999999999999`, `-999999999999999999`,
		`9223372036854775807`, `9223372036854775808`, `-9223372036854775808`, `-9223372036854775809`,
		`18446744073709551615`, `18446744073709551616`, `0.000001`, `1e-7`, `5e-324`, `1.7976931348623157e308`,
		// strings and escapes
		`""`, `"a"`, `"hello, world"`, `"\"\\\/\b\f\n\r\t"`, `"\u0041\u00e9\u4e16"`, `"\u0000\u001f"`,
		`"\ud83d\ude00"`, `"\uD83D\uDE00"`, `"\ud800"`, `"\udc00"`, `"\ud800\ud800"`, `"\ud800x"`,
		`"\ud800\n"`, `"\ud800\udc00\udc00"`, `"\udbff\udfff"`, `"\ud800\u0041"`, `"\uFFFD"`, `"\ufffe"`,
		"\"\xff\"", "\"a\xe2\x82\"", "\"\xed\xa0\x80\"", "\"\xc0\xaf\"", "\"\xf4\x90\x80\x80\"", "\"é世界😀\"",
		`"\u2028\u2029"`, "\"\u2028\"", `"<a href=\"x\">&amp;</a>"`,
		"\"0123456789abcdef\xff0123456789\"", `"0123456789abcdef\n0123456789"`,
		// timestamps, stored as such when they render back identically
		`"2024-01-02T03:04:05Z"`, `"2024-01-02T03:04:05.123Z"`, `"2024-01-02T03:04:05.500Z"`,
		`"2024-01-02T03:04:05.000000001Z"`, `"2024-01-02T03:04:05+05:30"`, `"2024-01-02T03:04:05.1-08:00"`,
		`"2024-02-29T00:00:00Z"`, `"0000-01-01T00:00:00Z"`, `"9999-12-31T23:59:59.999999999Z"`,
		`"0000-01-01T00:00:00+01:00"`, `"9999-12-31T23:59:59-23:59"`,
		// ... and strings when not
		`"2023-02-29T00:00:00Z"`, `"1900-02-29T00:00:00Z"`, `"2024-04-31T00:00:00Z"`, `"2024-13-01T00:00:00Z"`,
		`"2024-01-01T24:00:00Z"`, `"2024-01-01T23:59:60Z"`, `"2024-01-01T00:00:00+00:00"`,
		`"2024-01-01T00:00:00-00:00"`, `"2024-01-01t00:00:00Z"`, `"2024-01-01T00:00:00z"`,
		`"2024-01-01T00:00:00.1234567890Z"`, `"2024-01-01T00:00:00.Z"`, `"2024-01-01 00:00:00Z"`,
		`"2024-01-01T00:00:00"`, `"2024-01-01T00:00:00+24:00"`, `"2024-01-01T00:00:00+01:60"`,
		`"2024-01-01T00:00:00+0100"`, `"2024-01-01"`, `"2024-01-01T00:00:00\u005a"`,
	}
	forms := []string{`%s`, `[%s]`, `[{"k":%s}]`, `{"k":%s}`, ` [ { "k" : [ %s , { "n" : %[1]s } ] } , null ] `}
	wantKind := []format.Kind{format.KindValue, format.KindValue, format.KindRows, format.KindObject, format.KindRows}
	for _, s := range scalars {
		for i, f := range forms {
			x := []byte(fmt.Sprintf(f, s))
			if k := checkContract(t, defaultPageMode, x); k != wantKind[i] && !(s == "null" && i == 1) {
				t.Errorf("%s: kind %d, want %d", x, k, wantKind[i])
			}
		}
	}
}

// TestAppendPageTimestamps checks which strings are stored as text times
// (SPEC.md 5.4): those whose cell renders back byte for byte.
func TestAppendPageTimestamps(t *testing.T) {
	for _, tc := range []struct {
		s    string
		time bool
	}{
		{`"2024-01-02T03:04:05Z"`, true},
		{`"2024-01-02T03:04:05.120Z"`, true},
		{`"2024-01-02T03:04:05+05:30"`, true},
		{`"2024-02-29T00:00:00Z"`, true},
		{`"2024-01-02T03:04:05\u005a"`, true}, // decoded first
		{`"2024-01-01T00:00:00+00:00"`, true},
		{`"2025-03-14T10:04:15.738+00:00"`, true},
		{`"2025-03-14T10:04:15.123456789-08:00"`, true},
		{`"2023-02-29T00:00:00Z"`, false},
		{`"2024-01-01T00:00:00-00:00"`, false},
		{`"2024-01-01T23:59:60Z"`, false},
		{`"2024-01-01T00:00:00"`, false},
		{`"2024-01-02T03:04:05.1234567890Z"`, false},
	} {
		page, err := AppendPage(nil, []byte(tc.s))
		if err != nil {
			t.Fatalf("%s: %v", tc.s, err)
		}
		var l pageread.Layout
		if err := l.Reset(page, format.Limits{}.WithDefaults()); err != nil {
			t.Fatalf("%s: %v", tc.s, err)
		}
		if got := l.Columns[0].Enc == format.EncTextTime; got != tc.time {
			t.Errorf("%s: stored as time %v, want %v (encoding %#x)", tc.s, got, tc.time, l.Columns[0].Enc)
		}
	}
}

// TestAppendPageStringScan puts each kind of special byte at every position
// of a string, so that the 8-byte scan meets it in every lane.
func TestAppendPageStringScan(t *testing.T) {
	for _, special := range []string{`\n`, `\u00e9`, "é", "\xff", `\"`, "😀", "\xe2\x82"} {
		for pos := 0; pos <= 24; pos++ {
			s := strings.Repeat("a", pos) + special + strings.Repeat("b", 24-pos)
			for _, f := range []string{`"%s"`, `[{"%s":1}]`, `[{"k":"%s"},{"k":"%[1]s"}]`} {
				checkContract(t, defaultPageMode, []byte(fmt.Sprintf(f, s)))
			}
		}
	}
}

func TestAppendPageKinds(t *testing.T) {
	for _, tc := range []struct {
		x    string
		kind format.Kind
	}{
		{`[]`, format.KindRows},
		{` [ ] `, format.KindRows},
		{`[null]`, format.KindRows},
		{`[null,null]`, format.KindRows},
		{`[{}]`, format.KindRows},
		{`[{"a":1},null,{"b":2,"a":3}]`, format.KindRows},
		{`[{"a":{"b":1,"b":2}}]`, format.KindRows}, // nested objects may repeat keys
		{`{}`, format.KindObject},
		{`{"a":1,"b":[1,{"c":2,"c":3}]}`, format.KindObject},
		// restarts as a value page
		{`[1]`, format.KindValue},
		{`[{"a":1},2]`, format.KindValue},
		{`[{"a":1},[]]`, format.KindValue},
		{`[null,"x"]`, format.KindValue},
		{`[{"a":1},{"a":2,"b":3,"a":4}]`, format.KindValue},
		{`[{"a":1,"a":1}]`, format.KindValue},
		{`[{"a":1},{"b":{"x":1}},true]`, format.KindValue},
		{`{"a":1,"a":2}`, format.KindValue},
		{`{"a":{"b":1},"c":2,"a":3}`, format.KindValue},
		{`[[]]`, format.KindValue},
		{`"s"`, format.KindValue},
		{`1`, format.KindValue},
		{`null`, format.KindValue},
	} {
		if k := checkContract(t, defaultPageMode, []byte(tc.x)); k != tc.kind {
			t.Errorf("%s: kind %d, want %d", tc.x, k, tc.kind)
		}
	}
}

func TestAppendPageErrors(t *testing.T) {
	for _, tc := range []struct {
		x   string
		msg string // without "jsonbridge: "
		off int
	}{
		{``, "unexpected end of JSON input", 0},
		{" \t\r\n", "unexpected end of JSON input", 4},
		{`[`, "unexpected end of JSON input", 1},
		{`[{"a":1}`, "unexpected end of JSON input", 8},
		{`[{"a":1},`, "unexpected end of JSON input", 9},
		{`{"a":1,"a":2`, "unexpected end of JSON input", 12},
		{`{"a"`, "unexpected end of JSON input", 4},
		{`"abc`, "unexpected end of JSON input", 4},
		{`"\u12`, "unexpected end of JSON input", 5},
		{`"\`, "unexpected end of JSON input", 2},
		{`-`, "unexpected end of JSON input", 1},
		{`1.`, "unexpected end of JSON input", 2},
		{`1e+`, "unexpected end of JSON input", 3},
		{`tru`, "unexpected end of JSON input", 3},
		{`x`, "invalid character 'x' looking for beginning of value", 0},
		{"\xff", "invalid character 'ÿ' looking for beginning of value", 0},
		{"\f[]", `invalid character '\f' looking for beginning of value`, 0},
		{"[\u00a0]", `invalid character 'Â' looking for beginning of value`, 1},
		{`[1,]`, "invalid character ']' looking for beginning of value", 3},
		{`[{"a":1},{"b":}]`, "invalid character '}' looking for beginning of value", 14},
		{`{"a":1,}`, "invalid character '}' looking for beginning of object key string", 7},
		{`{1:2}`, "invalid character '1' looking for beginning of object key string", 1},
		{`[{'a':1}]`, `invalid character '\'' looking for beginning of object key string`, 2},
		{`{"a" 1}`, "invalid character '1' after object key", 5},
		{`[{"a":{"b"}}]`, "invalid character '}' after object key", 10},
		{`{"a":1 "b":2}`, `invalid character '"' after object key:value pair`, 7},
		{`{"a":[1,2}`, "invalid character '}' after array element", 9},
		{`[1 2]`, "invalid character '2' after array element", 3},
		{`[{"a":1}}`, "invalid character '}' after array element", 8},
		{`1 2`, "invalid character '2' after top-level value", 2},
		{`01`, "invalid character '1' after top-level value", 1},
		{`[01]`, "invalid character '1' after array element", 2},
		{`[1]x`, "invalid character 'x' after top-level value", 3},
		{`[{"a":1}] ]`, "invalid character ']' after top-level value", 10},
		{`{"a":1}}`, "invalid character '}' after top-level value", 7},
		{`-a`, "invalid character 'a' in numeric literal", 1},
		{`-.5`, "invalid character '.' in numeric literal", 1},
		{`+1`, "invalid character '+' looking for beginning of value", 0},
		{`.5`, "invalid character '.' looking for beginning of value", 0},
		{`1.e5`, "invalid character 'e' after decimal point in numeric literal", 2},
		{`1ex`, "invalid character 'x' in exponent of numeric literal", 2},
		{`1e+-1`, "invalid character '-' in exponent of numeric literal", 3},
		{`trux`, "invalid character 'x' in literal true (expecting 'e')", 3},
		{`fals`, "unexpected end of JSON input", 4},
		{`falze`, "invalid character 'z' in literal false (expecting 's')", 3},
		{`nil`, "invalid character 'i' in literal null (expecting 'u')", 1},
		{`[nul]`, "invalid character ']' in literal null (expecting 'l')", 4},
		{`True`, "invalid character 'T' looking for beginning of value", 0},
		{"\"a\x01\"", `invalid character '\x01' in string literal`, 2},
		{"[{\"k\":\"0123456789\n\"}]", `invalid character '\n' in string literal`, 17},
		{"\"\\n\x1f\"", `invalid character '\x1f' in string literal`, 3},
		{`"\x"`, "invalid character 'x' in string escape code", 2},
		{`"abc\'"`, `invalid character '\'' in string escape code`, 5},
		{`"\u12g4"`, `invalid character 'g' in \u hexadecimal character escape`, 5},
		{`"\ud800\u"`, `invalid character '"' in \u hexadecimal character escape`, 9},
		{`"\ud800\uDC0x"`, `invalid character 'x' in \u hexadecimal character escape`, 12},
	} {
		_, err := AppendPage(nil, []byte(tc.x))
		var e *rowpage.Error
		if !errors.As(err, &e) || !errors.Is(err, rowpage.ErrInvalidJSON) {
			t.Errorf("%q: error %v, want ErrInvalidJSON", tc.x, err)
			continue
		}
		if e.Msg != "jsonbridge: "+tc.msg || e.Offset != tc.off {
			t.Errorf("%q: %q at %d, want %q at %d", tc.x, e.Msg, e.Offset, tc.msg, tc.off)
		}
		checkSyntaxError(t, []byte(tc.x), err)
	}
}

func TestAppendPageDepth(t *testing.T) {
	nest := func(head string, n int, tail string) []byte {
		return []byte(head + strings.Repeat("[", n) + "0" + strings.Repeat("]", n) + tail)
	}
	for _, d := range []int{1, 2, 5, 1000} {
		m, err := PageOptions{EncOptions: rowpage.EncOptions{MaxDepth: d}}.PageMode()
		if err != nil {
			t.Fatal(err)
		}
		if d == 1000 {
			m = defaultPageMode
		}
		// A cell holds up to MaxDepth-1 levels of arrays and objects,
		// whatever the page kind. In a value page the whole text is the
		// cell: the array of [null,...] is a level of its own.
		for _, f := range []struct {
			head, tail string
			own        int // levels of the cell in head
		}{{"", "", 0}, {`[{"a":`, `}]`, 0}, {`{"a":`, `}`, 0}, {`[null,`, `]`, 1}, {`[{"a":1},{"a":1,"a":`, `}]`, 2}} {
			k := d - 1 - f.own // most levels allowed after head
			if k < 0 {
				continue
			}
			checkContract(t, m, nest(f.head, k, f.tail))
			deep := nest(f.head, k+1, f.tail)
			_, err := m.AppendPage(nil, deep)
			var e *rowpage.Error
			if off := len(f.head) + k; !errors.As(err, &e) || !errors.Is(err, rowpage.ErrLimit) || e.Offset != off {
				t.Errorf("MaxDepth %d, %.40s...: %v, want ErrLimit at byte %d", d, deep, err, off)
			}
		}
	}
	// Beyond encoding/json's limit of 10,000 levels the text is invalid.
	m, err := PageOptions{EncOptions: rowpage.EncOptions{MaxDepth: 10000}}.PageMode()
	if err != nil {
		t.Fatal(err)
	}
	deep := nest(`[{"a":`, 9999, `}]`)
	_, err = m.AppendPage(nil, deep)
	var e *rowpage.Error
	if !errors.As(err, &e) || !errors.Is(err, rowpage.ErrInvalidJSON) || e.Offset != 10004 {
		t.Errorf("10,001 levels: %v, want ErrInvalidJSON at 10004", err)
	}
	checkSyntaxError(t, deep, err)
	if _, err := m.AppendPage(nil, nest(`[{"a":`, 9998, `}]`)); err != nil {
		t.Errorf("10,000 levels: %v", err)
	}
	if _, err := (PageOptions{EncOptions: rowpage.EncOptions{MaxDepth: 10001}}).PageMode(); !errors.Is(err, rowpage.ErrInvalidOption) {
		t.Errorf("MaxDepth 10001: %v, want ErrInvalidOption", err)
	}
}

// TestAppendPageMarshalled checks that JSON from json.Marshal comes back
// byte for byte, for the benchmark datasets.
func TestAppendPageMarshalled(t *testing.T) {
	for _, x := range [][]byte{dataset.JSON(300), dataset.EventsJSON(300), mustMarshal(t, dataset.SparseMaps(300))} {
		got, kind, err := roundTrip(defaultPageMode, x)
		if err != nil {
			t.Fatal(err)
		}
		if kind != format.KindRows || !bytes.Equal(got, x) {
			t.Fatalf("kind %d; JSON differs:\n%.300s\nwant\n%.300s", kind, got, x)
		}
	}
}

func mustMarshal(t testing.TB, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAppendPageAllocs checks that a reused parser and Builder allocate
// nothing but the output in steady state. (The pool is bypassed: under the
// race detector sync.Pool drops items on purpose.)
func TestAppendPageAllocs(t *testing.T) {
	if b := []byte("a"); func() bool { s := view(b); b[0] = 'b'; return s == "a" }() {
		t.Skip("purego: strings are copied into the Builder")
	}
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for _, x := range [][]byte{
		dataset.JSON(100), dataset.EventsJSON(100), mustMarshal(t, dataset.SparseMaps(100)),
		[]byte(`{"a":"\u00e9x","b":[1,2.5,1e40,"2024-01-02T03:04:05Z",{"c":null,"c":true}]}`),
		[]byte(`[{"a":1},{"b":2},3]`), // restarts as a value page
		// Not here: a number out of float64 range such as 1e400 (ParseFloat
		// allocates its range error) and a row that repeats a key (the
		// Builder allocates its ErrDuplicateKey error).
	} {
		dst, err := p.page(nil, x)
		if err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(20, func() { dst, _ = p.page(dst[:0], x); p.release() }); a != 0 {
			t.Errorf("%.40s...: %v allocations per page, want 0", x, a)
		}
	}
}

// TestPageModeConcurrent shares one PageMode between goroutines (run it
// with -race).
func TestPageModeConcurrent(t *testing.T) {
	m, err := PageOptions{EncOptions: rowpage.EncOptions{NoChecksum: true}}.PageMode()
	if err != nil {
		t.Fatal(err)
	}
	inputs := [][]byte{dataset.JSON(50), dataset.EventsJSON(50), []byte(`[{"a":1},{"a":2,"a":3}]`), []byte(`[{"a":"x"},`)}
	want := make([][]byte, len(inputs))
	for i, x := range inputs {
		want[i], _ = m.AppendPage(nil, x)
	}
	done := make(chan error)
	for g := 0; g < 4; g++ {
		go func() {
			var err error
			for k := 0; k < 50 && err == nil; k++ {
				i := (g + k) % len(inputs)
				if got, _ := m.AppendPage(nil, inputs[i]); !bytes.Equal(got, want[i]) {
					err = fmt.Errorf("goroutine %d: page %d differs", g, i)
				}
			}
			done <- err
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// readDir returns the files of dir, skipping the test if it is absent.
func readDir(t testing.TB, dir, pattern string) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil || len(names) == 0 {
		t.Skipf("no test data in %s (optional)", dir)
	}
	files := make(map[string][]byte, len(names))
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(name)] = b
	}
	return files
}

// TestAppendPageDataFiles checks real-world files, each as a whole and each
// array of objects found inside it, re-marshalled.
func TestAppendPageDataFiles(t *testing.T) {
	for name, x := range readDir(t, dataJSONDir, "*.json") {
		t.Run(name, func(t *testing.T) {
			checkContract(t, defaultPageMode, x)
			dec := json.NewDecoder(bytes.NewReader(x))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			n := 0
			walkRows(v, func(rows []any) {
				n++
				b := mustMarshal(t, rows)
				got, kind, err := roundTrip(defaultPageMode, b)
				if err != nil {
					t.Fatal(err)
				}
				if kind != format.KindRows || !bytes.Equal(got, b) {
					t.Fatalf("array of objects: kind %d; JSON differs:\n%.300s\nwant\n%.300s", kind, got, b)
				}
			})
			t.Logf("%d arrays of objects", n)
		})
	}
}

// walkRows calls f for every non-empty []any in v whose elements are all
// objects.
func walkRows(v any, f func([]any)) {
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			walkRows(e, f)
		}
	case []any:
		rows := len(v) > 0
		for _, e := range v {
			if _, ok := e.(map[string]any); !ok {
				rows = false
			}
			walkRows(e, f)
		}
		if rows {
			f(v)
		}
	}
}

// TestAppendPageTestSuite runs JSONTestSuite's parsing tests: y_ files must
// be accepted, n_ files rejected, i_ files either; accepted files must keep
// the contract and rejected ones report what encoding/json reports.
func TestAppendPageTestSuite(t *testing.T) {
	for name, x := range readDir(t, testSuiteDir, "*.json") {
		_, err := AppendPage(nil, x)
		switch {
		case strings.HasPrefix(name, "y_") && err != nil:
			t.Errorf("%s: %v", name, err)
		case strings.HasPrefix(name, "n_") && err == nil:
			t.Errorf("%s: accepted", name)
		case strings.HasPrefix(name, "n_") && !errors.Is(err, rowpage.ErrInvalidJSON) && !errors.Is(err, rowpage.ErrLimit):
			t.Errorf("%s: %v, want ErrInvalidJSON or ErrLimit", name, err)
		}
		checkAny(t, x)
	}
}

// TestAppendPageFuzzCorpus runs go-fuzz's JSON corpus.
func TestAppendPageFuzzCorpus(t *testing.T) {
	for _, x := range readDir(t, fuzzJSONDir, "*") {
		checkAny(t, x)
	}
}

// FuzzAppendPage checks that AppendPage fails exactly on the texts
// json.Valid rejects (or with ErrLimit on deep nesting), reports the error
// encoding/json reports, and otherwise keeps the contract of jsonref.Reescape.
// The seeds are the shared test files that are present, up to 16 KiB each:
// the fuzzer minimises every new input it finds interesting, which for a
// mutant of a 250 KB file takes the whole run. The larger files are checked
// by the tests above.
func FuzzAppendPage(f *testing.F) {
	const maxSeed = 16 << 10
	for _, s := range []string{`[{"a":1,"b":"x"},null]`, `{"a":[1,{"a":2,"a":3}]}`, `"2024-01-02T03:04:05.5+01:00"`, `"\ud800\udc00\ufffd"`} {
		f.Add([]byte(s))
	}
	for _, dir := range []string{testSuiteDir, fuzzJSONDir, dataJSONDir} {
		names, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, name := range names {
			if fi, err := os.Stat(name); err != nil || fi.IsDir() || fi.Size() > maxSeed {
				continue
			}
			if b, err := os.ReadFile(name); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, x []byte) { checkAny(t, x) })
}

// BenchmarkAppendPage measures JSON text to page for the Row dataset;
// compare with BenchmarkUnmarshalMaps over the same bytes.
func BenchmarkAppendPage(b *testing.B) {
	for _, n := range dataset.Sizes {
		x := dataset.JSON(n)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(x)))
			b.ReportAllocs()
			var page []byte
			for b.Loop() {
				var err error
				if page, err = AppendPage(nil, x); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(page))/float64(len(x)), "page/json")
		})
	}
}

// BenchmarkUnmarshalMaps is the peer: json.Unmarshal of the same bytes into
// []map[string]any.
func BenchmarkUnmarshalMaps(b *testing.B) {
	for _, n := range dataset.Sizes {
		x := dataset.JSON(n)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(x)))
			b.ReportAllocs()
			for b.Loop() {
				var v []map[string]any
				if err := json.Unmarshal(x, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestAppendPageEmptyStrings checks rows whose string cells are empty,
// which taggedRow takes without str's call, beside other strings, numbers
// and nulls in the same columns, and with the empty string as the first,
// a middle and the last cell of a row, near the end of the text too.
func TestAppendPageEmptyStrings(t *testing.T) {
	for _, x := range []string{
		`[{"a":""}]`,
		`[{"a":"","b":1},{"a":"x","b":2},{"a":"","b":3}]`,
		`[{"n":1,"name":"","r":2},{"n":3,"name":"","r":4},{"n":5,"name":"kick","r":6}]`,
		`[{"a":"","b":""},{"a":"","b":"a string longer than sixteen bytes"},{"a":null,"b":""}]`,
		`[{"a":1},{"a":""},{"a":2.5},{"a":""},{"a":[""]}]`,
		`[{"a":"" ,"b":"\"\""},{"a":"\u0000","b":""}]`,
		`[{"t":"2024-01-02T03:04:05Z"},{"t":""},{"t":"2024-01-02T03:04:06Z"}]`,
	} {
		checkContract(t, defaultPageMode, []byte(x))
	}
}

// TestAppendPagePrevColumns checks rows whose keys come by place while
// the rows' shape changes and the page's columns grow (and move) between
// them: runs of rows of one shape, each run adding keys, so that the
// columns cellSink keeps for the previous row's shape are made again.
func TestAppendPagePrevColumns(t *testing.T) {
	var b strings.Builder
	b.WriteByte('[')
	for run := range 40 {
		for r := range 3 {
			if run+r > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('{')
			for k := range run%7 + 1 + run/4 {
				if k > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `"k%d":`, k*3+run%2)
				switch (k + r) % 4 {
				case 0:
					fmt.Fprintf(&b, "%d", run*10+r)
				case 1:
					b.WriteString(`""`)
				case 2:
					b.WriteString("null")
				default:
					fmt.Fprintf(&b, `"s%d"`, r)
				}
			}
			b.WriteByte('}')
		}
	}
	b.WriteByte(']')
	checkContract(t, defaultPageMode, []byte(b.String()))
}

// TestAppendPageSeenStrings checks short string cells the page has met
// before (cellSink.String's memo hit, pagebuild.Builder.TryCellSeenString)
// in a column of strings, one that later holds a null or a number, and
// one whose new strings run long enough to defer before they repeat.
func TestAppendPageSeenStrings(t *testing.T) {
	var b strings.Builder
	b.WriteByte('[')
	for r := range 300 {
		if r > 0 {
			b.WriteByte(',')
		}
		other := fmt.Sprintf(`"o%d"`, r%3)
		switch {
		case r == 150:
			other = "null"
		case r == 200:
			other = "7"
		}
		fresh := fmt.Sprintf(`"f%d"`, r)
		if r >= 100 {
			fresh = fmt.Sprintf(`"f%d"`, r%50)
		}
		fmt.Fprintf(&b, `{"s":"%c","o":%s,"f":%s}`, 'a'+r%4, other, fresh)
	}
	b.WriteByte(']')
	checkContract(t, defaultPageMode, []byte(b.String()))
}

// TestAppendPageUnplacedRows checks rows that shuffle their keys, for
// which the tokenizer gives no key by place (jsontext.RowColumns.Unplaced)
// and BeginRow leaves the previous row's columns as they were, between
// runs of rows of one shape, whose keys come by place: a run of a shape
// met before the shuffled rows, one of a shape with new columns (which
// move the page's columns), and runs after shuffled rows whose last shape
// is the run's own.
func TestAppendPageUnplacedRows(t *testing.T) {
	var rows []string
	shuffled := func(i int) string {
		k := []string{`"a":1`, `"b":"x"`, `"c":null`, `"d":` + fmt.Sprint(i), `"e":""`}
		k[i%5], k[(i*3+1)%5] = k[(i*3+1)%5], k[i%5]
		return "{" + strings.Join(k[:3+i%3], ",") + "}"
	}
	run := func(row string, n int) {
		for range n {
			rows = append(rows, row)
		}
	}
	for i := range 30 {
		rows = append(rows, shuffled(i))
	}
	run(`{"a":1,"b":"x","c":null}`, 5)
	for i := range 25 {
		rows = append(rows, shuffled(i+7))
	}
	run(shuffled(40), 6) // the shape of the last shuffled row
	run(`{"a":2,"b":"y","c":null}`, 4)
	for i := range 40 {
		rows = append(rows, shuffled(i*2))
	}
	run(`{"f":1,"g":2,"h":"z","a":3}`, 5) // new columns
	for i := range 22 {
		rows = append(rows, shuffled(i+1), `{}`)
	}
	run(`{"f":1,"g":2,"h":"z","a":3}`, 3)
	checkContract(t, defaultPageMode, []byte("["+strings.Join(rows, ",")+"]"))
}

// TestAppendPageNestedShortStrings checks strings nested in cells that
// the memo of short strings finds (cellSink.TaggedString): short strings
// that repeat within and across cells, that are also top-level cells before
// and after, of 16 bytes (the longest the memo takes) and 17, empty, and
// decoded from escapes (views of the tokenizer's scratch buffer), on pages
// made one after the other by one PageMode, whose strings' ids start over.
func TestAppendPageNestedShortStrings(t *testing.T) {
	m, err := PageOptions{}.PageMode()
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"a", "ms", "bytes", "%", "", "0123456789abcdef", "0123456789abcdefg", `e\u0301`, `tab\there`, "naïve"}
	for page := range 3 {
		var b strings.Builder
		b.WriteByte('[')
		for r := range 120 {
			if r > 0 {
				b.WriteByte(',')
			}
			w := func(k int) string { return words[(r*7+k*3+page)%len(words)] }
			fmt.Fprintf(&b, `{"s":"%s","tags":["%s","%s","u%d"],"v":{"unit":"%s","deep":[{"w":"%s"}]},"t":"%s"}`,
				w(0), w(1), w(2), r%(5+page), w(3), w(4), w(5))
		}
		b.WriteByte(']')
		checkContract(t, m, []byte(b.String()))
	}
}
