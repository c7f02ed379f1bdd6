package pageread

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagedict"
)

// ParseDicts is Parse for a reader given dictionaries: a page that names
// one of them (SPEC.md 2.6) is inflated with it, one that names another
// is unsupported.
func ParseDicts(page []byte, lim format.Limits, dicts pagedict.Set) (*Layout, error) {
	l := &Layout{Dicts: dicts}
	if err := l.Reset(page, lim); err != nil {
		return nil, err
	}
	return l, nil
}

// ParseValuesDicts is ParseValues for a reader given dictionaries, as
// ParseDicts is Parse.
func ParseValuesDicts(page []byte, lim format.Limits, dicts pagedict.Set) (*Layout, error) {
	l := new(Layout)
	if err := l.ResetValuesDicts(page, lim, dicts); err != nil {
		return nil, err
	}
	return l, nil
}

// ResetValuesDicts is ParseValuesDicts into an existing Layout, reusing its
// memory as Reset does: a Layout kept for a stream of pages parses them
// without allocating once its tables have grown to the largest. On error
// the Layout is left unusable until the next Reset (Forget makes it an
// empty one).
func (l *Layout) ResetValuesDicts(page []byte, lim format.Limits, dicts pagedict.Set) error {
	l.Dicts = dicts
	return l.reset(page, lim, false, false)
}
