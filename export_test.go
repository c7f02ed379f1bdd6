package rowpage

import "github.com/rowpage/rowpage/internal/pageread"

// PageLayout gives the package's tests the validated layout of p, which
// Page keeps to itself.
func PageLayout(p *Page) *pageread.Layout { return p.l }

// RaceEnabled reports whether the race detector is on, for the external
// tests that skip slow allocation checks under it.
const RaceEnabled = raceEnabled
