package pageread

import (
	"github.com/rowpage/rowpage/format"
)

// Reading the sections of a plain page: the header fields, the string
// table, the shapes and row shape ids, and the column directory. Each
// count is checked against the bytes that could hold it before anything
// is allocated for it.

// resetPlain reads a plain page. Its size for the limits is that of the
// page as written, checksum included (l.trailer), so that a compressed
// page meets the limits its plain form meets.
func (l *Layout) resetPlain(page []byte, lim format.Limits, checkFlags, deferCells bool) error {
	l.jsonMax = lim.JSONBudget(len(page) + l.trailer)
	l.jsonLim = lim.MaxJSONBytes
	lim = lim.WithDefaults()
	l.maxPage = lim.MaxPageBytes
	l.expand = 0
	l.resetRendered()
	l.flagsOK = false
	l.checkFlags = checkFlags
	l.deferCells = deferCells
	l.Strings = StringTable{}
	l.Columns = l.Columns[:0]
	if err := format.CheckHeader(page); err != nil {
		return err
	}
	if len(page) > lim.MaxPageBytes {
		return errAt(format.ErrLimit, 0, "page of "+itoa(len(page))+" bytes exceeds MaxPageBytes")
	}
	l.Page = page
	l.dataStr = bytesString(page)
	l.Major, l.Minor, l.Flags, l.Kind = page[4], page[5], page[6], format.Kind(page[7])
	l.depth = lim.MaxDepth
	l.maxStr = lim.MaxStringBytes
	end := len(page)
	if l.Flags&format.FlagChecksum != 0 {
		if len(page) < format.HeaderSize+format.ChecksumSize {
			return errAt(format.ErrTruncated, len(page), "checksum trailer missing")
		}
		end -= format.ChecksumSize
		want := uint32(page[end]) | uint32(page[end+1])<<8 | uint32(page[end+2])<<16 | uint32(page[end+3])<<24
		if format.Checksum(page[:end]) != want {
			return errAt(format.ErrChecksum, end, "CRC-32C does not match")
		}
	}
	h, ok := readHeadFast(page[:end], lim)
	if !ok {
		var err error
		if h, err = readHead(page[:end], lim, len(page)+l.trailer); err != nil {
			return err
		}
	}
	rows, cols, strSec, shapeSec, rowSec, colSec := h.rows, h.cols, h.secs[0], h.secs[1], h.secs[2], h.secs[3]
	if !format.RowsFit(rows, len(page)+l.trailer) {
		return errAt(format.ErrLimit, format.HeaderSize, "row count "+itoa(rows)+" exceeds 8 rows per page byte plus "+itoa(format.FreeRows)+": rows that hold no bytes")
	}
	l.Rows = rows
	if err := l.parseStrings(page, strSec, lim); err != nil {
		return err
	}
	if cols > len(colSec.b) {
		return errAt(format.ErrCorrupt, colSec.base, "column count exceeds what the column section can hold")
	}
	if err := l.parseShapes(page, shapeSec, rowSec, cols, lim); err != nil {
		return err
	}
	if err := l.checkKind(cols); err != nil {
		return err
	}
	if err := l.parseColumns(page, colSec, cols); err != nil {
		return err
	}
	l.flagsOK = l.checkFlags
	l.growJSONBudget()
	return nil
}

// head is what follows a plain page's header: the row and column counts
// and the four sections (string table, shapes, row shapes, columns).
type head struct {
	rows, cols int
	secs       [4]span
}

// readHead reads the counts and sections after the header of page (its
// checksum trailer cut off; size is the page's size for RowsFit),
// checking each in turn. Its one fault that it
// does not report is a row count that RowsFit rejects, which the caller
// checks: a page faulty there and in its sections too gets that error
// first when its sections' lengths can be read, as a page read field by
// field does. Hence the order here: the counts, then the sections.
func readHead(page []byte, lim format.Limits, size int) (head, error) {
	r := reader{b: page, pos: format.HeaderSize}
	var h head
	h.rows = r.count("row count", lim.MaxRows, "MaxRows")
	h.cols = r.count("column count", lim.MaxColumns, "MaxColumns")
	if r.err != nil {
		return h, r.err
	}
	if !format.RowsFit(h.rows, size) {
		return h, nil // the caller reports it, before any fault of the sections
	}
	h.secs[0] = r.section("string table")
	h.secs[1] = r.section("shapes")
	h.secs[2] = r.section("row shapes")
	h.secs[3] = r.section("columns")
	if r.err != nil {
		return h, r.err
	}
	if r.pos != len(r.b) {
		return h, errAt(format.ErrCorrupt, r.pos, "bytes after the last section")
	}
	return h, nil
}

// readHeadFast is readHead for a page whose counts and section lengths
// are minimal varints of one or two bytes (below 16,384), every one
// within its limit and its section within the page, and nothing after
// the last section: about 60 instructions in line, where the reader's
// calls took about 500. It reports false, and nothing else, for any other
// page, which readHead then reads and names the fault of.
func readHeadFast(page []byte, lim format.Limits) (h head, ok bool) {
	pos := format.HeaderSize
	rows, pos := smallUvarint(page, pos)
	cols, pos := smallUvarint(page, pos)
	if pos < 0 || rows > lim.MaxRows || cols > lim.MaxColumns {
		return h, false
	}
	h.rows, h.cols = rows, cols
	for k := range h.secs {
		var n int
		if n, pos = smallUvarint(page, pos); pos < 0 || n > len(page)-pos {
			return h, false
		}
		h.secs[k] = span{b: page[pos : pos+n : pos+n], base: pos}
		pos += n
	}
	return h, pos == len(page)
}

// smallUvarint returns the minimal varint of one or two bytes at b[pos:]
// and the position after it, or a position of -1 when there is none
// there (a longer varint, a non-minimal one, the end of b; or pos -1, so
// that calls chain and are checked once). It inlines.
func smallUvarint(b []byte, pos int) (int, int) {
	if uint(pos) < uint(len(b)) && b[pos] < 0x80 {
		return int(b[pos]), pos + 1
	}
	if pos >= 0 && pos+1 < len(b) && b[pos+1]-1 < 0x7F { // a last byte of 0 is not minimal
		return int(b[pos]&0x7F) | int(b[pos+1])<<7, pos + 2
	}
	return 0, -1
}

// growJSONBudget raises a JSON budget derived from the page's size by what
// its repeats expand (SPEC.md 8), once the columns holding them are
// validated.
func (l *Layout) growJSONBudget() {
	if l.expand > 0 && l.jsonLim == 0 {
		l.jsonMax = format.Limits{}.JSONBudget(l.plainLen() + l.expand)
	}
}

// grow returns s resized to n, reallocating only when the capacity is short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// span is a section: its bytes and their offset in the page.
type span struct {
	b    []byte
	base int
}

func (l *Layout) parseStrings(page []byte, s span, lim format.Limits) error {
	r := reader{b: s.b}
	count := r.uvarint("string count")
	if r.err != nil {
		return r.fix(s.base)
	}
	if count > uint64(lim.MaxStrings) {
		return errAt(format.ErrLimit, s.base, "string count exceeds MaxStrings")
	}
	if count > uint64(len(s.b)) {
		return errAt(format.ErrCorrupt, s.base, "string count exceeds the string section")
	}
	n := int(count)
	if r.pos >= len(s.b) {
		return errAt(format.ErrTruncated, s.base+r.pos, "string table width missing")
	}
	width := int(s.b[r.pos])
	r.pos++
	if width < 1 || width > 4 {
		return errAt(format.ErrCorrupt, s.base+r.pos-1, "string table width must be 1 to 4")
	}
	flagLen := (n + 3) / 4
	if uint64(flagLen)+uint64(n)*uint64(width) > uint64(len(s.b)-r.pos) {
		return errAt(format.ErrTruncated, s.base+r.pos, "string table offsets run past the section")
	}
	t := &l.Strings
	t.count = n
	t.flags = s.b[r.pos : r.pos+flagLen]
	r.pos += flagLen
	l.offs = grow(l.offs, n+1)
	t.offs = l.offs
	l.fits = grow(l.fits, n)
	clear(l.fits)
	t.fits = l.fits
	longest := decodeEnds(t.offs, s.b[r.pos:r.pos+n*width], n, width)
	r.pos += n * width
	t.data = s.b[r.pos:]
	dataBase := s.base + r.pos
	t.str = l.dataStr[dataBase : dataBase+len(t.data)]
	if format.StringTableWidth(len(t.data)) != width {
		return errAt(format.ErrCorrupt, s.base+r.pos, "string table width is not the smallest that fits")
	}
	if n == 0 && len(t.data) != 0 {
		return errAt(format.ErrCorrupt, dataBase, "string data without strings")
	}
	if n%4 != 0 && t.flags[flagLen-1]>>((n%4)*2) != 0 {
		return errAt(format.ErrCorrupt, s.base, "string flag padding bits are not zero")
	}
	// Ends in order, each string within MaxStringBytes and the last at
	// the end of the data: then no end is past the data either. Otherwise
	// the loop below finds the first fault.
	if longest <= uint64(lim.MaxStringBytes) && (n == 0 || int(t.offs[n]) == len(t.data)) {
		return l.checkStringFlags(dataBase)
	}
	prev := 0
	for i := 0; i < n; i++ {
		e := int(t.offs[i+1])
		if e < prev || e > len(t.data) {
			return errAt(format.ErrCorrupt, dataBase, "string "+itoa(i)+" ends out of order or past the data")
		}
		if e-prev > lim.MaxStringBytes {
			return errAt(format.ErrLimit, dataBase+prev, "string "+itoa(i)+" exceeds MaxStringBytes")
		}
		prev = e
	}
	if prev != len(t.data) {
		return errAt(format.ErrCorrupt, dataBase+prev, "string data has trailing bytes")
	}
	return l.checkStringFlags(dataBase)
}

// checkStringFlags verifies the string table's flags when the layout is to
// (SPEC.md 3); dataBase is the data's offset in the page, for the error.
func (l *Layout) checkStringFlags(dataBase int) error {
	t := &l.Strings
	if l.checkFlags {
		if i := t.verifyFlags(); i >= 0 {
			start, _ := t.span(i)
			return errAt(format.ErrCorrupt, dataBase+start, "string "+itoa(i)+" has wrong escaping flags")
		}
	}
	return nil
}

// parseShapes reads the shape lists and the row shape ids, and counts
// each column's cells into l.counts (a column holds a cell in every row
// whose shape lists it). The row shape ids are read first, so that the
// shape lists' one pass can add each shape's uses to its columns' counts
// instead of a second pass over every shape's list; a fault in the lists
// is still reported before one in the row shape ids, as when they were
// read in page order.
func (l *Layout) parseShapes(page []byte, s, rs span, cols int, lim format.Limits) error {
	r := reader{b: s.b}
	count := r.uvarint("shape count")
	if r.err != nil {
		return r.fix(s.base)
	}
	if count > uint64(lim.MaxShapes) {
		return errAt(format.ErrLimit, s.base, "shape count exceeds MaxShapes")
	}
	if count > uint64(len(s.b)) {
		return errAt(format.ErrCorrupt, s.base, "shape count exceeds the shape section")
	}
	ns := int(count)
	l.uses = grow(l.uses, ns+1)
	uses := l.uses
	clear(uses)
	rowErr := l.parseRowShapes(s, rs, ns)
	l.counts = grow(l.counts, max(cols, 0x100)) // shapeListsFast reads it as an array
	clear(l.counts[:cols])
	if err := l.readShapeLists(s, r.pos, ns, cols); err != nil {
		return err
	}
	if rowErr != nil {
		return rowErr
	}
	for id := 1; id <= ns; id++ {
		if uses[id] == 0 {
			return errAt(format.ErrCorrupt, s.base, "shape "+itoa(id)+" is never used")
		}
	}
	return nil
}

// rowShapesChecked goes on with parseRowShapes's loop from row (of rows),
// whose id starts at pos of rs, where used is the highest shape id used so
// far: it reads ids of any length, counts them into uses, and returns the
// position after the last id and the new used, or the first fault, named.
func rowShapesChecked(rs span, ns int, uses []int, rows, row, pos, used int) (int, int, error) {
	rr := reader{b: rs.b, pos: pos}
	for ; row < rows; row++ {
		at := rr.pos
		id := rr.uvarint("row shape id")
		if rr.err != nil {
			return 0, 0, rr.fix(rs.base)
		}
		if id > uint64(ns) {
			return 0, 0, &format.Error{Err: format.ErrCorrupt, Msg: "shape id " + utoa(id) + " of " + itoa(ns), Offset: rs.base + at, Row: row, Column: -1}
		}
		if int(id) > used {
			if int(id) != used+1 {
				return 0, 0, &format.Error{Err: format.ErrCorrupt, Msg: "shape " + utoa(id) + " used before shape " + itoa(used+1) + " (shapes out of order)", Offset: rs.base + at, Row: row, Column: -1}
			}
			used = int(id)
		}
		uses[id]++
	}
	return rr.pos, used, nil
}

// parseRowShapes reads the row shape ids of rs, counting each shape's
// rows into l.uses (sized ns+1 and cleared by the caller), and returns
// the first fault. On a fault the counts are partial.
func (l *Layout) parseRowShapes(s, rs span, ns int) error {
	uses := l.uses
	l.rowShapes = rs.b
	l.rowsOff = rs.base
	if len(rs.b) == 0 {
		if l.Rows > 0 {
			if ns != 1 {
				return errAt(format.ErrCorrupt, rs.base, "row shapes omitted but the page has "+itoa(ns)+" shapes")
			}
			uses[1] = l.Rows
		} else if ns != 0 {
			return errAt(format.ErrCorrupt, s.base, "a page without rows has shapes")
		}
		return nil
	}
	if l.Rows > len(rs.b) {
		return errAt(format.ErrCorrupt, rs.base, "row count exceeds the row shape section")
	}
	// The loop keeps its state in registers and calls nothing: the
	// position is a local (a reader's is taken by address, kept in
	// memory); one test a row serves both the range and the order checks
	// of a shape met before (used never passes ns); an id of three bytes
	// or more, a form that is not minimal, or a fault hands the row on to
	// rowShapesChecked, which goes on from there and names the fault; and
	// "every row shape 1" is told after the loop from used and the null
	// rows' count (uses[0]). About 20 instructions a row, where the
	// reader's loop took about 45.
	b, rows := rs.b, l.Rows
	row, pos, used := 0, 0, 0 // used: the highest shape id used so far (SPEC.md 9.2)
	for ; row < rows; row++ {
		var id int
		if pos < len(b) && b[pos] < 0x80 { // as for shape columns
			id = int(b[pos])
			pos++
		} else if pos+1 < len(b) && b[pos+1]-1 < 0x7F { // a last byte of 0 is not minimal
			id = int(b[pos]&0x7F) | int(b[pos+1])<<7
			pos += 2
		} else {
			break
		}
		if id > used {
			if id != used+1 || id > ns {
				pos-- // back to the id's first byte: it took 1 byte below 0x80, else 2
				if id >= 0x80 {
					pos--
				}
				break
			}
			used = id
		}
		uses[id]++
	}
	if row < rows {
		var err error
		if pos, used, err = rowShapesChecked(rs, ns, uses, rows, row, pos, used); err != nil {
			return err
		}
	}
	if pos != len(b) {
		return errAt(format.ErrCorrupt, rs.base+pos, "bytes after the last row shape id")
	}
	if rows > 0 && used == 1 && uses[0] == 0 { // every id 1: none above used, none 0
		return errAt(format.ErrCorrupt, rs.base, "row shapes must be omitted when every row has shape 1")
	}
	return nil
}

// readShapeLists reads the ns column lists of the shape section s, from
// offset pos on, into shapeCols and shapeEnds, checking every entry, and
// adds each shape's uses (l.uses) to the counts of the columns it lists
// (l.counts, cleared by the caller). A
// section of one-byte varints (every page of fewer than 128 columns) that
// passes the checks is read by shapeListsFast; otherwise, or if it finds a
// fault, the lists are read again entry by entry to report it.
func (l *Layout) readShapeLists(s span, pos, ns, cols int) error {
	l.seen = grow(l.seen, max(cols, 0x100)) // shapeListsFast reads it as an array
	clear(l.seen[:cols])
	if l.shapeListsFast(s.b, pos, ns, cols) {
		return nil
	}
	clear(l.seen[:cols])
	clear(l.counts[:cols])
	return l.shapeListsChecked(s, pos, ns, cols)
}

// shapeListsFast reads the shape lists of b from pos as shapeListsChecked
// does, when every length and entry is a one-byte varint, and reports
// whether they were all well formed. Its work is listShapes', which makes
// no calls (the lists are written to memory grown beforehand), so that
// the compiler keeps its state in registers: about eleven instructions an
// entry and a few dozen a shape, a fraction of what
// the checked loop costs, which matters on pages whose rows vary (one
// shape a row). The lists are left unusable when it returns false.
func (l *Layout) shapeListsFast(b []byte, pos, ns, cols int) bool {
	// The column indexes are single bytes below 0x80 (a byte from 0x80
	// on starts a longer varint, which only shapeListsChecked reads), so
	// seen and counts are indexed by the byte itself, without a bounds
	// check or a mask, through arrays of 0x100 (readShapeLists and
	// parseShapes size them so; only the first cols entries are cleared,
	// and only those are touched: listShapes checks an entry before it
	// indexes them).
	seen := (*[0x100]int32)(l.seen[:0x100]) // seen[c] = shape id that last listed c
	counts := (*[0x100]int)(l.counts[:0x100])
	uses := l.uses[1 : ns+1]
	ends := grow(l.shapeEnds, ns+1)
	// Each entry takes a byte of the section, so len(b) bounds them.
	list := l.shapeCols[:cap(l.shapeCols)]
	if len(list) < len(b) {
		list = make([]uint32, len(b))
	}
	l.shapeEnds, l.shapeCols = ends, list
	ends[0] = 0
	// top is min(next, lim-1), next as in shapeListsChecked: an entry
	// is in range and in order if it is at most top (see listShapes).
	lim := min(cols, 0x80)
	st := listState{b: b, pos: pos, list: list, ends: ends[1:], uses: uses,
		seen: seen, counts: counts, ns: ns, last: lim - 1, top: min(0, lim-1)}
	if !st.listShapes() {
		return false
	}
	l.shapeCols = list[:st.n]
	return st.pos == len(b)
}

// listState is where shapeListsFast's reading stands between shapes: the
// section b and the position in it, the lists so far (list[:n], ends) and
// what listShapes checks entries against. It lives in memory so that the
// loop over a list's entries has only one value of the loop over shapes
// live, st itself (the entries' loop takes a dozen registers; with the
// shapes' loop's own values live too, the compiler spilled and reloaded
// entries' values in that loop).
type listState struct {
	b         []byte
	pos       int
	list      []uint32
	n         int
	ends      []uint32 // ends[id]: the end in list of shape id+1
	uses      []int    // uses[id]: the rows of shape id+1
	seen      *[0x100]int32
	counts    *[0x100]int
	ns        int // the count of shapes
	last, top int
}

// listShapes reads the st.ns shape lists from st.pos, each its length,
// below 0x80 and at most cols, and its column indexes, which it copies to
// st.list after the lists before it, checking each as shapeListsFast
// does: listed at most once by its shape, sid (seen[c] != sid), and at
// most top, which is min(next, last): next is the first column not yet
// listed by any shape, last the highest column the fast path reads
// (lim-1), so one comparison checks both bounds. It marks each column
// seen by sid and adds the shape's uses to its count, moves top past the
// columns a shape lists first (when top is last, an entry equal to it is
// the new column last or an old one: either way top stays last), and
// reports whether every list was well formed. One loop over the shapes,
// not a call a shape (the call, its frame and the caller's loop were
// about a dozen instructions a shape), whose state between shapes is in
// st, so that the entries' loop keeps its values in registers (st is
// reloaded once a step): about eleven instructions a column, two columns
// a step.
func (st *listState) listShapes() bool {
	for id := 0; id < st.ns; id++ {
		b, pos := st.b, st.pos
		if uint(pos) >= uint(len(b)) { // (unsigned: b[pos] needs no bounds check)
			return false
		}
		k := int(b[pos])
		pos++
		// No test of k against cols: k entries that pass the loop's checks
		// are distinct columns below cols.
		if k >= 0x80 || k > len(b)-pos {
			return false
		}
		// The list's entries are bytes pos to pos+k of b, copied to entries
		// n to n+k of st.list (whose length, len(b), holds them: each entry
		// before took a byte of b). Both slices from 0, of one length, so
		// that the loop indexes them without bounds checks.
		n := st.n
		end := n + k
		src := b[pos : pos+k]
		out := st.list[n:end]
		out = out[:len(src)]
		// Moved on before the loop, so that it keeps fewer values live.
		st.n, st.pos = end, pos+k
		st.ends[id] = uint32(end)
		seen, counts := st.seen, st.counts
		_, _ = seen[0], counts[0] // their nil checks, once and not in the loop
		sid, u, last, top := int32(id+1), st.uses[id], st.last, st.top
		// Two entries a step, one after the other (the second may repeat the
		// first): one test of the end and one increment for both. (st is not
		// used past this point, which leaves the loop registers enough.)
		i, pairs := 0, len(src)-1 // i < pairs: a pair left
		for ; i < pairs; i += 2 {
			c := src[i]
			if x := int(c); x >= top { // one comparison for both tests of top
				if x > top {
					return false
				}
				top = min(top+1, last)
			}
			if seen[c] == sid {
				return false
			}
			seen[c] = sid
			counts[c] += u
			out[i] = uint32(c)
			c = src[i+1]
			if x := int(c); x >= top {
				if x > top {
					return false
				}
				top = min(top+1, last)
			}
			if seen[c] == sid {
				return false
			}
			seen[c] = sid
			counts[c] += u
			out[i+1] = uint32(c)
		}
		if i < len(src) {
			c := src[i]
			if x := int(c); x >= top {
				if x > top {
					return false
				}
				top = min(top+1, last)
			}
			if seen[c] == sid {
				return false
			}
			seen[c] = sid
			counts[c] += u
			out[i] = uint32(c)
		}
		st.top = top
	}
	return true
}

// shapeListsChecked reads the shape lists entry by entry, any varint
// length, and returns the first fault as Parse reports it.
func (l *Layout) shapeListsChecked(s span, pos, ns, cols int) error {
	r := reader{b: s.b, pos: pos}
	l.shapeEnds = append(l.shapeEnds[:0], 0)
	l.shapeCols = l.shapeCols[:0]
	seen := l.seen
	counts := l.counts
	// Columns are numbered in order of first appearance (SPEC.md 9.1).
	// Shapes are in order of first use (checked with the row shape ids
	// below), so the rows meet each shape's new columns in shape order:
	// the columns listed so far are exactly 0 to next-1, and a column's
	// first listing must be column next.
	next := uint64(0)
	for id := 1; id <= ns; id++ {
		k := r.uvarint("shape length")
		if r.err != nil {
			return r.fix(s.base)
		}
		if k > uint64(cols) || k > uint64(len(s.b)-r.pos) {
			return errAt(format.ErrCorrupt, s.base+r.pos, "shape "+itoa(id)+" lists more columns than exist")
		}
		for j := 0; j < int(k); j++ {
			at := r.pos
			var c uint64
			if at < len(s.b) && s.b[at] < 0x80 { // reader.uvarint's one-byte case, which does not inline
				c = uint64(s.b[at])
				r.pos++
			} else if c = r.uvarint("shape column"); r.err != nil {
				return r.fix(s.base)
			}
			if c >= uint64(cols) {
				return errAt(format.ErrCorrupt, s.base+at, "shape "+itoa(id)+" names column "+utoa(c)+" of "+itoa(cols))
			}
			if seen[c] == int32(id) {
				return errAt(format.ErrCorrupt, s.base+at, "shape "+itoa(id)+" lists column "+utoa(c)+" twice")
			}
			if c > next {
				return errAt(format.ErrCorrupt, s.base+at, "shape "+itoa(id)+" lists column "+utoa(c)+" before column "+utoa(next)+" has appeared (columns out of order)")
			}
			if c == next {
				next++
			}
			seen[c] = int32(id)
			counts[c] += l.uses[id]
			l.shapeCols = append(l.shapeCols, uint32(c))
		}
		l.shapeEnds = append(l.shapeEnds, uint32(len(l.shapeCols)))
	}
	if r.pos != len(s.b) {
		return errAt(format.ErrCorrupt, s.base+r.pos, "bytes after the last shape")
	}
	return nil
}

func (l *Layout) checkKind(cols int) error {
	switch l.Kind {
	case format.KindObject:
		if l.Rows != 1 || len(l.rowShapes) != 0 {
			return errAt(format.ErrCorrupt, 7, "an object page holds exactly one non-null row")
		}
	case format.KindValue:
		if l.Rows != 1 || cols != 1 || l.NumShapes() != 1 || len(l.Shape(1)) != 1 || len(l.rowShapes) != 0 {
			return errAt(format.ErrCorrupt, 7, "a value page holds exactly one row of one column")
		}
	}
	return nil
}

// parseColumns reads the column directory, each column's cell count
// taken from l.counts (parseShapes), and checks the columns. The
// directory is read with its position in a local, through a reader only
// for a varint longer than a byte (which names the fault); each column's
// payload is set and checked in one pass (the check of column c reads
// only it and the columns before it). On a page of a few columns this is
// most of what Parse costs besides the cells.
func (l *Layout) parseColumns(page []byte, s span, cols int) error {
	counts := l.counts[:cols]
	// No clear: reset cleared the last page's columns, and past them the
	// backing array holds none (see Forget), so every entry is zero.
	l.Columns = grow(l.Columns, cols)
	columns := l.Columns[:len(counts)]
	l.times = l.times[:0] // the last page's time cells
	b, pos := s.b, 0
	named := l.Kind != format.KindValue
	nstr := uint64(l.Strings.Len())
	var names []uint64
	if named {
		l.names = grow(l.names, (l.Strings.Len()+63)/64)
		names = l.names
		clear(names)
	}
	total := uint64(0)
	for c := range columns {
		col := &columns[c]
		if named {
			at := pos
			var name uint64
			if at < len(b) && b[at] < 0x80 { // reader.uvarint's one-byte case, which does not inline
				name = uint64(b[at])
				pos++
			} else {
				r := reader{b: b, pos: pos}
				if name = r.uvarint("column name"); r.err != nil {
					return r.fix(s.base)
				}
				pos = r.pos
			}
			if name >= nstr {
				return &format.Error{Err: format.ErrCorrupt, Msg: "column name index out of range", Offset: s.base + at, Row: -1, Column: c}
			}
			w, bit := &names[name/64], uint64(1)<<(name%64)
			if *w&bit != 0 {
				return &format.Error{Err: format.ErrCorrupt, Msg: "duplicate column name", Offset: s.base + at, Row: -1, Column: c, ColumnName: l.Strings.String(int(name))}
			}
			*w |= bit
			col.Name = uint32(name)
		}
		if pos >= len(b) {
			return errAt(format.ErrTruncated, s.base+pos, "column encoding missing")
		}
		col.Enc = b[pos]
		pos++
		var plen uint64
		if pos < len(b) && b[pos] < 0x80 { // as for the name
			plen = uint64(b[pos])
			pos++
		} else if q := pos + 1; q < len(b) && b[q]-1 < 0x7F {
			// Two bytes, 128 to 16,383 (a last byte of 0 is not minimal),
			// as uvarintSlow reads them, without its call: the payload of
			// a column of more than a few dozen cells, about 70
			// instructions fewer each.
			plen = uint64(b[pos]&0x7F) | uint64(b[q])<<7
			pos = q + 1
		} else {
			r := reader{b: b, pos: pos}
			if plen = r.uvarint("column payload length"); r.err != nil {
				return r.fix(s.base)
			}
			pos = r.pos
		}
		if plen > uint64(len(b)) {
			return &format.Error{Err: format.ErrTruncated, Msg: "column payload runs past the section", Offset: s.base + pos, Row: -1, Column: c}
		}
		total += plen
		col.Count = counts[c]
		if col.Count == 0 {
			return &format.Error{Err: format.ErrCorrupt, Msg: "column appears in no row", Offset: s.base, Row: -1, Column: c}
		}
		col.Offset = int(plen) // temporarily the length
	}
	if total != uint64(len(b)-pos) {
		return errAt(format.ErrCorrupt, s.base+pos, "column payload lengths do not add up to the column section")
	}
	off, deferCells := pos, l.deferCells
	for c := range columns {
		col := &columns[c]
		n := col.Offset
		col.Payload = b[off : off+n : off+n]
		col.Offset = s.base + off
		off += n
		if deferCells && l.deferPlain(col) {
			continue
		}
		if col.Enc == format.EncStrSeq && strSeqValid(col.Payload, col.Count, int(nstr)) {
			col.deferred = false
			continue
		}
		if err := l.validateColumn(c, deferCells); err != nil { // checkColumn, without its call
			err = l.columnErr(c, err)
			if deferCells {
				// Parse reports the first bad column, which may be one
				// whose cells were deferred.
				if e := l.validateDeferred(c); e != nil {
					return e
				}
			}
			return err
		}
	}
	return nil
}
