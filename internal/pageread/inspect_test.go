package pageread_test

import (
	"encoding/hex"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

func readHex(t *testing.T, name string) []byte {
	t.Helper()
	text, err := os.ReadFile("../../testdata/spec/" + name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := hex.DecodeString(strings.Join(strings.Fields(string(text)), ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkTiling fails unless secs cover page exactly, in order.
func checkTiling(t *testing.T, secs []pageread.Section, n int) {
	t.Helper()
	at := 0
	for _, s := range secs {
		if s.Offset != at || s.Len < 0 {
			t.Fatalf("sections %v do not tile the page at byte %d", secs, at)
		}
		at += s.Len
	}
	if at != n {
		t.Fatalf("sections %v cover %d bytes of %d", secs, at, n)
	}
}

// TestInspectSpecRows checks the summary of SPEC.md example 10.1 against the
// byte listing there.
func TestInspectSpecRows(t *testing.T) {
	page := readHex(t, "rows.hex")
	s, err := pageread.Inspect(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := &pageread.Summary{
		Bytes: 66, Major: 1, Flags: format.FlagChecksum, Kind: format.KindRows, Checksum: true, Rows: 2,
		Sections: []pageread.Section{
			{"header", 0, 8}, {"counts", 8, 2}, {"string table", 10, 30}, {"shapes", 40, 6},
			{"row shapes", 46, 1}, {"column directory", 47, 10}, {"column payloads", 57, 5}, {"checksum", 62, 4},
		},
		// 6 strings; references: 3 column names, "ann" and "bob" (one
		// string-seq cell each), "pro" twice.
		Strings: pageread.StringSummary{Count: 6, DataBytes: 19, Bytes: 30, Refs: 7, KeyRefs: 3, RefBytes: 2 + 4 + 4 + 3 + 3 + 3 + 3},
		Columns: []pageread.ColumnSummary{
			{Name: "id", Enc: format.EncInt, Encoding: "int", Cells: 2, Bytes: 2, DirBytes: 3},
			{Name: "name", Enc: format.EncStrSeq, Encoding: "string-seq", Cells: 2, Bytes: 1, DirBytes: 3, Refs: 2},
			{Name: "tier", Enc: format.EncStrRef, Encoding: "string-ref", Cells: 2, Bytes: 2, DirBytes: 3, Refs: 2},
		},
		Shapes: []pageread.ShapeSummary{{Columns: []int{0, 1, 2}, Rows: 2}},
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("Inspect(rows.hex) =\n%+v\nwant\n%+v", s, want)
	}
	checkTiling(t, s.Sections, len(page))
}

func TestInspectSpecSparse(t *testing.T) {
	page := readHex(t, "sparse.hex")
	s, err := pageread.Inspect(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Checksum || s.Rows != 3 || s.NullRows != 1 || len(s.Shapes) != 2 {
		t.Fatalf("summary %+v", s)
	}
	if got := s.Shapes; got[0].Rows != 1 || got[1].Rows != 1 || !reflect.DeepEqual(got[1].Columns, []int{1}) {
		t.Errorf("shapes %+v", got)
	}
	if c := s.Columns[1]; c.Encoding != "string-seq+nulls" || c.Cells != 2 || c.Nulls != 1 || c.Refs != 1 {
		t.Errorf("column b %+v", c)
	}
	checkTiling(t, s.Sections, len(page))
}

func TestInspectValuePage(t *testing.T) {
	page := readHex(t, "value.hex")
	s, err := pageread.Inspect(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	// No column names in a value page: the only reference is "two".
	if s.Kind != format.KindValue || s.Columns[0].Name != "" || s.Strings.Refs != 1 || s.Strings.KeyRefs != 0 {
		t.Errorf("summary %+v", s)
	}
}

// countStrings counts what Inspect calls references in a Go value built of
// maps, slices and strings: every string and every map key.
func countStrings(v any) (refs, keys int) {
	switch v := v.(type) {
	case string:
		return 1, 0
	case []string:
		return len(v), 0
	case []any:
		for _, e := range v {
			r, k := countStrings(e)
			refs, keys = refs+r, keys+k
		}
	case map[string]any:
		for _, e := range v {
			r, k := countStrings(e)
			refs, keys = refs+r+1, keys+k+1
		}
	}
	return refs, keys
}

func TestInspectRefs(t *testing.T) {
	var rows []any
	for i := range 40 {
		row := map[string]any{
			"kind": []string{"a", "b", "c"}[i%3],
			"tags": []string{"x", "y", "z"}[:i%4%3],
			"meta": map[string]any{"src": "api", "n": i, "list": []any{"p", i, map[string]any{"deep": "q"}}},
		}
		if i%5 == 0 {
			row["kind"] = nil
		}
		rows = append(rows, row)
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	s, err := pageread.Inspect(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	refs, keys := countStrings(rows)
	// countStrings counts each row's keys; the page names each column once.
	cols := len(s.Columns)
	refs, keys = refs-(keys-countNested(rows))+cols, countNested(rows)+cols
	if s.Strings.Refs != refs || s.Strings.KeyRefs != keys {
		t.Errorf("Refs, KeyRefs = %d, %d; want %d, %d", s.Strings.Refs, s.Strings.KeyRefs, refs, keys)
	}
	sum := 0
	for _, c := range s.Columns {
		sum += c.Refs
	}
	if sum+cols != s.Strings.Refs {
		t.Errorf("column refs add up to %d, plus %d names, want %d", sum, cols, s.Strings.Refs)
	}
}

// countNested counts the keys of the maps inside rows (not the rows' own).
func countNested(rows []any) int {
	n := 0
	for _, r := range rows {
		for _, v := range r.(map[string]any) {
			_, k := countStrings(v)
			n += k
		}
	}
	return n
}

// TestInspectLocatesRow damages one cell and expects the error to name its
// row, through null cells and rows that lack the column.
func TestInspectLocatesRow(t *testing.T) {
	var rows []map[string]any
	for i := range 200 {
		row := map[string]any{"id": i}
		if i%3 != 0 {
			row["s"] = "v" + strconv.Itoa(i%4)
			if i%5 == 0 {
				row["s"] = nil
			}
		}
		rows = append(rows, row)
	}
	enc, _ := rowpage.EncOptions{NoChecksum: true}.EncMode()
	page, err := enc.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	c := 1
	if l.ColumnName(c) != "s" {
		t.Fatalf("column 1 is %q", l.ColumnName(c))
	}
	col := l.Columns[c]
	if col.Enc != format.EncStrRef|format.EncNullBitmap {
		t.Fatalf("column s has encoding %s", format.EncodingName(col.Enc))
	}
	for _, target := range []int{1, 2, 104, 199} {
		// The target row's cell is value vi of the column: count the rows
		// before it that have a non-null "s".
		vi := 0
		for i := 0; i < target; i++ {
			if v, ok := rows[i]["s"]; ok && v != nil {
				vi++
			}
		}
		bad := append([]byte(nil), page...)
		bad[col.Offset+(col.Count+7)/8+vi] = 0x7f // string indexes are single bytes; 127 is out of range
		_, err := pageread.Inspect(bad, format.Limits{})
		var e *format.Error
		if !errors.As(err, &e) || !errors.Is(err, format.ErrCorrupt) {
			t.Fatalf("row %d: error %v", target, err)
		}
		if e.Row != target || e.Column != c || e.ColumnName != "s" {
			t.Errorf("row %d: error names row %d, column %d %q: %v", target, e.Row, e.Column, e.ColumnName, err)
		}
		if !strings.Contains(err.Error(), "(row "+strconv.Itoa(target)+", column 1") {
			t.Errorf("row %d: message %q", target, err)
		}
	}
}

// TestInspectErrorsWithoutRow: errors outside cells keep Row -1.
func TestInspectErrorsWithoutRow(t *testing.T) {
	page := readHex(t, "rows.hex")
	bad := append([]byte(nil), page...)
	bad[len(bad)-1] ^= 1
	if _, err := pageread.Inspect(bad, format.Limits{}); !errors.Is(err, format.ErrChecksum) {
		t.Errorf("checksum damage: %v", err)
	}
	if _, err := pageread.Inspect([]byte(`[{"a":1}]`), format.Limits{}); !errors.Is(err, format.ErrUnsupported) {
		t.Errorf("JSON entry: %v", err)
	}
}

// TestSectionsNeverFail: every prefix and every one-byte change of a page
// splits into sections that tile it.
func TestSectionsNeverFail(t *testing.T) {
	for _, name := range []string{"rows.hex", "sparse.hex", "object.hex", "value.hex"} {
		page := readHex(t, name)
		for n := 0; n <= len(page); n++ {
			checkTiling(t, pageread.Sections(page[:n]), n)
		}
		for i := range page {
			bad := append([]byte(nil), page...)
			bad[i] ^= 0xff
			secs := pageread.Sections(bad)
			checkTiling(t, secs, len(bad))
			if s := pageread.SectionAt(secs, i); s.Len == 0 {
				t.Errorf("%s: byte %d is in no section of %v", name, i, secs)
			}
		}
	}
	// A cut page: its last four bytes still read as the checksum trailer,
	// and the section cut short is left unparsed.
	secs := pageread.Sections(readHex(t, "rows.hex")[:24])
	if s := secs[len(secs)-2]; s.Name != "unparsed" || s.Offset != 10 {
		t.Errorf("truncated page: sections %+v", secs)
	}
}
