package rowpage

import (
	"fmt"
	"testing"
)

// directOuter has a nested struct field whose type nests itself, so that
// one nested plan (and its direct table) serves objects at two depths.
type directOuter struct {
	Fill  []string     `json:"a_fill"`
	Inner *directInner `json:"inner"`
}

type directInner struct {
	F01  int          `json:"f01"`
	F02  string       `json:"f02"`
	F03  []int64      `json:"f03"`
	Next *directInner `json:"next"`
}

// keyIndex returns the string-table index of s in page, or -1.
func keyIndex(t *testing.T, page []byte, s string) int {
	t.Helper()
	p, err := Open(page)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.l.Strings.Len() {
		if p.l.Strings.String(i) == s {
			return i
		}
	}
	return -1
}

// TestDecodeNestedKeysAroundDirect decodes nested objects whose keys'
// string indexes lie below, at and above nestedDirect (the size of a
// nested plan's direct table): a column of n strings repeated in every
// row comes first in the string table and pushes the keys up. Keys match
// exactly and case-folded, some match no field, and an object of the same
// type nests inside; every result must equal encoding/json's.
func TestDecodeNestedKeysAroundDirect(t *testing.T) {
	for _, n := range []int{0, 1, nestedDirect - 3, nestedDirect - 2, nestedDirect - 1, nestedDirect, nestedDirect + 1, 2 * nestedDirect} {
		fill := make([]any, n)
		for i := range fill {
			fill[i] = fmt.Sprintf("fill%03d", i)
		}
		var rows []map[string]any
		for i := range 6 {
			inner := map[string]any{"f01": i, "f02": fmt.Sprint("s", i), "f03": []any{i, -3}, "zz_unknown": i}
			switch i % 3 {
			case 1:
				inner = map[string]any{"F01": -i, "F02": "folded", "next": map[string]any{"f01": 7, "F03": []any{1}}}
			case 2:
				inner["next"] = map[string]any{"f02": "deep", "next": nil, "other": true}
			}
			rows = append(rows, map[string]any{"a_fill": fill, "inner": inner})
		}
		got := sameAsJSON[[]directOuter](t, rows)
		if len(got) != len(rows) {
			t.Fatalf("n=%d: %d rows", n, len(got))
		}
		sameAsJSON[[]*directOuter](t, rows[1:])
		page, err := Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		if k := keyIndex(t, page, "f02"); n >= nestedDirect && k < nestedDirect {
			t.Fatalf("n=%d: key f02 at string %d, not past the direct table", n, k)
		}
	}
}
