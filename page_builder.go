package rowpage

import (
	"github.com/rowpage/rowpage/format"
)

// pageBuilder collects rows into columns and writes the page. It is the one
// seam every producer of pages uses: Marshal's value walker, the JSON bridge's
// tokenizer and SQL ingestion all drive it through beginRow, key, the
// column append methods and endRow. Reset keeps every buffer, so a steady
// stream of pages allocates nothing beyond the output.
type pageBuilder struct {
	in       interner
	cols     []column // cols[:ncols] are live
	ncols    int
	colByKey map[uint32]int32 // provisional key id -> column

	kind     format.Kind
	rows     int
	rowShape []uint32 // per row shape id, 0 for a null row
	cur      []uint32 // columns of the row being built
	shapeIDs map[string]uint32
	shapes   [][]uint32 // shape id-1 -> columns
	last     uint32     // shape id of the previous row
	scratch  []byte

	// output assembly
	remap   []uint32 // provisional string id -> table index
	uniq    []int32  // provisional id -> column whose private run holds it, or -1
	table   format.StringTableWriter
	payload []byte
	dir     []byte
	secs    []byte
	noCRC   bool
}

func (b *pageBuilder) reset(kind format.Kind) {
	b.in.reset()
	for i := range b.cols[:b.ncols] {
		b.cols[i].reset(0)
	}
	b.ncols = 0
	if b.colByKey == nil {
		b.colByKey = make(map[uint32]int32)
		b.shapeIDs = make(map[string]uint32)
	} else {
		clear(b.colByKey)
		clear(b.shapeIDs)
	}
	b.kind = kind
	b.rows = 0
	b.rowShape = b.rowShape[:0]
	b.cur = b.cur[:0]
	for i := range b.shapes {
		b.shapes[i] = b.shapes[i][:0]
	}
	b.shapes = b.shapes[:0]
	b.last = 0
}

// beginRow starts a row.
func (b *pageBuilder) beginRow() { b.cur = b.cur[:0] }

// nullRow adds a null row (a nil map or pointer in a slice of rows).
func (b *pageBuilder) nullRow() {
	b.rowShape = append(b.rowShape, 0)
	b.rows++
}

// key starts the cell for key s in the current row and returns its column.
// It reports false if the row already has that key.
func (b *pageBuilder) key(s string) (*column, bool) {
	// Fast path: the same key at the same position as in the previous row.
	pos := len(b.cur)
	if b.last != 0 {
		if sh := b.shapes[b.last-1]; pos < len(sh) {
			c := &b.cols[sh[pos]]
			if b.in.strs[c.name] == s {
				b.in.counts[c.name]++
				return b.use(int32(sh[pos]))
			}
		}
	}
	id := b.in.internKey(s)
	ci, ok := b.colByKey[id]
	if !ok {
		ci = int32(b.ncols)
		if b.ncols == len(b.cols) {
			b.cols = append(b.cols, column{})
		}
		b.cols[ci].reset(id)
		b.ncols++
		b.colByKey[id] = ci
	}
	return b.use(ci)
}

func (b *pageBuilder) use(ci int32) (*column, bool) {
	c := &b.cols[ci]
	if c.stamp == b.rows+1 {
		return c, false
	}
	c.stamp = b.rows + 1
	b.cur = append(b.cur, uint32(ci))
	return c, true
}

// endRow finishes the current row.
func (b *pageBuilder) endRow() {
	id := b.last
	if id == 0 || !equalU32(b.shapes[id-1], b.cur) {
		id = b.shapeID()
	}
	b.rowShape = append(b.rowShape, id)
	b.last = id
	b.rows++
}

func (b *pageBuilder) shapeID() uint32 {
	k := b.scratch[:0]
	for _, c := range b.cur {
		k = format.AppendUvarint(k, uint64(c))
	}
	b.scratch = k
	if id, ok := b.shapeIDs[string(k)]; ok {
		return id
	}
	id := uint32(len(b.shapes) + 1)
	b.shapeIDs[string(k)] = id
	if len(b.shapes) < cap(b.shapes) {
		b.shapes = b.shapes[:len(b.shapes)+1]
		b.shapes[id-1] = append(b.shapes[id-1][:0], b.cur...)
	} else {
		b.shapes = append(b.shapes, append([]uint32(nil), b.cur...))
	}
	return id
}

func equalU32(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// valueColumn sets up the single unnamed column of a KindValue page.
func (b *pageBuilder) valueColumn() *column {
	if b.ncols == len(b.cols) {
		b.cols = append(b.cols, column{})
	}
	c := &b.cols[0]
	c.reset(0)
	b.ncols = 1
	b.cur = append(b.cur[:0], 0)
	return c
}
