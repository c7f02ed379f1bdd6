package pagebuild

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestStringHolding compares stringHolding with a walk of the strings one
// by one, from every string before every byte of random tables of short
// strings, empty ones among them (equal ends), so that the string sought
// is near (the strings tried one by one) and far (the bisection).
func TestStringHolding(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		ends := make([]uint32, 1+r.IntN(80))
		end := 0
		for j := range ends {
			if r.IntN(4) > 0 {
				end += 1 + r.IntN(6)
			}
			ends[j] = uint32(end)
		}
		if end == 0 {
			continue
		}
		for pos := 0; pos < end; pos++ {
			for i := 0; i < len(ends) && int(ends[i]) <= pos; i++ {
				want := i
				for int(ends[want]) <= pos {
					want++
				}
				if got := stringHolding(ends, i, pos); got != want {
					t.Fatalf("stringHolding(%v, %d, %d) = %d, want %d", ends, i, pos, got, want)
				}
			}
		}
	}
}

// TestTableFlagsFarApart checks SetTableFlags on tables of many plain
// strings with a few that need flags far apart, whose strings
// stringHolding finds by bisection, both ways (flagsByBlocks).
func TestTableFlagsFarApart(t *testing.T) {
	pieces := []string{"\"", "\\", "\n", "<", "&", "é", "\u2028", "\xff"}
	r := rand.New(rand.NewPCG(13, 14))
	for range 2000 {
		strs := make([]string, r.IntN(300))
		for i := range strs {
			strs[i] = strings.Repeat("p", r.IntN(12))
			if r.IntN(40) == 0 && len(strs[i]) > 0 {
				at := r.IntN(len(strs[i]))
				strs[i] = strs[i][:at] + pieces[r.IntN(len(pieces))] + strs[i][at:]
			}
		}
		checkTableFlags(t, strs)
	}
}
