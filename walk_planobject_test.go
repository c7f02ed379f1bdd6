package rowpage

import (
	"fmt"
	"math"
	"strconv"
	"testing"
	"time"
)

// planObjectType is a struct every field of which is always written
// (typeSlot.allFields), with a field of each kind planObject writes itself
// and some it leaves to value: a nested struct of it goes through
// planObject when it can be read by address.
type planObjectType struct {
	B   bool
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	I   int
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	U   uint
	UP  uintptr
	F32 float32
	F64 float64
	S   string
	NS  planNamedStr
	NI  planNamedInt
	T   time.Time
	TP  *time.Time
	SS  []string
	AM  planAddrMarsh
	Q   int `json:",string"`
	planHidden
	In struct {
		X int
		Y string
	}
}

// planObjectRow holds planObjectType in every place a nested struct can
// be: a field, behind a pointer, in a slice, in an interface (not
// addressable, so by value) and in a map.
type planObjectRow struct {
	ID  int
	O   planObjectType
	P   *planObjectType
	L   []planObjectType
	A   any
	M   map[string]planObjectType
	Any any `json:"any"`
}

func planObjects(n int) []planObjectRow {
	rows := make([]planObjectRow, n)
	at := time.Date(2024, 3, 4, 10, 50, 7, 123456789, time.FixedZone("x", 3600))
	for i := range rows {
		o := planObjectType{
			B: i%2 == 0, I8: int8(-i), I16: int16(-300 * i), I32: int32(-70000 * i), I64: -1 << 62, I: i,
			U8: uint8(i), U16: uint16(300 * i), U32: uint32(70000 * i), U64: math.MaxUint64 - uint64(i), U: uint(i), UP: uintptr(i),
			F32: float32(i) + 0.5, F64: float64(i) * 1.25, S: "s" + strconv.Itoa(i%3), NS: planNamedStr("n" + strconv.Itoa(i)),
			NI: planNamedInt(i), T: at.Add(time.Duration(i) * time.Second), SS: []string{"a", strconv.Itoa(i)}, Q: i,
		}
		if i%3 == 0 {
			o.TP = &at
			o.F64 = float64(i) // integral: TagFloatInt
		}
		o.In.X, o.In.Y = i, "y"
		p := o
		p.S = "p"
		rows[i] = planObjectRow{ID: i, O: o, P: &p, L: []planObjectType{o, p}, A: o, M: map[string]planObjectType{"k": o}, Any: []any{o, &p}}
		if i%4 == 1 {
			rows[i].P = nil
		}
	}
	return rows
}

// TestPlanObjectMatchesWalker checks that nested structs written by their
// plans (planObject) give the generic walker's bytes and errors, at depth
// limits and with values that fail.
func TestPlanObjectMatchesWalker(t *testing.T) {
	nan := planObjects(3)
	nan[2].O.F64 = math.NaN()
	far := planObjects(3)
	far[1].L[1].T = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	inf := planObjects(3)
	inf[2].P.F32 = float32(math.Inf(1))
	rows := planObjects(30)
	inputs := []any{rows, rows[0], &rows[1], []*planObjectRow{&rows[2], nil, &rows[3]}, nan, far, inf,
		[]map[string]any{{"o": rows[0].O, "p": &rows[1].O}}}
	for _, depth := range []int{1, 2, 3, 4, 0} {
		m, err := EncOptions{MaxDepth: depth}.EncMode()
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range inputs {
			samePageAsWalker(t, m, v, fmt.Sprintf("depth %d, input %d (%T)", depth, i, v))
		}
	}
	checkJSON(t, planObjects(5))
}

// TestPlanObjectKeysRenumbered checks planObject's key ids when the
// interner renumbers its ids in the middle of a page (a deferred string
// column whose strings start to repeat is tabled and its repeats merged):
// nested structs whose keys the page first writes after the repeats began,
// before and after the merge, must give the generic walker's page.
func TestPlanObjectKeysRenumbered(t *testing.T) {
	type inner struct {
		Alpha string
		Beta  int
	}
	type row struct {
		S string
		L string
		X any
	}
	for _, start := range []int{0, 300, 705, 760, 1030} {
		rows := make([]row, 3000)
		for i := range rows {
			rows[i] = row{S: "s-" + strconv.Itoa(i), L: "late" + strconv.Itoa(i%700)}
			if i >= start {
				rows[i].X = &inner{Alpha: "a" + strconv.Itoa(i%5), Beta: i}
			}
		}
		e := NewEncoder()
		if err := samePageAsWalker(t, defaultEncMode, rows, fmt.Sprintf("nested from row %d", start)); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Marshal(rows); err != nil || e.b.In.Tabled == 0 {
			t.Fatalf("nested from row %d: %v; %d tablings of deferred strings: the test lost its point", start, err, e.b.In.Tabled)
		}
	}
}
