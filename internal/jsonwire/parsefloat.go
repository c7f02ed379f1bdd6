package jsonwire

import (
	"math"
	"math/big"
	"strconv"
	"sync"
)

// ParseFloat64 is strconv.ParseFloat(s, 64) for the text of a JSON number,
// the same bits and errors, without strconv's cliff below the smallest
// normal float64. strconv rounds those results (subnormals, 5e-324 to
// 2.2250738585072014e-308) with its multiprecision decimal, about 15 µs a
// number, where every other number costs 20 to 50 ns; a page with a column
// of them spent most of its AppendPage there. For text of at most 19
// significant digits whose value lies below 1e-308, parseTiny rounds
// m / 10^p to a multiple of 2^-1074 by one integer division instead (well
// under a microsecond, no allocation once its pooled scratch has grown);
// everything else goes to strconv.
func ParseFloat64(s string) (float64, error) {
	if mayBeTiny(s) {
		if f, ok := parseTiny(s); ok {
			return f, nil
		}
	}
	return strconv.ParseFloat(s, 64)
}

// mayBeTiny is a quick test that most numbers fail: parseTiny can only
// answer for text with an exponent of -100 or below, or in plain form with
// over 300 zeros after the point. Exponents written with leading zeros
// fail it and go to strconv, which is only slower.
func mayBeTiny(s string) bool {
	if len(s) > 300 {
		return true
	}
	for j := len(s) - 1; j >= max(len(s)-5, 0); j-- {
		if s[j] == 'e' || s[j] == 'E' {
			return j+4 < len(s) && s[j+1] == '-'
		}
	}
	return false
}

// parseTiny returns the float64 nearest to s, a JSON number, ties to even,
// when s has at most 19 significant digits and its value is below 1e-308
// (so at most the smallest normal float64 once rounded); otherwise false.
func parseTiny(s string) (float64, bool) {
	neg, m, nd, exp, ok := ScanDecimal(s)
	if !ok {
		return 0, false
	}
	// The value is below 10^(nd+exp): below 1e-308 < 2^-1022 when
	// nd+exp <= -308, and below 1e-324, under half of 2^-1074, so zero,
	// when nd+exp <= -324.
	if m == 0 || nd+exp > -308 {
		return 0, false
	}
	if nd+exp <= -324 {
		return signed(0, neg), true
	}
	p := -exp // at most 343: nd+exp > -324 and nd <= 19
	t := tinyPool.Get().(*tinyScratch)
	defer tinyPool.Put(t)
	// k = m × 2^1074 / 10^p, rounded half to even: the value in units of
	// the smallest subnormal, 2^-1074; at most 2^52 (the smallest normal),
	// since the value is below 1e-308.
	t.n.SetUint64(m)
	t.n.Lsh(&t.n, 1074)
	d := pow10Big(p)
	t.q.QuoRem(&t.n, d, &t.r)
	k := t.q.Uint64()
	t.r.Lsh(&t.r, 1)
	if c := t.r.Cmp(d); c > 0 || c == 0 && k&1 == 1 {
		k++
	}
	return signed(math.Float64frombits(k), neg), true
}

func signed(f float64, neg bool) float64 {
	if neg {
		return -f
	}
	return f
}

// tinyScratch is parseTiny's big integers, pooled so that their words are
// reused.
type tinyScratch struct{ n, q, r big.Int }

var tinyPool = sync.Pool{New: func() any { return new(tinyScratch) }}

// pow10Big returns 10^p for 0 <= p < 344, from a table built on first use
// (344 numbers of up to 1,140 bits, about 25 KB).
func pow10Big(p int) *big.Int {
	pow10Once.Do(func() {
		ten := big.NewInt(10)
		pow10Table[0].SetInt64(1)
		for i := 1; i < len(pow10Table); i++ {
			pow10Table[i].Mul(&pow10Table[i-1], ten)
		}
	})
	return &pow10Table[p]
}

var (
	pow10Once  sync.Once
	pow10Table [344]big.Int
)
