package rowpage

import "github.com/rowpage/rowpage/internal/pageread"

// PageLayout gives the package's tests the validated layout of p, which
// Page keeps to itself.
func PageLayout(p *Page) *pageread.Layout { return p.l }

// RaceEnabled reports whether the race detector is on, for the external
// tests that skip slow allocation checks under it.
const RaceEnabled = raceEnabled

// OpenAllocs is what OpenInto allocates once its Page has grown: 0, or 1 in
// the purego build (a string copy of the page).
const OpenAllocs = openAllocs
