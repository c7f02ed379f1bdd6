package rowpage_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonref"
	"github.com/rowpage/rowpage/internal/pageread"
	"github.com/rowpage/rowpage/internal/pagewalk"
	"github.com/rowpage/rowpage/internal/realdata"
	"github.com/rowpage/rowpage/jsonbridge"
)

// Repeats (SPEC.md 5.5, 9 item 12): array and object cells of an any
// column that repeat an earlier cell of the column. These tests build pages
// that hold many and read them through every reader, against encoding/json.

// repeatRows returns n rows whose "v" and "w" columns draw nested values
// from small pools, so that most cells repeat an earlier one, among nulls,
// scalars and cells too short to repeat. With n of a few hundred the JSON
// passes WriteJSON's chunk size several times, so that repeats meet cells
// whose JSON was flushed.
func repeatRows(n int) []map[string]any {
	rng := rand.New(rand.NewPCG(1, 2))
	long := strings.Repeat("lorem ipsum <&> ", 4)
	pool := []any{
		[]any{"a", 1.5, int64(3), nil, true},
		map[string]any{"k": "a", "n": map[string]any{"deep": []any{1.0, 2.5, long}}},
		[]any{map[string]any{"id": int64(1), "s": long}, map[string]any{"id": int64(2), "s": "x\u2028y"}},
		map[string]any{"k": "b"},
		[]any{},
		map[string]any{},
		[]any{int64(1)},
	}
	rows := make([]map[string]any, n)
	for i := range rows {
		r := map[string]any{"id": int64(i)}
		switch x := rng.IntN(10); {
		case x < 7:
			r["v"] = pool[rng.IntN(len(pool))]
		case x == 7:
			r["v"] = nil
		case x == 8:
			r["v"] = fmt.Sprint("s", i%3)
		default:
			r["v"] = []any{"fresh", int64(i)} // never repeats
		}
		if i%5 != 0 {
			r["w"] = pool[(i/3)%len(pool)]
		}
		rows[i] = r
	}
	return rows
}

// repeatCase is a page with repeats and the JSON encoding/json writes for
// its rows.
type repeatCase struct{ page, json []byte }

// repeatPages returns pages that hold repeats: the generated rows, from
// maps and from their JSON text, and the citm performances and twitter
// statuses when ../shared is present.
func repeatPages(t *testing.T) map[string]repeatCase {
	t.Helper()
	out := map[string]repeatCase{}
	rows := repeatRows(400)
	text, _ := json.Marshal(rows)
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	out["generated/maps"] = repeatCase{page, text}
	if page, err = jsonbridge.AppendPage(nil, text); err != nil {
		t.Fatal(err)
	}
	out["generated/json"] = repeatCase{page, text}
	m, _ := rowpage.EncOptions{Compression: rowpage.CompressFast}.EncMode()
	if page, err = m.Marshal(rows); err != nil {
		t.Fatal(err)
	}
	out["generated/compressed"] = repeatCase{page, text}
	for _, f := range []struct{ file, key string }{{"citm_catalog.json", "performances"}, {"twitter.json", "statuses"}} {
		b, err := os.ReadFile(filepath.Join(realdata.Dir("."), "json", f.file))
		if err != nil {
			continue
		}
		var doc map[string]json.RawMessage
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		var all []json.RawMessage
		if err := json.Unmarshal(doc[f.key], &all); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{25, 100, len(all)} {
			text, _ := json.Marshal(all[:min(n, len(all))])
			page, err := jsonbridge.AppendPage(nil, text)
			if err != nil {
				t.Fatal(err)
			}
			want, err := jsonref.Reescape(text)
			if err != nil {
				t.Fatal(err)
			}
			out[fmt.Sprint(f.key, "/", n)] = repeatCase{page, want}
		}
	}
	for name, c := range out {
		if p := c.page; p[5] != format.MinorRepeat && p[6]&format.FlagCompressed == 0 {
			t.Fatalf("%s: minor %d, want %d (a page with repeats)", name, p[5], format.MinorRepeat)
		}
	}
	return out
}

// TestRepeatReaders reads pages with repeats through every reader and
// compares each with encoding/json.
func TestRepeatReaders(t *testing.T) {
	compat, _ := rowpage.DecOptions{JSONCompatible: true}.DecMode()
	for name, tc := range repeatPages(t) {
		t.Run(name, func(t *testing.T) {
			page, want := tc.page, tc.json
			if got := appendJSON(t, page); !bytes.Equal(got, want) {
				t.Fatalf("AppendJSON differs from encoding/json")
			}
			var generic []map[string]any
			if err := json.Unmarshal(want, &generic); err != nil {
				t.Fatal(err)
			}

			// WriteJSON, in 32 KiB chunks: repeats of cells flushed
			// before are rendered again.
			var w chunkCounter
			if err := jsonbridge.WriteJSON(&w, page); err != nil || !bytes.Equal(w.buf.Bytes(), want) {
				t.Fatalf("WriteJSON differs from AppendJSON (%v)", err)
			}
			if len(want) > 3*32<<10 && w.writes < 3 {
				t.Fatalf("WriteJSON wrote %d bytes in %d chunks: no repeat met a flushed cell", len(want), w.writes)
			}

			// Unmarshal into maps, into any and into structs.
			var maps []map[string]any
			if err := compat.Unmarshal(page, &maps); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(generic, maps); d != "" {
				t.Fatalf("Unmarshal into maps (-json +page):\n%s", d)
			}
			var anyv any
			if err := compat.Unmarshal(page, &anyv); err != nil {
				t.Fatal(err)
			}
			var genericAny any
			json.Unmarshal(want, &genericAny)
			if d := cmp.Diff(genericAny, anyv); d != "" {
				t.Fatalf("Unmarshal into any (-json +page):\n%s", d)
			}
			type repeatRow struct {
				ID             any `json:"id"`
				V              any `json:"v"`
				W              any `json:"w"`
				Prices         []struct{ Amount, SeatCategoryID int }
				SeatCategories []struct {
					Areas []struct {
						AreaID   int
						BlockIds []int
					}
					SeatCategoryID int
				}
				User map[string]any `json:"user"`
			}
			var structs, structsJSON []repeatRow
			if err := compat.Unmarshal(page, &structs); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(want, &structsJSON); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(structsJSON, structs); d != "" {
				t.Fatalf("Unmarshal into structs (-json +page):\n%s", d)
			}

			// Open, Rows and every accessor; each cell's JSON after
			// walking its elements, so that cells closed by an Elems
			// are passed by their cursor.
			p, err := rowpage.Open(page)
			if err != nil {
				t.Fatal(err)
			}
			if err := pagewalk.Walk(p); err != nil {
				t.Fatal(err)
			}
			var raw []map[string]json.RawMessage
			if err := json.Unmarshal(want, &raw); err != nil {
				t.Fatal(err)
			}
			var js []byte
			for r := range p.Rows() {
				for c := 0; c < p.NumColumns(); c++ {
					if e, ok := r.Elems(c); ok {
						if err := pagewalk.WalkElems(e); err != nil {
							t.Fatalf("row %d, column %d: %v", r.Index(), c, err)
						}
					}
					if !r.Has(c) {
						continue
					}
					js, err = r.AppendJSON(js[:0], c)
					if err != nil {
						t.Fatal(err)
					}
					if wantCell := raw[r.Index()][p.ColumnName(c)]; !bytes.Equal(js, wantCell) {
						t.Fatalf("row %d, column %d: %s, want %s", r.Index(), c, js, wantCell)
					}
				}
			}
		})
	}
}

// chunkCounter collects what WriteJSON writes.
type chunkCounter struct {
	buf    bytes.Buffer
	writes int
}

func (c *chunkCounter) Write(b []byte) (int, error) {
	c.writes++
	return c.buf.Write(b)
}

// TestRepeatModes renders pages with repeats under modes that skip rows
// and columns (so that repeats name cells that were not rendered), with
// and without an envelope and HTML escaping, against encoding/json.
func TestRepeatModes(t *testing.T) {
	for name, tc := range repeatPages(t) {
		page := tc.page
		var rows []json.RawMessage
		if err := json.Unmarshal(tc.json, &rows); err != nil {
			t.Fatal(err)
		}
		for _, o := range []jsonbridge.Options{
			{Offset: 3, Limit: 40},
			{Offset: 1},
			{Limit: 7},
			{Columns: []string{"v", "prices", "user", "id"}},
			{Columns: []string{"w", "seatCategories", "text"}, Offset: 11},
			{Offset: 2, Limit: 5, NoEscapeHTML: true, Envelope: &jsonbridge.Envelope{RowsKey: "items", CountKey: "n"}},
		} {
			mode, err := o.Mode()
			if err != nil {
				t.Fatal(err)
			}
			want := modeReference(t, rows, o)
			got, err := mode.AppendJSON(nil, page)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s %+v: AppendJSON %.200s (%v)\nwant %.200s", name, o, got, err, want)
			}
			var w chunkCounter
			if err := mode.WriteJSON(&w, page); err != nil || !bytes.Equal(w.buf.Bytes(), want) {
				t.Fatalf("%s %+v: WriteJSON differs (%v)", name, o, err)
			}
		}
	}
}

// modeReference is the JSON a mode writes for rows, built with
// encoding/json from the whole page's rows.
func modeReference(t *testing.T, rows []json.RawMessage, o jsonbridge.Options) []byte {
	end := len(rows)
	if o.Limit > 0 {
		end = min(end, o.Offset+o.Limit)
	}
	keep := map[string]bool{}
	for _, c := range o.Columns {
		keep[c] = true
	}
	var buf bytes.Buffer
	if o.Envelope != nil {
		fmt.Fprintf(&buf, `{"%s":`, o.Envelope.RowsKey)
	}
	buf.WriteByte('[')
	for i := o.Offset; i < end; i++ {
		if i > o.Offset {
			buf.WriteByte(',')
		}
		row := rows[i]
		if o.Columns != nil {
			row = projectRow(t, row, keep)
		}
		if o.NoEscapeHTML {
			row = unescapeHTML(row)
		}
		buf.Write(row)
	}
	buf.WriteByte(']')
	if o.Envelope != nil {
		fmt.Fprintf(&buf, `,"%s":%d}`, o.Envelope.CountKey, max(0, end-o.Offset))
	}
	return buf.Bytes()
}

// unescapeHTML returns row as json.Encoder writes it with
// SetEscapeHTML(false): the escapes of <, > and & undone (the rows here
// hold no backslash before a u of their own).
func unescapeHTML(row json.RawMessage) json.RawMessage {
	return json.RawMessage(strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(row)))
}

// projectRow keeps the keys of row (a JSON object, or null) that keep
// holds, in row's order.
func projectRow(t *testing.T, row json.RawMessage, keep map[string]bool) json.RawMessage {
	if string(row) == "null" {
		return row
	}
	d := json.NewDecoder(bytes.NewReader(row))
	d.Token() // {
	var buf bytes.Buffer
	buf.WriteByte('{')
	first := true
	for d.More() {
		k, _ := d.Token()
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if !keep[k.(string)] {
			continue
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		kb, _ := json.Marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes()
}

// repeatsGolden is the page of SPEC.md 10.12.
func repeatsGolden(t *testing.T) []byte {
	text, err := os.ReadFile("testdata/spec/repeats.hex")
	if err != nil {
		t.Fatal(err)
	}
	page, err := hex.DecodeString(strings.Join(strings.Fields(string(text)), ""))
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// TestRepeatInvalid damages the page of SPEC.md 10.12 in the ways SPEC.md
// 5.5 and 8 forbid, and checks that every reader reports the same error:
// Open, Unmarshal, and AppendJSON and WriteJSON, which check the any
// column's cells as they render them.
func TestRepeatInvalid(t *testing.T) {
	golden := repeatsGolden(t)
	const col = 31 // the column payload's offset in the page: cell 0
	edit := func(at int, b ...byte) []byte {
		p := bytes.Clone(golden)
		copy(p[at:], b)
		return p
	}
	tests := []struct {
		name string
		page []byte
		lim  rowpage.Limits
		want error
	}{
		{"offset inside a cell", edit(col+11, 0x10, 0x02), rowpage.Limits{}, rowpage.ErrCorrupt},
		{"offset of a repeat", edit(col+13, 0x10, 0x0b), rowpage.Limits{}, rowpage.ErrCorrupt},
		{"offset past the cell", edit(col+11, 0x10, 0x1b), rowpage.Limits{}, rowpage.ErrCorrupt},
		{"offset of the cell itself", edit(col+11, 0x10, 0x0b), rowpage.Limits{}, rowpage.ErrCorrupt},
		{"offset of a scalar", edit(col+15, 0x03, 0x02, 0x10, 0x0f), rowpage.Limits{}, rowpage.ErrCorrupt},
		{"nested repeat", edit(col+4, 0x10, 0x00), rowpage.Limits{}, rowpage.ErrCorrupt},
		{"offset in a long varint", edit(col+11, 0x10, 0x80), rowpage.Limits{}, rowpage.ErrCorrupt},
		{"expansion over the limit", golden, rowpage.Limits{MaxPageBytes: len(golden) + 16}, rowpage.ErrLimit},
		{"expansion at the limit", golden, rowpage.Limits{MaxPageBytes: len(golden) + 17}, nil},
		{"unknown tag after it", edit(col+11, 0x11, 0x00), rowpage.Limits{}, rowpage.ErrUnsupported},
	}
	// A value page whose one cell is a repeat: nothing precedes it.
	value := []byte{0x89, 'R', 'P', 'G', 1, 6, 0, 2, 1, 1, 2, 0, 1, 3, 1, 1, 0, 0, 4, 0x0c, 2, 0x10, 0}
	tests = append(tests, struct {
		name string
		page []byte
		lim  rowpage.Limits
		want error
	}{"repeat as a value page's cell", value, rowpage.Limits{}, rowpage.ErrCorrupt})
	for _, tt := range tests {
		dec, err := rowpage.DecOptions{Limits: tt.lim}.DecMode()
		if err != nil {
			t.Fatal(err)
		}
		mode, err := jsonbridge.Options{Limits: tt.lim}.Mode()
		if err != nil {
			t.Fatal(err)
		}
		_, openErr := dec.Open(tt.page)
		if !errors.Is(openErr, tt.want) || (tt.want == nil) != (openErr == nil) {
			t.Errorf("%s: Open: %v, want %v", tt.name, openErr, tt.want)
			continue
		}
		var v any
		if err := dec.Unmarshal(tt.page, &v); fmt.Sprint(err) != fmt.Sprint(openErr) {
			t.Errorf("%s: Unmarshal: %v, want %v", tt.name, err, openErr)
		}
		if _, err := mode.AppendJSON(nil, tt.page); fmt.Sprint(err) != fmt.Sprint(openErr) {
			t.Errorf("%s: AppendJSON: %v, want %v", tt.name, err, openErr)
		}
		if err := mode.WriteJSON(io.Discard, tt.page); fmt.Sprint(err) != fmt.Sprint(openErr) {
			t.Errorf("%s: WriteJSON: %v, want %v", tt.name, err, openErr)
		}
	}
}

// TestRepeatJSONBudget checks that the default JSON budget counts what
// repeats expand: a page of one large cell repeated many times renders
// though its JSON is far more than 256 times its size, and a set
// MaxJSONBytes still caps it.
func TestRepeatJSONBudget(t *testing.T) {
	// A cell of 1,000 references to one string: 2 KB in the page, 100 KB
	// of JSON, an expansion a page may have; 40 rows of it make 4 MB of
	// JSON from a page of 2.4 KB.
	big := make([]any, 1000)
	for i := range big {
		big[i] = strings.Repeat("x", 100)
	}
	big[0] = 1 // an any column, not a string-list one (which has no repeats)
	rows := make([]map[string]any, 40)
	for i := range rows {
		rows[i] = map[string]any{"v": big}
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(rows)
	if len(want) < 256*len(page)+1<<20 {
		t.Fatalf("JSON %d bytes, page %d: not an expansion past the page-size budget", len(want), len(page))
	}
	got, err := jsonbridge.AppendJSON(nil, page)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("AppendJSON: %v", err)
	}
	if err := jsonbridge.WriteJSON(io.Discard, page); err != nil {
		t.Fatalf("WriteJSON: %v", err)
	}
	var v []map[string]any
	if err := rowpage.Unmarshal(page, &v); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	mode, _ := jsonbridge.Options{Limits: rowpage.Limits{MaxJSONBytes: len(want) - 1}}.Mode()
	if _, err := mode.AppendJSON(nil, page); !errors.Is(err, rowpage.ErrLimit) {
		t.Fatalf("AppendJSON under a cap one byte short: %v", err)
	}
}

// appendJSON is jsonbridge.AppendJSON, failing t on an error.
func appendJSON(t *testing.T, page []byte) []byte {
	t.Helper()
	b, err := jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRepeatEncoderReuse checks that an Encoder reused across pages (whose
// table of cells is kept from page to page) writes each page as Marshal
// does: a cell of an earlier page is never repeated, and the writer names
// the first of equal cells. The second pages repeat cells of the first at
// other offsets.
func TestRepeatEncoderReuse(t *testing.T) {
	enc := rowpage.NewEncoder()
	pages := [][]map[string]any{repeatRows(300), repeatRows(40)[7:], {{"v": []any{"a", 1.5, int64(3), nil, true}}}, repeatRows(300)}
	for i, rows := range pages {
		got, err := enc.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		want, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("page %d: a reused Encoder's page differs from Marshal's", i)
		}
		text, _ := json.Marshal(rows)
		if js := appendJSON(t, got); !bytes.Equal(js, text) {
			t.Fatalf("page %d: JSON differs from encoding/json", i)
		}
	}
}

// TestRepeatCanonical checks SPEC.md 9 item 12 on the pages with repeats,
// with a plain walk of each any column: every array or object cell that
// equals an earlier one is a repeat exactly when that is shorter, and every
// repeat names the first of the equal cells.
func TestRepeatCanonical(t *testing.T) {
	for name, tc := range repeatPages(t) {
		if tc.page[6]&format.FlagCompressed != 0 {
			continue
		}
		l, err := pageread.Parse(tc.page, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		repeats := 0
		for c, col := range l.Columns {
			if col.Enc != format.EncAny {
				continue
			}
			b := col.Payload
			first := map[string]int{} // cell bytes -> offset of the first such cell
			for pos := 0; pos < len(b); {
				n := format.SkipValue(b[pos:])
				switch b[pos] {
				case format.TagRepeat:
					repeats++
					off, _ := format.ConsumeUvarint(b[pos+1:])
					cell := b[off : int(off)+format.SkipValue(b[off:])]
					if f, ok := first[string(cell)]; !ok || f != int(off) || n >= len(cell) {
						t.Fatalf("%s, column %d, offset %d: a repeat of offset %d (first %d, %v), %d bytes for %d", name, c, pos, off, f, ok, n, len(cell))
					}
				case format.TagArray, format.TagObject:
					cell := string(b[pos : pos+n])
					if f, ok := first[cell]; ok {
						if 1+format.SizeUvarint(uint64(f)) < n {
							t.Fatalf("%s, column %d, offset %d: a cell equal to the one at %d, not a repeat", name, c, pos, f)
						}
					} else {
						first[cell] = pos
					}
				}
				pos += n
			}
		}
		if repeats == 0 {
			t.Fatalf("%s: no repeats", name)
		}
	}
}
