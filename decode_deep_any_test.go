package rowpage_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
)

// deepValue returns arrays and objects nested k deep (k >= 1), each level
// holding, beside the next one, values of every common tag: integers of
// one to five bytes, strings, a float, a time, a bool and a null, so that
// Open's check of an any column (pageread's quickValue) meets them at
// every depth, past the 16 levels it keeps on its stack too.
func deepValue(k int) any {
	var v any = []any{int64(1), "leaf"}
	for i := 1; i < k; i++ {
		n := int64(1) << (7 * (i % 5)) // varints of one to five bytes
		if i%2 == 0 {
			v = map[string]any{"next": v, "n": n, "s": "level", "f": 1.5, "t": time.Unix(int64(i)*1e5, 123), "b": true, "z": nil}
		} else {
			v = []any{n, v, "level", 2.25, false, nil}
		}
	}
	return v
}

// TestOpenDeepAny checks that pages with any cells nested 1 to 40 levels
// deep open under a MaxDepth that allows them, fail with ErrLimit under
// one level less, and decode to what json.Unmarshal makes of their JSON.
func TestOpenDeepAny(t *testing.T) {
	for _, k := range []int{1, 2, 15, 16, 17, 18, 31, 32, 33, 40} {
		rows := []map[string]any{{"id": 1, "v": deepValue(k)}, {"id": 2, "v": deepValue(k)}, {"id": 3, "v": []any{}}}
		page, err := rowpage.Marshal(rows)
		if err != nil {
			t.Fatal(k, err)
		}
		ok, _ := rowpage.DecOptions{Limits: rowpage.Limits{MaxDepth: k + 1}, JSONCompatible: true}.DecMode()
		tight, _ := rowpage.DecOptions{Limits: rowpage.Limits{MaxDepth: k}}.DecMode()
		if _, err := tight.Open(page); !errors.Is(err, rowpage.ErrLimit) {
			t.Fatalf("depth %d under MaxDepth %d: Open gives %v, want ErrLimit", k, k, err)
		}
		var got []map[string]any
		if err := ok.Unmarshal(page, &got); err != nil {
			t.Fatalf("depth %d under MaxDepth %d: %v", k, k+1, err)
		}
		js, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		var want []map[string]any
		if err := json.Unmarshal(js, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("depth %d: Unmarshal differs from json.Unmarshal", k)
		}
		// Every cut of the page fails with an error, never a panic.
		for cut := 0; cut < len(page); cut += 1 + len(page)/200 {
			if _, err := rowpage.Open(page[:cut]); err == nil {
				t.Fatalf("depth %d: a page cut to %d of %d bytes opens", k, cut, len(page))
			}
		}
	}
}
