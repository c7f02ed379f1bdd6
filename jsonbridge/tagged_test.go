package jsonbridge

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// taggedTexts are texts for the tokenizer's own writing of nested cells
// (jsontext.TaggedSink): keys of every length around the key cache's 32
// bytes, at every distance from the end of the text, that change at the
// same place of the structure from row to row, with escapes and non-ASCII
// bytes; integers of every digit count around the one- and two-load
// paths, with fractions, exponents and signs, and at the end of the text.
func taggedTexts() []string {
	var texts []string
	// Keys of 0 to 40 bytes, the same at each place in every row, then
	// another at the same place, and one that the first is a prefix of.
	for n := 0; n <= 40; n++ {
		k := strings.Repeat("k", n)
		texts = append(texts,
			`[{"c":{"`+k+`":1}},{"c":{"`+k+`":2}},{"c":{"`+k+`x":3}},{"c":{"`+k+`":4,"`+k+`y":5}}]`,
			`[{"c":[{"`+k+`":[]},{"`+k+`":{}},{"`+k+`\"":1},{"`+k+`\u00e9":2},{"`+k+`é":3},{"`+k+`":4}]}]`,
		)
	}
	// A key at every distance from the end of the text.
	for n := 0; n <= 40; n++ {
		k := strings.Repeat("q", n)
		texts = append(texts, `[{"c":{"`+k+`":1}},{"c":{"`+k+`":1}}]`, `[{"c":{"`+k+`":1}},{"c":{"`+k+`"`)
	}
	// Integers of 1 to 20 digits, every way they can go on.
	for n := 1; n <= 20; n++ {
		d := strings.Repeat("9", n)
		e := "1" + strings.Repeat("0", n-1)
		for _, tail := range []string{"", ".5", "e3", "E-2", ".0e1", "0"} {
			for _, v := range []string{d + tail, e + tail, "-" + d + tail, "-" + e + tail} {
				texts = append(texts, `[{"c":[`+v+`]}]`, `[{"c":{"a":`+v+`,"b":[`+v+`,`+v+`]}}]`, `[{"c":[`+v)
			}
		}
	}
	for _, v := range []string{"0", "-0", "0.0", "0e1", "0E+1", "-0.0", "00", "01", "0x", "0.", "0e", "-", "-a", "1.", "1e", "1e+", "9223372036854775807", "18446744073709551616"} {
		texts = append(texts, `[{"c":[`+v+`]}]`, `[{"c":[`+v+`,1]}]`, `[{"c":{"a":`+v+`}}]`, `[{"c":[`+v, `[{"c":[1,`+v)
	}
	// Literals, strings, whitespace and errors in nested cells.
	texts = append(texts,
		`[{"c":[true,false,null,"s","2024-01-02T03:04:05Z",{"t":"2024-01-02T03:04:05+00:00"}]}]`,
		`[{"c" : [ 1 , { "a" : [ ] , "b" : { } } , [ [ ] ] ] , "d" : { "e" : null } }]`,
		`[{"c":[tru]}]`, `[{"c":[nul]}]`, `[{"c":[fals]}]`, `[{"c":[1}]}]`, `[{"c":{"a":1]}]`, `[{"c":{"a"}}]`,
		`[{"c":{1:2}}]`, `[{"c":{"a":1,}}]`, `[{"c":[1,]}]`, `[{"c":[,]}]`, `[{"c":{"a":1 "b":2}}]`, `[{"c":[1 2]}]`,
		`[{"c":[[[[[[[[[[1]]]]]]]]]]}]`, `[{"c":{"a":{"a":{"a":{"a":{}}}}}}]`,
	)
	// Nesting past the stack's first 16 frames, which it grows by, and
	// back, twice in a text.
	for _, n := range []int{15, 16, 17, 40} {
		arr := strings.Repeat("[", n) + "1" + strings.Repeat("]", n)
		obj := strings.Repeat(`{"a":`, n) + "[2]" + strings.Repeat("}", n)
		texts = append(texts, `[{"c":`+arr+`,"d":`+obj+`},{"c":`+obj+`,"d":`+arr+`}]`)
	}
	return texts
}

// TestTaggedCellsEqualBuilderPages checks that the cells the tokenizer
// writes itself are the Builder's, byte for byte, on taggedTexts and on
// pages whose rows repeat a nested structure with keys that change.
func TestTaggedCellsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for _, x := range taggedTexts() {
		sameAsBuilder(t, p, x, []byte(x))
	}
	for _, n := range []int{1, 2, 3, 7, 40} {
		var rows []string
		for r := range n {
			rows = append(rows, fmt.Sprintf(`{"p":[{"a":%d,"b":[]},{"a":%d,"k%d":{"x":"%d"}}],"q":{"a":"%d"}}`, r, -r, r%3, r%5, r))
		}
		x := "[" + strings.Join(rows, ",") + "]"
		sameAsBuilder(t, p, x, []byte(x))
	}
}

// TestTaggedKeysAgainAcrossPages checks the key cache on pages built one
// after the other by one parser, where a key comes back at the place of
// the structure it held on the page before (after the same key, in the
// same column) but the page gives it another id: a string value or a key
// interned before it moves it up, or it is the same. The cache holds the
// key's text from the page before; the bytes must be the new page's.
// Keys come after optional ones too, so that a place follows the key
// before it, not its position.
func TestTaggedKeysAgainAcrossPages(t *testing.T) {
	texts := []string{
		`[{"c":{"a":1,"b":2,"d":[{"e":1,"f":2}]}}]`,
		`[{"c":{"a":"q","b":2,"d":[{"e":"r","f":2}]}}]`,
		`[{"z":"s","c":{"a":1,"b":2,"d":[{"e":1,"f":2}]}}]`,
		`[{"c":{"a":1,"b":2,"d":[{"e":1,"f":2}]}}]`,
		`[{"c":{"o":1,"a":1,"b":2}},{"c":{"a":1,"b":"t","p":{"b":3,"a":4}}}]`,
		`[{"c":{"a":"u","b":2}},{"c":{"o":1,"a":1,"b":2,"p":{"b":3,"a":4}}}]`,
		`[{"c":{"a":1,"b":2}},{"c":{"b":1,"a":2}},{"c":{"a":1,"x":0,"b":2}}]`,
		`[{"c":{"a":1, "b":2}},{"c":{"a":1,"b" :2}},{"c":{"a":1,"b":2}}]`,
		`[{"c":{"a":1,"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb":2}},{"c":{"a":"v","bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb":2}}]`,
	}
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for round := range 2 {
		for i, x := range texts {
			sameAsBuilder(t, p, fmt.Sprintf("round %d, text %d", round, i), []byte(x))
		}
	}
}

// TestTaggedKeysAfterRenumbering checks the key cache across a page whose
// string ids are renumbered midway: a column of strings that are all new
// for a while (so that the page defers them) and then repeat (so that it
// goes back to interning and merges the repeats, renumbering every later
// id), beside nested objects whose keys first come after the repeats
// began. A key id remembered from before the renumbering would be wrong
// after it.
func TestTaggedKeysAfterRenumbering(t *testing.T) {
	var b strings.Builder
	b.WriteByte('[')
	// First rows of strings of their own, so that the page holds the
	// strings a column needs to defer (pagebuild.MinDeferStrings).
	for r := range pagebuild.MinDeferStrings {
		fmt.Fprintf(&b, `{"f":"f%d"},`, r)
	}
	// Column "s" defers after its first 32 strings, so its first window
	// of pagebuild.DeferWindow deferred strings is u32 to u287, all new.
	// The next window repeats each of them once: the interner samples
	// strings by hash (one in eight, so about 32 of these 256), and with
	// 256 distinct repeats the sample is large enough whatever the seed.
	// (With 64 distinct repeats, a seed that sampled one or none of them
	// left the page deferred, in about one run in 500.)
	for r := range 800 {
		if r > 0 {
			b.WriteByte(',')
		}
		s := r
		if r >= 288 {
			s = 32 + (r-288)%256
		}
		fmt.Fprintf(&b, `{"s":"u%d","o":{"k":%d`, s, r)
		if r >= 300 {
			b.WriteString(`,"zz":1,"y":[{"w":2}]`)
		}
		b.WriteString("}}")
	}
	b.WriteByte(']')
	x := []byte(b.String())
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	sameAsBuilder(t, p, "renumbered", x)
	// The page must renumber, or the test shows nothing.
	if deferredCells && !renumberedInPage(x) {
		t.Fatal("the page did not go back to interning: the test no longer renumbers ids")
	}
}

// renumberedInPage reports whether building the page of x tabled its
// deferred strings (Interner.TableDeferred), which renumbers ids.
func renumberedInPage(x []byte) bool {
	b := defaultPageMode.enc.NewBuilder()
	p := newParser(b, defaultPageMode.cellMax)
	if _, err := p.page(nil, x); err != nil {
		return false
	}
	return p.sink.pb.In.Tabled > 0
}

// FuzzTaggedCells is FuzzCellSink seeded with taggedTexts.
func FuzzTaggedCells(f *testing.F) {
	for _, x := range taggedTexts() {
		f.Add([]byte(x))
	}
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	f.Fuzz(func(t *testing.T, x []byte) {
		sameAsBuilder(t, p, strconv.Quote(string(x)), x)
	})
}

// TestRowIntegerCells checks the row cells of integers that the
// tokenizer's row loop takes itself (up to 7 digits, not followed by a
// fraction or exponent) and those it leaves to its value path: every
// digit count around 7 and 8, leading zeros, signs, fractions and
// exponents, whitespace, and each near the end of the text, where fewer
// than 16 bytes are left.
func TestRowIntegerCells(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	var vals []string
	for n := 1; n <= 9; n++ {
		d := strings.Repeat("7", n)
		vals = append(vals, d, "1"+strings.Repeat("0", n-1), d+".5", d+"e2", d+"E-1", "-"+d, "0"+d)
	}
	vals = append(vals, "0", "0.0", "0e1", "00", "-0", "1x", "1 ", " 1", "12345678901234567890")
	for _, v := range vals {
		for _, x := range []string{
			`[{"a":` + v + `,"b":"s"},{"a":` + v + `,"b":1}]`,
			`[{"a":1,"b":` + v + `}]`,
			`[{"a":` + v + `}]`,
			`[{"a":` + v + ` }]`,
			`[{"a":` + v,
		} {
			sameAsBuilder(t, p, x, []byte(x))
		}
	}
}
