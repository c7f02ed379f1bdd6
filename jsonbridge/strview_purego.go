//go:build purego

package jsonbridge

// view copies b into a string: the safe twin of the unsafe view. It is used
// only for number text, which the Builder does not keep.
func view(b []byte) string { return string(b) }

// key adds a key, copying it: the Builder keeps the keys it is given.
func (p *parser) key(k []byte) { p.b.Key(string(k)) }

// stringValue adds a string value; the Builder copies it the first time it
// sees it.
func (p *parser) stringValue(s []byte) { p.b.StringBytes(s) }
