package jsonbridge

import (
	"bytes"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
)

// firstKeysTexts are pages of rows in the order one parser builds them,
// whose first rows share their keys with the page before in part or in
// whole: the same keys with other values; a key changed at the start, in
// the middle or at the end (of the same length, or one more byte); a key
// more or one less; keys of 15, 16 and 31 bytes, and keys of 16 to 31
// bytes that differ from the page before's in one byte only (the last of
// their text, one only their last 16 bytes hold, the first) or by their
// length, or are cut short; escaped keys and keys that a first row
// repeats (a one-value page); a key whose text a string value of the row
// or a nested object's key has given the interner already, or that a
// later row's value or key looks up again; a null row or {} first; a
// one-object page and a one-value page between pages of rows; and text
// cut short after a key.
var firstKeysTexts = func() []string {
	k15, k16, k31, k40 := strings.Repeat("f", 15), strings.Repeat("s", 16), strings.Repeat("t", 31), strings.Repeat("u", 40)
	// Keys of 16 to 31 bytes that differ from k16, k20 or k31 in one byte
	// only: the last of their text, one that only their last 16 bytes
	// hold, or the first.
	k20 := strings.Repeat("w", 20)
	k16z, k20z, k31z, k31y, k20a := k16[:15]+"z", k20[:17]+"z"+k20[18:], k31[:25]+"z"+k31[26:], k31[:20]+"y"+k31[21:], "z"+k20[1:]
	row := func(keys ...string) string {
		var b strings.Builder
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + k + `":` + []string{`1`, `"x"`, `true`, `null`, `[1,"y"]`, `{"k":2}`, `2.5`}[i%7])
		}
		b.WriteByte('}')
		return b.String()
	}
	rows := func(first string) string { return `[` + first + `,` + first + `,{"a":9}]` }
	return []string{
		rows(row("a", "b", "c", k15, k16, k31)),
		rows(row("a", "b", "c", k15, k16, k31)),
		`[{"a":7,"b":"zz","c":false,"` + k15 + `":0,"` + k16 + `":[],"` + k31 + `":{}}]`,
		rows(row("x", "b", "c", k15, k16, k31)),
		rows(row("x", "b", "c", k15, k16, k31)),
		rows(row("x", "b", "d", k15, k16, k31)),
		rows(row("x", "b", "dd", k15, k16, k31)),
		rows(row("x", "b", "dd", k15, k16)),
		rows(row("x", "b", "dd", k15, k16, k31, "e")),
		rows(row("x", "b", "dd", k15, k16, k31, "e")),
		rows(row("x", "b", "dd", k15, k16, k31, "e"+k15)),
		rows(row("x", "b", "dd", k15, k16, k31, "x")),
		rows(row("x", "b", "dd", k15, k16, k31, "e")),
		rows(row("x", "b", "d\\u0064", k15, k16, k31, "e")),
		rows(row("x", "b", "dd", k15, k16, k31, "e")),
		`[{"v":"e","w":{"x":1},"x":"dd","b":2,"dd":3}]`,
		`[{"x":"e","b":{"dd":1,"e":2},"dd":"x","e":3}]`,
		`[{"x":"e","b":{"dd":1,"e":2},"dd":"x","e":3}]`,
		`[null,{"x":1,"b":2,"dd":3,"e":4}]`,
		`[{},{"x":1,"b":2,"dd":3,"e":4}]`,
		`{"x":1,"b":2,"dd":3,"e":4}`,
		`[{"x":1,"b":2,"dd":3,"e":4}]`,
		`"x"`,
		`[{"x":1,"b":2,"dd":3,"e":4}]`,
		`[{"x":1,"b":2,"x":3}]`,
		`[{"x":1,"b":2,"dd":3,"e":4}]`,
		`[{"x":1,"b":2,"dd":3,"b":4}]`,
		`[{"x":1,"b":2,"dd":3,"e":4}]`,
		`[{"x":1,"b":2,"dd"`,
		`[{"x":1,"b":2,"dd":3,"e":4}]`,
		`[{"x":1,"b":2,"dd":3,"e":4}`,
		`[{"x":1,"b":2,"dd":3,"e":4}]`,
		rows(row("x", k40, "é", "dd", `q\"`, "e")),
		rows(row("x", k40, "é", "dd", `q\"`, "e")),
		rows(row("x", k40, `\u00e9`, `d\u0064`, `q\"`, "e")),
		rows(row("x", k40, "é", "dd", `q\\`, "e")),
		rows(row("x", k40, "é", "dd", `q\\`, "e")),
		rows(row("x", k40, "é", "dd", `q\n`, "e")),
		rows(row("x", k40, "é", "dd", `q\n`, "e")),
		`[{"x":1,"` + k40 + `":2,"é":3,"dd":4,"q` + "\n" + `":5}]`,
		rows(row("x", k40, "é", "dd", `q\"`, "e")),
		`[{"x":1,"` + k40 + `":2,"é":3,"dd":4,"q"":5}]`,
		rows(row("x", k40, "é", "dd", `q\\`, "e")),
		`[{"x":1,"` + k40 + `":2,"é":3,"dd":4,"q\":5,"":6}]`,
		rows(row("abcdefgh1", "abcdefghijklmn1", "b")),
		rows(row("abcdefgh2", "abcdefghijklmn2", "b")),
		rows(row("abcdefgh2", "abcdefghijklmn2", "b")),
		`[{"abcdefgh1":1,"abcdefghijklmn1":2}]`,
		rows(row("x", k16, k20, k31)),
		rows(row("x", k16, k20, k31)),
		`[{"x":1,"` + k16 + `":2,"` + k20 + `":3,"` + k31y + `":4},{"` + k31y + `":5,"x":6},{"x":"` + k31y + `"}]`,
		rows(row("x", k16, k20, k31)),
		rows(row("x", k16z, k20, k31)),
		rows(row("x", k16, k20z, k31)),
		rows(row("x", k16, k20, k31z)),
		rows(row("x", k16, k20a, k31)),
		rows(row("x", k16, k20, k31)),
		`[{"x":1,"` + k16 + `":2,"` + k20[:19],
		rows(row("x", k16, k20, k31)),
		`[{"x":1,"` + k16 + `":2,"` + k20 + `"`,
		rows(row("x", k16, k20+"w", k31)),
		rows(row("x", k16, k20[:19], k31)),
		`[{"abcdefgh2":1,"abcdefghijklmn2":2},{"abcdefghijklmn2":"abcdefgh2","abcdefgh2":"abcdefghijklmn2"}]`,
		`[{"abcdefgh2":1,"abcdefghijklmn1":2},{"abcdefghijklmn1":"abcdefgh2","abcdefgh2":"abcdefghijklmn1"}]`,
	}
}()

// TestFirstKeysEqualBuilderPages checks that pages of rows whose first
// rows have the keys of the page before, in part or in whole, are the
// pages the Builder's methods build from the same text (byte for byte, or
// the same error), and that the cell sink did open such keys' columns by
// firstRowKey.
func TestFirstKeysEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for i, x := range firstKeysTexts {
		sameAsBuilder(t, p, x, []byte(x))
		if i == 1 && p.sink.first.hits != 6 {
			t.Fatalf("the second page's first row took %d keys by firstRowKey, want 6", p.sink.first.hits)
		}
	}
	if p.sink.first.hits < 50 {
		t.Fatalf("firstRowKey took %d keys", p.sink.first.hits)
	}
}

// TestFirstKeysDatasetPages builds each generated dataset's page of rows
// again and again with one parser, each time after the page before it
// (whose first row's keys the sink kept), and checks that it is the page
// a fresh parser builds.
func TestFirstKeysDatasetPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	hits := 0
	for _, s := range dataset.Sets {
		for _, n := range []int{1, 25, 100} {
			x := s.Text(n)
			fresh := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
			want, werr := fresh.page(nil, x)
			for range 2 {
				before := p.sink.first.hits
				got, err := p.page(nil, x)
				if err != nil {
					p.b.StartValue()
				}
				p.release()
				if (err == nil) != (werr == nil) || !bytes.Equal(got, want) {
					t.Fatalf("%s/%d: page differs from a fresh parser's (error %v, %v)", s.Name, n, err, werr)
				}
				hits += p.sink.first.hits - before
			}
		}
	}
	if hits == 0 {
		t.Fatal("firstRowKey took no key")
	}
}
