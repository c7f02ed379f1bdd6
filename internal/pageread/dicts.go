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
	l := &Layout{Dicts: dicts}
	if err := l.reset(page, lim, false, false); err != nil {
		return nil, err
	}
	return l, nil
}
