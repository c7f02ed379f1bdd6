package jsonbridge

import (
	"encoding/binary"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// step is one cell of a row shape, as the render loop reads it: the
// cursor, the key and the encoding, in one place.
type step struct {
	key [keyInline]byte  // transcoder.keys[keyStart:], the whole key when it fits
	cur *pageread.Cursor // into transcoder.cur
	// plain is the key's length when the step's cells need no test
	// before their value and its key fits in key, else noPlain: cells
	// tests it, with the room in dst, as the one test of its fast path.
	plain            uint
	keyStart, keyLen int32 // the key in transcoder.keys, with its comma (see row)
	enc              uint8 // the cursor's encoding, or skipCell
	// guard is set when a cell needs a test before its value: the
	// column is not written (skipCell) or may hold nulls
	// (Cursor.MayBeNull). Cells of other columns skip both tests.
	guard bool
}

// noPlain is step.plain of a step whose cells take the slow path.
const noPlain = keyInline + 1

// setKey points st at the key transcoder.keys[s:e] and copies its first
// bytes into st.key (keys ends in keyPad bytes, so there are keyInline).
func (st *step) setKey(keys []byte, s, e int) {
	st.keyStart, st.keyLen = int32(s), int32(e-s)
	st.key = [keyInline]byte(keys[s : s+keyInline])
}

// setPlain sets st.plain from st.guard and st.keyLen (open and setSteps set both
// first, on every call).
func (st *step) setPlain() {
	st.plain = noPlain
	if !st.guard && st.keyLen <= keyInline {
		st.plain = uint(st.keyLen)
	}
}

// keyInline is the longest key text (`,"key":`) a step holds itself, for
// putKey's fixed move: keys of up to 28 bytes, as long as the camelCase
// names of API rows (instruments, twitter statuses) run. With 16, keys of
// 13 bytes or more took a memmove call, about 50 instructions each; on the
// instruments rows, 12,000 of 15,700 keys a hit of 25 rows.
const keyInline = 32

// skipCell is the encoding of a step whose column is not written.
const skipCell = 0xFF

// smallInts is the encoding of a step over an integer column (EncInt, or
// EncFloatInt) whose cells have all been one digit so far in this call:
// its cells are tried with Cursor.TakeDigit, in line, and the first that
// is not one digit (rendered by TakeIntJSON) turns the step into an EncInt
// step, whose cells take TakeIntJSON's call and no test before it. Columns
// of counts and flags (on the instruments rows, three integer cells in
// four) so skip a call a cell; columns of longer integers pay one miss.
// It follows format.EncMax, so that the cell switches stay jump tables.
const smallInts = format.EncMax + 1

// namePad is the slack after the last of transcoder.names, for
// Layout.ColumnNamesAre's word reads.
const namePad = 8

// keyPad is the slack after the last key, so that setKey may always
// read a whole keyInline-byte block.
const keyPad = keyInline

// transcoder is the pooled state of one page-to-JSON call.
type transcoder struct {
	m     *Mode
	l     pageread.Layout
	cur   []pageread.Cursor
	cols  []step // column c's step: its cursor, `,"key":` and encoding
	steps []step // every shape's steps, shape after shape (Layout.ShapeBounds): stepBuf, or cols
	// stepBuf holds the steps of a page of several shapes (buildSteps).
	stepBuf []step
	keys    []byte // pre-rendered `,"key":` of every column, then keyPad bytes
	// names and nameEnds are the column names keys was rendered from,
	// copied (name c ends at names[nameEnds[c]], then namePad bytes), and keyKind the page's
	// kind: open renders keys again only for a page whose names differ
	// from the last page's (see sameKeys). The steps in cols keep their
	// keys between calls.
	names    []byte
	nameEnds []int32
	keyKind  format.Kind
	dates    jsonwire.DateCache // dates of every page's timestamps; see DateCache
	cell     pageread.Cell
	// esc is where in the output buffer repeated escaped strings were
	// written, for the cursors to copy them from (SetEscaped); render
	// starts it afresh, and again after each chunk it flushes.
	esc pageread.EscapedStrings
	// ring is WriteJSON's buffers, kept from one call to the next while
	// they are one buffer of its first size (chunkRing.done): a Get and a
	// Put of chunkPool a call cost about 150 instructions.
	ring *chunkRing
	rows int // rows written
	// stop is the length of the output buffer past which the page's JSON
	// has passed its budget (Limits.MaxJSONBytes); WriteJSON lowers it by
	// each chunk it flushes.
	stop int
	// rowStop is what objects tests the length of its output against
	// after each row (less the comma after it): stop, or in a WriteJSON
	// call the lower of stop and chunkSize-1, so that one test a row finds
	// both a render past its budget and a full chunk (setRowStop). A
	// repeat cell raises stop (SPEC.md 8) but not rowStop, which the first
	// row past it then sets again (pastRowStop).
	rowStop int
	// chunkStop is chunkSize-1 in a WriteJSON call, else math.MaxInt:
	// the bound on rowStop that chunks add (setRowStop).
	chunkStop int
	// full is set when objects stopped after a row because the output
	// holds a full chunk, which writeRows then flushes and clears it.
	full bool
	// varied is set on a page of rows of many shapes, whose steps open
	// leaves unlaid until a render needs them (see isVaried).
	varied bool
}

func (m *Mode) get() *transcoder {
	if t := m.last.Swap(nil); t != nil {
		return t
	}
	t, _ := m.pool.Get().(*transcoder)
	if t == nil {
		t = &transcoder{m: m}
	}
	return t
}

// put releases t after dropping its views of the page (layout, cursors,
// the scratch cell), which would otherwise keep the caller's page alive.
func (m *Mode) put(t *transcoder) {
	t.l.Forget()
	// open gives t.cur the length of the columns it sets, so every
	// cursor past the length was cleared by an earlier put.
	clear(t.cur)
	t.cell = pageread.Cell{}
	if !m.last.CompareAndSwap(nil, t) {
		m.pool.Put(t)
	}
}

// AppendJSON appends the JSON of page to dst, exactly as json.Marshal wrote
// the values the page was built from. With a reused dst it does not
// allocate. On error dst is returned unchanged up to its length. The bytes
// of dst past its length, up to its capacity, are scratch: rendering
// writes whole words there (keys, escaped strings, digits) before it
// settles how many it keeps, so nothing kept there survives the call,
// whether it succeeds or fails. A hostile page can expand
// into far more JSON than its size (a long string referenced over and
// over), so the output is capped by Limits.MaxJSONBytes, by default 256
// times the page's size plus 1 MiB; past it the error is ErrLimit.
func AppendJSON(dst, page []byte) ([]byte, error) { return defaultMode.AppendJSON(dst, page) }

// WriteJSON writes the JSON of page to w in chunks of about 32 KiB, so that
// a large page never needs one buffer of its whole JSON. Its pooled
// buffers take 48 KiB, or, on a page whose JSON passes a chunk and that
// has array or object cells, up to 192 KiB, the last chunks written kept
// for repeated cells (SPEC.md 5.5) to copy from, plus up to 256 KiB of
// repeated cells older than those. The bytes written
// are capped as AppendJSON's are. The page's header, checksum, string
// table and structure are checked before anything is written, and each
// cell as it is rendered, so a chunk goes out only when every cell in it
// was well formed; damage further on (a bad cell, trailing bytes) is an
// error after the first chunk, which leaves w holding part of the JSON.
func WriteJSON(w io.Writer, page []byte) error { return defaultMode.WriteJSON(w, page) }

// AppendJSON appends the JSON of page to dst under mode m. The cost is one
// validation pass over the page (Open's) and one rendering pass; when the
// mode renders every row and column, the cells of most columns are
// validated as they are rendered instead of in a pass of their own. As
// with the package's AppendJSON, dst's spare capacity is scratch.
func (m *Mode) AppendJSON(dst, page []byte) ([]byte, error) {
	t := m.get()
	defer m.put(t)
	// A render of every cell checks the cells it reads, so the cells
	// need not be validated first; see pageread.Layout.ResetDeferred.
	if err := t.open(page, m.offset == 0 && m.limit == 0 && m.columns == nil); err != nil {
		return dst, err
	}
	t.stop = jsonwire.JSONStop(len(dst), t.l.JSONBudget())
	out, err := t.render(dst, nil)
	if err == nil {
		err = t.l.CheckDeferred(t.cur)
	}
	if err != nil {
		return dst, err
	}
	return out, nil
}

// chunkSize is the buffer WriteJSON fills before each Write.
const chunkSize = 32 << 10

// WriteJSON writes the JSON of page to w under mode m, in chunks. As in
// AppendJSON, a mode that renders every cell checks cells as it renders
// them instead of in a pass of their own; render then flushes a chunk
// only while every cell read so far was well formed (DeferredGood), and
// the last chunk only once CheckDeferred has passed the whole page. A
// mode that skips rows or columns validates the page first.
func (m *Mode) WriteJSON(w io.Writer, page []byte) error {
	t := m.get()
	defer m.put(t)
	deferCells := m.offset == 0 && m.limit == 0 && m.columns == nil
	if err := t.open(page, deferCells); err != nil {
		return err
	}
	ring := t.ring
	if ring == nil {
		ring = chunkPool.Get().(*chunkRing)
		t.ring = ring
	}
	t.stop = t.l.JSONBudget()
	out, err := t.render(ring.first(), w)
	if err == nil && deferCells {
		err = t.l.CheckDeferred(t.cur)
	}
	if err == nil && len(out) > 0 {
		_, err = w.Write(out)
	}
	if ring.done(out) {
		// More buffers, or a grown one, go back to the pool, which the
		// collector empties, where m.last would hold them for good.
		t.ring = nil
		chunkPool.Put(ring)
	}
	return err
}

// open parses page, leaving cells to the render's checks (and the caller to
// call CheckDeferred) when deferCells is set.
func (t *transcoder) open(page []byte, deferCells bool) error {
	var err error
	t.l.Dicts = t.m.dicts
	if deferCells {
		err = t.l.ResetDeferred(page, t.m.lim)
	} else {
		err = t.l.Reset(page, t.m.lim)
	}
	if err != nil {
		return err
	}
	l := &t.l
	l.SetJSONStop(&t.stop)
	l.SetDateCache(&t.dates)
	n := len(l.Columns)
	same := t.sameKeys()
	if cap(t.cur) < n {
		t.cur = make([]pageread.Cursor, n)
		t.cols = make([]step, n)
		same = false
	}
	t.cur, t.cols = t.cur[:n], t.cols[:n]
	if !same {
		t.keys, t.names, t.nameEnds = t.keys[:0], t.names[:0], t.nameEnds[:0]
	}
	// The cursors are started in a loop of their own, which keeps next
	// to nothing live across its call a column, and the steps set in one
	// without calls: set in one loop with the calls, the steps' fields
	// were reloaded after every call.
	curs := t.cur
	for c := range curs {
		l.StartCursor(&curs[c], c) // put cleared t.cur, and make made it zero
	}
	if !same {
		for c := range t.cols {
			st := &t.cols[c]
			start := len(t.keys)
			if l.Kind != format.KindValue {
				t.keys = append(t.keys, ',')
				t.keys = l.AppendStringJSON(t.keys, int(l.Columns[c].Name), t.m.escapeHTML)
				t.keys = append(t.keys, ':')
				t.names = append(t.names, l.ColumnName(c)...)
			}
			t.nameEnds = append(t.nameEnds, int32(len(t.names)))
			st.keyStart, st.keyLen = int32(start), int32(len(t.keys)-start)
		}
	}
	t.setSteps()
	if !same {
		t.keys = append(t.keys, make([]byte, keyPad)...)
		t.names = append(t.names, make([]byte, namePad)...)
		for c := range t.cols {
			st := &t.cols[c]
			st.setKey(t.keys, int(st.keyStart), int(st.keyStart+st.keyLen))
		}
		t.keyKind = l.Kind
	}
	t.steps = nil
	t.varied = isVaried(l)
	if !t.varied {
		t.buildSteps()
	}
	return nil
}

// setSteps sets the step of each column from its cursor, which it points
// at t.esc (SetEscaped): the encoding, smallInts for an integer column,
// the guard, skipCell for a column the mode does not write, and plain.
// The keys are set apart (open). Its loop makes no call unless the mode
// names the columns it writes: about 25 instructions a column.
func (t *transcoder) setSteps() {
	curs, cols := t.cur, t.cols
	cols = cols[:len(curs)]
	for c := range cols {
		cur, st := &curs[c], &cols[c]
		cur.SetEscaped(&t.esc)
		st.cur, st.enc, st.guard = cur, cur.Encoding(), cur.MayBeNull()
		if st.enc == format.EncInt || st.enc == format.EncFloatInt {
			st.enc = smallInts // until a cell of more than one digit
		}
		st.setPlain()
	}
	if t.m.columns == nil {
		return
	}
	for c := range cols {
		if st := &cols[c]; !t.m.columns[t.l.ColumnName(c)] {
			st.enc, st.guard = skipCell, true
			st.setPlain()
		}
	}
}

// sameKeys reports whether t.keys (and the keys of t.cols) are those of
// the page t.l has just parsed: one of the same kind whose columns have
// byte-equal names, in the same order, as the page they were rendered for.
// The mode, and so escapeHTML, is the transcoder's for its whole life.
// Its cost (Layout.ColumnNamesAre) is one comparison of all the names
// when they follow one another in the string table, the usual layout,
// and a few instructions a column; else a comparison per column, about
// 20 instructions for a name of up to 8 bytes (t.names keeps namePad
// bytes past the last name, so that the last one is read as a word too)
// and a call of memequal for a longer one. Rendering a key cost about 130.
func (t *transcoder) sameKeys() bool {
	l := &t.l
	if l.Kind != t.keyKind || len(l.Columns) != len(t.nameEnds) || len(t.keys) == 0 {
		return false
	}
	return l.ColumnNamesAre(t.names, t.nameEnds)
}

// buildSteps lays out the steps of every shape, shape after shape as the
// layout lists their columns, each a copy of its column's step (the first
// key of a row keeps its comma, which row overwrites). Cost: a copy per
// column of each shape (a page whose rows vary has about a shape a row),
// none on a page of one shape, whose steps are the columns' own: its shape
// lists every column in order, as columns are numbered in order of first
// appearance (SPEC.md 9.1) and each appears in some shape.
func (t *transcoder) buildSteps() {
	if t.l.NumShapes() == 1 {
		t.steps = t.cols
		return
	}
	all := t.l.ShapeColumns()
	if cap(t.stepBuf) < len(all) {
		t.stepBuf = make([]step, len(all))
	}
	steps, cols := t.stepBuf[:len(all)], t.cols
	for j, c := range all {
		steps[j] = cols[c]
	}
	t.steps = steps
}

// shape returns the steps of shape id s.
func (t *transcoder) shape(s int) []step {
	a, b := t.l.ShapeBounds(s)
	return t.steps[a:b]
}

// render writes the whole JSON; with w non-nil it flushes full chunks to w.
func (t *transcoder) render(dst []byte, w io.Writer) ([]byte, error) {
	l := &t.l
	m := t.m
	t.esc.Begin() // spans of an earlier render are not in dst
	t.chunkStop = math.MaxInt
	if w != nil {
		t.chunkStop = chunkSize - 1
	}
	t.setRowStop()
	if m.env {
		dst = append(dst, m.envHead...)
	}
	switch l.Kind {
	case format.KindValue:
		dst = t.cells(dst, t.shape(1))
		t.rows = 1
		return t.closeEnvelope(dst, -1)
	case format.KindObject:
		sr := l.RowShapes()
		dst = t.row(dst, t.shape(sr.Next()))
		t.rows = 1
		return t.closeEnvelope(dst, 0)
	}
	dst = append(dst, '[')
	if m.offset == 0 && m.limit == 0 {
		if w == nil {
			return t.allRows(dst)
		}
		return t.writeRows(dst, w)
	}
	if t.varied { // open left the steps to allRows, which needs none
		t.buildSteps()
		t.varied = false
	}
	sr := l.RowShapes()
	first := true
	t.rows = 0
	end := l.Rows
	if m.limit > 0 && m.offset+m.limit < end {
		end = m.offset + m.limit
	}
	for i := 0; i < end; i++ {
		id := sr.Next()
		if i < m.offset {
			if id != 0 {
				t.skip(l.Shape(id))
			}
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		if id == 0 {
			dst = append(dst, "null"...)
		} else { // row, written out: it does not inline
			n := len(dst)
			if dst = t.cells(dst, t.shape(id)); len(dst) == n {
				dst = append(dst, '{')
			} else {
				dst[n] = '{'
			}
			dst = append(dst, '}')
		}
		if len(dst) > t.stop {
			return dst, t.overBudget(i)
		}
		t.rows++
		if w != nil && len(dst) >= chunkSize {
			var err error
			if dst, err = t.flush(dst, len(dst), w); err != nil {
				return dst, err
			}
		}
	}
	dst = append(dst, ']')
	return t.closeEnvelope(dst, -1)
}

// flush writes dst[:n], a full chunk, to w, once every cell read so far
// was well formed (DeferredGood), and returns the buffer of the next
// chunk holding dst[n:]: the comma after the chunk's last row, or nothing.
// On error it writes nothing and returns dst emptied. The chunk is kept
// while repeats may copy from it (Layout.FlushedJSON), and t.stop and
// t.rowStop are lowered by its length. Cost: a Write, once a chunk.
func (t *transcoder) flush(dst []byte, n int, w io.Writer) ([]byte, error) {
	l := &t.l
	if !l.DeferredGood(t.cur) {
		return dst[:0], l.CheckDeferred(t.cur)
	}
	chunk, rest := dst[:n], dst[n:]
	if _, err := w.Write(chunk); err != nil {
		return dst[:0], err
	}
	t.stop -= n
	t.setRowStop()
	next := dst[:0]
	if l.RenderedCells() {
		// Repeats may copy from the chunk after this: it is kept.
		l.FlushedJSON(chunk)
		next = t.ring.next(chunk)
	} else {
		l.FlushedJSON(nil)
	}
	t.esc.Begin() // escaped strings are copied from the new buffer only
	return append(next, rest...), nil
}

// setRowStop sets t.rowStop from t.stop and t.chunkStop.
func (t *transcoder) setRowStop() { t.rowStop = min(t.stop, t.chunkStop) }

// pastRowStop is the test after a row whose output, less the comma after
// it, took dst to length n, past t.rowStop: it reports whether the row
// passed t.stop, the budget; if not, it sets t.rowStop again (a repeat
// raised t.stop) and sets t.full when the row filled a chunk.
func (t *transcoder) pastRowStop(n int) bool {
	if n > t.stop {
		return true
	}
	t.setRowStop()
	t.full = n > t.rowStop
	return false
}

// writeRows writes every row of a page of rows and the closing bracket,
// as allRows does, for WriteJSON with no Offset or Limit, flushing each
// chunk to w: objects stops after the row that fills one (t.rowStop, then
// t.full), as render's loop of a row at a time would, so that the chunks
// are the same. On a page whose rows are all of shape 1 the rows of a chunk
// take one call of objects; else a row takes one, as in allRows.
func (t *transcoder) writeRows(dst []byte, w io.Writer) ([]byte, error) {
	l := &t.l
	rows := l.Rows
	t.rows = rows
	if rows == 0 {
		return t.closeEnvelope(append(dst, ']'), -1)
	}
	if t.varied { // open left the steps to allRows, which needs none
		t.buildSteps()
		t.varied = false
	}
	all1 := l.AllRowsShape1()
	sr := l.RowShapes()
	t.full = false
	for r := 0; r < rows; {
		n, id := 1, 1
		if all1 {
			n = rows - r
		} else {
			id = sr.Next()
		}
		var done int
		if id != 0 {
			dst, done = t.objects(dst, t.shape(id), n, false)
		} else {
			dst, done = append(dst, "null,"...), 1
			if len(dst)-1 > t.rowStop && t.pastRowStop(len(dst)-1) { // the comma is not the row's
				done = 0
			}
		}
		if r += done; !t.full {
			if done < n {
				return dst, t.overBudget(r)
			}
			continue
		}
		t.full = false
		var err error
		if dst, err = t.flush(dst, len(dst)-1, w); err != nil {
			return dst, err
		}
	}
	dst[len(dst)-1] = ']' // the last row's comma
	return t.closeEnvelope(dst, -1)
}

// allRows writes every row of a page of rows and the closing bracket, for
// a render that neither skips rows nor flushes chunks (AppendJSON with no
// Offset or Limit): render's loop without the checks those need, and,
// when every row has shape 1, without reading a shape id a row. Each row
// is followed by a comma, the last one then overwritten by the bracket.
func (t *transcoder) allRows(dst []byte) ([]byte, error) {
	l := &t.l
	rows := l.Rows
	t.rows = rows
	if rows == 0 {
		return t.closeEnvelope(append(dst, ']'), -1)
	}
	if l.AllRowsShape1() {
		var done int
		if dst, done = t.objects(dst, t.shape(1), rows, false); done < rows {
			return dst, t.overBudget(done)
		}
	} else if t.varied {
		return t.variedRows(dst)
	} else {
		sr := l.RowShapes()
		for i := 0; i < rows; i++ {
			if id := sr.Next(); id != 0 {
				var done int
				if dst, done = t.objects(dst, t.shape(id), 1, false); done == 0 {
					return dst, t.overBudget(i)
				}
				continue
			}
			if dst = append(dst, "null,"...); len(dst)-1 > t.stop { // the comma is not the row's
				return dst, t.overBudget(i)
			}
		}
	}
	dst[len(dst)-1] = ']' // the last row's comma
	return t.closeEnvelope(dst, -1)
}

// closeEnvelope writes the count and the fields after the rows, then
// checks the budget a last time (row is the row to blame, or -1).
func (t *transcoder) closeEnvelope(dst []byte, row int) ([]byte, error) {
	m := t.m
	if m.env {
		if m.envCount != nil {
			dst = append(dst, m.envCount...)
			dst = strconv.AppendInt(dst, int64(t.rows), 10)
		}
		dst = append(dst, m.envTail...)
	}
	if len(dst) > t.stop {
		return dst, t.overBudget(row)
	}
	return dst, nil
}

// overBudget is the error of output past t.stop, unless the page has
// malformed cells the render did not reach, whose error Parse would have
// reported first.
func (t *transcoder) overBudget(row int) error {
	if err := t.l.ValidateDeferred(); err != nil {
		return err
	}
	return jsonwire.JSONLimitError(t.l.JSONBudget(), row, -1)
}

// skip moves the cursors of a row's columns past the row.
func (t *transcoder) skip(shape []uint32) {
	for _, c := range shape {
		t.cur[c].TakeCell(&t.cell)
	}
}

// row writes one row object.
func (t *transcoder) row(dst []byte, steps []step) []byte {
	// Every key is written after its comma, the first one's too, which
	// the opening brace then overwrites: the steps of all shapes are the
	// columns' steps as they are (see buildSteps).
	// (Output past t.stop fails the render, whose callers check it.)
	n := len(dst)
	if dst = t.cells(dst, steps); len(dst) == n { // no column written
		dst = append(dst, '{')
	} else {
		dst[n] = '{'
	}
	return append(dst, '}')
}

// keyRoom is the room the fast path of cells wants in dst before a key:
// its fixed move of keyInline bytes, and wordRoom after any key it moves.
const keyRoom = keyInline + wordRoom

// wordRoom is the room cells leaves in dst after each key, for putWord.
const wordRoom = 8

// putKey appends the key st.key holds, k bytes (at most keyInline), with
// one fixed move; dst must have keyRoom bytes of room (a test the
// compiler then drops, as cells makes it first).
func putKey(dst []byte, st *step, k uint) []byte {
	n := len(dst)
	*(*[keyInline]byte)(dst[n : n+keyRoom]) = st.key
	return dst[:n+int(k)]
}

// putWord appends the first k (at most wordRoom) bytes of w, little-endian,
// with one store: the literals true, false and null.
// dst must have wordRoom bytes of room, as cells leaves after each key:
// unlike append, it has no path that grows dst, whose call would make the
// cell loop save dst on the stack before every cell.
func putWord(dst []byte, w uint64, k int) []byte {
	n := len(dst)
	binary.LittleEndian.PutUint64(dst[n:n+wordRoom], w)
	return dst[:n+k]
}

// appendKeyRoom appends st's key and makes wordRoom bytes of room after
// it: the key of the slow path of cells.
//
//go:noinline
func (t *transcoder) appendKeyRoom(dst []byte, st *step) []byte {
	dst = append(dst, t.keys[st.keyStart:st.keyStart+st.keyLen]...)
	return slices.Grow(dst, wordRoom)
}

// takeCellJSON writes the JSON of cur's current cell through a Cell:
// the cells of the encodings the loop of cells has no case of its own
// for. (Out of the loop, so that dst, live across its two calls, is
// saved on the stack here rather than before every cell.)
func (t *transcoder) takeCellJSON(dst []byte, cur *pageread.Cursor) []byte {
	cur.TakeCell(&t.cell)
	return t.l.AppendCellJSON(dst, &t.cell, t.m.escapeHTML, t.stop)
}

// cells writes the cells of a row's steps, each after its key (a value
// page's one cell has none), and moves each column's cursor past its cell:
// one row of objects, bare.
func (t *transcoder) cells(dst []byte, steps []step) []byte {
	dst, _ = t.objects(dst, steps, 1, true)
	return dst
}

// objects writes rows rows of steps (of one shape), each an object
// followed by a comma, and returns dst with the count of rows written
// within t.stop: rows, or the index of the row whose output passed it,
// the row to blame, after which it stops; in WriteJSON it also stops after
// a row that fills a chunk, with t.full set and that row counted (see
// rowStop). With bare set it writes one
// row's cells, without braces or comma (cells), and leaves the test of
// t.stop to the caller. The loops over rows and cells and the cell switch
// are written out here, in one function, rather than in functions of
// their own: a call per cell, and then one per row, were a measurable
// part of the hit.
func (t *transcoder) objects(dst []byte, steps []step, rows int, bare bool) ([]byte, int) {
	// The state of both loops is kept in memory (its address is taken):
	// held in registers, the compiler reloaded all of it after every call
	// of a cell, and saved the index and the step on the stack before
	// every cell. In memory, each cell loads what it uses: the step's
	// index, the steps, and t for a call that needs it; st is not kept
	// across a call but found again from at.
	at := &struct {
		t            *transcoder
		steps        []step
		i            int
		r, rows, row int
		bare         bool
	}{t: t, steps: steps, rows: rows, bare: bare}
	for ; at.r < at.rows; at.r++ {
		at.row = len(dst)
		for at.i = 0; at.i < len(at.steps); at.i++ {
			st := &at.steps[at.i]
			cur := st.cur
			// The fast path: a cell with no test before its value and a key
			// of up to keyInline bytes, moved in one fixed move (putKey)
			// when dst has the room; one test for all three.
			// Either way, wordRoom bytes of room are left after the key.
			if k := st.plain; k <= keyInline && len(dst)+keyRoom <= cap(dst) {
				dst = putKey(dst, st, k)
			} else if st.enc == skipCell {
				cur.TakeCell(&at.t.cell)
				continue
			} else {
				if k := uint(st.keyLen); k <= keyInline && len(dst)+keyRoom <= cap(dst) {
					dst = putKey(dst, st, k)
				} else {
					dst = at.t.appendKeyRoom(dst, st)
				}
				st = &at.steps[at.i] // (not kept across the call)
				if cur.TakeNull() {
					dst = putWord(dst, jsonwire.NullWord, 4)
					continue
				}
			}
			// The cells of bounded length (numbers, times, booleans: a few
			// dozen bytes) go on to the next cell without checking t.stop:
			// what they add is checked with the next cell of unbounded length
			// or by the caller at the end of the row, which blames the same
			// row, so that a row's output passes the budget by at most its
			// keys and those few bytes a cell.
			switch st.enc {
			case format.EncStrRef, format.EncStrSeq:
				// A short clean string (up to 30 bytes, with 32 bytes of
				// room), in line: without TakeStrJSON's call, and the
				// reloads after it, about 30 instructions fewer.
				l := &at.t.l
				if k, n := cur.StrIndex(); n != 0 && len(dst)+32 <= cap(dst) && l.CleanStr(cur, k) {
					if src, m := l.ShortStr(k); src != nil {
						cur.SkipStr(n)
						dst = pageread.PutQuoted(dst, src, m)
						continue
					}
				}
				dst = l.TakeStrJSON(dst, cur, at.t.m.escapeHTML)
			case format.EncInt, format.EncIntDelta, format.EncIntFOR, format.EncFloatInt:
				// (EncFloatInt: a float64 holding an integer, whose digits encoding/json writes.)
				dst = cur.TakeIntJSON(dst)
				continue
			case smallInts:
				if d, ok := cur.TakeDigit(); ok { // 0 to 9, in line
					n := len(dst) // (in the wordRoom after the key)
					dst = dst[:n+1]
					dst[n] = d
				} else {
					dst = cur.TakeIntJSON(dst)
					at.steps[at.i].enc = format.EncInt // no more tries this call
				}
				continue
			case format.EncFloat:
				dst = cur.TakeFloatJSON(dst)
				continue
			case format.EncIntFloat:
				dst = cur.TakeIntFloatJSON(dst)
				continue
			case format.EncTime, format.EncTextTime:
				dst = cur.TakeTimeJSON(dst, &at.t.dates)
				continue
			case format.EncBool:
				if cur.TakeBool() {
					dst = putWord(dst, jsonwire.TrueWord, 4)
				} else {
					dst = putWord(dst, jsonwire.FalseWord, 5)
				}
				continue
			case format.EncAny: // a repeat raises t.stop by its cell's share (SPEC.md 8)
				dst = at.t.l.TakeValueJSON(dst, cur, at.t.m.escapeHTML, at.t.stop)
			case format.EncStrList:
				dst = at.t.l.TakeStrListJSON(dst, cur, at.t.m.escapeHTML, at.t.stop)
			case format.EncUint:
				dst = cur.TakeUintJSON(dst)
				continue
			default: // EncBytes, EncNumber
				dst = at.t.takeCellJSON(dst, cur)
			}
			if len(dst) > at.t.stop { // render fails: no need to finish the row
				return dst, at.r
			}
		}
		if at.bare {
			return dst, 1
		}
		if row := at.row; len(dst) == row { // no column written
			dst = append(dst, '{')
		} else {
			dst[row] = '{'
		}
		// (The comma is not the row's.) Past t.rowStop, the row passed
		// the budget, or filled WriteJSON's chunk (t.full).
		if dst = append(dst, '}', ','); len(dst)-1 > at.t.rowStop {
			if at.t.pastRowStop(len(dst) - 1) {
				return dst, at.r
			}
			if at.t.full {
				return dst, at.r + 1
			}
		}
	}
	return dst, at.rows
}
