package pagebuild

import (
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// Builder collects rows into columns and writes the page. It is the one
// seam every producer of pages uses: the root's value walker (Marshal,
// Encoder) and its public Builder, and through that the JSON bridge's
// tokenizer and SQL ingestion, drive it through BeginRow, Key (or
// ColumnIndex and Use), the Column append methods and EndRow, then Finish.
// Reset keeps every buffer, so a steady stream of pages allocates nothing
// beyond the output.
type Builder struct {
	In    Interner
	Cols  []Column // cols[:ncols] are live
	ncols int
	colOf []int32 // provisional key id -> column + 1, 0 for none (ColumnOf)
	// colOfEnd is 1 + the largest key id setColumnOf set since Reset:
	// colOf[colOfEnd:] is all 0.
	colOfEnd int

	kind     format.Kind
	Page     uint64 // counts pages started, so that caches can tell pages apart
	Rows     int
	RowShape []uint32   // per row shape id, 0 for a null row
	cur      []uint32   // columns of the row being built
	shapeIDs []uint32   // hash table of shapes: shape id, 0 for an empty slot
	Shapes   [][]uint32 // shape id-1 -> columns
	indexed  int        // shapes in shapeIDs: shapes[:indexed] (a value page sets its shape directly)
	Last     uint32     // shape id of the previous row
	keysMove bool       // ColumnIndex: the last key was not at its position in the previous row's shape

	// output assembly
	renum   []uint32 // settle's renumbering, id as the columns hold it -> settled id; nil if it merged nothing
	remap   []uint32 // string id as the columns hold it -> table index
	sameIDs bool     // remap maps every id to itself: no run claimed, nothing merged (assignStrings)
	tab     []uint32 // scratch: settled id -> table index, when renum is set
	uniq    []int32  // settled id -> 1 + the column whose private run holds it, or 0 (the common area)
	order   []uint32 // table index -> settled string id
	ends    []uint32 // table index -> end offset of the string in the table's data
	dataLen int      // bytes of string data in the table
	uvs     []uint64 // scratch: a column's values, ready to write as uvarints
	fints   []int64  // scratch: a float column's values as integers (floatint.go)
	Tagged  []byte   // scratch: renumber's copy of a column's tagged values
	NoDefer bool     // tests: intern every string (CellString never defers)
	payload []byte
	dir     []byte
	secs    []byte
	NoCRC   bool
	fintTag bool            // the column writeColumn wrote last holds a TagFloatInt (appendTagged)
	reps    repeatTable     // the any column writeColumn writes: its array and object cells (repeat.go)
	Comp    pageCompression // compress.go
}

// Reset starts a page of kind. It keeps every buffer, and resets no column:
// ColumnIndex and ValueColumn reset each column as they give it to the
// page. Of the key index it clears only the last page's part
// (clearColumnOf), so that a small page after a page of many strings does
// not clear an index as long as that page's key ids.
func (b *Builder) Reset(kind format.Kind) {
	b.In.reset()
	b.clearColumnOf()
	b.ncols = 0
	if b.shapeIDs == nil {
		b.shapeIDs = make([]uint32, 16)
	} else {
		b.clearShapeIDs()
	}
	b.kind = kind
	b.renum = nil
	b.Page++
	b.Rows = 0
	b.RowShape = b.RowShape[:0]
	b.cur = b.cur[:0]
	b.Shapes = b.Shapes[:0] // each shape's slice is emptied where reused (NextShape, addShape, EndValue)
	b.indexed = 0
	b.Last = 0
	b.keysMove = false
}

// beginRow starts a row.
func (b *Builder) BeginRow() { b.cur = b.cur[:0] }

// nullRow adds a null row (a nil map or pointer in a slice of rows).
func (b *Builder) NullRow() {
	b.RowShape = append(b.RowShape, 0)
	b.Rows++
}

// key starts the cell for key s in the current row and returns its column.
// It reports false if the row already has that key.
func (b *Builder) Key(s string) (*Column, bool) { return b.Use(b.ColumnIndex(s)) }

// ColumnIndex returns the index of the column for key s, creating it if the
// page has none, and counts one occurrence of the key.
//
// Rows that list their keys in the same order find each key at the same
// position as in the previous row's shape, with one comparison. Where the
// order varies, that comparison mostly fails before the key table is
// asked anyway, so after a key found elsewhere than at its position
// (keysMove) the next key goes straight to the key table; finding a key at
// its position there, a comparison of two column indexes, turns the check
// back on.
func (b *Builder) ColumnIndex(s string) int32 {
	pos := len(b.cur)
	at := int32(-1) // the column at pos in the previous row's shape
	if b.Last != 0 {
		if sh := b.Shapes[b.Last-1]; pos < len(sh) {
			at = int32(sh[pos])
			if c := &b.Cols[at]; !b.keysMove && b.In.Strs[c.Name] == s {
				b.In.Seen(c.Name)
				return at
			}
		}
	}
	id := b.In.InternKey(s)
	ci, ok := b.ColumnOf(id)
	if !ok {
		ci = int32(b.ncols)
		if b.ncols == len(b.Cols) {
			b.Cols = append(b.Cols, Column{})
		}
		b.Cols[ci].reset(id)
		b.ncols++
		b.setColumnOf(id, ci)
	}
	b.keysMove = ci != at
	return ci
}

// KeyColumn is ColumnIndex for a key the caller knows the page to have no
// column for yet (a map row's new key): without ColumnIndex's comparison
// with the key at the row's position in the previous row's shape, which
// cannot succeed there. It leaves keysMove, which only speeds up
// ColumnIndex's next call, as it was. (ColumnIndex does not call it, so
// that its own miss path pays no call.)
func (b *Builder) KeyColumn(s string) int32 {
	id := b.In.InternKey(s)
	ci, ok := b.ColumnOf(id)
	if !ok {
		ci = int32(b.ncols)
		if b.ncols == len(b.Cols) {
			b.Cols = append(b.Cols, Column{})
		}
		b.Cols[ci].reset(id)
		b.ncols++
		b.setColumnOf(id, ci)
	}
	return ci
}

// NumColumns returns the number of columns of the page so far; b.Cols[i]
// for i below it are the page's, in the order they were made.
func (b *Builder) NumColumns() int { return b.ncols }

// KnownColumn returns the column for key s if the page has one, without
// creating one or counting an occurrence of the key.
func (b *Builder) KnownColumn(s string) (int32, bool) {
	id, ok := b.In.LookupKey(s)
	if !ok {
		return 0, false
	}
	return b.ColumnOf(id)
}

// ColumnOf returns the column whose key has provisional string id id. It
// is a slice index, not a map lookup: with rows whose keys vary, finding
// the column of each key was a tenth of building the page.
func (b *Builder) ColumnOf(id uint32) (int32, bool) {
	if int(id) < len(b.colOf) && b.colOf[id] != 0 {
		return b.colOf[id] - 1, true
	}
	return 0, false
}

// setColumnOf records that key id names column ci. The index grows to the
// largest key id of the page, at most the page's string count.
func (b *Builder) setColumnOf(id uint32, ci int32) {
	if int(id) >= len(b.colOf) {
		b.colOf = append(b.colOf, make([]int32, int(id)+1-len(b.colOf))...)
	}
	b.colOf[id] = ci + 1
	b.colOfEnd = max(b.colOfEnd, int(id)+1)
}

// clearColumnOf empties the key index of the page's columns. The only
// entries set are those of their keys (ColumnIndex and Renumber set no
// others), all below colOfEnd: where that span is short for the
// columns, as on a page whose first row gave most keys their ids, it
// clears the span in one call (about 4 bytes an instruction); otherwise
// it clears the entry of each column, about 10 instructions each, a
// column's struct apart from the next.
func (b *Builder) clearColumnOf() {
	if n := b.colOfEnd; n <= 32*b.ncols {
		clear(b.colOf[:n])
	} else {
		for i := range b.Cols[:b.ncols] {
			if name := b.Cols[i].Name; int(name) < len(b.colOf) {
				b.colOf[name] = 0
			}
		}
	}
	b.colOfEnd = 0
}

func (b *Builder) Use(ci int32) (*Column, bool) {
	c := &b.Cols[ci]
	if c.stamp == b.Rows+1 {
		return c, false
	}
	c.stamp = b.Rows + 1
	b.cur = append(b.cur, uint32(ci))
	return c, true
}

// endRow finishes the current row.
func (b *Builder) EndRow() {
	id := b.Last
	if id == 0 || !equalU32(b.Shapes[id-1], b.cur) {
		id = b.shapeID()
	}
	b.RowShape = append(b.RowShape, id)
	b.Last = id
	b.Rows++
}

// EndNewRow finishes the current row, whose shape the caller knows the
// page does not have yet (a row that made a column, or a map row whose set
// of columns the caller has not met on the page), and returns the new
// shape's id. The shape is added without a lookup; the hash table finds
// it once a later EndRow asks (shapeID indexes the shapes it lacks first),
// so a page whose rows all come through EndNewRow, ShapeRow and RepeatRow
// never hashes a shape. A shape added twice would change the page, so the
// caller must be sure.
func (b *Builder) EndNewRow() uint32 {
	id := b.addShape()
	b.RowShape = append(b.RowShape, id)
	b.Last = id
	b.Rows++
	return id
}

// NextShape returns the storage of the page's next shape, empty: a caller
// that knows the columns of a row to be a shape the page lacks (a Go map
// row, whose keys cannot repeat, of a set of columns it has not met on
// the page) appends them to it in order and passes it to AddShape, then
// writes the row's cells to those columns without Use and finishes the
// row with ShapeRow. The shape is added without the copy of b.cur that
// EndNewRow makes.
func (b *Builder) NextShape() []uint32 {
	if n := len(b.Shapes); n < cap(b.Shapes) {
		return b.Shapes[: n+1 : n+1][n][:0]
	}
	return nil
}

// AddShape adds sh (NextShape's storage, appended to), a shape the page
// does not have yet, as its next shape, and returns its id. As EndNewRow,
// it adds the shape without a lookup, and a shape added twice would change
// the page, so the caller must be sure.
func (b *Builder) AddShape(sh []uint32) uint32 {
	b.Shapes = append(b.Shapes, sh)
	return uint32(len(b.Shapes))
}

// repeatRow finishes a row that has the previous row's shape, set without
// use (so without b.cur and the duplicate check): one append.
func (b *Builder) RepeatRow() {
	b.RowShape = append(b.RowShape, b.Last)
	b.Rows++
}

// ShapeRow finishes a row whose cells went to the columns of shape id, in
// its order, without Use (so without b.cur and the duplicate check): a row
// from a Go map, whose keys cannot repeat, that the caller matched to a
// shape of the page.
func (b *Builder) ShapeRow(id uint32) {
	b.RowShape = append(b.RowShape, id)
	b.Last = id
	b.Rows++
}

// shapeID returns the id of the shape b.cur, adding it if it is new.
//
// Where the storage of the page's next shape (a shape of an earlier page)
// has room for b.cur, the loop that hashes b.cur copies it there too
// (hashCopy), a store a column: a new shape, the common case on a page
// whose rows order their keys freely, is then added without addShape's
// append and call of memmove, about 60 instructions a row. The copy is
// harmless when the shape is found: the storage past len(b.Shapes)
// belongs to no shape of the page. A new shape then takes the copy by its
// length alone, and the other case (no storage with room, addShape) is a
// call of its own (shapeIDAdded), so that this path keeps its values in
// registers: about 127 instructions a new shape of five columns, where one
// function for both took 150.
func (b *Builder) shapeID() uint32 {
	if b.indexed < len(b.Shapes) {
		b.indexShapes()
	}
	n := len(b.Shapes)
	if n >= cap(b.Shapes) {
		return b.shapeIDAdded()
	}
	next := b.Shapes[: n+1 : n+1][n]
	if cap(next) < len(b.cur) {
		return b.shapeIDAdded()
	}
	h := hashCopy(next[:len(b.cur)], b.cur)
	ids := b.shapeIDs
	mask := len(ids) - 1
	i := int(h) & mask
	for id := ids[i]; id != 0; id = ids[i] {
		if equalU32(b.Shapes[id-1], b.cur) {
			return id
		}
		i = (i + 1) & mask
	}
	// New: b.Shapes[n] takes the copy's length, one store with no write
	// barrier (the storage's pointer is already there).
	b.Shapes = b.Shapes[:n+1]
	b.Shapes[n] = b.Shapes[n][:len(b.cur)]
	id := uint32(n + 1)
	ids[i] = id
	b.indexed = n + 1
	if 2*(n+1) > len(ids) {
		b.growShapes()
	}
	return id
}

// shapeIDAdded is shapeID where the next shape's storage lacks room for
// b.cur: it looks b.cur up and adds it if it is new (addShape).
func (b *Builder) shapeIDAdded() uint32 {
	mask := len(b.shapeIDs) - 1
	i := int(hashShape(b.cur)) & mask
	for ; b.shapeIDs[i] != 0; i = (i + 1) & mask {
		if id := b.shapeIDs[i]; equalU32(b.Shapes[id-1], b.cur) {
			return id
		}
	}
	id := b.addShape()
	b.shapeIDs[i] = id
	b.indexed++
	if 2*len(b.Shapes) > len(b.shapeIDs) {
		b.growShapes()
	}
	return id
}

// addShape adds b.cur as the page's next shape, without indexing it, and
// returns its id.
func (b *Builder) addShape() uint32 {
	id := uint32(len(b.Shapes) + 1)
	if len(b.Shapes) < cap(b.Shapes) {
		b.Shapes = b.Shapes[:len(b.Shapes)+1]
		b.Shapes[id-1] = append(b.Shapes[id-1][:0], b.cur...)
	} else {
		b.Shapes = append(b.Shapes, append([]uint32(nil), b.cur...))
	}
	return id
}

// indexShapes puts the shapes EndNewRow added in the hash table.
func (b *Builder) indexShapes() {
	for b.indexed < len(b.Shapes) {
		if 2*(b.indexed+1) > len(b.shapeIDs) {
			b.growShapes()
		}
		mask := len(b.shapeIDs) - 1
		i := int(hashShape(b.Shapes[b.indexed])) & mask
		for b.shapeIDs[i] != 0 {
			i = (i + 1) & mask
		}
		b.indexed++
		b.shapeIDs[i] = uint32(b.indexed)
	}
}

// clearShapeIDs empties the shape hash table. When the table is much
// larger than the last page needed, it clears only that page's entries, so
// a small page after a page of many shapes does not pay for the table.
func (b *Builder) clearShapeIDs() {
	if 16*b.indexed > len(b.shapeIDs) {
		clear(b.shapeIDs)
		return
	}
	mask := len(b.shapeIDs) - 1
	for j, sh := range b.Shapes[:b.indexed] {
		// Shape j+1 lies in the run of slots that starts at its hash
		// position; earlier clears may have emptied slots before it.
		i := int(hashShape(sh)) & mask
		for b.shapeIDs[i] != uint32(j+1) {
			i = (i + 1) & mask
		}
		b.shapeIDs[i] = 0
	}
}

// growShapes doubles the shape hash table, which holds shapes[:indexed].
func (b *Builder) growShapes() {
	b.shapeIDs = make([]uint32, 2*len(b.shapeIDs))
	mask := len(b.shapeIDs) - 1
	for j, sh := range b.Shapes[:b.indexed] {
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

// hashCopy copies cols to dst, of the same length, and returns
// hashShape(cols), in one pass.
func hashCopy(dst, cols []uint32) uint64 {
	h := uint64(14695981039346656037)
	dst = dst[:len(cols)]
	for i, c := range cols {
		dst[i] = c
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

// CellString adds s as a cell of column c (not nested in an array or
// object). A column whose strings have been new DeferAfter times in a row
// (ids, e-mail addresses, text), on a page of at least MinDeferStrings
// strings (Deferral.InternedOn), has its next strings given ids without a
// lookup in the interner's table (Interner.AddDeferred), which for a page
// of many thousands of strings is a cache miss that finds nothing; settle
// checks them all at once before the page is written. If a window of a
// deferred column's strings looks like it repeats after all, the column
// goes back to interning (undefer) for the rest of the page: undefer costs
// a pass over the page's strings, and a column that repeats another
// deferred column's strings (an update time equal to the creation time in
// a third of the rows) looks new again once interned, so letting it defer
// again made a page of n rows cost n/160 such passes. The page is the same
// either way (package sqlpage does this for SQL results, with the same Deferral).
//
// A string of RFC 3339 text that a time cell renders back byte for byte
// (TextTime) is kept as a text time instead, unless the column already
// holds strings: one string-ref column stays one.
func (b *Builder) CellString(c *Column, s string) {
	// CellTextTime, inlined: a column of text times takes its cells
	// without two calls a cell and the copies of the time between them.
	// appendTextTime's common case is written here too (it does not
	// inline): a column of text times without nulls that already writes
	// ts's offset as ts does (an offset other than 0, or 0 in the column's
	// one form) appends ts without its call, the copy of ts into it and
	// its tests of the form, about 25 instructions fewer a time (hetero).
	if MayBeTextTime(s) && c.Kind != KindStr {
		if ts, ok := jsonwire.ParseTimestampDay(s, &c.days); ok {
			if c.Kind == kindTextTime && c.nulls == 0 && c.writesOffsetAs(&ts) {
				c.count++
				c.times = append(c.times, ts)
				return
			}
			c.appendTextTime(ts)
			return
		}
	}
	in := &b.In
	n := len(in.Strs)
	deferred := c.def.Deferred()
	var id uint32
	var smp uint64
	if deferred {
		id, smp = in.AddDeferred(s)
	} else {
		id = in.Intern(s)
	}
	if c.Kind == KindStr && c.nulls == 0 {
		// AppendStr's common case, written here: AppendStr does not
		// inline, and its call was a sixth of an interned cell's cost.
		c.count++
		c.strs = append(c.strs, id)
	} else {
		c.AppendStr(id)
	}
	if deferred {
		if c.def.Sampled(smp) {
			b.undefer()
		}
		return
	}
	c.def.InternedOn(int(id) >= n && !b.NoDefer, n)
}

// CellShortString is CellString for a string of up to 16 bytes, packed
// as w0, w1 (KeyWords), which is never a text time: in a column that
// interns, a string the page has met before is found in m, under the
// interner's Epoch, by a few word comparisons, where Interner.Intern
// hashes it, probes its table and compares the string (about 115
// instructions). The page is the same: the id, its count and the
// column's Deferral get what Intern's finding the string gives them.
func (b *Builder) CellShortString(c *Column, s string, w0, w1 uint64, m *KeyMemo) {
	if c.def.Deferred() {
		b.CellString(c, s)
		return
	}
	in := &b.In
	n := len(in.Strs)
	var id uint32
	if e := m.slot(w0, w1, len(s)); e.w0 == w0 && e.w1 == w1 && e.n == uint32(len(s)) && e.epoch == in.Epoch {
		id = e.v // Get, keeping the entry for a miss's Put
		in.meta[id].count++
	} else {
		id = in.Intern(s)
		*e = keyMemoEntry{w0: w0, w1: w1, epoch: in.Epoch, n: uint32(len(s)), v: id}
	}
	if c.Kind == KindStr && c.nulls == 0 { // as in CellString
		c.count++
		c.strs = append(c.strs, id)
	} else {
		c.AppendStr(id)
	}
	c.def.InternedOn(int(id) >= n && !b.NoDefer, n)
}

// TryCellSeenString is CellShortString for its common string, one the
// page has met before, whose id the caller found in the memo (KeyMemo.Get
// under the interner's Epoch), in a column of strings without a null so
// far that is not deferring, with room for the id: it adds the cell as
// CellShortString would (the id counted once more, the column's run of
// fresh strings ended, as Deferral.InternedOn ends it for a string that
// is not new) and reports whether the column was such; if not, nothing
// changed and CellShortString takes the string. Small enough to be
// inlined in a producer's cell, where CellShortString costs a call.
func (b *Builder) TryCellSeenString(c *Column, id uint32) bool {
	strs := c.strs
	k := len(strs)
	if c.def.deferred || c.Kind != KindStr || c.nulls != 0 || k >= cap(strs) {
		return false
	}
	b.In.meta[id].count++
	c.count++
	c.strs = strs[:k+1]
	strs[:k+1][k] = id
	c.def.fresh = 0
	return true
}

// undefer puts the deferred strings in the interner's table, so that
// interning finds them, and merges any repeats now (Interner.TableDeferred).
func (b *Builder) undefer() {
	if m := b.In.TableDeferred(); m != nil {
		b.Renumber(m)
	}
}

// settle settles the deferred strings (Interner.Settle) and, if any
// repeated another string, keeps the renumbering in b.renum: the columns
// keep their ids, and assignStrings folds the renumbering into b.remap,
// which the page's writer applies to every id as it writes it anyway. So
// a merge costs a pass over the page's strings, not a rewrite of every
// column's ids, nested values included, before a second walk writes them.
// No string may be interned after it until the next page.
func (b *Builder) settle() {
	if m := b.In.Settle(); m != nil {
		b.renum = m
	}
}

// valueColumn sets up the single unnamed column of a KindValue page.
func (b *Builder) ValueColumn() *Column {
	if b.ncols == len(b.Cols) {
		b.Cols = append(b.Cols, Column{})
	}
	c := &b.Cols[0]
	c.reset(0)
	b.ncols = 1
	b.cur = append(b.cur[:0], 0)
	return c
}

// endValue finishes a KindValue page: its one row, of the one shape that
// holds the value column.
func (b *Builder) EndValue() {
	b.Rows = 1
	b.RowShape = append(b.RowShape[:0], 1)
	var sh []uint32 // reuse the first shape's slice
	if cap(b.Shapes) > 0 {
		sh = b.Shapes[:1][0][:0]
	}
	b.Shapes = append(b.Shapes[:0], append(sh, 0))
}

// release drops the references to the caller's strings, so that a pooled
// builder does not keep them alive.
func (b *Builder) Release() { b.In.Release() }

// Retained returns about how many bytes b's buffers hold between pages:
// the capacities of its columns, interner tables and output scratch. A
// pool that keeps builders past garbage collections uses it to keep only
// small ones. Cost: one pass over the columns.
func (b *Builder) Retained() int {
	in := &b.In
	n := 8*(cap(in.slots)+cap(in.parts)+cap(in.filter)+cap(b.uvs)) +
		16*cap(in.Strs) + 8*cap(in.meta) +
		4*(cap(in.deferred)+cap(in.alias)+cap(in.sieve)+cap(in.starts)+
			cap(b.RowShape)+cap(b.shapeIDs)+cap(b.remap)+cap(b.tab)+cap(b.uniq)+cap(b.order)+cap(b.ends)+cap(b.colOf)) +
		cap(b.Tagged) + cap(b.payload) + cap(b.dir) + cap(b.secs)
	for i := range b.Cols {
		c := &b.Cols[i]
		n += cap(c.bits) + 8*cap(c.ints) + 4*cap(c.strs) + 24*cap(c.times) + cap(c.Blob) + cap(c.Tagged)
	}
	return n
}
