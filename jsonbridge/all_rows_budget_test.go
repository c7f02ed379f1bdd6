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

// TestBudgetBlamesRow: whatever MaxJSONBytes, from 1 to past the JSON's
// size, AppendJSON either writes the whole JSON or fails with ErrLimit
// blaming the first row whose JSON ends past the budget (-1 when only
// the closing bracket does), whichever cell of the row passes it: rows of
// numbers, times and booleans (bounded cells) and strings.
func TestBudgetBlamesRow(t *testing.T) {
	type row struct {
		I int     `json:"i"`
		F float64 `json:"f"`
		B bool    `json:"b"`
		S string  `json:"s"`
		T string  `json:"t"`
		U uint64  `json:"u"`
	}
	rows := []row{
		{1, 1.5, true, "a", "2024-01-02T03:04:05Z", 1 << 63},
		{-22, 2.25, false, "bb", "2024-01-02T03:04:06Z", 1<<63 + 1},
		{333, -0.5, true, "", "2024-01-02T03:04:07.5Z", 1<<64 - 1},
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	var ends []int // where each row's JSON ends in want
	at := 1
	for _, r := range rows {
		b, _ := json.Marshal(r)
		at += len(b)
		ends = append(ends, at)
		at++ // the comma
	}
	for max := 1; max <= len(want)+1; max++ {
		m, err := jsonbridge.Options{Limits: rowpage.Limits{MaxJSONBytes: max}}.Mode()
		if err != nil {
			t.Fatal(err)
		}
		got, err := m.AppendJSON(nil, page)
		if max >= len(want) {
			if err != nil || string(got) != string(want) {
				t.Errorf("MaxJSONBytes %d: got %q, %v; want %s", max, got, err, want)
			}
			continue
		}
		blame := -1
		for i, e := range ends {
			if e > max {
				blame = i
				break
			}
		}
		var e *rowpage.Error
		if !errors.As(err, &e) || !errors.Is(err, rowpage.ErrLimit) || e.Row != blame || got != nil {
			t.Errorf("MaxJSONBytes %d: got %q, %s; want ErrLimit blaming row %d", max, got, describe(err), blame)
		}
	}
}
