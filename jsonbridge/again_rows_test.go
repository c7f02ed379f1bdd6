package jsonbridge

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// againRowTexts are pages of rows of which some repeat the previous row's
// text byte for byte (AgainRow), with every kind of cell: integers,
// bools, nulls, strings (empty, short, long, escaped), text times, floats
// and number text (which AgainRow leaves to the tokenizer), nested arrays
// and objects with and without strings; rows that differ from the
// previous row in one cell of the same length, in key order, or in a
// nested value; repeats after a null row, of {}, and of a row that turned
// a column to tagged values or made a column.
var againRowTexts = func() []string {
	rep := func(row string, n int) string { return strings.TrimSuffix(strings.Repeat(row+",", n), ",") }
	env := `"env":{"loop_end":0,"nodes":[{"tick":0,"value":32},{"tick":10,"value":32}],"release":255}`
	return []string{
		`[` + rep(`{"a":1,"b":true,"c":null,"d":"","e":"name","f":-7}`, 4) + `]`,
		`[` + rep(`{"a":1,`+env+`,"z":0}`, 5) + `]`,
		`[{"a":1,` + env + `,"z":0},{"a":2,` + env + `,"z":0},` + rep(`{"a":2,`+env+`,"z":0}`, 3) + `]`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 2) + `,{"a":1,"b":2,"c":3,"d":5},` + rep(`{"a":1,"b":2,"c":3,"d":5}`, 2) + `]`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 2) + `,{"b":2,"a":1,"c":3,"d":4},` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 2) + `]`,
		`[` + rep(`{"t":"2024-01-02T03:04:05Z","u":"2024-01-02T03:04:05+00:00","v":"x"}`, 3) + `]`,
		`[` + rep(`{"f":1.5,"n":123456789012345678901234567890,"g":-0.0,"i":18446744073709551615}`, 3) + `]`,
		`[` + rep(`{"s":["a","b"],"o":{"k":"v"},"p":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}`, 3) + `]`,
		`[` + rep(`{"e":"\u00e9\n\"x\"","long":"`+strings.Repeat("y", 40)+`","k":1}`, 3) + `]`,
		`[{"a":1,"b":2,"c":3,"d":4},null,` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 3) + `,null,null,{"a":1,"b":2,"c":3,"d":4}]`,
		`[` + rep(`{}`, 4) + `,` + rep(`{"a":null,"bbbbbbbbbbbbbbbb":null}`, 3) + `]`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 2) + `,` + rep(`{"a":"x","b":2,"c":3,"d":4}`, 3) + `,` + rep(`{"a":[1],"b":2,"c":3,"d":4}`, 3) + `]`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 2) + `,` + rep(`{"a":1,"b":2,"c":3,"d":4,"e":5}`, 3) + `]`,
		`[` + rep(`{"a":null,"b":null,"c":3,"d":4}`, 2) + `,` + rep(`{"a":1,"b":"s","c":null,"d":4}`, 3) + `]`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 3) + `,{"a":1,"b":2,"c":3,"a":4}]`,
		// A repeated cell whose object's count and members AppendAgain must
		// read as the Builder holds them (four-byte counts): read as
		// varints, the key "b" (id 6, TagString) was taken for a string.
		`[{"c":"` + strings.Repeat("z", 40) + `","dddddddddddddddddddddd":null},{"eA":false,"é":"2024-01-02T03:04:05+00:00"},` +
			rep(`{"b":{"a":{"b":[1,2,3]},"c":[1,2,3]}}`, 3) + `]`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 3) + `,{"a":1,"b":2,"c":3,"d":4]`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 3) + `,{"a":1,"b":2,"c":3,"d":4}`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 3) + `,{"a":1,"b":2,"c":3,"d":4`,
		`[` + rep(`{"a":1,"b":2,"c":3,"d":4}`, 3) + `,{"a":1,"b":2,"c":3,"d":4}}]`,
	}
}()

// TestAgainRowsEqualBuilderPages checks that pages of rows that repeat
// the previous row's text are the pages the Builder's methods build from
// the same text, which read every row (byte for byte, or the same error),
// and that the cell sink did take repeated rows by AgainRow.
func TestAgainRowsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	agains := 0
	for _, x := range againRowTexts {
		before := p.sink.agains
		sameAsBuilder(t, p, x, []byte(x))
		agains += p.sink.agains - before
	}
	if agains == 0 {
		t.Fatal("no row was added by AgainRow")
	}
}

// TestAgainRowsRandomEqualBuilderPages builds pages of rows drawn from a
// few rows of every kind of cell, each row often the previous one again,
// and compares them with the Builder's pages; pages of many strings make
// columns defer their strings (pagebuild.Deferral), which AgainRow leaves
// to the tokenizer.
func TestAgainRowsRandomEqualBuilderPages(t *testing.T) {
	r := rand.New(rand.NewPCG(44, 16))
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	cells := []string{`1`, `-3`, `0`, `true`, `false`, `null`, `""`, `"x"`, `"name"`, `1.5`, `1e400`, `6`,
		`"2024-01-02T03:04:05Z"`, `{"k":1}`, `[1,2]`, `{"k":"v"}`, `["2024-01-02T03:04:05Z"]`,
		`{"nodes":[{"tick":0,"value":32},{"tick":10,"value":32}]}`, `[]`, `{}`}
	keys := []string{`a`, `b`, `c`, `d`, `e`}
	for round := range 300 {
		n := 1 + r.IntN(40)
		unique := round%10 == 0 // a page of many distinct strings
		if unique {
			n = 1200 + r.IntN(200)
		}
		again := func() bool { return !unique && r.IntN(3) > 0 || unique && r.IntN(40) == 0 }
		rows := repeatingRows(r, n, again, func(i int) string {
			var row strings.Builder
			row.WriteByte('{')
			for j, k := range keys[:1+r.IntN(len(keys))] {
				if j > 0 {
					row.WriteByte(',')
				}
				v := cells[r.IntN(len(cells))]
				if unique && j == 0 {
					v = fmt.Sprintf(`"id-%d-%d"`, round, i)
				}
				fmt.Fprintf(&row, `"%s":%s`, k, v)
			}
			row.WriteByte('}')
			return row.String()
		})
		x := "[" + strings.Join(rows, ",") + "]"
		sameAsBuilder(t, p, fmt.Sprintf("round %d", round), []byte(x))
	}
	if p.sink.agains == 0 {
		t.Fatal("no row was added by AgainRow")
	}
}

// repeatingRows returns n rows of a page: after the first, the previous
// row again where again says so, else null one time in twenty, else the
// row that row makes for place i.
func repeatingRows(r *rand.Rand, n int, again func() bool, row func(i int) string) []string {
	var rows []string
	for i := range n {
		switch {
		case i > 0 && again():
			rows = append(rows, rows[i-1])
		case r.IntN(20) == 0:
			rows = append(rows, "null")
		default:
			rows = append(rows, row(i))
		}
	}
	return rows
}

// TestAgainRowsCopyTheFirstCell checks that a run of repeated rows with a
// nested object lists each of its cells as a copy of the run's first cell
// (pagebuild.copySource), not of the cell before it, so that Finish finds
// the cell copied without a search, and that the page is the Builder's.
func TestAgainRowsCopyTheFirstCell(t *testing.T) {
	row := `{"a":1,"env":{"loop_end":0,"nodes":[{"tick":0,"value":32},{"tick":10,"value":32}]},"z":0}`
	const n = 6
	x := "[" + strings.TrimSuffix(strings.Repeat(row+",", n), ",") + "]"
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	before := p.sink.agains
	sameAsBuilder(t, p, "run", []byte(x))
	if p.sink.agains == before {
		t.Fatal("no row was added by AgainRow")
	}
	for i := range p.sink.pb.Cols {
		c := &p.sink.pb.Cols[i]
		if !c.AnyKind() {
			continue
		}
		cp := c.Copies
		if len(cp) != 2*(n-1) {
			t.Fatalf("column %d lists %d copies, want %d: %v", i, len(cp)/2, n-1, cp)
		}
		for k := 0; k < len(cp); k += 2 {
			if cp[k+1] != cp[1] || cp[k+1] >= cp[0] {
				t.Fatalf("column %d: copies %v name other cells than the first", i, cp)
			}
		}
		return
	}
	t.Fatal("no column of tagged values")
}
