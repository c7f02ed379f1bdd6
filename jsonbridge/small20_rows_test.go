package jsonbridge_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// TestAllRowsBudgetEdges: AppendJSON with neither Offset nor Limit writes
// its rows in a loop of its own (allRows); around the exact size of the
// JSON its budget errors, the row they blame included, are those of the
// general loop (a mode with a Limit past the last row), on pages of one
// shape, of varied shapes and with null rows.
func TestAllRowsBudgetEdges(t *testing.T) {
	type obj = map[string]any
	pages := map[string]any{
		"one shape":    []obj{{"a": 1, "b": "x"}, {"a": 2, "b": "yy"}, {"a": 3, "b": "zzz"}},
		"varied":       []obj{{"a": 1}, {"b": "x"}, {}, {"a": 2, "b": "y"}},
		"null rows":    []any{nil, obj{"a": 1}, nil, obj{"a": 2}, nil},
		"one row":      []obj{{"k": "v"}},
		"no rows":      []obj{},
		"empty shapes": []obj{{}, {}, {}},
	}
	for name, v := range pages {
		page, err := rowpage.Marshal(v)
		if err != nil {
			t.Fatal(name, err)
		}
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(name, err)
		}
		for max := len(want) - 12; max <= len(want)+1; max++ {
			if max < 1 {
				continue
			}
			lim := rowpage.Limits{MaxJSONBytes: max}
			fast, err := jsonbridge.Options{Limits: lim}.Mode()
			if err != nil {
				t.Fatal(err)
			}
			general, err := jsonbridge.Options{Limits: lim, Limit: 1 << 20}.Mode()
			if err != nil {
				t.Fatal(err)
			}
			got, gotErr := fast.AppendJSON([]byte("pre"), page)
			ref, refErr := general.AppendJSON([]byte("pre"), page)
			if describe(gotErr) != describe(refErr) || string(got) != string(ref) {
				t.Errorf("%s, MaxJSONBytes %d: got %q, %s; the general loop %q, %s",
					name, max, got, describe(gotErr), ref, describe(refErr))
			}
			if max >= len(want) && (gotErr != nil || string(got) != "pre"+string(want)) {
				t.Errorf("%s, MaxJSONBytes %d: got %q, %v; want %s", name, max, got, gotErr, want)
			}
		}
	}
}

// describe is err with the row and column it blames.
func describe(err error) string {
	var e *rowpage.Error
	if errors.As(err, &e) {
		return fmt.Sprintf("%v (row %d, column %d)", err, e.Row, e.Column)
	}
	return fmt.Sprint(err)
}
