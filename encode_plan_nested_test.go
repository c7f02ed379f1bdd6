package rowpage

import (
	"fmt"
	"math"
	"strconv"
	"testing"
	"time"
)

// Types for TestPlanNestedMatchesValue: struct fields that planNested
// writes (a map[string]any, a struct read by pointer) beside the nested
// values it leaves to value.
type (
	// planNestInner is read by pointer by planObject (byPointer).
	planNestInner struct {
		ID   int64
		Name string
		At   time.Time
		F    float64
		On   bool
	}
	// planNestMixed writes every field but not all by pointer.
	planNestMixed struct {
		N    int
		Tags []string
		When *time.Time
		AM   planAddrMarsh
	}
	// planNestOmit leaves fields out: structValue picks them.
	planNestOmit struct {
		N int `json:",omitempty"`
		S string
	}
	planNestMap    map[string]any
	planNestHidden struct {
		HM map[string]any
		HS planNestInner
	}
	planNestDeep struct{ In planNestInner }
	planNestRow  struct {
		ID    int
		In    planNestInner
		Mixed planNestMixed
		Omit  planNestOmit
		M     map[string]any
		NM    planNestMap
		Empty struct{}
		Deep  planNestDeep
		planNestHidden
		Q map[string]any `json:",string"` // ignored for a map
	}
	// planNestLoose has the fields of planNestRow and one that omits, so
	// that its plan is not fixed: every row goes through planRow.
	planNestLoose struct {
		planNestRow
		O int `json:",omitempty"`
	}
)

func planNestRows(n int) []planNestRow {
	at := time.Date(2025, 6, 7, 8, 9, 10, 11_000_000, time.UTC)
	rows := make([]planNestRow, n)
	for i := range rows {
		in := planNestInner{ID: int64(i) << 33, Name: "n" + strconv.Itoa(i%3), At: at.Add(time.Duration(i) * time.Minute), F: float64(i) / 4, On: i%2 == 0}
		r := planNestRow{
			ID: i, In: in,
			Mixed: planNestMixed{N: i, Tags: []string{"a", strconv.Itoa(i)}, AM: planAddrMarsh(i)},
			Omit:  planNestOmit{N: i % 2, S: "s"},
			M:     map[string]any{"a": float64(i), "b": "x" + strconv.Itoa(i%2), "c": []any{1.5, "y", map[string]any{"d": nil}}},
			NM:    planNestMap{"k": i},
			Deep:  planNestDeep{In: in},
			Q:     map[string]any{"q": i},
		}
		r.HM = map[string]any{"h": true, "t": at.Format(time.RFC3339Nano)}
		r.HS = in
		switch i % 4 {
		case 0:
			r.M, r.HM, r.NM = nil, nil, nil
			r.Mixed.When = &at
		case 1:
			r.M = map[string]any{}
		case 2:
			r.M["e"] = map[string]any{"f": map[string]any{"g": []any{float64(i)}}}
		}
		rows[i] = r
	}
	return rows
}

// TestPlanNestedMatchesValue checks that struct rows whose fields are
// maps[string]any and nested structs, which planNested writes by pointer
// where it can, give the pages and errors the generic walker gives, at
// depths that cut them off too.
func TestPlanNestedMatchesValue(t *testing.T) {
	rows := planNestRows(30)
	loose := make([]planNestLoose, len(rows))
	for i := range rows {
		loose[i] = planNestLoose{planNestRow: rows[i], O: i % 3}
	}
	ptrs := []*planNestRow{&rows[0], nil, &rows[1], &rows[2], &rows[3]}
	nan := planNestRows(6)
	nan[4].M = map[string]any{"bad": math.NaN()}
	nanFirst := planNestRows(3)
	nanFirst[0].In.F = math.Inf(1)
	nanLater := planNestRows(5)
	nanLater[3].HS.F = math.NaN()
	badTime := planNestRows(4)
	badTime[2].In.At = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	// Maps alone, the first nil: at MaxDepth 1 the second row fails, in
	// fixedRows.
	type planNestMaps struct {
		ID int
		M  map[string]any
	}
	maps := []planNestMaps{{ID: 1}, {ID: 2, M: map[string]any{"a": 1}}, {ID: 3}}
	inputs := []any{rows, loose, ptrs, rows[:1], rows[3], &rows[2], nan, nanFirst, nanLater, badTime, []any{rows[0], &loose[1]}, maps}
	for _, depth := range []int{1, 2, 3, 4, 0} {
		m, err := EncOptions{MaxDepth: depth}.EncMode()
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range inputs {
			perr := samePageAsWalker(t, m, v, fmt.Sprintf("MaxDepth %d, input %d (%T)", depth, i, v))
			if perr == nil && depth == 0 {
				checkJSON(t, v)
			}
		}
	}
}
