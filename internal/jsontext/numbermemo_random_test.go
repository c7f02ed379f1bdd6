package jsontext

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFractionMemoRandom: random number texts (signs, integer parts of 0
// to 17 digits, leading zeros, points and exponents, malformed tails, and
// texts that extend others) nested in cells, at every distance from the text's end: the cells and
// errors with the NumberMemo must be those without it.
func TestFractionMemoRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	num := func() string {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteByte('-')
		}
		n := r.IntN(18)
		for i := range n {
			if i == 0 && r.IntN(3) == 0 {
				b.WriteByte('0')
				continue
			}
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		switch r.IntN(5) {
		case 0:
			b.WriteString("." + []string{"5", "25", "", "0e1", ".5"}[r.IntN(5)])
		case 1:
			b.WriteString([]string{"e", "E", "e+", "e-"}[r.IntN(4)] + []string{"1", "", "21", "+"}[r.IntN(4)])
		case 2:
			b.WriteString(".5e-3")
		}
		return b.String()
	}
	// Half the pool extends the other half's texts by a byte or two, so
	// that a remembered number is met as the start of a longer one.
	pool := make([]string, 40)
	for i := range pool {
		if i < len(pool)/2 {
			pool[i] = num()
		} else {
			pool[i] = pool[i-len(pool)/2] + []string{"5", "e1", "0", "."}[r.IntN(4)]
		}
	}
	for range 3000 {
		var cells []string
		for range 1 + r.IntN(6) {
			cells = append(cells, `{"a":[`+pool[r.IntN(len(pool))]+`,`+pool[r.IntN(len(pool))]+`]}`)
		}
		text := "[" + strings.Join(cells, ",") + "]" + strings.Repeat(" ", r.IntN(3))
		parseWithAndWithoutMemo(t, text)
	}
}
