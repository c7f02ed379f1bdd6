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
	page     uint64 // counts pages started, so that caches can tell pages apart
	rows     int
	rowShape []uint32   // per row shape id, 0 for a null row
	cur      []uint32   // columns of the row being built
	shapeIDs []uint32   // hash table of shapes: shape id, 0 for an empty slot
	shapes   [][]uint32 // shape id-1 -> columns
	indexed  int        // shapes in shapeIDs: shapes[:indexed] (a value page sets its shape directly)
	last     uint32     // shape id of the previous row

	// output assembly
	remap   []uint32 // provisional string id -> table index
	uniq    []int32  // provisional id -> column whose private run holds it, or -1
	order   []uint32 // table index -> provisional string id
	ends    []uint32 // table index -> end offset of the string in the table's data
	dataLen int      // bytes of string data in the table
	uvs     []uint64 // scratch: a column's values, ready to write as uvarints
	tagged  []byte   // scratch: renumber's copy of a column's tagged values
	noDefer bool     // tests: intern every string (cellString never defers)
	payload []byte
	dir     []byte
	secs    []byte
	noCRC   bool
	comp    pageCompression // compress.go
}

func (b *pageBuilder) reset(kind format.Kind) {
	b.in.reset()
	for i := range b.cols[:b.ncols] {
		b.cols[i].reset(0)
	}
	b.ncols = 0
	if b.colByKey == nil {
		b.colByKey = make(map[uint32]int32)
		b.shapeIDs = make([]uint32, 16)
	} else {
		clear(b.colByKey)
		b.clearShapeIDs()
	}
	b.kind = kind
	b.page++
	b.rows = 0
	b.rowShape = b.rowShape[:0]
	b.cur = b.cur[:0]
	for i := range b.shapes {
		b.shapes[i] = b.shapes[i][:0]
	}
	b.shapes = b.shapes[:0]
	b.indexed = 0
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
func (b *pageBuilder) key(s string) (*column, bool) { return b.use(b.column(s)) }

// column returns the index of the column for key s, creating it if the
// page has none, and counts one occurrence of the key.
func (b *pageBuilder) column(s string) int32 {
	// Fast path: the same key at the same position as in the previous row.
	pos := len(b.cur)
	if b.last != 0 {
		if sh := b.shapes[b.last-1]; pos < len(sh) {
			c := &b.cols[sh[pos]]
			if b.in.strs[c.name] == s {
				b.in.counts[c.name]++
				return int32(sh[pos])
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
	return ci
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

// repeatRow finishes a row that has the previous row's shape, set without
// use (so without b.cur and the duplicate check): one append.
func (b *pageBuilder) repeatRow() {
	b.rowShape = append(b.rowShape, b.last)
	b.rows++
}

// shapeID returns the id of the shape b.cur, adding it if it is new.
func (b *pageBuilder) shapeID() uint32 {
	mask := len(b.shapeIDs) - 1
	i := int(hashShape(b.cur)) & mask
	for ; b.shapeIDs[i] != 0; i = (i + 1) & mask {
		if id := b.shapeIDs[i]; equalU32(b.shapes[id-1], b.cur) {
			return id
		}
	}
	id := uint32(len(b.shapes) + 1)
	b.shapeIDs[i] = id
	b.indexed++
	if len(b.shapes) < cap(b.shapes) {
		b.shapes = b.shapes[:len(b.shapes)+1]
		b.shapes[id-1] = append(b.shapes[id-1][:0], b.cur...)
	} else {
		b.shapes = append(b.shapes, append([]uint32(nil), b.cur...))
	}
	if 2*len(b.shapes) > len(b.shapeIDs) {
		b.growShapes()
	}
	return id
}

// clearShapeIDs empties the shape hash table. When the table is much
// larger than the last page needed, it clears only that page's entries, so
// a small page after a page of many shapes does not pay for the table.
func (b *pageBuilder) clearShapeIDs() {
	if 16*b.indexed > len(b.shapeIDs) {
		clear(b.shapeIDs)
		return
	}
	mask := len(b.shapeIDs) - 1
	for j, sh := range b.shapes[:b.indexed] {
		// Shape j+1 lies in the run of slots that starts at its hash
		// position; earlier clears may have emptied slots before it.
		i := int(hashShape(sh)) & mask
		for b.shapeIDs[i] != uint32(j+1) {
			i = (i + 1) & mask
		}
		b.shapeIDs[i] = 0
	}
}

// growShapes doubles the shape hash table.
func (b *pageBuilder) growShapes() {
	b.shapeIDs = make([]uint32, 2*len(b.shapeIDs))
	mask := len(b.shapeIDs) - 1
	for j, sh := range b.shapes {
		i := int(hashShape(sh)) & mask
		for b.shapeIDs[i] != 0 {
			i = (i + 1) & mask
		}
		b.shapeIDs[i] = uint32(j + 1)
	}
}

// hashShape hashes a list of column indexes (FNV-1a over whole values,
// with a final mix so that the low bits depend on every column).
func hashShape(cols []uint32) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range cols {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h ^ h>>29
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

// cellString adds s as a cell of column c (not nested in an array or
// object). A column whose strings have been new deferAfter times in a row
// (ids, e-mail addresses, text) has its next strings given ids without a
// lookup in the interner's table (interner.addDeferred), which for a page
// of many thousands of strings is a cache miss that finds nothing; settle
// checks them all at once before the page is written. If a window of a
// deferred column's strings looks like it repeats after all, the column
// goes back to interning (undefer) for the rest of the page: undefer costs
// a pass over the page's strings, and a column that repeats another
// deferred column's strings (an update time equal to the creation time in
// a third of the rows) looks new again once interned, so letting it defer
// again made a page of n rows cost n/160 such passes. The page is the same
// either way (see sql_defer.go, which does this for SQL results).
func (b *pageBuilder) cellString(c *column, s string) {
	in := &b.in
	if c.deferred {
		id, smp := in.addDeferred(s)
		c.appendStr(id)
		c.sampled += int32(smp & 1)
		c.again += int32(smp >> 1)
		if c.fresh++; c.fresh&(deferWindow-1) == 0 {
			if 2*c.again > c.sampled && c.sampled >= 8 {
				b.undefer()
				c.deferred, c.fresh, c.interning = false, 0, true
			}
			c.sampled, c.again = 0, 0
		}
		return
	}
	n := len(in.strs)
	id := in.intern(s)
	c.appendStr(id)
	if int(id) < n {
		c.fresh = 0
	} else if c.fresh++; c.fresh == deferAfter && !c.interning && !b.noDefer {
		c.deferred, c.fresh = true, 0
	}
}

// undefer puts the deferred strings in the interner's table, so that
// interning finds them, and merges any repeats now (interner.tableDeferred).
func (b *pageBuilder) undefer() {
	if m := b.in.tableDeferred(); m != nil {
		b.renumber(m)
	}
}

// settle settles the deferred strings (interner.settle) and, if any
// repeated another string, renumbers the ids in the page's columns. No
// string may be interned after it until the next page.
func (b *pageBuilder) settle() {
	if m := b.in.settle(); m != nil {
		b.renumber(m)
	}
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
