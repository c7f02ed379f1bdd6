package rowpage

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// colFieldsRow has a field for each column loop of byColumns, among
// padding, so that each field sits at an offset of its own.
type colFieldsRow struct {
	Pad0  byte
	Ref   string    `json:"ref"` // opString (repeated values)
	Seq   string    `json:"seq"` // opSeqString (distinct values)
	I64   int64     `json:"i64"` // opInt64
	F64   float64   `json:"f64"` // opFloat64
	FI    float64   `json:"fi"`  // opIntFloat64
	NF    float64   `json:"nf"`  // opNumFloat64
	I32   int32     `json:"i32"` // opInt32
	U32   uint32    `json:"u32"` // opUint32
	B     bool      `json:"b"`   // opBool
	T     time.Time `json:"t"`   // opTime
	TT    string    `json:"tt"`  // opTimeText
	SL    []string  `json:"sl"`  // opStrList
	Any   []string  `json:"any"` // opStrings
	Inner struct {
		X int `json:"x"`
	} `json:"inner"` // opStruct
	P *int `json:"p"` // opCell (setPtr)
}

// colFieldsRows returns n rows with a value in every column of colFieldsRow.
func colFieldsRows(n int) []map[string]any {
	base := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	var rows []map[string]any
	for i := range n {
		var anyCol any = []any{fmt.Sprint("a", i), "b"}
		if i%5 == 4 {
			anyCol = nil
		}
		rows = append(rows, map[string]any{
			"ref": fmt.Sprint("r", i%3), "seq": fmt.Sprint("s", i), "i64": int64(i*1000 - 7),
			"f64": float64(i) + 0.25, "fi": float64(i * 3), "nf": []any{1.5, 2}[i%2],
			"i32": int64(-i), "u32": int64(i * 7), "b": i%2 == 0, "t": base.Add(time.Duration(i) * time.Hour),
			"tt": base.Add(time.Duration(i) * time.Minute).Format(time.RFC3339Nano), "sl": []string{fmt.Sprint("x", i), "y"},
			"any": anyCol, "inner": map[string]any{"x": int64(i)}, "p": int64(i),
		})
	}
	return rows
}

// TestByColumnsFieldsEveryElementKind decodes pages of every column loop of
// byColumns into a slice and an array of structs and of pointers to
// structs (colFields), and compares each row with the same rows decoded
// row by row (a null row after them sends fastRows there).
func TestByColumnsFieldsEveryElementKind(t *testing.T) {
	for _, n := range []int{1, 2, 7, 25, 40} {
		in := colFieldsRows(n)
		page, err := Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		slowPage, err := Marshal(append(append([]map[string]any(nil), in...), nil))
		if err != nil {
			t.Fatal(err)
		}
		var want []colFieldsRow
		if err := Unmarshal(slowPage, &want); err != nil {
			t.Fatal(err)
		}
		want = want[:n]
		var vals []colFieldsRow
		var ptrs []*colFieldsRow
		var arr [40]colFieldsRow
		var parr [40]*colFieldsRow
		for _, dst := range []any{&vals, &ptrs, &arr, &parr} {
			if err := Unmarshal(page, dst); err != nil {
				t.Fatalf("n=%d %T: %v", n, dst, err)
			}
		}
		for i := range n {
			for name, got := range map[string]colFieldsRow{"slice": vals[i], "pointers": *ptrs[i], "array": arr[i], "array of pointers": *parr[i]} {
				if d := cmp.Diff(want[i], got); d != "" {
					t.Fatalf("n=%d %s row %d (-rows +columns):\n%s", n, name, i, d)
				}
			}
		}
	}
}
