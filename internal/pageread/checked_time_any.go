package pageread

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TimePerValue reports whether c, a cursor of an EncTime or EncTextTime
// column, is of a column whose cells each carry their own offset
// (format.TimePerValue): the cells TakeTimeJSON hands straight to
// TakeTimeAnyJSON, which a renderer that knows the column can call
// itself. It inlines: a load and a comparison.
func (c *Cursor) TimePerValue() bool { return c.mode == format.TimePerValue }

// TakeTimeAnyJSON renders the current cell of an EncTime or EncTextTime
// cursor as TakeTimeJSON does, with the same output and the same checks
// (a bad cell marks the cursor bad and writes nothing), through the path
// TakeTimeJSON takes for cells it does not read in line, such as those of
// a column of per-value offsets (TimePerValue). It inlines to one call of
// that path, saving TakeTimeJSON's forwarding, about 19 instructions a
// cell, to a caller that tests TimePerValue first.
func (c *Cursor) TakeTimeAnyJSON(dst []byte, cache *jsonwire.DateCache) []byte {
	return c.takeTimeJSON(dst, cache)
}
