package jsonbridge

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestLongRowKeysRandom: rows of keys of 12 to 36 bytes (plain, or with an
// escape, a control byte, a non-ASCII byte at a random place), shuffled,
// sometimes repeated within a row, with values short enough that the text
// after a key is sometimes under 32 bytes: the cell sink's page (or error)
// must be the Builder's.
func TestLongRowKeysRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 16))
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	mk := func() string {
		n := 12 + r.IntN(25)
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcxyz_019"[r.IntN(10)]
		}
		switch r.IntN(6) {
		case 0:
			at := r.IntN(n)
			return string(b[:at]) + `\u0061` + string(b[at:])
		case 1:
			at := r.IntN(n)
			return string(b[:at]) + "é" + string(b[at:])
		case 2:
			at := r.IntN(n)
			return string(b[:at]) + `\"` + string(b[at:])
		}
		return string(b)
	}
	for range 3000 {
		keys := make([]string, 1+r.IntN(5))
		for i := range keys {
			keys[i] = mk()
		}
		var rows []string
		for range 1 + r.IntN(4) {
			var m []string
			for _, j := range r.Perm(len(keys)) {
				m = append(m, `"`+keys[j]+`":`+strconv.Itoa(r.IntN(3)))
				if r.IntN(30) == 0 {
					m = append(m, `"`+keys[r.IntN(len(keys))]+`":1`)
				}
			}
			rows = append(rows, "{"+strings.Join(m, ",")+"}")
		}
		x := "[" + strings.Join(rows, ",") + "]"
		sameAsBuilder(t, p, x, []byte(x))
	}
}
