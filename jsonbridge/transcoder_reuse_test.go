package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// TestReusedTranscoderStartsClean renders pages of 12, 3 and 20 columns
// in turn, with a page that fails part way through its cells in between,
// through AppendJSON and WriteJSON: the pooled transcoder's cursors start
// each page from the zero cursor that the last call's clean-up left
// (open does not clear them again), so every output must be the page's
// JSON whatever the calls before it read.
func TestReusedTranscoderStartsClean(t *testing.T) {
	rowsOf := func(cols, n int) []map[string]any {
		rows := make([]map[string]any, n)
		for i := range rows {
			r := map[string]any{}
			for c := range cols {
				k := "c" + strconv.Itoa(c)
				switch c % 4 {
				case 0:
					r[k] = 1000*c + i*i
				case 1:
					r[k] = []string{"x", "y<", "z"}[i%3]
				case 2:
					r[k] = float64(i) / 4
				default:
					if i%3 == 0 {
						r[k] = nil
					} else {
						r[k] = map[string]any{"n": i, "l": []any{c, "v"}}
					}
				}
			}
			rows[i] = r
		}
		return rows
	}
	type page struct {
		page []byte
		want []byte
	}
	m, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	var pages []page
	for _, cols := range []int{12, 3, 20} {
		rows := rowsOf(cols, 9)
		want, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		p, err := m.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, page{p, want})
	}
	// A page whose last cell is bad (a string index past the table): its
	// render reads every other cell, then fails.
	bad := append([]byte(nil), pages[2].page...)
	bad[len(bad)-1] = 0x7F
	if _, err := jsonbridge.AppendJSON(nil, bad); !strings.Contains(fmt.Sprint(err), "string") {
		t.Fatalf("the damaged page fails with %v, want a bad string index", err)
	}
	for _, order := range [][]int{{0, 1, 0, 2, 1, 2}, {2, -1, 1, -1, 0, 2}} {
		for _, i := range order {
			if i < 0 {
				if _, err := jsonbridge.AppendJSON(nil, bad); err == nil {
					t.Fatal("AppendJSON of a cut page: no error")
				}
				if err := jsonbridge.WriteJSON(&bytes.Buffer{}, bad); err == nil {
					t.Fatal("WriteJSON of a cut page: no error")
				}
				continue
			}
			p := pages[i]
			got, err := jsonbridge.AppendJSON(nil, p.page)
			if err != nil || !bytes.Equal(got, p.want) {
				t.Fatalf("AppendJSON of page %d after %v: %v\n got %s\nwant %s", i, order, err, got, p.want)
			}
			var w bytes.Buffer
			if err := jsonbridge.WriteJSON(&w, p.page); err != nil || !bytes.Equal(w.Bytes(), p.want) {
				t.Fatalf("WriteJSON of page %d after %v: %v\n got %s\nwant %s", i, order, err, w.Bytes(), p.want)
			}
		}
	}
}
