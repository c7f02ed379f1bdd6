package pagebuild

import (
	"math/rand/v2"
	"testing"
)

// internedOnRef is InternedOn as the rule reads: a column that would start
// deferring on a page of fewer than MinDeferStrings strings keeps
// interning, and otherwise Interned decides.
func internedOnRef(d *Deferral, isNew bool, strs int) bool {
	if isNew && d.fresh == DeferAfter-1 && strs < MinDeferStrings {
		return false
	}
	return d.Interned(isNew)
}

// TestInternedOnMatchesRule runs InternedOn and internedOnRef over random
// runs of new and repeated strings, on pages that grow past
// MinDeferStrings, from fresh columns and from columns that went back to
// interning: both report the same thing at every string and end in the
// same state (the count of new strings in a row too, while it can still
// matter: while the column has not gone back to interning).
func TestInternedOnMatchesRule(t *testing.T) {
	r := rand.New(rand.NewPCG(48, 2))
	deferred := 0
	for trial := range 2000 {
		var got, want Deferral
		if trial%4 == 3 { // went back to interning earlier on the page
			got.interning, want.interning = true, true
		}
		strs := r.IntN(2 * MinDeferStrings)
		repeatOneIn := []int{0, 2, 20, 100}[trial%4] // 0: no repeats
		for i := range 200 {
			isNew := repeatOneIn == 0 || r.IntN(repeatOneIn) != 0
			if strs < MinDeferStrings && r.IntN(8) == 0 {
				strs += r.IntN(MinDeferStrings / 4)
			}
			g, w := got.InternedOn(isNew, strs), internedOnRef(&want, isNew, strs)
			if g != w || got.deferred != want.deferred || got.interning != want.interning ||
				!want.interning && got.fresh != want.fresh {
				t.Fatalf("trial %d, string %d (new %v, %d strings): InternedOn = %v, %+v; want %v, %+v",
					trial, i, isNew, strs, g, got, w, want)
			}
			if got.deferred { // a deferring column does not ask InternedOn
				deferred++
				break
			}
			if isNew {
				strs++
			}
		}
	}
	if deferred < 100 {
		t.Errorf("only %d of 2,000 columns started deferring", deferred)
	}
}
