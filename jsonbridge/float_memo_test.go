package jsonbridge

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// TestFloatMemoSameVerdicts gives one floatMemo number texts that take
// canonicalDecimal's long way, many of them again and again (more texts
// than the memo has entries, so that entries are taken over), and wants
// pagebuild.CanonicalDecimal's verdict for each, every time: the texts
// are the special floats of the hetero data set, texts of 1 to 24 bytes
// that differ only in their middle bytes, texts longer than 24 bytes,
// texts that are not a float's own, and texts at the end of their
// buffer, with fewer than 8 bytes of room.
func TestFloatMemoSameVerdicts(t *testing.T) {
	texts := []string{"5e-324", "1.7976931348623157e+308", "1e+21", "1e-7", "1e-07", "1E+21", "2.5e-8", "-5e-324",
		"4.9406564584124654e-324", "1.0e21", "1.7976931348623159e+308", "123456789012345678901e0", "0.1e1", "-0.0",
		"1.2345678901234567e+30", "1.2345678901234568e+30", "9.999999999999999e+22", "1e+100", "1e-100"}
	r := rand.New(rand.NewPCG(42, 16))
	for range 200 {
		f := math.Float64frombits(r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		x := strconv.FormatFloat(f, 'e', -1, 64)
		texts = append(texts, x, x[:len(x)-1]+"1", x+"0")
	}
	var m floatMemo
	check := func(x string, buf []byte) {
		t.Helper()
		neg, mant, nd, exp, ok := jsonwire.ScanDecimal(x)
		if !ok {
			mant, nd = 0, -1
		}
		f, d, good := canonicalDecimal(&m, buf, neg, mant, nd, exp)
		wf, wd, wgood := pagebuild.CanonicalDecimal(x, neg, mant, nd, exp)
		if good != wgood || good && (math.Float64bits(f) != math.Float64bits(wf) || d != wd) {
			t.Fatalf("%s: with the memo %v %v %+v, CanonicalDecimal %v %v %+v", x, good, f, d, wgood, wf, wd)
		}
	}
	for round := range 3 {
		for _, x := range texts {
			check(x, []byte(x + "],")[:len(x)]) // a view with room after it
			check(x, []byte(x)[:len(x):len(x)]) // at the end of its buffer
			if round == 2 {
				check(x, append([]byte(x), "        "...)[:len(x)])
			}
		}
		r.Shuffle(len(texts), func(i, j int) { texts[i], texts[j] = texts[j], texts[i] })
	}
}

// TestFloatMemoTellsTextsApart gives one floatMemo float texts of 4 to
// 24 bytes, each followed by the same text with one digit changed, then
// by itself again, and wants pagebuild.CanonicalDecimal's verdict for
// each: canonical's packing of a text into words and its length must tell
// apart texts that differ at any one place, or the changed text would get
// the first one's digits.
func TestFloatMemoTellsTextsApart(t *testing.T) {
	var m floatMemo
	var bases []string
	for k := 1; k <= 15; k++ {
		mant := "123456789123456"[:k]
		if k > 1 {
			mant = mant[:1] + "." + mant[1:]
		}
		for _, e := range []string{"e-7", "e+21", "e+300", "e-300"} {
			bases = append(bases, mant+e, "-"+mant+e)
		}
	}
	bases = append(bases, "5e-324", "1.7976931348623157e+308", "-1.7976931348623157e+308", "2.2250738585072014e-308")
	check := func(x string) {
		t.Helper()
		neg, mant, nd, exp, ok := jsonwire.ScanDecimal(x)
		if !ok {
			mant, nd = 0, -1
		}
		f, d, good := m.canonical([]byte(x + "]")[:len(x)], neg, mant, nd, exp)
		wf, wd, wgood := pagebuild.CanonicalDecimal(x, neg, mant, nd, exp)
		if good != wgood || math.Float64bits(f) != math.Float64bits(wf) || d != wd {
			t.Fatalf("%s: memo %v %v %+v, CanonicalDecimal %v %v %+v", x, good, f, d, wgood, wf, wd)
		}
	}
	for _, b := range bases {
		for i := range len(b) {
			if b[i] < '1' || b[i] > '8' {
				continue
			}
			x := []byte(b)
			x[i]++
			check(b)
			check(string(x))
			check(b)
		}
	}
}
