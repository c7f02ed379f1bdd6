package pageread_test

import (
	"reflect"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// TestForgetLeavesOnlyScratch: after Forget, every field of a Layout is
// zero but the dictionaries and the scratch buffers Reset reuses (those
// that may hold views of a page emptied), so that a field added later
// that may point into a page fails here until Forget clears it.
func TestForgetLeavesOnlyScratch(t *testing.T) {
	kept := map[string]bool{ // scratch of numbers, and the dictionaries
		"Dicts": true, "shapeCols": true, "shapeEnds": true, "offs": true, "fits": true, "seen": true,
		"uses": true, "counts": true, "names": true, "rend": true,
	}
	emptied := map[string]bool{ // scratch that may hold views: length 0
		"Columns": true, "anyCells": true, "rendUsed": true, "kept": true, "inflated": true,
	}
	type row struct {
		S string         `json:"s"`
		N int            `json:"n"`
		A map[string]any `json:"a"`
	}
	page, err := rowpage.Marshal([]row{{"x", 1, map[string]any{"k": []any{1, "y"}}}, {"z", 2, nil}})
	if err != nil {
		t.Fatal(err)
	}
	var l pageread.Layout
	if err := l.ResetDeferred(page, format.Limits{}); err != nil {
		t.Fatal(err)
	}
	l.FlushedJSON([]byte("flushed"))
	stop := 0
	l.SetJSONStop(&stop)
	cols := l.Columns[:cap(l.Columns)]
	l.Forget()
	v := reflect.ValueOf(l)
	for i := 0; i < v.NumField(); i++ {
		name, f := v.Type().Field(i).Name, v.Field(i)
		switch {
		case kept[name]:
		case emptied[name]:
			if f.Len() != 0 {
				t.Errorf("Forget leaves %s with %d elements", name, f.Len())
			}
		case !f.IsZero():
			t.Errorf("Forget leaves %s = %v", name, f)
		}
	}
	for c := range cols {
		if cols[c].Payload != nil {
			t.Errorf("Forget leaves column %d's payload in the directory's backing array", c)
		}
	}
}
