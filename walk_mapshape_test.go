package rowpage_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// cyclingRows returns n maps whose key sets come back, but seldom in
// consecutive rows: each row holds the keys of the bits of i*7 % 13 (and
// "id"), so mapRow matches most rows to a shape by their set of columns.
func cyclingRows(n int, salt string) []map[string]any {
	keys := []string{"zeta", "a", "mid", "b" + salt, "émoji😀", "", "k4"}
	rows := make([]map[string]any, n)
	for i := range rows {
		m := map[string]any{"id": json.Number(strconv.Itoa(i))}
		for j, k := range keys {
			if (i*7%13)>>(j%4)&1 == 1 || j == 6 && i%5 == 0 {
				switch j % 3 {
				case 0:
					m[k] = k + strconv.Itoa(i%3)
				case 1:
					m[k] = json.Number(strconv.Itoa(i * j))
				default:
					m[k] = map[string]any{"x": nil, "y": []any{true, "s"}}
				}
			}
		}
		rows[i] = m
	}
	return rows
}

// TestMapRowsBySetOfColumns: rows matched to a shape by their set of
// columns give the page of their JSON text (whose keys json.Marshal sorts,
// and which AppendPage writes row by row through the Builder), and a
// reused Encoder, whose table of sets describes the previous page, gives
// the page a new one gives.
func TestMapRowsBySetOfColumns(t *testing.T) {
	enc := rowpage.NewEncoder()
	for _, n := range []int{1, 5, 40, 300} {
		for _, salt := range []string{"", "x"} {
			rows := cyclingRows(n, salt)
			got, err := enc.Append(nil, rows)
			if err != nil {
				t.Fatal(err)
			}
			text, err := json.Marshal(rows)
			if err != nil {
				t.Fatal(err)
			}
			want, err := jsonbridge.AppendPage(nil, text)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%d rows, salt %q: the page of the maps differs from that of their JSON", n, salt)
			}
			if fresh, _ := rowpage.Marshal(rows); !bytes.Equal(got, fresh) {
				t.Errorf("%d rows, salt %q: a reused Encoder's page differs from Marshal's", n, salt)
			}
		}
	}
}
