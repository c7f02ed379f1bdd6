package rowpage

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestSeqStrColumnMatchesRows decodes pages whose string columns are
// string-seq columns (distinct strings, no nulls: seqStrColumn's loop), of
// 1 to 3,000 rows, with strings empty, short and long enough that a column
// spans several chunks (one longer than a chunk among them), into fresh
// and reused slices of structs and of pointers, and checks every field
// against the rows encoded; JSON-compatible decoding too, which takes
// seqStr a cell at a time. It checks that the columns are string-seq.
func TestSeqStrColumnMatchesRows(t *testing.T) {
	type row struct {
		A string `json:"a"`
		N int64  `json:"n"`
		B string `json:"b"`
	}
	compatMode, err := DecOptions{JSONCompatible: true}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	seq := 0
	for _, n := range []int{1, 2, 3, 7, 25, 100, 257, 1000, 3000} {
		for _, most := range []int{0, 8, 60, 400, 40_000} {
			rows := make([]row, n)
			for i := range rows {
				str := func(p string) string {
					seq++
					l := r.IntN(most + 1)
					if most == 40_000 && r.IntN(50) != 0 {
						l = r.IntN(200)
					}
					return p + strconv.Itoa(seq) + strings.Repeat("x", l)
				}
				rows[i] = row{A: str("a"), N: int64(i), B: str("b")}
			}
			page, err := Marshal(rows)
			if err != nil {
				t.Fatal(err)
			}
			var l pageread.Layout
			if err := l.Reset(page, format.Limits{}.WithDefaults()); err != nil {
				t.Fatal(err)
			}
			for c := range l.Columns {
				if name := l.ColumnName(c); name != "n" && l.Columns[c].Enc != format.EncStrSeq {
					t.Fatalf("%d rows: column %s is %s, want a string-seq column", n, name, format.EncodingName(l.Columns[c].Enc))
				}
			}
			name := strconv.Itoa(n) + " rows of up to " + strconv.Itoa(most)
			var fresh []row
			if err := Unmarshal(page, &fresh); err != nil {
				t.Fatal(err)
			}
			reused := make([]row, n)
			if err := Unmarshal(page, &reused); err != nil {
				t.Fatal(err)
			}
			var ptrs []*row
			if err := Unmarshal(page, &ptrs); err != nil {
				t.Fatal(err)
			}
			var compat []row
			if err := compatMode.Unmarshal(page, &compat); err != nil {
				t.Fatal(err)
			}
			for i, want := range rows {
				for what, got := range map[string]row{"fresh": fresh[i], "reused": reused[i], "pointers": *ptrs[i], "compat": compat[i]} {
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s, %s: row %d is {%.40q %d %.40q}, want {%.40q %d %.40q}", name, what, i, got.A, got.N, got.B, want.A, want.N, want.B)
					}
				}
			}
		}
	}
}
