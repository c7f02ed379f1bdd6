package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/fuzzsource"
	"github.com/rowpage/rowpage/jsonbridge"
)

// valueGen builds Go values from the fuzzer's bytes, so the fuzzer can steer
// them.
type valueGen struct{ fuzzsource.Source }

// str takes a string of up to 11 bytes of the input, as they are.
func (g *valueGen) str() string {
	n := int(g.Byte() % 12)
	return string(g.Take(n))
}

type genStruct struct {
	A int               `json:"a"`
	B string            `json:"b,omitempty"`
	C *float64          `json:"c"`
	D []genStruct       `json:"d,omitempty"`
	E map[string]uint16 `json:"e"`
	F time.Time         `json:"f"`
	G int64             `json:"g,string"`
	H json.Number       `json:"h,omitempty"`
}

func (g *valueGen) value(depth int) any {
	k := g.Byte() % 20
	if depth > 4 && k >= 14 {
		k %= 14
	}
	switch k {
	case 0:
		return nil
	case 1:
		return g.Byte()&1 == 1
	case 2:
		return int64(g.U64())
	case 3:
		return g.U64()
	case 4:
		f := math.Float64frombits(g.U64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return 0.5
		}
		return f
	case 5:
		return float32(int32(g.U64())) / 7
	case 6:
		return float64(int64(g.U64())%100000) / 100
	case 7, 8:
		return g.str()
	case 9:
		sec := int64(g.U64()%(253402300799+62167219200)) - 62167219200
		off := int(int64(g.U64()) % 86400)
		return time.Unix(sec, int64(g.U64()%1e9)).In(time.FixedZone("", off))
	case 10:
		return []byte(g.str())
	case 11:
		nums := []string{"0", "-0", "1.0", "1e3", "123456789012345678901234567890", "-12.5e-7", "42", "18446744073709551615"}
		return json.Number(nums[g.Byte()%byte(len(nums))])
	case 12:
		return int(int8(g.Byte()))
	case 13:
		return uint8(g.Byte())
	case 14, 15:
		n := int(g.Byte() % 5)
		a := make([]any, n)
		for i := range a {
			a[i] = g.value(depth + 1)
		}
		return a
	case 16, 17:
		n := int(g.Byte() % 5)
		m := make(map[string]any, n)
		for range n {
			m[g.str()] = g.value(depth + 1)
		}
		return m
	case 18:
		s := genStruct{A: int(int32(g.U64())), B: g.str(), E: map[string]uint16{g.str(): uint16(g.U64())}, G: int64(g.U64())}
		if g.Byte()&1 == 1 {
			f := 1.25
			s.C = &f
		}
		if g.Byte()&1 == 1 {
			s.D = []genStruct{{A: 1}}
		}
		return s
	default:
		return &genStruct{A: -1, F: time.Unix(int64(g.U64()%1e10), 0).UTC(), H: "7"}
	}
}

// rowsValue builds a top-level value that is usually a page of rows.
func (g *valueGen) rowsValue() any {
	switch g.Byte() % 4 {
	case 0:
		return g.value(0)
	case 1:
		n := int(g.Byte() % 8)
		rows := make([]genStruct, n)
		for i := range rows {
			rows[i] = genStruct{F: time.Unix(int64(g.U64()%1e10), 0).UTC(), G: int64(g.U64())}
			rows[i].A = int(int16(g.U64()))
			rows[i].B = g.str()
		}
		return rows
	default:
		n := int(g.Byte() % 8)
		rows := make([]map[string]any, n)
		for i := range rows {
			if g.Byte()%9 == 0 {
				continue // null row
			}
			m := map[string]any{}
			for range int(g.Byte() % 6) {
				m[g.str()] = g.value(1)
			}
			rows[i] = m
		}
		return rows
	}
}

// checkDifferential marshals v with encoding/json and with rowpage, and
// requires equal JSON, or an error from both.
func checkDifferential(t *testing.T, v any) {
	want, jerr := json.Marshal(v)
	page, perr := rowpage.Marshal(v)
	if jerr != nil || perr != nil {
		if jerr == nil || perr == nil {
			if errors.Is(perr, rowpage.ErrLimit) {
				return
			}
			t.Fatalf("json.Marshal error %v, rowpage.Marshal error %v, for %#v", jerr, perr, v)
		}
		return
	}
	got, err := jsonbridge.AppendJSON(nil, page)
	if err != nil {
		t.Fatalf("AppendJSON: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("JSON differs for %#v\n got: %s\nwant: %s", v, got, want)
	}
}

func TestDifferentialRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 3000; i++ {
		b := make([]byte, 64+rng.IntN(512))
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		g := &valueGen{Source: fuzzsource.New(b)}
		checkDifferential(t, g.rowsValue())
	}
}

func FuzzDifferential(f *testing.F) {
	f.Add([]byte{2, 3, 1, 'a', 7, 2, 'x', 'y'})
	f.Add([]byte{1, 4, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Add([]byte{0, 16, 3, 1, 'k', 9, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Fuzz(func(t *testing.T, b []byte) {
		g := &valueGen{Source: fuzzsource.New(b)}
		checkDifferential(t, g.rowsValue())
	})
}
