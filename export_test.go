package rowpage

import "github.com/rowpage/rowpage/internal/pageread"

// PageLayout gives the package's tests the validated layout of p, which
// Page keeps to itself.
func PageLayout(p *Page) *pageread.Layout { return p.l }
