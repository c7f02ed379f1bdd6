package rowpage

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The column plans that calls share keep the plans of their nested struct
// fields in slots of the call (colPlan.topSlot). A slot is checked by
// type: two struct types decoded in one call may give the same slot to
// fields of different types. Past the slots, plans are copied per call.

type slotOuterA struct {
	In struct {
		X int64 `json:"x"`
	} `json:"in"`
	P *struct {
		S string `json:"s"`
	} `json:"p"`
}

type slotOuterB struct {
	In struct {
		Y string `json:"y"`
		X string `json:"x"`
	} `json:"in"`
}

// TestPlanSlotsTwoTypes plans two struct types for one page in one call,
// as planFor allows (Unmarshal itself meets one top-level struct type a
// call), whose "in" fields both take slot 1 with different struct types:
// each must get its own type's nested plan.
func TestPlanSlotsTwoTypes(t *testing.T) {
	p := openMarshalled(t, []map[string]any{{"in": map[string]any{"x": 1}, "p": map[string]any{"s": "q"}}})
	d := &decodeState{valueDecoder: valueDecoder{l: p.l, cache: true}, p: p, row: -1, col: -1}
	defer d.releaseNested()
	for round := range 2 { // the second round reads the slots the first filled
		for _, typ := range []reflect.Type{reflect.TypeFor[slotOuterA](), reflect.TypeFor[slotOuterB]()} {
			for c := range p.l.Columns {
				cp := &d.planFor(typ).cols[c]
				if cp.kind != setStruct && cp.kind != setStructP {
					continue
				}
				if cp.topSlot == 0 {
					t.Errorf("round %d, %v, column %d: no slot", round, typ, c)
				}
				if got := cp.nestedPlan(d).sp.typ; got != cp.etyp {
					t.Errorf("round %d, %v, column %d: the nested plan of %v, not %v", round, typ, c, got, cp.etyp)
				}
			}
		}
	}
}

type slotInner struct {
	V int64  `json:"v"`
	W string `json:"w"`
}

// slotMany has more nested struct fields than a call has slots.
type slotMany struct {
	A  slotInner  `json:"a"`
	B  *slotInner `json:"b"`
	C  slotInner  `json:"c"`
	D  slotInner  `json:"d"`
	E  *slotInner `json:"e"`
	F  slotInner  `json:"f"`
	ID int64      `json:"id"`
}

// TestPlanSlotsMoreFieldsThanSlots decodes a struct with more nested
// struct fields than slots, twice (the second call takes the cached
// plans), and a few goroutines at once (run it with -race).
func TestPlanSlotsMoreFieldsThanSlots(t *testing.T) {
	var rows []map[string]any
	for i := range 6 {
		r := map[string]any{"id": i}
		for j, k := range []string{"a", "b", "c", "d", "e", "f"} {
			r[k] = map[string]any{"v": i*10 + j, "w": k}
		}
		if i == 2 {
			r["e"] = nil
		}
		rows = append(rows, r)
	}
	for range 2 {
		sameAsJSON[[]slotMany](t, rows)
	}
	page, err := Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	want := sameAsJSON[[]slotMany](t, rows)
	done := make(chan error)
	for range 4 {
		go func() {
			var err error
			for range 50 {
				var got []slotMany
				if err = Unmarshal(page, &got); err != nil {
					break
				}
				if !cmp.Equal(want, got) {
					t.Error("a concurrent Unmarshal differs")
					break
				}
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
