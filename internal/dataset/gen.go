package dataset

import (
	"math/rand/v2"
	"unicode/utf8"
)

// newRand returns the generator for one dataset. Each dataset has its own
// seed so that changing one never shifts another.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x726f7770616765)) // "rowpage"
}

// weighted is one value of an enum with its relative weight.
type weighted struct {
	value  string
	weight int
}

// pickWeighted returns a value of ws with probability proportional to its
// weight.
func pickWeighted(r *rand.Rand, ws []weighted) string {
	total := 0
	for _, w := range ws {
		total += w.weight
	}
	x := r.IntN(total)
	for _, w := range ws {
		if x < w.weight {
			return w.value
		}
		x -= w.weight
	}
	panic("unreachable")
}

// skewedIndex returns an index in [0, n) that favours small indexes: half
// the draws fall in the first quarter of the range.
func skewedIndex(r *rand.Rand, n int) int {
	u := r.Float64()
	return int(u * u * float64(n))
}

// pickSkewed returns an element of list, favouring the first ones.
func pickSkewed(r *rand.Rand, list []string) string {
	return list[skewedIndex(r, len(list))]
}

// pickDistinct returns k distinct elements of list in random order.
// It runs a partial Fisher-Yates shuffle over an index slice.
func pickDistinct(r *rand.Rand, list []string, k int) []string {
	idx := make([]int, len(list))
	for i := range idx {
		idx[i] = i
	}
	out := make([]string, k)
	for i := range k {
		j := i + r.IntN(len(idx)-i)
		idx[i], idx[j] = idx[j], idx[i]
		out[i] = list[idx[i]]
	}
	return out
}

// percent reports true with probability p/100.
func percent(r *rand.Rand, p int) bool {
	return r.IntN(100) < p
}

// title returns a capitalized phrase of whole words, 20 to 60 ASCII
// characters long.
func title(r *rand.Rand) string {
	target := 20 + r.IntN(41)
	b := make([]byte, 0, 64)
	for {
		w := words[r.IntN(len(words))]
		if len(b) >= 20 && len(b)+1+len(w) > target {
			break
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, w...)
	}
	return capitalize(b)
}

// body returns sentences of 200 to 600 characters. With probability
// spicyPercent/100 one or both of the first two sentences open with a
// [spice] fragment, so the text needs JSON escapes or holds non-ASCII
// characters.
func body(r *rand.Rand, spicyPercent int) string {
	target := 200 + r.IntN(381) // stops within one word past target
	mask := 0
	if percent(r, spicyPercent) {
		mask = 1 + r.IntN(3) // bit i: sentence i opens with spice
	}
	b := make([]byte, 0, target+32)
	runes := 0
	for sentence := 0; runes < target; sentence++ {
		if sentence > 0 {
			b = append(b, ' ')
			runes++
		}
		start := len(b)
		if sentence < 2 && mask&(1<<sentence) != 0 {
			s := spice[r.IntN(len(spice))]
			b = append(b, s...)
			b = append(b, ':', ' ')
			runes += utf8.RuneCountInString(s) + 2
		}
		for i, n := 0, 5+r.IntN(8); i < n && (i == 0 || runes < target); i++ {
			if i > 0 {
				b = append(b, ' ')
				runes++
			}
			w := words[r.IntN(len(words))]
			b = append(b, w...)
			runes += len(w)
		}
		b = append(b, '.')
		runes++
		b[start] = upper(b[start])
	}
	return string(b)
}

// capitalize upper-cases the first ASCII letter of b and returns it as a
// string.
func capitalize(b []byte) string {
	if len(b) > 0 {
		b[0] = upper(b[0])
	}
	return string(b)
}

// upper maps an ASCII lower-case letter to upper case and leaves any other
// byte alone.
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// hexString returns n random lower-case hex digits, as in a git SHA.
func hexString(r *rand.Rand, n int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, n)
	for i := 0; i < n; i += 16 {
		x := r.Uint64()
		for j := i; j < n && j < i+16; j++ {
			b[j] = digits[x&15]
			x >>= 4
		}
	}
	return string(b)
}
