package rowpage

import (
	"fmt"
	"testing"
)

// twoNestedFields has two fields of one nested struct type, which share one
// nested plan, whose objects have more keys than the type has fields.
type twoNestedFields struct {
	Inner twoNestedFieldsInner  `json:"inner"`
	Other *twoNestedFieldsInner `json:"other"`
}

type twoNestedFieldsInner struct {
	F01 int
	F02 string
	F03 []int64 `json:"f03"`
}

// TestDecodeNestedKeysAroundScan decodes objects with 0 to 64 keys no
// field takes beside the ones that match (exactly and case-folded), around
// nestedKeyScan, where a nested plan stops scanning its keys and looks
// them up in a map, and compares with encoding/json.
func TestDecodeNestedKeysAroundScan(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, nestedKeyScan - 2, nestedKeyScan - 1, nestedKeyScan, nestedKeyScan + 1, 64} {
		var rows []map[string]any
		for i := range 4 {
			inner := map[string]any{"F01": i, "f02": fmt.Sprint("s", i), "f03": []any{i, int64(1 << 40), -3}}
			if i%2 == 1 {
				inner = map[string]any{"f01": -i, "F02": "folded"}
			}
			for k := range n {
				inner[fmt.Sprintf("unknown%02d", k)] = k
			}
			rows = append(rows, map[string]any{"inner": inner, "other": inner})
		}
		sameAsJSON[[]twoNestedFields](t, rows)
		sameAsJSON[[]*twoNestedFields](t, rows[1:])
	}
}
