package jsonbridge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/jsontext"
	"github.com/rowpage/rowpage/internal/pagebuild"
	"github.com/rowpage/rowpage/internal/realdata"
)

// builderSink is the reference for cellSink: the Builder's public methods
// as the tokenizer's PageSink, every cell going through the Builder's state
// machine, as AppendPage worked before the cell sink.
type builderSink struct{ sink }

// StartValue begins a one-value page, whose value goes to the Builder too.
func (s *builderSink) StartValue() jsontext.Sink { s.Builder.StartValue(); return s }

// builderPage is AppendPage through builderSink.
func builderPage(x []byte) ([]byte, error) {
	b := defaultPageMode.enc.NewBuilder()
	s := &builderSink{sink{b, pagebuild.StreamOf(b)}}
	p := &parser{b: b, cellMax: defaultPageMode.cellMax}
	var t jsontext.Parser
	e := t.Page(s, x, p.cellMax, rowpage.ErrDuplicateKey)
	if e != nil {
		p.sink = &cellSink{} // pageError asks it first; the Builder holds the error
		return nil, p.pageError(e)
	}
	return b.Finish(nil)
}

// sameAsBuilder checks that AppendPage through the cell sink gives the
// page, or the error, that the Builder's methods give.
func sameAsBuilder(t *testing.T, p *parser, name string, x []byte) {
	t.Helper()
	want, werr := builderPage(x)
	got, err := p.page(nil, x)
	if err != nil {
		p.b.StartValue()
	}
	p.release()
	switch {
	case (err == nil) != (werr == nil):
		t.Fatalf("%s: error %v, the Builder's %v", name, err, werr)
	case err != nil && err.Error() != werr.Error():
		t.Fatalf("%s: error %q, the Builder's %q", name, err, werr)
	case !bytes.Equal(got, want):
		t.Fatalf("%s: page differs from the Builder's (%d and %d bytes)", name, len(got), len(want))
	}
}

// cellSinkTexts are texts that take every path of the cell sink: rows and
// one-object pages with every kind of cell, nested at several depths, keys
// repeated in rows (which become one-value pages) and in nested objects
// (which stay), every kind of number text, strings that are text times,
// escapes, empty arrays and objects, and invalid text.
var cellSinkTexts = []string{
	`[]`, `{}`, `null`, `1`, `"x"`, `[null]`, `[{}]`, `[{},null,{}]`,
	`[{"a":1,"b":"x","c":true,"d":false,"e":null,"f":1.5,"g":-0,"h":1e3,"i":18446744073709551615}]`,
	`[{"a":123456789012345678901234567890,"b":-9223372036854775808,"c":9223372036854775808,"d":0.1,"e":1E+2,"f":-1.0}]`,
	`[{"a":[1,-0,2.50,"s",true,false,null,{},[],{"k":[{"l":-9223372036854775809}]}]}]`,
	`[{"t":"2024-01-02T03:04:05Z","u":"2024-01-02T03:04:05.123+00:00","v":["2024-01-02T03:04:05.5-07:00","x"]}]`,
	`[{"t":"x"},{"t":"2024-01-02T03:04:05Z"},{"t":["2024-01-02T03:04:05Z"]}]`,
	`[{"a":1},{"a":2,"a":3}]`, `{"a":1,"a":2}`, `[{"a":{"b":1,"b":2}}]`, `{"a":{"b":1,"b":2}}`,
	`[{"a":1},2]`, `[{"a":1},[]]`, `[1,{"a":1}]`, `[{"a":"\u00e9\ud83d\ude00\n\"","\t":"\ud800"}]`,
	`[{"a":1},{"b":2},{"a":3,"b":4},{"b":5,"a":6},null,{"c":{"a":[[[[]]]]}}]`,
	`{"features":[{"geometry":{"coordinates":[[-65.6,43.5],[-65.7,43.49]]}}],"type":"x"}`,
	`[{"a":[ ],"b":{ },"c":[{"d":[]},{},[]]},{"a":[],"b":{"e":{}}},{"a":[1],"b":{}}]`, `{"a":[],"b":{}}`,
	`[{"a":1,}]`, `[{"a":1},{"a":2,"a":3},`, `{"a":[1,2}`, `[{"a":tru}]`, `[{"a":"\x"}]`, `[{"a":01}]`,
}

// rowKeyTexts are texts whose rows' keys go to RowKey (keys of up to 15
// bytes of plain ASCII with 16 bytes of text after their opening quote,
// and of 16 to 31 bytes with 32 bytes after it),
// among them rows that repeat such a key, by RowKey or by Key (escaped),
// which become one-value pages. They are kept apart from cellSinkTexts,
// whose pages' hashes are compared with earlier code's by place.
var rowKeyTexts = []string{
	`[{"a":1,"b":2,"c":3},{"c":1,"a":2,"b":3},{"b":1,"c":2,"a":3},{"a":1,"b":2,"a":3,"zzzzzzzzzzzzzzzzzzzz":1}]`,
	`[{"a":1,"\u0061":2,"zzzzzzzzzzzzzzzzzzzz":3}]`, `[{"\u0061":1,"a":2,"zzzzzzzzzzzzzzzzzzzz":3}]`,
	`[{"abcdefghijklmno":1,"abcdefghijklmnop":2,"abcdefghijklmn":3,"":4,"zzzzzzzzzzzzzzzzzzzz":5}]`,
	// Keys the tokenizer opens itself (RowColumns) once the memo holds
	// them: after keys given by place and one given by RowKey, after a
	// long key, a repeat of one so opened, and short keys near the end.
	`[{"a":1,"b":2,"c":3},{"a":1,"c":{"b":2},"b":[3],"zzzzzzzzzzzzzzzzzzzz":4,"a":5,"b":6}]`,
	`[{"a":1,"b":2,"c":3},{"b":1,"zzzzzzzzzzzzzzzzzzzz":2,"c":3,"a":4},{"c":1,"a":2,"b":3}]`,
	`[{"a":1,"b":2,"c":3},{"c":1,"b":2,"a":3,"c":4,"zzzzzzzzzzzzzzzzzzzz":5}]`,
	`[{"a":1,"b":2,"c":3},{"c":1,"b":2,"a":3},{"b":"x","a":null,"c":true}]`,
	// Keys of 16 to 31 bytes that RowKey takes too (jsontext.LongKey),
	// and the longer, escaped and non-ASCII ones it leaves to Key: rows
	// that repeat such a key, plainly or as an escape that decodes to it,
	// in either order, and such keys in rows whose keys shuffle.
	`[{"abcdefghijklmnop":1,"x":2,"abcdefghijklmnop":3,"zzzzzzzzzzzzzzzzzzzz":4}]`,
	`[{"abcdefghijklmnopqrstuvwxyz01234":1,"abcdefghijklmnopqrstuvwxyz012345":2,"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz":3}]`,
	`[{"abcdefghijklmnopqrstuvwxyz01234":1,"x":2,"abcdefghijklmnopqrstuvwxyz01234":3,"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz":4}]`,
	`[{"abcdefghijklmnopq":1,"\u0061bcdefghijklmnopq":2,"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz":3}]`,
	`[{"\u0061bcdefghijklmnopq":1,"abcdefghijklmnopq":2,"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz":3}]`,
	`[{"abcdefghijklmnopq\"r":1,"abcdefghijklmnopqr\\":2,"abcdefghijklmnopq\u00e9":3,"abcdefghijklmnopq\u00e9":4}]`,
	`[{"abcdefghijklmnopqrsté":1,"abcdefghijklmnopqrst\t":2,"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz":3}]`,
	`[{"profile_background_color":1,"default_filter_cutoff_enabled":2,"a":3},{"a":1,"default_filter_cutoff_enabled":2,"profile_background_color":3},` +
		`{"default_filter_cutoff_enabled":1,"profile_background_color":2,"a":3},{"a":1,"profile_background_color":2,"profile_background_color":3}]`,
	`[{"abcdefghijk\"lmnopqrs":1,"abc\u0064efghijklmnopq":2,"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz":3}]`,
	`[{"a":1,"abcdefghijklmnopqrstu":2}]`, `[{"abcdefghijklmnopqrstu":1}]`,
}

// TestCellSinkPagesEqualBuilderPages builds pages with the cell sink and
// with the Builder's methods from the datasets' text (every generator at
// 1, 25 and 1,000 rows), the real data (25 rows and every row of each
// set, and each file of the shared JSON directory whole), the go-fuzz
// JSON corpus, cellSinkTexts and rowKeyTexts, and compares them byte for byte, or
// their errors. The shared data are skipped when absent.
func TestCellSinkPagesEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for _, x := range append(cellSinkTexts, rowKeyTexts...) {
		sameAsBuilder(t, p, x, []byte(x))
	}
	for _, s := range dataset.Sets {
		for _, n := range []int{1, 25, 1000} {
			sameAsBuilder(t, p, s.Name+"/"+strconv.Itoa(n), s.Text(n))
		}
	}
	sets, err := realdata.Load(realdata.Dir(".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		for _, n := range []int{25, len(s.Rows)} {
			x, err := json.Marshal(s.Rows[:min(n, len(s.Rows))])
			if err != nil {
				t.Fatal(err)
			}
			sameAsBuilder(t, p, s.Name+"/"+strconv.Itoa(n), x)
		}
	}
	for _, dir := range []string{dataJSONDir, fuzzJSONDir} {
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, f := range files {
			if filepath.Ext(f) == ".md" || filepath.Base(f) == "LICENSE" {
				continue
			}
			x, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sameAsBuilder(t, p, f, x)
		}
	}
}

// FuzzCellSink compares AppendPage through the cell sink with the
// Builder's methods on any text: the same page, or the same error.
func FuzzCellSink(f *testing.F) {
	for _, x := range append(cellSinkTexts, rowKeyTexts...) {
		f.Add([]byte(x))
	}
	f.Add(dataset.JSON(2))
	f.Add(dataset.EventsJSON(2))
	f.Add(dataset.HeteroJSON(3))
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	f.Fuzz(func(t *testing.T, x []byte) {
		sameAsBuilder(t, p, strconv.Quote(string(x)), x)
		// And on a parser that has made no page yet, as a new pooled
		// one is: state kept from earlier pages (columns made, memos
		// filled) must not be what makes a page right.
		fresh := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
		sameAsBuilder(t, fresh, strconv.Quote(string(x)), x)
	})
}

// TestRowLiteralCells checks the row cells that the tokenizer takes
// without value's call, strings, nulls and bools, against the Builder's
// pages: plain, empty, escaped, non-ASCII and invalid strings, literals
// and broken literals, each as the first, a middle and the last cell of a
// row, with 16 bytes or more of text after it or fewer (the short path
// needs 16), between rows of the same keys and of others.
func TestRowLiteralCells(t *testing.T) {
	cells := []string{
		`""`, `"x"`, `"reset"`, `"a longer name of forty bytes or so, past"`, `"\u00e9\n"`, `"é"`,
		"\"\xff\"", `"\ud800"`, `null`, `nul`, `nulll`, `n`, `"`, `"abc`, `"\x"`, "\"a\x01\"", `nullx`,
		`true`, `false`, `tru`, `fals`, `falsex`, `truex`, `t`, `f`,
	}
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for _, c := range cells {
		for _, row := range []string{
			`{"a":%s}`, `{"a":%s,"b":1}`, `{"b":1,"a":%s,"c":"0123456789abcdef"}`, `{"a":1,"b":%s}`,
		} {
			r := fmt.Sprintf(row, c)
			for _, x := range []string{
				"[" + r + "]", "[" + r + "," + r + "]", "[" + r + "," + r + "," + r + "]" + strings.Repeat(" ", 20),
				`[{"a":"q","b":2},` + r + `,{"a":null}]`, `[` + r + `,{"z":null,"a":""}]`,
			} {
				sameAsBuilder(t, p, x, []byte(x))
			}
		}
	}
}

// TestEmptyObjectRowsOnNewSink checks pages whose first rows have no keys
// ({}), on a sink that has made no column yet (a new pooled parser): the
// previous row's shape then has no columns, and the page none so far, and
// each page must be the Builder's.
func TestEmptyObjectRowsOnNewSink(t *testing.T) {
	for _, x := range []string{
		`[{},{"a":1}]`, `[{},{}]`, `[{},{},{}]`, `[null,{},{},{"name":1},{"name":2}]`,
		`[{},{"a":1},{},{"a":2,"b":""}]`, `{"rows":[{}]}`, `[{"a":{}},{}]`,
	} {
		p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
		sameAsBuilder(t, p, x, []byte(x))
		checkContract(t, defaultPageMode, []byte(x))
	}
}
