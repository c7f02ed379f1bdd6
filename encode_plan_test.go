package rowpage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/rowpage/rowpage/internal/dataset"
)

// Types for TestPlanMatchesWalker: a field of every kind a plan reads
// directly, and of the kinds it leaves to the generic walker.
type (
	planNamedInt  int
	planNamedStr  string
	planAddrMarsh int    // MarshalJSON on *planAddrMarsh: used when addressable
	planText      uint16 // MarshalText on the value
	planEmbedded  struct {
		E1 int
		E2 string `json:"e2,omitempty"`
	}
	planEmbeddedPtr struct {
		P1 float64
		PT time.Time
	}
	planHidden struct{ H1 int8 }
)

func (p *planAddrMarsh) MarshalJSON() ([]byte, error) {
	return []byte(`{"addr":` + strconv.Itoa(int(*p)) + `}`), nil
}

func (p planText) MarshalText() ([]byte, error) { return []byte("t" + strconv.Itoa(int(p))), nil }

type planRowType struct {
	planEmbedded
	*planEmbeddedPtr
	planHidden
	B    bool
	I8   int8
	I16  int16
	I32  int32
	I64  int64
	I    int
	U8   uint8
	U16  uint16
	U32  uint32
	U64  uint64
	U    uint
	UP   uintptr
	F32  float32
	F64  float64
	S    string
	NS   planNamedStr
	NI   planNamedInt
	T    time.Time
	TP   *time.Time
	SS   []string
	NSS  []planNamedStr
	AM   planAddrMarsh
	TM   planText
	OE   int        `json:",omitempty"`
	OZ   time.Time  `json:",omitzero"`
	OZP  *time.Time `json:",omitzero"`
	OES  []string   `json:",omitempty"`
	Q    int        `json:",string"`
	QS   string     `json:",string"`
	Num  json.Number
	Any  any
	Byte []byte
	Sub  struct{ X int }
	Dup  int `json:"S"` // loses to S? no: tagged beats untagged
}

// planFixedType has a fixed plan (no field is ever left out) with fields
// the generic walker writes.
type planFixedType struct {
	ID   int64
	When time.Time
	Tags []string
	AM   planAddrMarsh
	Any  any
	Sub  inner
	M    map[string]int
	P    *int
	F    float64
}

func planFixedRows(n int) []planFixedType {
	rows := make([]planFixedType, n)
	for i := range rows {
		rows[i] = planFixedType{ID: int64(i), When: time.Unix(int64(i)*1000, 0).UTC(), Tags: []string{"t", strconv.Itoa(i % 3)},
			AM: planAddrMarsh(i), Any: i % 2, Sub: inner{A: i}, M: map[string]int{"k": i}}
		if i%2 == 0 {
			rows[i].P = &rows[i].Sub.A
			rows[i].Tags = nil
		}
	}
	return rows
}

func planRows(n int) []planRowType {
	zone := time.FixedZone("", -3*3600-1800)
	rows := make([]planRowType, n)
	for i := range rows {
		t := time.Date(2024, 1, 2, 3, 4, 5, i*1_000_000, time.UTC).Add(time.Duration(i) * time.Hour)
		r := planRowType{
			planEmbedded: planEmbedded{E1: i, E2: strconv.Itoa(i % 3)},
			planHidden:   planHidden{H1: int8(-i)},
			B:            i%2 == 0, I8: int8(i), I16: int16(-i * 300), I32: int32(i) << 20, I64: int64(i) << 40, I: -i,
			U8: uint8(i), U16: uint16(i * 1000), U32: 1<<31 + uint32(i), U64: math.MaxUint64 - uint64(i%2)*math.MaxUint64, U: uint(i),
			UP: uintptr(i), F32: float32(i) / 3, F64: float64(i) * 1.1, S: "s" + strconv.Itoa(i%4), NS: planNamedStr("n" + strconv.Itoa(i)),
			NI: planNamedInt(i * i), T: t.In(zone), AM: planAddrMarsh(i), TM: planText(i), OE: i % 2, Q: i, QS: `q"` + strconv.Itoa(i),
			Num: json.Number(strconv.Itoa(i)), Any: []any{i, "x"}, Byte: []byte{byte(i)}, Dup: i,
		}
		r.Sub.X = i
		switch i % 4 {
		case 0:
			r.TP, r.OZP = &t, &t
			r.SS, r.NSS = []string{"a", "b" + strconv.Itoa(i)}, []planNamedStr{"c"}
			r.planEmbeddedPtr = &planEmbeddedPtr{P1: 0.5, PT: t}
			r.OZ = t
			r.OES = []string{"x"}
		case 1:
			r.SS, r.OES = []string{}, []string{}
		case 2:
			r.F64 = r.F64 * 1e300
		}
		rows[i] = r
	}
	return rows
}

// samePageAsWalker encodes v with m twice, with struct plans and with the
// generic walker only, and fails the test, naming what, unless both write
// the same page or fail with the same error. It returns that error.
func samePageAsWalker(t *testing.T, m *EncMode, v any, what string) error {
	t.Helper()
	plan, perr := m.NewEncoder().Append(nil, v)
	g := m.NewEncoder()
	g.w.generic = true
	generic, gerr := g.Append(nil, v)
	if (perr == nil) != (gerr == nil) || perr != nil && perr.Error() != gerr.Error() {
		t.Fatalf("%s: errors differ:\n plan: %v\n walk: %v", what, perr, gerr)
	}
	if !bytes.Equal(plan, generic) {
		t.Fatalf("%s: the plan's page differs from the walker's", what)
	}
	return perr
}

// TestPlanMatchesWalker checks that struct plans write the same bytes, and
// fail with the same errors, as the generic walker.
func TestPlanMatchesWalker(t *testing.T) {
	rows := planRows(40)
	ptrs := []*planRowType{&rows[0], nil, &rows[1], &rows[2]}
	var arr [3]planRowType
	copy(arr[:], rows)
	nan := planRows(3)
	nan[2].F64 = math.NaN()
	far := planRows(3)
	far[1].T = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	fixed := planFixedRows(20)
	fixedPtrs := []*planFixedType{&fixed[0], &fixed[1], nil, &fixed[2]}
	var fixedArr [2]planFixedType
	copy(fixedArr[:], fixed)
	inputs := []any{
		rows, ptrs, arr, &arr, rows[0], &rows[4], []planRowType{}, nan, far,
		fixed, fixedPtrs, fixedArr, &fixedArr, []any{fixed[0], &fixed[1], rows[1], &rows[2], fixed[3], &fixed[4], &fixed[5]},
		dataset.Rows(0), dataset.Rows(1), dataset.Rows(300), dataset.Events(50),
		[]any{rows[0], &rows[1], nil, dataset.Rows(1)[0], rows[2]},
	}
	// Failing cells in a fixed plan, whose rows after the first are written
	// column by column: the error must be the first in row order.
	badTime := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, bad := range []func(r []planFixedType){
		func(r []planFixedType) { r[3].Any, r[5].When = math.Inf(1), badTime },
		func(r []planFixedType) { r[5].Any, r[3].When = math.Inf(1), badTime },
		func(r []planFixedType) { r[4].When, r[4].Any = badTime, math.Inf(1) },
		func(r []planFixedType) { r[4].Any, r[4].F = math.Inf(1), math.NaN() },
		func(r []planFixedType) { r[6].F, r[2].When = math.NaN(), badTime },
		func(r []planFixedType) { r[2].F, r[2].When = math.NaN(), badTime },
		func(r []planFixedType) { r[0].F, r[1].When = math.NaN(), badTime },
		func(r []planFixedType) { r[7].F = math.Inf(-1) },
		func(r []planFixedType) { r[9].Any = make(chan int) },
	} {
		r := planFixedRows(10)
		bad(r)
		inputs = append(inputs, r)
	}
	// A *time.Time is one level deep: with MaxDepth 1 the first non-nil one
	// fails, here in a row written column by column.
	type planTimes struct {
		A  int
		TP *time.Time
		S  string
	}
	times := make([]planTimes, 6)
	for i := range times {
		times[i] = planTimes{A: i, S: strconv.Itoa(i % 2)}
	}
	times[3].TP, times[5].TP = &badTime, &badTime
	inputs = append(inputs, times)
	deep, err := EncOptions{MaxDepth: 1}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []*EncMode{defaultEncMode, deep} {
		for i, v := range inputs {
			perr := samePageAsWalker(t, m, v, fmt.Sprintf("input %d (%T)", i, v))
			if perr == nil && m == defaultEncMode {
				checkJSON(t, v)
			}
			if testing.Verbose() && perr != nil {
				t.Logf("input %d: %v", i, perr)
			}
		}
	}
}

// TestEncoderReuseAllocs checks that a reused Encoder writing the same rows
// into a reused buffer allocates nothing once warmed up.
func TestEncoderReuseAllocs(t *testing.T) {
	for name, v := range map[string]any{
		"structs": dataset.Rows(1000),
		"maps":    dataset.GenericMaps(1000),
	} {
		enc := NewEncoder()
		buf, err := enc.Append(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(5, func() {
			buf, err = enc.Append(buf[:0], v)
		})
		if err != nil {
			t.Fatal(err)
		}
		if allocs != 0 {
			t.Errorf("%s: %v allocations per page, want 0", name, allocs)
		}
	}
}
