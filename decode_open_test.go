package rowpage

import (
	"encoding/json"
	"strconv"
	"testing"
)

// openInner is a nested struct whose fields take part of what its objects
// hold, so that a decode of one leaves members unread.
type openInner struct {
	A any     `json:"a"`
	C []int64 `json:"c"`
}

// TestDecodeOpenAnyCells decodes pages whose any columns hold nested
// arrays and objects into every kind of field, each of which leaves the
// cell open, closes it, or walks it only part way before it fails over to
// the reflect path (a []int64 meeting a string), and into maps and any.
// Unmarshal reads such cells open and moves past a cell its decoder closed
// without walking it again: every row must still decode as json.Unmarshal
// decodes the page's JSON, whether the page has one shape (decoded column
// by column) or several (row by row), and with repeated cells.
func TestDecodeOpenAnyCells(t *testing.T) {
	type target struct {
		In   openInner       `json:"in"`
		PIn  *openInner      `json:"pin"`
		M    map[string]any  `json:"m"`
		Any  any             `json:"any"`
		Ints []int64         `json:"ints"`
		Raw  json.RawMessage `json:"raw"`
		Ins  []openInner     `json:"ins"`
		W    int64           `json:"w"`
	}
	keys := []string{"in", "pin", "m", "any", "ints", "raw", "ins", "skipped"}
	object := func(i int) any {
		switch i % 4 {
		case 0:
			return map[string]any{"a": nestedValue(2, i), "b": nestedValue(i%3, i+1), "c": []any{int64(i), nil}}
		case 1:
			return map[string]any{"a": nestedValue(1, 1)} // the same from row to row: repeats
		case 2:
			return nil
		}
		return map[string]any{"b": nestedValue(3, i), "c": []any{}}
	}
	value := func(i int, key string) any {
		switch key {
		case "in", "pin", "m":
			return object(i)
		case "ints":
			// A null element sends a []int64 from its setter, part way
			// through, to the reflect path.
			return [][]any{{int64(i), int64(2)}, {int64(i), nil, int64(3)}, nil, {}}[i%4]
		case "ins":
			return []any{object(i), object(i + 1), object(i + 3)}
		}
		return nestedValue(i%5, i)
	}
	for _, shapes := range []bool{false, true} {
		for round := range 6 {
			rows := make([]map[string]any, 40)
			for i := range rows {
				rows[i] = map[string]any{"w": int64(i)}
				for k, key := range keys {
					if shapes && (i+k+round)%5 == 0 {
						continue // another shape
					}
					rows[i][key] = value(i+round, key)
				}
			}
			t.Run(strconv.FormatBool(shapes)+"/"+strconv.Itoa(round), func(t *testing.T) {
				got := sameAsJSON[[]target](t, rows)
				if len(got) != len(rows) {
					t.Fatalf("%d rows, want %d", len(got), len(rows))
				}
				sameAsJSON[[]map[string]any](t, rows)
				sameAsJSON[[]any](t, rows)
				sameAsJSON[[]*target](t, rows)
			})
		}
	}
}
