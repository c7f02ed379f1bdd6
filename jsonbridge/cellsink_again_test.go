package jsonbridge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/realdata"
)

// againCellsTexts are pages of rows whose rows repeat runs of the previous
// row's cells (AgainCells): rows that differ in the first, a middle or the
// last cell; values that are a prefix of the previous row's ("1" and "12",
// "ab" and "abc", a key and a value that share bytes); whitespace that
// differs between cells; tagged cells repeated and differing; strings
// repeated; a float and number text in the middle of a run; keys by place
// and then a key that differs; rows after rows AgainRow added and after
// null rows; a column that turns from integers to tagged values in a
// repeated row; cut-short text; and cells of 17 to 32 bytes that differ
// only in their middle.
var againCellsTexts = func() []string {
	env := `{"loop_end":0,"nodes":[{"tick":0,"value":32},{"tick":10,"value":32}],"release":255}`
	env2 := `{"loop_end":0,"nodes":[{"tick":0,"value":32},{"tick":10,"value":33}],"release":255}`
	return []string{
		`[{"a":1,"b":2,"c":3,"d":4},{"a":9,"b":2,"c":3,"d":4},{"a":9,"b":2,"c":7,"d":4},{"a":9,"b":2,"c":7,"d":5},{"a":9,"b":2,"c":7,"d":5}]`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":1,"b":2,"c":3,"d":45},{"a":1,"b":2,"c":3,"d":4},{"a":12,"b":2,"c":3,"d":4},{"a":1,"b":2,"c":3,"d":4}]`,
		`[{"a":"ab","b":"abc","c":"","d":"x"},{"a":"abc","b":"ab","c":"","d":"x"},{"a":"abc","b":"ab","c":"c","d":"x"},{"a":"abc","b":"ab","c":"c","d":"xy"}]`,
		`[{"a":1,"b":2,"c":3},{"a":1, "b":2,"c":3},{"a":1,"b":2 ,"c":3},{"a":1,"b":2,"c":3 },{ "a":1,"b":2,"c":3}, {"a":1,"b":2,"c":3}]`,
		"[{\"a\":1,\n\"b\":2,\"c\":3},\n{\"a\":1,\n\"b\":2,\"c\":4},{\"a\":1,\t\"b\":2,\"c\":4}]",
		`[{"a":1,"e":` + env + `,"p":` + env + `,"z":0},{"a":2,"e":` + env + `,"p":` + env + `,"z":0},{"a":2,"e":` + env2 + `,"p":` + env + `,"z":1},{"a":3,"e":` + env2 + `,"p":` + env2 + `,"z":1},{"a":4,"e":` + env2 + `,"p":` + env2 + `,"z":1}]`,
		`[{"s":"name","t":"x","u":"` + strings.Repeat("y", 40) + `","n":1},{"s":"name","t":"x","u":"` + strings.Repeat("y", 40) + `","n":2},{"s":"name","t":"z","u":"` + strings.Repeat("y", 40) + `","n":2},{"s":"other","t":"z","u":"` + strings.Repeat("y", 40) + `","n":3}]`,
		`[{"a":1,"f":1.5,"n":123456789012345678901234567890,"b":2},{"a":2,"f":1.5,"n":123456789012345678901234567890,"b":2},{"a":3,"f":1.5,"n":123456789012345678901234567890,"b":2},{"a":4,"f":1.5,"n":123456789012345678901234567890,"b":2},{"a":4,"f":1.5,"n":123456789012345678901234567890,"b":3}]`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":1,"b":2,"x":3,"d":4},{"a":1,"b":2,"x":3,"d":4,"e":5},{"a":1,"b":2,"x":3,"d":5,"e":5},{"a":1,"b":2,"c":3,"d":5,"e":5}]`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":1,"b":2,"c":3,"d":4},{"a":1,"b":2,"c":3,"d":4},{"a":1,"b":2,"c":3,"d":5},{"a":1,"b":2,"c":3,"d":5},{"a":2,"b":2,"c":3,"d":5}]`,
		`[{"a":1,"b":2,"c":3,"d":4},null,{"a":1,"b":2,"c":3,"d":5},null,null,{"a":1,"b":2,"c":3,"d":6},{"a":1,"b":2,"c":3,"d":7}]`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":2,"b":2,"c":3,"d":4},{"a":2,"b":[2],"c":3,"d":4},{"a":3,"b":[2],"c":3,"d":4},{"a":3,"b":[2],"c":3,"d":5},{"a":3,"b":2,"c":3,"d":5}]`,
		`[{"a":null,"b":true,"c":false,"d":null},{"a":null,"b":true,"c":true,"d":null},{"a":1,"b":true,"c":true,"d":null},{"a":1,"b":true,"c":true,"d":0}]`,
		`[{"t":"2024-01-02T03:04:05Z","u":"2024-01-02T03:04:05+00:00","v":"x"},{"t":"2024-01-02T03:04:05Z","u":"2024-01-02T03:04:05+00:00","v":"y"},{"t":"2024-01-02T03:04:06Z","u":"2024-01-02T03:04:05+00:00","v":"y"}]`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":2,"b":2,"c":3,"a":4}]`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":2,"b":2,"c":3,"d":4`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":2,"b":2,"c":3,"d":4]`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":2,"b":2,"c":3,"d":4}`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":2,"b":2,"c":3,"d":4},{"a":2,"b":2,"c":3,"d":4}}]`,
		`[{"a":1,"b":2,"c":3,"d":4},{"a":2,"b":2,"c":3,"d":4,}]`,
		`[{"a":{},"b":[],"c":"","d":{"k":"v"}},{"a":{},"b":[],"c":"","d":{"k":"w"}},{"a":{},"b":[],"c":"","d":{"k":"w"},"e":1}]`,
		// Cells of 17 to 32 bytes that differ only between their first
		// and last words (which a compare of a word at each end would miss).
		`[{"k":"abcdefghijklmnopqrst","z":1},{"k":"abcdefgXijklmnopqrst","z":1},{"k":"abcdefgXijklmnopqrst","z":2},{"k":"abcdefghijklXnopqrst","z":2}]`,
		`[{"key_of_ten":123456789012,"z":1},{"key_of_ten":123956789012,"z":1},{"key_of_ten":123956789012,"z":2},{"k":1,"key_of_ten":123956789012,"z":2}]`,
	}
}()

// TestAgainCellsEqualBuilderPages checks that pages of rows that repeat
// runs of the previous row's cells are the pages the Builder's methods
// build from the same text (byte for byte, or the same error), and that
// AgainCells did add cells.
func TestAgainCellsEqualBuilderPages(t *testing.T) {
	for i, x := range againCellsTexts {
		// A parser of its own: one that found few runs on the page before
		// would look for none on the next pages.
		p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
		before := p.sink.cellAgains
		sameAsBuilder(t, p, "text "+strconv.Itoa(i), []byte(x))
		if i < 14 && p.sink.cellAgains == before {
			t.Errorf("text %d: AgainCells added no cell", i)
		}
	}
}

// TestAgainCellsRandomEqualBuilderPages builds pages of rows whose cells
// come from a small pool of values of every kind, each cell often the
// previous row's again, and compares them with the Builder's pages and
// with the pages made without AgainCells.
func TestAgainCellsRandomEqualBuilderPages(t *testing.T) {
	r := rand.New(rand.NewPCG(50, 7))
	var p *parser
	added := 0
	off := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	off.sink.noCells = true
	values := []string{`1`, `12`, `-3`, `0`, `true`, `false`, `null`, `""`, `"x"`, `"xy"`, `"name"`, `1.5`, `1e400`,
		`123456789012345678901234567890`, `"2024-01-02T03:04:05Z"`, `{"k":1}`, `[1,2]`, `{"k":"v"}`, `{"k":"vw"}`,
		`["2024-01-02T03:04:05Z"]`, `{"nodes":[{"tick":0,"value":32},{"tick":10,"value":32}]}`, `[]`, `{}`, `[true]`, `[null]`}
	keys := []string{`a`, `b`, `c`, `d`, `e`, `f`, `g`, `default_filter_cutoff_enabled`}
	spaces := []string{"", "", "", " ", "\n"}
	for round := range 400 {
		n := 1 + r.IntN(30)
		nk := 1 + r.IntN(len(keys))
		pool := values[:2+r.IntN(len(values)-1)]
		var prev []string
		var rows []string
		for range n {
			if r.IntN(15) == 0 {
				rows = append(rows, "null")
				continue
			}
			ks := keys[:nk]
			if r.IntN(12) == 0 { // a row of other keys
				ks = keys[r.IntN(len(keys)-1):]
			}
			cells := make([]string, len(ks))
			for j := range cells {
				if j < len(prev) && r.IntN(4) > 0 {
					cells[j] = prev[j]
				} else {
					cells[j] = pool[r.IntN(len(pool))]
				}
			}
			var row strings.Builder
			row.WriteByte('{')
			for j, k := range ks {
				if j > 0 {
					row.WriteString("," + spaces[r.IntN(len(spaces))])
				}
				fmt.Fprintf(&row, `"%s":%s`, k, cells[j])
			}
			row.WriteByte('}')
			rows = append(rows, row.String())
			prev = cells
		}
		x := []byte("[" + strings.Join(rows, ",") + "]")
		name := fmt.Sprintf("round %d", round)
		if round%4 == 0 {
			// A parser that found few runs looks for none on the next
			// pages: one of its own every few pages, which looks.
			if p != nil {
				added += p.sink.cellAgains
			}
			p = newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
		}
		sameAsBuilder(t, p, name, x)
		sameWithoutAgainCells(t, p, off, name, x)
	}
	if added+p.sink.cellAgains == 0 {
		t.Fatal("AgainCells added no cell")
	}
	if off.sink.cellAgains != 0 {
		t.Fatal("AgainCells added cells while switched off")
	}
}

// TestAgainCellsDatasetPages checks that, for the generated sets at 1 to
// 1,000 rows and the real sets at 1 to 5,000 rows and whole (past 1,000
// only without -short), the page AppendPage makes with AgainCells is the
// page it makes without, byte for byte, each parser going through the sets
// in turn, as a pooled one would. (TestAppendPageHashes, which also takes
// 0 and 5,000 generated rows, holds the pages themselves unchanged.)
func TestAgainCellsDatasetPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	off := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	off.sink.noCells = true
	same := func(name string, x []byte) {
		t.Helper()
		sameWithoutAgainCells(t, p, off, name, x)
	}
	for _, s := range dataset.Sets {
		for _, n := range []int{1, 2, 25, 100, 1000} {
			same(s.Name+"/"+strconv.Itoa(n), s.Text(n))
		}
	}
	sets, err := realdata.Load(realdata.Dir(".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		for _, n := range []int{1, 25, 100, 1000, 5000, len(s.Rows)} {
			if testing.Short() && n > 1000 {
				continue
			}
			x, err := json.Marshal(s.Rows[:min(n, len(s.Rows))])
			if err != nil {
				t.Fatal(err)
			}
			same(s.Name+"/"+strconv.Itoa(n), x)
		}
	}
	if len(sets) > 0 && p.sink.cellAgains == 0 {
		t.Fatal("AgainCells added no cell")
	}
}

// sameWithoutAgainCells checks that p makes the page of x that off, a
// parser whose sink adds no runs of cells (noCells), makes, byte for
// byte, or fails where off fails.
func sameWithoutAgainCells(t *testing.T, p, off *parser, name string, x []byte) {
	t.Helper()
	got, err := p.page(nil, x)
	p.release()
	want, werr := off.page(nil, x)
	off.release()
	if (err == nil) != (werr == nil) || !bytes.Equal(got, want) {
		t.Fatalf("%s: page differs from the one made without AgainCells", name)
	}
}
