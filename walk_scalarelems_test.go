package rowpage

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// textName has a MarshalText method: its slices must not take the
// scalar-element loop.
type textName string

func (n textName) MarshalText() ([]byte, error) {
	return []byte("t:" + strings.ToUpper(string(n))), nil
}

// addrText has MarshalText on its pointer only: elements of an addressable
// array call it, as in encoding/json.
type addrText int

func (n *addrText) MarshalText() ([]byte, error) {
	return []byte("a" + string(rune('0'+int(*n)%10))), nil
}

type scalarInner struct {
	Kind string
	N    int16
}

// scalarRow has slices and arrays of every scalar kind, in nested structs
// that are written whole (structValue's allFields) and in ones that are not
// (omitempty, an embedded pointer), and of types that the scalar loop must
// leave to value.
type scalarRow struct {
	ID     int
	Nested struct {
		scalarInner
		Ints    []int
		I8      []int8
		I16     [3]int16
		I32     []int32
		I64     []int64
		Uints   []uint
		U16     []uint16
		U32     [2]uint32
		U64     []uint64
		Ptrs    []uintptr
		F32     []float32
		F64     []float64
		Bools   []bool
		Strs    []string
		Bytes   []byte
		ByteArr [3]uint8
		Texts   []textName
		Addr    [2]addrText
		Nums    []json.Number
		Times   []time.Time
		Quoted  int64  `json:",string"`
		Skipped string `json:"-"`
		hidden  int
	}
	Omit struct {
		A []int  `json:"a,omitempty"`
		B string `json:"b,omitempty"`
		C []string
	}
	Embed struct {
		*scalarInner
		Vals []float64
	}
	Top    []string
	TopF   []float32
	TopArr [4]int8
}

func newScalarRow(i int) scalarRow {
	var r scalarRow
	r.ID = i
	n := &r.Nested
	n.Kind, n.N = "k", int16(-i)
	n.Ints = []int{0, -1, 127, 128, -129, 16383, 16384, math.MaxInt, math.MinInt}
	n.I8 = []int8{-128, 127, 0}
	n.I16 = [3]int16{-32768, int16(i), 32767}
	n.I32 = []int32{math.MinInt32, math.MaxInt32}
	n.I64 = []int64{int64(i) << 40, -int64(i)}
	n.Uints = []uint{0, 127, 128, math.MaxUint}
	n.U16 = []uint16{65535}
	n.U32 = [2]uint32{math.MaxUint32, uint32(i)}
	n.U64 = []uint64{1 << 63, 1<<63 - 1, 0}
	n.Ptrs = []uintptr{7}
	n.F32 = []float32{0.1, 1.5, -3.4028235e38, 1e-45, 16777217, 0, 123456790000, -3e10}
	n.F64 = []float64{0.1, 1, -0, 1e21, 1e-7, 123456789.125, math.MaxFloat64, 5e-324}
	n.Bools = []bool{true, false, i%2 == 0}
	n.Strs = []string{"a", "2024-03-04T10:50:07Z", "quote\"d", "é", "", "2024-03-04T10:50:07.100+00:00"}
	n.Bytes = []byte("bytes")
	n.ByteArr = [3]uint8{1, 2, 255}
	n.Texts = []textName{"x", "y"}
	n.Addr = [2]addrText{3, 4}
	n.Nums = []json.Number{"1.50", "-0", "12"}
	n.Times = []time.Time{time.Date(2025, 3, 14, 10, 4, 15, 123456789, time.UTC)}
	n.Quoted = int64(i)
	n.Skipped, n.hidden = "skip", i
	if i%2 == 0 {
		r.Omit.A = []int{i}
		r.Omit.B = "b"
	}
	r.Omit.C = []string{"c"}
	if i%3 != 0 {
		r.Embed.scalarInner = &scalarInner{Kind: "e", N: 1}
	}
	r.Embed.Vals = []float64{float64(i) / 4}
	r.Top = []string{"t", "u"}
	if i%4 == 0 {
		r.Top = []string{}
	}
	r.TopF = []float32{float32(i) / 3}
	r.TopArr = [4]int8{1, -1, int8(i), 0}
	return r
}

// TestScalarElems checks rows whose nested structs and arrays take the
// walker's whole-struct and scalar-element paths, and the types those
// paths must leave to value, against json.Marshal, as slices of structs,
// of pointers, and as one-object and one-value pages; and that both
// paths agree with the generic walker byte for byte.
func TestScalarElems(t *testing.T) {
	var rows []scalarRow
	var ptrs []*scalarRow
	for i := range 9 {
		rows = append(rows, newScalarRow(i))
		ptrs = append(ptrs, &rows[i])
	}
	checkJSON(t, rows)
	checkJSON(t, ptrs)
	checkJSON(t, rows[3])
	checkJSON(t, &rows[4])
	checkJSON(t, rows[5].Nested)
	checkJSON(t, []any{rows[1].Nested.F32, rows[2].Nested.I16, rows[3].Nested.Texts})
	checkJSON(t, map[string]any{"arr": [2][]int64{{1, 2}, {3}}, "strs": []textName{"q"}, "f": [1]float32{0.3}})
	if err := samePageAsWalker(t, defaultEncMode, rows, "scalar rows"); err != nil {
		t.Fatal(err)
	}
}

// TestScalarElemsErrors checks that a NaN or an infinity in a slice the
// scalar loop writes fails as value does, naming its row and column.
func TestScalarElemsErrors(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		rows := []scalarRow{newScalarRow(0), newScalarRow(1)}
		rows[1].Nested.F64 = append(rows[1].Nested.F64, f)
		_, err := Marshal(rows)
		var e *Error
		if !errors.Is(err, ErrUnsupportedType) || !errors.As(err, &e) || e.Row != 1 || e.ColumnName != "Nested" {
			t.Fatalf("Marshal with %v: %v", f, err)
		}
		rows[1] = newScalarRow(1)
		rows[1].TopF = []float32{float32(f)}
		if _, err = Marshal(rows); !errors.Is(err, ErrUnsupportedType) || !errors.As(err, &e) || e.Row != 1 || e.ColumnName != "TopF" {
			t.Fatalf("Marshal with %v in TopF: %v", f, err)
		}
	}
}

// TestNestedScalarWidths checks integers and times inside arrays and
// objects, which the page writer copies in its loop (remapTagged), at
// every varint length around its boundaries, beside strings and floats
// in the same containers, each rendering json.Marshal's JSON.
func TestNestedScalarWidths(t *testing.T) {
	var rows []map[string]any
	for shift := 0; shift < 64; shift += 7 {
		for _, d := range []int64{-1, 0, 1} {
			v := int64(1)<<shift + d
			if shift == 63 {
				v = math.MaxInt64 + d
			}
			tm := time.Unix(v%(1<<37), v%1e9).In(time.FixedZone("", int(v%50400)))
			rows = append(rows, map[string]any{
				"list": []any{v, -v, uint64(v) * 2, float64(v % (1 << 50)), "x", tm, tm.Format(time.RFC3339Nano), 1.5},
				"obj":  map[string]any{"i": v, "n": -v, "t": tm, "s": "y", "f": float64(-v % (1 << 50))},
			})
		}
	}
	checkJSON(t, rows)
}
