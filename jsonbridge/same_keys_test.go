package jsonbridge

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// sameKeyTexts are pages of rows that take every path of the tokenizer's
// match of a row's keys against the previous row's (SameKey): rows of
// one shape; a row that stops, differs or goes on after some of the
// previous row's keys; a row that repeats, after matched keys, one of
// them (a one-value page); keys that extend, shorten or escape the
// previous row's; empty keys, empty rows, null rows between rows, and
// keys longer than the key caches hold.
var sameKeyTexts = func() []string {
	long := strings.Repeat("k", 40)
	return []string{
		`[{"a":1,"b":2},{"a":3,"b":4},{"a":5,"b":6}]`,
		`[{"a":1,"b":2,"c":3},{"a":4,"b":5},{"a":6,"b":7,"c":8}]`,
		`[{"a":1,"b":2},{"a":3,"b":4,"c":5},{"a":6,"b":7,"c":8}]`,
		`[{"a":1,"b":2,"c":3},{"a":4,"x":5,"c":6},{"a":7,"b":8,"c":9}]`,
		`[{"a":1,"b":2,"c":3},{"b":4,"a":5,"c":6}]`,
		`[{"a":1,"b":2},{"a":3,"a":4}]`, `[{"a":1,"b":2},{"a":3,"b":4,"a":5}]`,
		`[{"a":1,"b":2},{"a":3,"b":4,"b":5}]`, `[{"a":1,"b":2},{"a":3,"b":4},{"b":5,"a":6,"b":7}]`,
		`[{"ab":1},{"abc":2},{"a":3},{"ab":4}]`, `[{"a":1},{"\u0061":2},{"a":3},{"\u0061":4}]`,
		`[{"a\"":1},{"a\"":2},{"a":3}]`, `[{"":1,"a":2},{"":3,"a":4},{"a":5,"":6}]`,
		`[{"a":1},{},{"a":2},null,{"a":3},{},{}]`, `[{"a":1,"b":{"a":2}},null,null,{"a":3,"b":{"a":4}}]`,
		`[ { "a" : 1 , "b" : 2 } , { "a" : 3 , "b" : 4 } ]`,
		`[{"` + long + `":1,"b":2},{"` + long + `":3,"b":4},{"` + long + `x":5,"b":6},{"` + long[1:] + `":7}]`,
		`[{"a":1,"b":2},{"a":3,"b":4}`, `[{"a":1,"b":2},{"a":3,"b`, `[{"a":1,"b":2},{"a":3,"b"`,
		`[{"a":1,"b":2},{"a":3,"b":4,}]`, `[{"a":1},{"a" 2}]`, `[{"a":1},{"a":2]`,
	}
}()

// TestSameKeyRowsEqualBuilderPages builds the pages of sameKeyTexts, and
// the same rows with ever more rows, through the cell sink and through
// the Builder's methods (which take every key by Key), and compares them
// byte for byte, or their errors.
func TestSameKeyRowsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for _, x := range sameKeyTexts {
		sameAsBuilder(t, p, x, []byte(x))
	}
	// Rows that cycle through a few shapes, so that a row meets the
	// previous row's keys in every relation, at every length.
	shapes := []string{`"a":1,"b":2,"c":3`, `"a":1,"b":2`, `"a":1`, `"b":2,"a":1`, `"a":1,"b":2,"c":3,"d":4`, ``, `"a":1,"c":3`}
	for n := 1; n <= 3*len(shapes); n++ {
		rows := make([]string, n)
		for i := range rows {
			rows[i] = "{" + shapes[(i*i+i/2)%len(shapes)] + "}"
		}
		x := "[" + strings.Join(rows, ",") + "]"
		sameAsBuilder(t, p, strconv.Itoa(n)+": "+x, []byte(x))
	}
}

// TestPlacedIntegerCellsEqualBuilderPages builds pages whose rows give
// their keys by place (the previous row's keys), so that the tokenizer
// adds their short integer cells itself (RowColumns.Taken), and compares
// them with the Builder's pages: integer columns that later take a null,
// a negative or long integer, a float, a string, an array or a bool; a
// null, a float or a string column that then takes integers; integers of
// 1 to 8 digits, leading zeros refused; and rows that stop matching the
// previous row's keys partway.
func TestPlacedIntegerCellsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	later := []string{"7", "null", "-3", "12345678", "9223372036854775807", "1.5", "2e3", `"s"`, `""`, "[1,2]", `{"x":1}`, "true", "0", "1234567"}
	for _, first := range []string{"1", "null", "0.5", `"s"`, "[]", "false", "-1"} {
		for _, then := range later {
			rows := []string{
				`{"a":` + first + `,"b":1,"c":2}`, `{"a":5,"b":2,"c":3}`, `{"a":` + then + `,"b":3,"c":4}`,
				`{"a":6,"b":` + then + `,"c":5}`, `{"a":7,"x":4,"c":6}`, `{"a":8,"b":5,"c":` + then + `}`,
				`{"a":9,"b":6}`, `{"a":10,"b":7,"c":8}`,
			}
			x := "[" + strings.Join(rows, ",") + "]"
			sameAsBuilder(t, p, x, []byte(x))
		}
	}
}

// TestPlacedLiteralCellsEqualBuilderPages builds pages whose rows give
// their keys by place, so that the tokenizer adds their null, true, false
// and empty-string cells itself where the column takes them without a
// call (RowColumns.Taken, Strs), and compares them with the Builder's
// pages: every pair of a first cell and a cell that follows it in a
// column, mixed over 20 rows (so that a column's null bitmap gains bytes
// in both ways, and a page's bitmap reuses the bytes of the page before),
// with a row that stops matching the previous row's keys partway.
func TestPlacedLiteralCellsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	cells := []string{"null", "true", "false", `""`, `"s"`, "7", "1.5", "[1]", `{"x":null}`, `"2024-01-02T03:04:05Z"`}
	for _, first := range cells {
		for _, then := range cells {
			for _, every := range []int{1, 2, 3, 9} {
				rows := make([]string, 20)
				for j := range rows {
					a, b := first, then
					if j%every == 0 {
						a, b = then, first
					}
					key := "c"
					if j == 11 {
						key = "x"
					}
					rows[j] = `{"a":` + a + `,"b":` + b + `,"` + key + `":null,"d":""}`
				}
				x := "[" + strings.Join(rows, ",") + "]"
				sameAsBuilder(t, p, x, []byte(x))
			}
		}
	}
}

// TestPlacedIntegerTextsEqualBuilderPages builds pages whose rows give
// their keys by place, with an integer cell of 1 to 10 digits in every
// row, led by 0, 1 or 9 and followed by each kind of byte that can end a
// number or make it another (a fraction, an exponent, a second leading
// zero, a byte that is no JSON), and compares them, or their errors, with
// the Builder's: the tokenizer's short path for one digit and for 2 to 7
// must take exactly the integers it may.
func TestPlacedIntegerTextsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for n := 1; n <= 10; n++ {
		for _, first := range "019" {
			digits := string(first) + strings.Repeat("9081726354", 2)[:n-1]
			for _, end := range []string{"", ".5", ".", "e3", "E+2", "e", "x", "0", " ", "-"} {
				rows := []string{`{"a":3,"b":1}`, `{"a":` + digits + end + `,"b":2}`, `{"a":4,"b":` + digits + end + `}`}
				x := "[" + strings.Join(rows, ",") + "]"
				sameAsBuilder(t, p, x, []byte(x))
			}
		}
	}
}

// TestPlacedRepeatedCellsEqualBuilderPages builds pages whose rows give
// their keys by place, with array and object cells of at least 32 bytes
// without strings that repeat, so that the tokenizer copies them into
// their column itself (jsontext's taggedAgain, without the sink's
// BeginTagged and EndCopy), and compares them with the Builder's pages:
// a column whose first cells are integers, nulls or a string before its
// repeated arrays (not yet of tagged values), cells that repeat in
// another column, cells that share their first 32 bytes but not the rest
// (a look that misses, which tagged then does not make again), and a row
// that stops matching the previous row's keys partway.
func TestPlacedRepeatedCellsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	long := "[" + strings.Repeat("12345678,", 5)
	pool := []string{
		long + "1]", long + "2]", long + "1,3]",
		`{"nodes":[{"tick":0,"value":32},{"tick":10,"value":32}],"end":255}`,
		`{"nodes":[{"tick":0,"value":64},{"tick":10,"value":64}],"end":255}`,
	}
	firsts := []string{"1", "null", `"s"`, "[]", pool[0]}
	for _, first := range firsts {
		for seed := range uint64(20) {
			r := rand.New(rand.NewPCG(seed, 7))
			rows := make([]string, 30)
			for j := range rows {
				a, b := pool[r.IntN(len(pool))], pool[r.IntN(len(pool))]
				if j == 0 {
					a = first
				}
				key := "b"
				if j == 17 {
					key = "x"
				}
				rows[j] = `{"n":` + fmt.Sprint(j%3) + `,"a":` + a + `,"` + key + `":` + b + `,"c":null}`
			}
			x := "[" + strings.Join(rows, ",") + "]"
			sameAsBuilder(t, p, x, []byte(x))
		}
	}
}

// TestFirstRowKeysEqualBuilderPages builds pages whose first row, and
// rows after an empty row, go without the tokenizer's look in the sink's
// memo of row keys (its rowColumn, which cannot find a key of the page
// there), every key to the sink's RowKey or Key, and compares them, or
// their errors, with the Builder's: short and long keys, a key the first
// row repeats, empty rows between rows of keys met before, and rows that
// shuffle their keys long enough for rows to stop keeping them.
func TestFirstRowKeysEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	keys := []string{"a", "bb", "a_key_of_twenty_bytes", "c", "default_filter_cutoff_enabled"}
	pages := []string{
		`[{"a":1,"bb":2,"a":3}]`,
		`[{"a_key_of_twenty_bytes":1,"a_key_of_twenty_bytes":2}]`,
		`[{},{"a":1,"bb":2},{},{"bb":3,"a":4},{},{}]`,
	}
	r := rand.New(rand.NewPCG(11, 12))
	for range 40 {
		rows := make([]string, 1+r.IntN(30))
		for j := range rows {
			if r.IntN(6) == 0 {
				rows[j] = "{}"
				continue
			}
			ks := slices.Clone(keys)
			r.Shuffle(len(ks), func(a, b int) { ks[a], ks[b] = ks[b], ks[a] })
			ks = ks[:1+r.IntN(len(ks))]
			cells := make([]string, len(ks))
			for k, key := range ks {
				cells[k] = `"` + key + `":` + fmt.Sprint(r.IntN(300))
			}
			rows[j] = "{" + strings.Join(cells, ",") + "}"
		}
		pages = append(pages, "["+strings.Join(rows, ",")+"]")
	}
	for _, x := range pages {
		sameAsBuilder(t, p, x, []byte(x))
	}
}

// TestNestedCopiesInRepeatedCellsEqualBuilderPages builds pages whose array
// cells hold objects of over 128 bytes that the tokenizer copies from
// earlier rows (nested copies, written by pagebuild's remapCopies), where
// a cell whose bytes equal an earlier cell's becomes a repeat of it while
// values inside it are still copied from or named by later rows: the
// second row's cell repeats the first's but for a space inside one object
// (so its bytes are new while its object is a copy), and the third row
// copies that object from the second row. It compares the pages with the
// Builder's, the fixed case and random rows over the same objects.
func TestNestedCopiesInRepeatedCellsEqualBuilderPages(t *testing.T) {
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	object := func(k int, spaced bool) string {
		var c strings.Builder
		c.WriteString(`{"areas":[`)
		for j := range 5 {
			if j > 0 {
				c.WriteByte(',')
			}
			fmt.Fprintf(&c, `{"areaId":%d,"blockIds":[]}`, 205705990+j+k)
		}
		if spaced {
			c.WriteByte(' ')
		}
		fmt.Fprintf(&c, `],"seatCategoryId":%d}`, 338937290+k)
		return c.String()
	}
	warm := `{"n":0,"a":[1000000,2000000,3000000,4000000,5000000]}`
	row := func(n int, objects ...string) string {
		return fmt.Sprintf(`{"n":%d,"a":[%s]}`, n, strings.Join(objects, ","))
	}
	p1, p2, p2s, p3 := object(1, false), object(2, false), object(2, true), object(3, false)
	pages := []string{
		"[" + strings.Join([]string{warm, row(1, p1, p2), row(2, p1, p2s), row(3, p3, p2s)}, ",") + "]",
		"[" + strings.Join([]string{warm, row(1, p1, p2s), row(2, p1, p2s), row(3, p2s, p3), row(4, p2s)}, ",") + "]",
	}
	r := rand.New(rand.NewPCG(13, 14))
	for range 60 {
		pool := make([]string, 2+r.IntN(4))
		for k := range pool {
			pool[k] = object(k/2, k%2 == 1)
		}
		rows := []string{warm}
		for j := range 2 + r.IntN(20) {
			objects := make([]string, 1+r.IntN(3))
			for k := range objects {
				objects[k] = pool[r.IntN(len(pool))]
			}
			rows = append(rows, row(j%3, objects...))
		}
		pages = append(pages, "["+strings.Join(rows, ",")+"]")
	}
	for _, x := range pages {
		sameAsBuilder(t, p, x, []byte(x))
	}
}
