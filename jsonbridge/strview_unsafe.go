//go:build !purego

package jsonbridge

import "unsafe"

// view returns b as a string without copying. The Builder keeps the strings
// it is given until the next Start or Finish: b must hold still until then.
// Every b given here is part of the caller's JSON text or of parser.buf,
// and neither changes before the page is finished or abandoned.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// key adds a key; the Builder keeps it until the page is done.
func (p *parser) key(k []byte) { p.b.Key(view(k)) }

// stringValue adds a string value without copying it.
func (p *parser) stringValue(s []byte) { p.b.String(view(s)) }
