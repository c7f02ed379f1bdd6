package pagebuild

import (
	"encoding/binary"
	"hash/crc32"
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"
)

// finish appends the page to dst. It lays out every section but the string
// table in the builder's scratch buffers, grows dst once to the page's exact
// size, and copies each string straight from the caller's value into the
// page, so string bytes are copied once.
func (b *Builder) Finish(dst []byte) []byte {
	b.settle()
	b.assignStrings()

	// Shapes and row shapes, in b.secs: shapes first, row shapes after.
	// Column indexes and shape ids below 128, those of most pages, are
	// uvarints of one byte (appendSmall).
	s := format.AppendUvarint(b.secs[:0], uint64(len(b.Shapes)))
	for _, sh := range b.Shapes {
		s = format.AppendUvarint(s, uint64(len(sh)))
		if b.ncols <= 0x80 {
			s = appendSmall(s, sh)
			continue
		}
		for _, c := range sh {
			s = format.AppendUvarint(s, uint64(c))
		}
	}
	nshapes := len(s)
	if !b.allShapeOne() {
		if len(b.Shapes) < 0x80 {
			s = appendSmall(s, b.RowShape)
		} else {
			for _, id := range b.RowShape {
				s = format.AppendUvarint(s, uint64(id))
			}
		}
	}
	b.secs = s

	dir := b.dir[:0]
	pay := b.payload[:0]
	minor := byte(format.MinorVersion)
	for i := range b.Cols[:b.ncols] {
		c := &b.Cols[i]
		if b.kind != format.KindValue {
			dir = format.AppendUvarint(dir, uint64(b.remap[c.Name]))
		}
		n := len(pay)
		var enc byte
		b.fintTag = false
		pay, enc = b.writeColumn(pay, c)
		dir = append(dir, enc)
		dir = format.AppendUvarint(dir, uint64(len(pay)-n))
		minor = max(minor, b.columnMinor(c, enc))
	}
	b.dir, b.payload = dir, pay

	nstr := len(b.order)
	width := format.StringTableWidth(b.dataLen)
	strSize := format.SizeUvarint(uint64(nstr)) + 1 + (nstr+3)/4 + nstr*width + b.dataLen
	colSize := len(dir) + len(pay)
	size := len(format.Magic) + 4 +
		format.SizeUvarint(uint64(b.Rows)) + format.SizeUvarint(uint64(b.ncols)) +
		format.SizeUvarint(uint64(strSize)) + strSize +
		format.SizeUvarint(uint64(nshapes)) + nshapes +
		format.SizeUvarint(uint64(len(s)-nshapes)) + len(s) - nshapes +
		format.SizeUvarint(uint64(colSize)) + colSize
	if !b.NoCRC {
		size += 4
	}
	dst = growPage(dst, size)

	start := len(dst)
	sum := pageSum{stream: !b.NoCRC && size >= streamSumMin, summed: start}
	dst = append(dst, format.Magic[:]...)
	flags := byte(format.FlagChecksum)
	if b.NoCRC {
		flags = 0
	}
	dst = append(dst, format.MajorVersion, minor, flags, byte(b.kind))
	dst = format.AppendUvarint(dst, uint64(b.Rows))
	dst = format.AppendUvarint(dst, uint64(b.ncols))
	dst = format.AppendUvarint(dst, uint64(strSize))
	dst = b.appendStrings(dst, width, &sum)
	dst = format.AppendUvarint(dst, uint64(nshapes))
	dst = append(dst, s[:nshapes]...)
	dst = format.AppendUvarint(dst, uint64(len(s)-nshapes))
	dst = append(dst, s[nshapes:]...)
	dst = format.AppendUvarint(dst, uint64(colSize))
	dst = append(dst, dir...)
	if sum.stream {
		dst = sum.appendSummed(dst, pay)
	} else {
		dst = append(dst, pay...)
	}
	if !b.NoCRC {
		sum.upTo(dst, len(dst))
		dst = format.AppendChecksum(dst, sum.crc)
	}
	return dst
}

// appendSmall appends the uvarints of vs, each below 128: a byte each,
// one growth of dst for all, where AppendUvarint tests each value and
// dst's room.
func appendSmall(dst []byte, vs []uint32) []byte {
	n := len(dst)
	dst = slices.Grow(dst, len(vs))[:n+len(vs)]
	t := dst[n:]
	for i, v := range vs {
		t[i] = byte(v)
	}
	return dst
}

// appendStrings appends the string table section's contents (SPEC.md
// section 3) for the strings of b.order: count, width, flags, ends, data.
// One loop copies each string and writes its end offset, as width bytes,
// into the page, and keeps the offsets for SetTableFlags: the page's
// strings are visited once here and once by the flags' sweep. If sum
// streams, it sums the section too, and copies and sweeps the strings a
// run at a time (copyTableSummed).
func (b *Builder) appendStrings(dst []byte, width int, sum *pageSum) []byte {
	n := len(b.order)
	dst = format.AppendUvarint(dst, uint64(n))
	dst = append(dst, byte(width))
	head := len(dst)
	nflags := (n + 3) / 4
	data := head + nflags + n*width
	dst = slices.Grow(dst, data-head+b.dataLen)[:data+b.dataLen]
	clear(dst[head : head+nflags])
	offs := Grow(b.ends, n)
	b.ends = offs
	if sum.stream {
		text := b.copyTableSummed(dst[head:], width, offs)
		// The flags and ends before the text are complete only now.
		sum.upTo(dst, data)
		sum.crc = crcCombine(sum.crc, text, b.dataLen)
		sum.summed = len(dst)
		return dst
	}
	copyStrings(dst[head+nflags:], width, b.In.Strs, b.order, offs)
	SetTableFlags(dst[head:head+nflags], dst[data:], offs)
	return dst
}

// copyTableSummed is appendStrings' copy and flags' sweep for a page
// whose checksum is streamed: t holds the table's flags (cleared), ends
// and data. It copies a run of strings of about sumBlock bytes, sets their
// flags and sums their bytes, then the next run, so that the sweep and
// the sum read bytes that the copy has just left in the first-level
// cache, not bytes of a table that has outgrown the last-level one since
// (cachegrind, 100,000 BaaS rows: 6.0 of 55 last-level misses a row in the
// sweep, 7.8 in the sum of the page). It returns the checksum of the
// data, which the caller puts after that of the page before it
// (crcCombine): the flags and ends that come before the data in the page
// are only complete once every run is copied.
func (b *Builder) copyTableSummed(t []byte, width int, offs []uint32) uint32 {
	n := len(b.order)
	nflags := (n + 3) / 4
	flags, ends, data := t[:nflags], t[nflags:nflags+n*width], t[nflags+n*width:]
	per := max(16, int(int64(n)*int64(sumBlock)/int64(max(b.dataLen, 1)))) // strings a run
	var crc uint32
	end := 0
	for i := 0; i < n; {
		j := min(n, i+per)
		from := end
		end = copyRun(ends[i*width:j*width], data, end, width, b.In.Strs, b.order[i:j], offs[i:j])
		setTableFlagsFrom(flags, data[:end], offs[:j], i)
		crc = crc32.Update(crc, castagnoli, data[from:end])
		i = j
	}
	return crc
}

// copyStrings copies the strings strs[id] of order, in order, into the
// data that follows their len(order) end offsets in t, writes each end
// offset as width little-endian bytes, and puts it in offs (len(order)
// long). t holds exactly the offsets and the data. Tables of widths 1
// and 2, those of pages of up to 64 KiB of strings, go to copyNarrow; the
// others take a loop that copies, then one that writes the ends.
func copyStrings(t []byte, width int, strs []string, order, offs []uint32) {
	copyRun(t[:len(order)*width], t[len(order)*width:], 0, width, strs, order, offs)
}

// copyRun is copyStrings for a run of a table's strings: it copies the
// strings strs[id] of order into data from data[end], writes the end
// offset of each, in data, as width bytes to ends (len(order)*width
// long) and to offs, and returns the end of the last. Widths 1 and 2 go
// to copyNarrow.
func copyRun(ends, data []byte, end, width int, strs []string, order, offs []uint32) int {
	offs = offs[:len(order)]
	if width <= 2 {
		return copyNarrow(ends, data, end, width, strs, order, offs)
	}
	for i, id := range order {
		end += copy(data[end:], strs[id])
		offs[i] = uint32(end)
	}
	putEnds(ends, width, offs)
	return end
}

// putEnds writes the string table's end offsets as width (3 or 4)
// little-endian bytes each, in a loop per width rather than a switch per
// string. (copyStrings writes those of width 1 and 2 as it copies.)
func putEnds(b []byte, width int, offs []uint32) {
	switch width {
	case 3:
		for i, e := range offs {
			b := b[3*i : 3*i+3]
			b[0], b[1], b[2] = byte(e), byte(e>>8), byte(e>>16)
		}
	default:
		for i, e := range offs {
			binary.LittleEndian.PutUint32(b[4*i:], e)
		}
	}
}

func (b *Builder) allShapeOne() bool {
	for _, id := range b.RowShape {
		if id != 1 {
			return false
		}
	}
	return true
}

// assignStrings decides each string's table index: first the common area
// (keys, and strings that occur more than once or outside a unique-valued
// string column) in order of first appearance, then each unique-valued
// string column's private run in column order. It fills b.order (table
// index -> settled id), b.dataLen (the table's data bytes) and b.remap,
// the table index of each id as the columns hold it: the settled id's,
// through b.renum when settle merged repeats (so the columns' ids are
// mapped once, as they are written, rather than rewritten first).
func (b *Builder) assignStrings() {
	in := &b.In
	n := in.Len()
	renum := b.renum        // nil on most pages: the loops test a register, not b.renum
	tab := Grow(b.remap, n) // settled id -> table index
	if renum != nil {
		tab = Grow(b.tab, n)
		b.tab = tab
	}
	uniq := Grow(b.uniq, n)
	b.uniq = uniq
	clear(uniq) // every string in the common area, until a column claims it
	meta, cols := in.meta[:n], b.Cols[:b.ncols]
	for ci := range cols {
		c := &cols[ci]
		if c.Kind == KindStr && privateRun(c.strs, meta, renum) {
			claimRun(uniq, c.strs, renum, int32(ci)+1)
		}
	}
	// The common area, in id order, then each private run.
	order := Grow(b.order, n)
	k, dataLen := commonArea(in.Strs[:n], uniq, tab, order)
	strs := in.Strs[:n]
	for ci := range cols {
		c := &cols[ci]
		if c.Kind != KindStr || len(c.strs) == 0 {
			continue
		}
		first := c.strs[0]
		if renum != nil {
			first = renum[first]
		}
		if uniq[first] != int32(ci)+1 {
			continue
		}
		k, dataLen = placeRun(c.strs, renum, strs, tab, order, k, dataLen)
	}
	order = order[:k]
	b.order, b.dataLen = order, dataLen
	if renum == nil {
		b.remap = tab
		return
	}
	remap := Grow(b.remap, len(renum))
	for id, s := range renum {
		remap[id] = tab[s]
	}
	b.remap = remap
}

// commonArea gives each string of strs that no column claimed (uniq[id]
// is 0) the next table index, in id order: it sets tab[id] and order[k]
// for each, and returns how many it placed and their bytes. strs, uniq,
// tab and order are len(strs) long. A function of its own, so that its
// loop keeps its values in registers rather than among assignStrings'.
//
//go:noinline
func commonArea(strs []string, uniq []int32, tab, order []uint32) (k, dataLen int) {
	uniq, tab, order = uniq[:len(strs)], tab[:len(strs)], order[:len(strs)]
	for id, s := range strs {
		if uniq[id] == 0 {
			tab[id] = uint32(k)
			order[k] = uint32(id)
			k++
			dataLen += len(s)
		}
	}
	return k, dataLen
}

// privateRun reports whether every string of a string column's ids (as
// the columns hold them; renum maps them to settled ids, if not nil)
// occurs once and is no key, so that the column may keep its strings in a
// private run of the table. Cost: a load and a comparison an id, up to the
// first repeat.
func privateRun(ids []uint32, meta []strMeta, renum []uint32) bool {
	if renum == nil {
		for _, id := range ids {
			if meta[id].count != 1 { // a repeat, or a key (keyBit)
				return false
			}
		}
		return true
	}
	for _, id := range ids {
		if meta[renum[id]].count != 1 {
			return false
		}
	}
	return true
}

// claimRun marks the strings of ids (settled through renum, if not nil)
// as those of the column whose mark it is, in uniq. A loop for each case
// of renum, so that neither tests it an id.
func claimRun(uniq []int32, ids, renum []uint32, mark int32) {
	if renum == nil {
		for _, id := range ids {
			uniq[id] = mark
		}
		return
	}
	for _, id := range ids {
		uniq[renum[id]] = mark
	}
}

// placeRun gives the strings of a private run, ids (settled through
// renum, if not nil), the table indexes from k on: it sets tab and order
// for each, and returns the next index and dataLen plus their bytes
// (strs holds them by settled id).
func placeRun(ids, renum []uint32, strs []string, tab, order []uint32, k, dataLen int) (int, int) {
	if renum == nil {
		for _, id := range ids {
			tab[id] = uint32(k)
			order[k] = id
			k++
			dataLen += len(strs[id])
		}
		return k, dataLen
	}
	for _, id := range ids {
		id = renum[id]
		tab[id] = uint32(k)
		order[k] = id
		k++
		dataLen += len(strs[id])
	}
	return k, dataLen
}

// settled returns the interner's id, after settle, of id, a string id as
// the columns hold it.
func (b *Builder) settled(id uint32) uint32 {
	if b.renum != nil {
		return b.renum[id]
	}
	return id
}

func Grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// columnMinor returns the lowest minor version whose readers read column c,
// just written with encoding byte enc: 6 for an any column holding a
// repeat, 4 for an int-or-float column, 3 for
// an integral-float column or one with a TagFloatInt value, 2 for one
// holding a text time (natively or tagged), else 0.
func (b *Builder) columnMinor(c *Column, enc byte) byte {
	switch {
	case enc == format.EncAny && b.reps.hit:
		return format.MinorRepeat
	case enc&^format.EncNullBitmap == format.EncIntFloat:
		return format.MinorIntFloat
	case enc&^format.EncNullBitmap == format.EncFloatInt || b.fintTag:
		return format.MinorFloatInt
	case c.TextTimes:
		return format.MinorTextTime
	}
	return format.MinorVersion
}

// writeColumn appends c's payload and returns its encoding byte.
func (b *Builder) writeColumn(dst []byte, c *Column) ([]byte, byte) {
	if c.Kind == kindNone {
		return dst, format.EncNull
	}
	var enc byte
	if c.nulls > 0 {
		enc = format.EncNullBitmap
		dst = append(dst, c.bits...)
	}
	switch c.Kind {
	case kindBool:
		enc |= format.EncBool
		var cur byte
		for i, v := range c.ints {
			if v != 0 {
				cur |= 1 << (i & 7)
			}
			if i&7 == 7 {
				dst = append(dst, cur)
				cur = 0
			}
		}
		if len(c.ints)&7 != 0 {
			dst = append(dst, cur)
		}
	case kindInt:
		if c.big {
			enc |= format.EncUint
			vs := b.uvs[:0]
			for _, v := range c.ints {
				vs = append(vs, uint64(v))
			}
			b.uvs = vs
			dst = appendUvarints(dst, vs)
			break
		}
		var e byte
		dst, e = b.appendIntsChosen(dst, c.ints)
		enc |= e
	case KindFloat:
		fints, ok := c.ints, c.intFloats // kept as integers (floatcol.go)
		if !ok {
			b.fints, ok = floatInts(b.fints[:0], c.Blob)
			fints = b.fints
		}
		if ok {
			e, lo := chooseIntEncoding(fints)
			enc |= format.EncFloatInt
			dst = b.appendInts(append(dst, e), e, lo, fints)
			break
		}
		enc |= format.EncFloat
		dst = append(dst, c.Blob...)
	case KindStr:
		if b.uniq[b.settled(c.strs[0])] != 0 {
			enc |= format.EncStrSeq
			dst = format.AppendUvarint(dst, uint64(b.remap[c.strs[0]]))
		} else {
			enc |= format.EncStrRef
			dst = appendRefs(dst, c.strs, b.remap)
		}
	case kindTime:
		enc |= format.EncTime
		dst = b.appendTimes(dst, c.times, false)
	case kindTextTime:
		enc |= format.EncTextTime
		dst = b.appendTimes(dst, c.times, c.zeros&zeroAsPlus != 0)
	case KindBytes:
		enc |= format.EncBytes
		dst = append(dst, c.Blob...)
	case KindNumber:
		enc |= format.EncNumber
		dst = append(dst, c.Blob...)
	case kindAny:
		if nulls, ok := c.strList(); ok {
			return b.writeStrList(dst, c, nulls), enc | format.EncStrList | bitmapBit(nulls)
		}
		if nulls, ok := intFloatColumn(c.Tagged); ok {
			return b.writeIntFloat(dst, c, nulls), enc | format.EncIntFloat | bitmapBit(nulls)
		}
		enc |= format.EncAny
		b.reps.reset()
		b.reps.copies = c.Copies
		b.reps.setNested(c.Nested)
		dst = appendTagged(dst, c.Tagged, b.remap, &b.fintTag, &b.reps)
		b.fintTag = b.fintTag || c.floatIntTags
	}
	return dst, enc
}

// chooseIntEncoding picks the smallest of plain, delta and
// frame-of-reference; ties go to the lower encoding number.
//
// When every value's zigzag fits in one byte, plain takes a byte a value,
// which neither other can beat (delta takes at least as many, frame of
// reference one more for its base), so it is chosen after the pass that
// finds the lowest value: many columns of a page (flags, small counts,
// codes) are such, and the sizes of the other two then cost nothing.
func chooseIntEncoding(v []int64) (byte, int64) {
	lo := v[0]
	var zz uint64 // every value's zigzag or'ed
	for _, x := range v {
		lo = min(lo, x)
		zz |= format.EncodeZigZag(x)
	}
	if zz < 0x80 {
		return format.EncInt, 0
	}
	return chooseWideEncoding(v, lo)
}

// chooseWideEncoding is chooseIntEncoding for values v, whose lowest is
// lo, of which some zigzag does not fit in a byte. A column whose
// differences take a byte each (ids, times in seconds, sorted codes) is
// told by narrowDeltas, without intEncodingSizes' pass (about 20
// instructions a value).
func chooseWideEncoding(v []int64, lo int64) (byte, int64) {
	if narrowDeltas(v) {
		return format.EncIntDelta, 0
	}
	plain, delta, fr := intEncodingSizes(v, lo)
	switch {
	case plain <= delta && plain <= fr:
		return format.EncInt, 0
	case delta <= fr:
		return format.EncIntDelta, 0
	default:
		return format.EncIntFOR, lo
	}
}

// narrowDeltas reports whether delta is the smallest encoding of v because
// it takes a byte for every value after the first: the zigzag of each
// difference from the value before is below 0x80. Then delta takes len(v)-1 bytes more than v[0]'s zigzag; plain
// more than that when a value after the first takes two bytes or more;
// and frame of reference at least as many (ties go to delta): its base
// takes lo's zigzag's bytes, a, v[0]'s offset from lo, d, takes b, and
// every other value's at least a byte, where v[0]'s zigzag, below
// 2^(7a) + 2d+1, takes at most a+b bytes. It returns false at the first
// wider difference, so that a column of unsorted values pays for a value
// or two.
func narrowDeltas(v []int64) bool {
	if len(v) < 2 {
		return false
	}
	prev := v[0]
	var wide uint64 // the zigzags of the values after the first, or'ed
	for _, x := range v[1:] {
		if format.EncodeZigZag(int64(uint64(x)-uint64(prev))) >= 0x80 {
			return false
		}
		wide |= format.EncodeZigZag(x)
		prev = x
	}
	return wide >= 0x80
}

// intEncodingSizes returns the bytes of v's values in plain, delta and
// frame-of-reference from lo encoding (its base included), for
// chooseIntEncoding. Its own function, so that the compiler keeps
// chooseIntEncoding's first loop as it was (its minimum a CMOV, where
// with this loop beside it it took a branch and two moves a value).
//
//go:noinline
func intEncodingSizes(v []int64, lo int64) (plain, delta, fr int) {
	fr = format.SizeVarint(lo)
	prev := int64(0)
	for _, x := range v {
		plain += uvarintLen(format.EncodeZigZag(x))
		delta += uvarintLen(format.EncodeZigZag(int64(uint64(x) - uint64(prev))))
		fr += uvarintLen(uint64(x) - uint64(lo))
		prev = x
	}
	return plain, delta, fr
}

// uvarintLen is format.SizeUvarint for chooseIntEncoding's loop: the
// bit length of u|1 (which needs no test for zero, whose varint takes a
// byte as 1's does) looked up in uvarintLens, about 4 instructions where
// the division by 7's stand-in takes 8.
func uvarintLen(u uint64) int { return int(uvarintLens[bits.Len64(u|1)]) }

// uvarintLens is the length of the varint of a value of n bits.
var uvarintLens = func() (t [65]uint8) {
	for n := range t {
		t[n] = uint8(max(1, (n+6)/7))
	}
	return t
}()

// appendIntsChosen writes an integer column's values v (at least one) in
// the encoding chooseIntEncoding picks, and returns dst and the encoding.
// Its first pass, chooseIntEncoding's (the lowest value, and whether
// every value's zigzag fits in a byte), also stores each zigzag's low
// byte in dst's spare room: for such a column, the common one (flags,
// small counts, codes), those bytes are plain's values, so that it takes
// one pass, not two (appendZigZags' loop, about ten instructions a value);
// any other column drops them for the encoding chooseWideEncoding picks,
// at the cost of a store a value.
func (b *Builder) appendIntsChosen(dst []byte, v []int64) ([]byte, byte) {
	l := len(dst)
	dst = slices.Grow(dst, len(v))
	out := dst[l : l+len(v)]
	out = out[:len(v)]
	lo := v[0]
	var zz uint64 // every value's zigzag or'ed
	for i, x := range v {
		lo = min(lo, x)
		u := format.EncodeZigZag(x)
		zz |= u
		out[i] = byte(u)
	}
	if zz < 0x80 {
		return dst[:l+len(v)], format.EncInt
	}
	e, lo := chooseWideEncoding(v, lo)
	return b.appendInts(dst, e, lo, v), e
}

// appendInts writes an integer column's values in encoding enc, each
// value's uvarint straight into dst, without a slice of them in between.
func (b *Builder) appendInts(dst []byte, enc byte, lo int64, v []int64) []byte {
	switch enc {
	case format.EncInt:
		return appendZigZags(dst, v)
	case format.EncIntDelta:
		return appendDeltas(dst, v)
	}
	dst = format.AppendVarint(dst, lo)
	for _, x := range v {
		// The offset from lo, a value below 2^14 (nearly all of them)
		// without a call.
		switch u := uint64(x) - uint64(lo); {
		case u < 1<<7:
			dst = append(dst, byte(u))
		case u < 1<<14:
			dst = append(dst, byte(u)|0x80, byte(u>>7))
		default:
			dst = format.AppendUvarint(dst, u)
		}
	}
	return dst
}

// appendZigZags appends the uvarint of each value's zigzag (EncInt). It
// makes room for a byte a value at once and stores each value of -64 to
// 63 with no test of room, so that a column of such values, the common
// one (flags, small counts, codes), costs a few instructions a value; from
// the first value that takes more bytes on, it appends each.
func appendZigZags(dst []byte, v []int64) []byte {
	l := len(dst)
	dst = slices.Grow(dst, len(v))[:l+len(v)]
	out := dst[l:]
	out = out[:len(v)]
	for i, x := range v {
		u := format.EncodeZigZag(x)
		if u >= 0x80 {
			return appendZigZagsFrom(dst[:l+i], v[i:])
		}
		out[i] = byte(u)
	}
	return dst
}

// appendZigZagsFrom is appendZigZags for values that may take more than
// a byte: a value whose zigzag is below 2^14 without a call.
func appendZigZagsFrom(dst []byte, v []int64) []byte {
	for _, x := range v {
		switch u := format.EncodeZigZag(x); {
		case u < 1<<7:
			dst = append(dst, byte(u))
		case u < 1<<14:
			dst = append(dst, byte(u)|0x80, byte(u>>7))
		default:
			dst = format.AppendUvarint(dst, u)
		}
	}
	return dst
}

// appendDeltas appends the uvarint of the zigzag of each value's
// difference from the one before it (from 0 for the first: EncIntDelta),
// one below 2^14 without a call.
func appendDeltas(dst []byte, v []int64) []byte {
	prev := int64(0)
	for _, x := range v {
		switch u := format.EncodeZigZag(int64(uint64(x) - uint64(prev))); {
		case u < 1<<7:
			dst = append(dst, byte(u))
		case u < 1<<14:
			dst = append(dst, byte(u)|0x80, byte(u>>7))
		default:
			dst = format.AppendUvarint(dst, u)
		}
		prev = x
	}
	return dst
}

// appendRefs appends the table index of each string id of ids,
// remap[id], as a uvarint: a string-ref column's values, written straight
// from its ids rather than gathered into a slice of indexes first and
// appended one by one (about 16 instructions a value, where this loop
// takes about half). Room for two bytes an id is made once, so that
// indexes below 2^14, those of every page of up to 16,384 strings, are
// stored without a test of room; from a larger one on, appendRefsFrom
// appends each.
func appendRefs(dst []byte, ids, remap []uint32) []byte {
	n := len(dst)
	out := slices.Grow(dst, 2*len(ids))[:n+2*len(ids)]
	for i, id := range ids {
		v := remap[id]
		if v >= 1<<14 {
			return appendRefsFrom(out[:n], ids[i:], remap)
		}
		w := out[n : n+2 : n+2]
		if v < 0x80 {
			w[0] = byte(v)
			n++
		} else {
			w[0], w[1] = byte(v)|0x80, byte(v>>7)
			n += 2
		}
	}
	return out[:n]
}

// appendRefsFrom is appendRefs from an index of 2^14 or more on: an
// append of each index.
func appendRefsFrom(dst []byte, ids, remap []uint32) []byte {
	for _, id := range ids {
		dst = format.AppendUvarint(dst, uint64(remap[id]))
	}
	return dst
}

// appendUvarints appends each of vs as a uvarint. The loop writes values
// below 2^21 (nearly all of a column's ids, deltas and offsets) itself,
// without a call per value.
func appendUvarints(dst []byte, vs []uint64) []byte {
	for _, v := range vs {
		switch {
		case v < 1<<7:
			dst = append(dst, byte(v))
		case v < 1<<14:
			dst = append(dst, byte(v)|0x80, byte(v>>7))
		case v < 1<<21:
			dst = append(dst, byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14))
		default:
			dst = format.AppendUvarint(dst, v)
		}
	}
	return dst
}

// appendTimes writes a time column: the mode byte, then each cell.
func (b *Builder) appendTimes(dst []byte, ts []format.Timestamp, zeroPlus bool) []byte {
	mode := byte(format.TimeUTC)
	off := ts[0].Offset
	for i := range ts {
		if ts[i].Offset != off {
			mode = format.TimePerValue
			break
		}
	}
	if mode == format.TimeUTC && off != 0 {
		mode = format.TimeShared
	}
	if zeroPlus { // a text-time column whose zero offsets write "+00:00"
		dst = append(dst, mode|format.TimeZeroPlus)
	} else {
		dst = append(dst, mode)
	}
	if mode == format.TimeShared {
		dst = format.AppendVarint(dst, int64(off))
	}
	// Each cell straight into dst's spare room, made once: no scratch
	// slice of its values and no test of room a value. Seconds of 2^56
	// or more (zigzagged), which putUvarint does not take, send the rest
	// of the column to appendTimesFrom; a fraction (below 10^9*10+10)
	// and an offset (below 2^31) are always below it.
	perValue := mode == format.TimePerValue
	o := len(dst)
	dst = slices.Grow(dst, len(ts)*timeCellMax)
	out := dst[:cap(dst)]
	prev := int64(0)
	for i := range ts {
		t := &ts[i]
		s := format.EncodeZigZag(t.Local - prev)
		if s >= 1<<56 {
			return appendTimesFrom(out[:o], ts[i:], prev, perValue)
		}
		prev = t.Local
		// Seconds of one to three bytes (times a second to a few days
		// apart) and fractions of one or two (none, or milliseconds)
		// by their bytes, where putUvarint's spread costs more.
		w := (*[8]byte)(out[o : o+8])
		switch {
		case s < 1<<7:
			w[0] = byte(s)
			o++
		case s < 1<<14:
			w[0], w[1] = byte(s)|0x80, byte(s>>7)
			o += 2
		case s < 1<<21:
			w[0], w[1], w[2] = byte(s)|0x80, byte(s>>7)|0x80, byte(s>>14)
			o += 3
		default:
			o += putUvarint(w, s)
		}
		w = (*[8]byte)(out[o : o+8])
		switch f := uint64(t.Frac)*10 + uint64(t.Digits); { // timeFrac(*t), without copying *t
		case f < 1<<7:
			w[0] = byte(f)
			o++
		case f < 1<<14:
			w[0], w[1] = byte(f)|0x80, byte(f>>7)
			o += 2
		default:
			o += putUvarint(w, f)
		}
		if !perValue {
			continue
		}
		if z := format.EncodeZigZag(int64(t.Offset)); z < 1<<7 { // UTC and ±1 minute
			out[o] = byte(z)
			o++
		} else {
			o += putUvarint((*[8]byte)(out[o:o+8]), z)
		}
	}
	return out[:o]
}

// timeCellMax is the room appendTimes makes for a cell: three uvarints
// (seconds, fraction, offset), each written with an 8-byte store.
const timeCellMax = 3 * 8

// appendTimesFrom is appendTimes's loop from a cell whose seconds take
// more than 8 bytes on: an append of each value. prev is the seconds of
// the cell before ts[0].
func appendTimesFrom(dst []byte, ts []format.Timestamp, prev int64, perValue bool) []byte {
	for i := range ts {
		t := &ts[i]
		dst = format.AppendVarint(dst, t.Local-prev)
		dst = format.AppendUvarint(dst, timeFrac(*t))
		if perValue {
			dst = format.AppendVarint(dst, int64(t.Offset))
		}
		prev = t.Local
	}
	return dst
}

// putUvarint stores the uvarint of v, which is below 2^56, at w and
// returns its length: one 8-byte store of v's 7-bit groups spread to
// bytes (spread7) and their continuation bits, about 30 instructions
// whatever the length, where an append a byte tested the room and
// compared the value against each length.
func putUvarint(w *[8]byte, v uint64) int {
	n := uvarintLen(v)
	binary.LittleEndian.PutUint64(w[:], spread7(v)|0x8080808080808080&(1<<(uint(8*n-8)&63)-1))
	return n
}

// spread7 moves the seven bits of each 7-bit group of v, which is below
// 2^56, to the low bits of a byte of its own, the first group to the first
// byte: the uvarint of v but for its continuation bits. Three steps, each
// halving the groups moved: 28 bits to each 32-bit half, 14 to each
// 16-bit quarter, 7 to each byte.
func spread7(v uint64) uint64 {
	v = v&(1<<28-1) | v<<4&((1<<28-1)<<32)
	v = v&0x00003FFF00003FFF | v<<2&0x3FFF00003FFF0000
	return v&0x007F007F007F007F | v<<1&0x7F007F007F007F00
}

// appendTagged copies the tagged values of src to dst as the page holds
// them: provisional string ids become table indexes, and a float cell that
// holds an integer within ±FloatIntMax (floatInt) becomes a TagFloatInt
// value, which sets *fint. Runs of values that need neither (other numbers,
// times, bytes: most of a column of mixed scalars) are copied with one
// append per run, and an empty run (between two arrays, objects or
// strings) with none: its append cost a call of memmove.
//
// Each array and object cell goes through reps, which writes a repeat in
// its place when an earlier cell of the column holds the same bytes (see
// repeatTable.cell). A cell that reps.copies lists as a copy of an
// earlier cell (Column.Copies) is written as that cell was, without a
// hash (repeatTable.copied). reps.again is called only once the column
// has cells remembered: most columns have none (nothing repeated yet, or
// cells too short), and its call cost about 35 instructions a cell.
func appendTagged(dst, src []byte, remap []uint32, fint *bool, reps *repeatTable) []byte {
	base := len(dst)
	run := 0 // start of the values not yet copied
	for pos := 0; pos < len(src); {
		switch src[pos] {
		case format.TagArray, format.TagObject:
			if run < pos { // cells of a column of containers follow each other
				dst = append(dst, src[run:pos]...)
			}
			var n int
			var h uint64
			if c := reps.copies; len(c) > 1 && int(c[0]) == pos {
				if dst, n = reps.copied(dst, base, pos); n > 0 {
					pos += n
					run = pos
					break
				}
			}
			if len(reps.seenCells) > 0 { // else again finds nothing: no call
				if dst, n, h = reps.again(dst, base, src, pos); n > 0 {
					pos += n
					run = pos
					break
				}
			}
			at, k := len(dst), len(reps.ranges)
			if !reps.nestedLeft() {
				dst, n = remapTagged(dst, src[pos:], remap, fint)
			} else {
				reps.off = pos
				dst, n = remapCopies(dst, src[pos:], remap, fint, reps)
			}
			l := len(dst) - at
			var target int
			if dst, target = reps.cell(dst, base, at); target >= 0 && n >= seenMin && reps.hit {
				reps.remember(h, src, pos, n, target, l)
			}
			if len(reps.ranges) > k && target >= 0 && base+target != at {
				reps.movedNested(k, at, base+target)
			}
			if target >= 0 && len(reps.copies) > 0 {
				reps.done = append(reps.done, doneCell{src: uint32(pos), srcLen: uint32(n), target: uint32(target), targetLen: uint32(l)})
			}
			pos += n
			run = pos
		case format.TagString:
			if run < pos {
				dst = append(dst, src[run:pos]...)
			}
			var n int
			dst, n = copyID(append(dst, format.TagString), src[pos+1:], remap)
			pos += 1 + n
			run = pos
		case format.TagFloat:
			v, n, ok := cellInt(src[pos+1:])
			if ok { // else the float stays in the run
				dst = append(dst, src[run:pos]...)
				*fint = true
				dst = format.AppendVarint(append(dst, format.TagFloatInt), v)
				run = pos + 1 + n
			}
			pos += 1 + n
		case format.TagNull, format.TagFalse, format.TagTrue:
			pos++ // stays in the run, as what follows
		case format.TagInt, format.TagUint, format.TagFloatInt:
			// The end of a varint of up to 8 bytes, found with one
			// 8-byte load as remapTagged finds it, not by SkipValue's
			// call and byte loop.
			if pos+9 <= len(src) {
				if ends := ^binary.LittleEndian.Uint64(src[pos+1:]) & 0x8080808080808080; ends != 0 {
					pos += 2 + bits.TrailingZeros64(ends)>>3
					break
				}
			}
			pos += format.SkipValue(src[pos:])
		default:
			pos += format.SkipValue(src[pos:])
		}
	}
	return append(dst, src[run:]...)
}

// remapTagged copies one tagged value from src to dst as appendTagged does
// and returns the bytes of src it used. It walks the value in one loop,
// with the arrays and objects it is inside on a stack of their elements
// left, not a call per container: on pages of many small objects (a price
// list, areas with their ids) the calls cost more than the copying.
//
// The loop copies the common elements itself (arrays and objects of fewer
// than 128 elements, literals, integers of up to 8 varint bytes, float
// cells of fractions, raw float cells, and
// strings and keys whose ids and indexes take one or two bytes each) with stores
// into dst's spare room, which it makes sure of at the top of each turn,
// and nothing else: everything else goes to remapElem or remapKey, its one
// way out, which also make the room. So the loop makes no call on its hot
// paths, where an append's growslice or a rare element's call anywhere in
// it had its values stored to the stack and loaded back on every turn.
func remapTagged(dst, src []byte, remap []uint32, fint *bool) ([]byte, int) {
	// cur is the innermost container's elements left << 1 | 1 for an
	// object, held in a register; open holds the ones around it, outermost
	// first (0 below them all: the value itself, which ends the walk).
	var open [remapDepth]uint64
	depth, cur := 0, uint64(0)
	pos := 0
	// The loop writes at out[o:], out being dst up to its capacity, and
	// reads and writes through fixed-size views of src and out, so that
	// one test of each length a turn stands for the bounds checks of
	// every load and store of the element (and dst's length is set once,
	// at the end, not per element).
	out, o := dst[:cap(dst)], len(dst)
	for {
		if o+remapRoom > len(out) || pos+remapView > len(src) {
			goto elem
		}
		{
			w, s := remapViews(out, o, src, pos)
			switch t := s[0]; t {
			case format.TagArray, format.TagObject:
				cnt := uint64(binary.LittleEndian.Uint32(s[1:5]))
				if cnt >= 0x80 || cnt > 0 && depth == remapDepth {
					goto elem
				}
				w[0], w[1] = t, byte(cnt)
				o += 2
				pos += 1 + containerCountSize
				if cnt > 0 {
					open[depth&(remapDepth-1)] = cur
					depth++
					cur = cnt<<1 | uint64(t-format.TagArray) // TagObject is TagArray+1
				}
			case format.TagString:
				// An id of one or two bytes, whose index takes one or two.
				id, n := uint32(s[1]), 1+int(s[1]>>7)
				if id >= 0x80 {
					if c := s[2]; c < 0x80 {
						id = id&0x7F | uint32(c)<<7
					} else {
						goto elem
					}
				}
				v := remap[id]
				if v < 0x80 {
					w[0], w[1] = format.TagString, byte(v)
					o += 2
				} else if v < 1<<14 {
					w[0], w[1], w[2] = format.TagString, byte(v)|0x80, byte(v>>7)
					o += 3
				} else {
					goto elem
				}
				pos += 1 + n
			case format.TagNull, format.TagFalse, format.TagTrue:
				w[0] = t
				o++
				pos++
			case format.TagInt, format.TagUint, format.TagFloatInt:
				// A varint of up to 8 bytes is found and copied with one
				// 8-byte load and store.
				u := binary.LittleEndian.Uint64(s[1:9])
				ends := ^u & 0x8080808080808080
				if ends == 0 {
					goto elem
				}
				w[0] = t
				binary.LittleEndian.PutUint64(w[1:9], u)
				n := bits.TrailingZeros64(ends)>>3 + 1
				o += 1 + n
				pos += 1 + n
			case format.TagFloat:
				// A fraction: a decimal cell of negative exponent, which
				// cellInt never reads as an integer (a raw cell is copied
				// below; every other selector takes remapElem). Its mantissa
				// of up to 9 varint bytes, what a float64's shortest digits
				// take, is found with one 8-byte load and a byte, and copied
				// with one 8-byte store and a byte (remapElem's call,
				// cellInt's and a copy's cost about 100 instructions).
				sel := s[1]
				if int(sel&0x7F) >= format.FloatExpBias {
					// A raw cell (-0, a subnormal, a huge value): its 8
					// bytes copied with one load and store, as cellInt
					// would leave it. Other whole decimals go to
					// remapElem, which may make them integers.
					if sel != format.FloatRawSelector {
						goto elem
					}
					w[0], w[1] = t, sel
					binary.LittleEndian.PutUint64(w[2:10], binary.LittleEndian.Uint64(s[2:10]))
					o += 2 + 8
					pos += 2 + 8
					break // the switch: the element is done
				}
				u := binary.LittleEndian.Uint64(s[2:10])
				n := 9
				if ends := ^u & 0x8080808080808080; ends != 0 {
					n = bits.TrailingZeros64(ends)>>3 + 1
				} else if s[10] >= 0x80 {
					goto elem
				}
				w[0], w[1], w[10] = t, sel, s[10]
				binary.LittleEndian.PutUint64(w[2:10], u)
				o += 2 + n
				pos += 2 + n
			default:
				goto elem
			}
		}
		goto next
	elem:
		{
			var push uint64
			dst, pos, push = remapElem(out[:o], src, pos, remap, fint, depth == remapDepth)
			out, o = dst[:cap(dst)], len(dst)
			if push != 0 {
				open[depth&(remapDepth-1)] = cur
				depth++
				cur = push
			}
		}
	next:
		// The next element: close the containers it has left, and copy
		// its key if it is in an object (out has room for it).
		for cur < 2 {
			if depth == 0 {
				return out[:o], pos
			}
			depth--
			cur = open[depth&(remapDepth-1)]
		}
		cur -= 2
		if cur&1 == 0 {
			continue
		}
		// A key id of one or two bytes (a page of up to 16,384 strings),
		// whose index takes one or two, without a call. v is 1<<14, which
		// takes the call, for a longer id. A key is followed by its value,
		// so src holds at least 2 bytes (if not, remapKey takes the key);
		// out has room for 2 (see keyViews).
		if pos+2 <= len(src) {
			w, k := keyViews(out, o, src, pos)
			v, n := uint32(1<<14), 1+int(k[0]>>7)
			if id := uint32(k[0]); id < 0x80 {
				v = remap[id]
			} else if c := k[1]; c < 0x80 {
				v = remap[id&0x7F|uint32(c)<<7]
			}
			if v < 0x80 {
				w[0] = byte(v)
				o++
				pos += n
				continue
			}
			if v < 1<<14 {
				w[0], w[1] = byte(v)|0x80, byte(v>>7)
				o += 2
				pos += n
				continue
			}
		}
		dst, pos = remapKey(out[:o], src, pos, remap)
		out, o = dst[:cap(dst)], len(dst)
	}
}

// remapCopies is remapTagged for a value in which reps may list arrays and
// objects as copies of earlier ones, or as values copied (reps.nested, src
// starting at the column's offset reps.off): each is written by nestedCopy
// where the loop meets it, a copy without a walk of its elements. The
// loop's test of src's length stops it short of the next one, so that its
// other elements cost nothing more. Its loop is remapTagged's, kept apart:
// one loop for both, reps nil for remapTagged, cost 12% to 16% more
// instructions on the cells of pages without copies (instruments-25,
// hetero-100), its values kept in other registers.
func remapCopies(dst, src []byte, remap []uint32, fint *bool, reps *repeatTable) ([]byte, int) {
	// cur is the innermost container's elements left << 1 | 1 for an
	// object, held in a register; open holds the ones around it, outermost
	// first (0 below them all: the value itself, which ends the walk).
	var open [remapDepth]uint64
	depth, cur := 0, uint64(0)
	pos := 0
	// The loop writes at out[o:], out being dst up to its capacity, and
	// reads and writes through fixed-size views of src and out, so that
	// one test of each length a turn stands for the bounds checks of
	// every load and store of the element (and dst's length is set once,
	// at the end, not per element).
	out, o := dst[:cap(dst)], len(dst)
	// lim is the last position of an element the loop reads itself:
	// remapView bytes before src's end, and before the next copy.
	lim := min(len(src)-remapView, reps.nextNested(len(src))-1)
	for {
		if o+remapRoom > len(out) || pos > lim {
			goto elem
		}
		{
			w, s := remapViews(out, o, src, pos)
			switch t := s[0]; t {
			case format.TagArray, format.TagObject:
				cnt := uint64(binary.LittleEndian.Uint32(s[1:5]))
				if cnt >= 0x80 || cnt > 0 && depth == remapDepth {
					goto elem
				}
				w[0], w[1] = t, byte(cnt)
				o += 2
				pos += 1 + containerCountSize
				if cnt > 0 {
					open[depth&(remapDepth-1)] = cur
					depth++
					cur = cnt<<1 | uint64(t-format.TagArray) // TagObject is TagArray+1
				}
			case format.TagString:
				// An id of one or two bytes, whose index takes one or two.
				id, n := uint32(s[1]), 1+int(s[1]>>7)
				if id >= 0x80 {
					if c := s[2]; c < 0x80 {
						id = id&0x7F | uint32(c)<<7
					} else {
						goto elem
					}
				}
				v := remap[id]
				if v < 0x80 {
					w[0], w[1] = format.TagString, byte(v)
					o += 2
				} else if v < 1<<14 {
					w[0], w[1], w[2] = format.TagString, byte(v)|0x80, byte(v>>7)
					o += 3
				} else {
					goto elem
				}
				pos += 1 + n
			case format.TagNull, format.TagFalse, format.TagTrue:
				w[0] = t
				o++
				pos++
			case format.TagInt, format.TagUint, format.TagFloatInt:
				// A varint of up to 8 bytes is found and copied with one
				// 8-byte load and store.
				u := binary.LittleEndian.Uint64(s[1:9])
				ends := ^u & 0x8080808080808080
				if ends == 0 {
					goto elem
				}
				w[0] = t
				binary.LittleEndian.PutUint64(w[1:9], u)
				n := bits.TrailingZeros64(ends)>>3 + 1
				o += 1 + n
				pos += 1 + n
			case format.TagFloat:
				// A fraction: a decimal cell of negative exponent, which
				// cellInt never reads as an integer (a raw cell is copied
				// below; every other selector takes remapElem). Its mantissa
				// of up to 9 varint bytes, what a float64's shortest digits
				// take, is found with one 8-byte load and a byte, and copied
				// with one 8-byte store and a byte (remapElem's call,
				// cellInt's and a copy's cost about 100 instructions).
				sel := s[1]
				if int(sel&0x7F) >= format.FloatExpBias {
					// A raw cell (-0, a subnormal, a huge value): its 8
					// bytes copied with one load and store, as cellInt
					// would leave it. Other whole decimals go to
					// remapElem, which may make them integers.
					if sel != format.FloatRawSelector {
						goto elem
					}
					w[0], w[1] = t, sel
					binary.LittleEndian.PutUint64(w[2:10], binary.LittleEndian.Uint64(s[2:10]))
					o += 2 + 8
					pos += 2 + 8
					break // the switch: the element is done
				}
				u := binary.LittleEndian.Uint64(s[2:10])
				n := 9
				if ends := ^u & 0x8080808080808080; ends != 0 {
					n = bits.TrailingZeros64(ends)>>3 + 1
				} else if s[10] >= 0x80 {
					goto elem
				}
				w[0], w[1], w[10] = t, sel, s[10]
				binary.LittleEndian.PutUint64(w[2:10], u)
				o += 2 + n
				pos += 2 + n
			default:
				goto elem
			}
		}
		goto next
	elem:
		if pos >= reps.nextNested(len(src)) {
			var ok bool
			dst, pos, ok = reps.nestedCopy(out[:o], src, pos, remap, fint)
			out, o = dst[:cap(dst)], len(dst)
			lim = min(len(src)-remapView, reps.nextNested(len(src))-1)
			if ok {
				goto next
			}
		}
		{
			var push uint64
			dst, pos, push = remapElem(out[:o], src, pos, remap, fint, depth == remapDepth)
			out, o = dst[:cap(dst)], len(dst)
			if push != 0 {
				open[depth&(remapDepth-1)] = cur
				depth++
				cur = push
			}
		}
	next:
		// The next element: close the containers it has left, and copy
		// its key if it is in an object (out has room for it).
		for cur < 2 {
			if depth == 0 {
				return out[:o], pos
			}
			depth--
			cur = open[depth&(remapDepth-1)]
		}
		cur -= 2
		if cur&1 == 0 {
			continue
		}
		// A key id of one or two bytes (a page of up to 16,384 strings),
		// whose index takes one or two, without a call. v is 1<<14, which
		// takes the call, for a longer id. A key is followed by its value,
		// so src holds at least 2 bytes (if not, remapKey takes the key);
		// out has room for 2 (see keyViews).
		if pos+2 <= len(src) {
			w, k := keyViews(out, o, src, pos)
			v, n := uint32(1<<14), 1+int(k[0]>>7)
			if id := uint32(k[0]); id < 0x80 {
				v = remap[id]
			} else if c := k[1]; c < 0x80 {
				v = remap[id&0x7F|uint32(c)<<7]
			}
			if v < 0x80 {
				w[0] = byte(v)
				o++
				pos += n
				continue
			}
			if v < 1<<14 {
				w[0], w[1] = byte(v)|0x80, byte(v>>7)
				o += 2
				pos += n
				continue
			}
		}
		dst, pos = remapKey(out[:o], src, pos, remap)
		out, o = dst[:cap(dst)], len(dst)
	}
}

// remapRoom is the spare room remapTagged makes sure of before each of
// its elements: enough for the longest element its loop copies itself
// (a fraction's tag, selector, 8-byte store and byte: 11) and the key
// after it.
const remapRoom = 16

// remapView is the most bytes remapTagged's loop reads of an element it
// copies itself (a fraction's tag, selector, 8-byte load and byte); an
// element nearer the end of src takes remapElem.
const remapView = 11

// remapElem copies the element at src[pos] for remapTagged when its loop
// does not (or dst is short of room) and returns dst with remapRoom bytes
// of room, the position after the element's tag and count if it is a
// non-empty array or object, else after the element, and, for such an
// array or object, its elements << 1 | 1 for an object (to push on
// remapTagged's stack), else 0. deep says the stack is full: a non-empty
// array or object is then copied whole by a call of remapTagged of its
// own.
//
//go:noinline
func remapElem(dst, src []byte, pos int, remap []uint32, fint *bool, deep bool) ([]byte, int, uint64) {
	var push uint64
	switch t := src[pos]; t {
	case format.TagArray, format.TagObject:
		cnt := containerCount(src[pos+1:])
		if cnt > 0 && deep {
			var n int
			dst, n = remapTagged(dst, src[pos:], remap, fint)
			pos += n
			break
		}
		dst = format.AppendUvarint(append(dst, t), cnt)
		pos += 1 + containerCountSize
		if cnt > 0 {
			push = cnt<<1 | uint64(t-format.TagArray) // TagObject is TagArray+1
		}
	case format.TagString:
		var id uint32
		id, pos = readID(src, pos+1)
		dst = AppendTaggedStr(dst, remap[id])
	case format.TagNull, format.TagFalse, format.TagTrue:
		dst = append(dst, t)
		pos++
	case format.TagInt, format.TagUint, format.TagFloatInt:
		dst, pos = copyVarint(dst, src, pos)
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		n := 1 + varintsLen(src[pos+1:], 3)
		dst = append(dst, src[pos:pos+n]...)
		pos += n
	case format.TagFloat:
		v, n, ok := cellInt(src[pos+1:])
		if ok {
			*fint = true
			dst = format.AppendVarint(append(dst, format.TagFloatInt), v)
		} else {
			dst = append(dst, src[pos:pos+1+n]...)
		}
		pos += 1 + n
	default: // bytes, number text
		n := format.SkipValue(src[pos:])
		dst = append(dst, src[pos:pos+n]...)
		pos += n
	}
	return slices.Grow(dst, remapRoom), pos, push
}

// remapKey copies the key id at src[pos] for remapTagged when its id or
// index takes more than a byte, and returns dst and the position after it.
//
//go:noinline
func remapKey(dst, src []byte, pos int, remap []uint32) ([]byte, int) {
	var id uint32
	id, pos = readID(src, pos)
	return AppendID(dst, remap[id]), pos
}

// remapDepth is how deep remapTagged follows arrays and objects in one
// call; a value nested deeper takes a call per remapDepth levels. The
// stack is zeroed at every call, one per array or object cell: 8 levels
// (64 bytes) hold the values of real pages, where 32 cost 256 bytes of
// stores a cell.
const remapDepth = 8

// copyVarint appends the tag at src[pos] and the varint after it to dst and
// returns the position after them. A varint of up to 8 bytes, which every
// integer below 2^56 is, is found and copied with one 8-byte load and store,
// where a byte loop and a copy cost several times more.
func copyVarint(dst, src []byte, pos int) ([]byte, int) {
	if pos+9 <= len(src) {
		u := binary.LittleEndian.Uint64(src[pos+1:])
		if ends := ^u & 0x8080808080808080; ends != 0 {
			n := bits.TrailingZeros64(ends)>>3 + 1 // the varint's bytes
			at := len(dst) + 1 + n
			dst = binary.LittleEndian.AppendUint64(append(dst, src[pos]), u)
			return dst[:at], pos + 1 + n
		}
	}
	n := 1 + varintsLen(src[pos+1:], 1)
	return append(dst, src[pos:pos+n]...), pos + n
}

// varintsLen returns the length of the k varints at the start of b, which
// the builder wrote: the bytes up to the k-th without the continuation
// bit. It lets remapTagged copy an element that holds no string id (an
// integer, a time) in its loop, where a call to remapTagged and
// format.SkipValue cost several times the copy.
func varintsLen(b []byte, k int) int {
	n := 0
	for ; k > 0; k-- {
		for b[n] >= 0x80 {
			n++
		}
		n++
	}
	return n
}

// copyID reads the provisional string id src starts with and appends its
// table index, remap[id], to dst as a uvarint; it returns the bytes of
// src it read. Ids and indexes of one and two bytes take no further call.
func copyID(dst, src []byte, remap []uint32) ([]byte, int) {
	var id uint32
	n := 1
	switch {
	case src[0] < 0x80:
		id = uint32(src[0])
	case len(src) > 1 && src[1] < 0x80:
		id, n = uint32(src[0]&0x7F)|uint32(src[1])<<7, 2
	default:
		v, m := format.ConsumeUvarint(src)
		id, n = uint32(v), m
	}
	switch v := remap[id]; {
	case v < 1<<7:
		dst = append(dst, byte(v))
	case v < 1<<14:
		dst = append(dst, byte(v)|0x80, byte(v>>7))
	default:
		dst = format.AppendUvarint(dst, uint64(v))
	}
	return dst, n
}

// readID reads the provisional string id the builder wrote at b[pos] (a
// uvarint, AppendID's bytes) and returns it and the position after it.
// Small enough to be inlined in the writer's loops, so that no id takes a
// call (a two-byte id, in a page of more than 127 strings, took one).
func readID(b []byte, pos int) (uint32, int) {
	c := b[pos]
	if c < 0x80 {
		return uint32(c), pos + 1
	}
	id := uint32(c & 0x7F)
	for shift := 7; ; shift += 7 {
		pos++
		c = b[pos]
		id |= uint32(c&0x7F) << shift
		if c < 0x80 {
			return id, pos + 1
		}
	}
}

// consumeID reads a provisional string id the builder wrote: a uvarint,
// inline for one and two bytes.
func consumeID(b []byte) (uint64, int) {
	if b[0] < 0x80 {
		return uint64(b[0]), 1
	}
	if len(b) > 1 && b[1] < 0x80 {
		return uint64(b[0]&0x7F) | uint64(b[1])<<7, 2
	}
	return format.ConsumeUvarint(b)
}

// Inside the builder, arrays and objects carry a fixed four-byte count so
// that a streaming producer (the JSON tokenizer) can patch it when the
// container closes; remapTagged rewrites it as the canonical uvarint.
const containerCountSize = 4

func AppendContainer(b []byte, tag byte, n int) []byte {
	return append(b, tag, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
}

func containerCount(b []byte) uint64 {
	return uint64(binary.LittleEndian.Uint32(b))
}

func PatchContainer(b []byte, at int, n int) {
	b[at+1], b[at+2], b[at+3], b[at+4] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
}

// strList reports whether every cell of c, an any column, is null or an
// array of strings, and how many are null: at once when its producer
// counted every cell as an array of strings (StrLists), else by a scan.
func (c *Column) strList() (nulls int, ok bool) {
	if c.StrLists == c.count {
		return 0, true
	}
	return strListColumn(c.Tagged)
}

// strListColumn reports whether every cell of an any column is null or an
// array of strings (the string-list encoding), and how many are null.
func strListColumn(buf []byte) (nulls int, ok bool) {
	pos := 0
	for pos < len(buf) {
		switch buf[pos] {
		case format.TagNull:
			nulls++
			pos++
		case format.TagArray:
			cnt := containerCount(buf[pos+1:])
			pos += 1 + containerCountSize
			for i := uint64(0); i < cnt; i++ {
				if buf[pos] != format.TagString {
					return 0, false
				}
				_, n := consumeID(buf[pos+1:])
				pos += 1 + n
			}
		default:
			return 0, false
		}
	}
	return nulls, true
}

func bitmapBit(nulls int) byte {
	if nulls > 0 {
		return format.EncNullBitmap
	}
	return 0
}

// appendNullBitmap appends the null bitmap (SPEC.md 5.1) of the count
// cells whose tagged values are buf: a bit per cell, set for a TagNull.
// size returns the length of the non-null value at the start of its
// argument.
func appendNullBitmap(dst, buf []byte, count int, size func([]byte) int) []byte {
	start := len(dst)
	dst = append(dst, make([]byte, (count+7)/8)...)
	for i, pos := 0, 0; pos < len(buf); i++ {
		if buf[pos] == format.TagNull {
			dst[start+i>>3] |= 1 << (i & 7)
			pos++
			continue
		}
		pos += size(buf[pos:])
	}
	return dst
}

// strListLen returns the length of the array of string ids at the start of
// b, as the builder holds it (a fixed-size count, then tagged ids).
func strListLen(b []byte) int {
	pos := 1 + containerCountSize
	for j := containerCount(b[1:]); j > 0; j-- {
		_, n := consumeID(b[pos+1:])
		pos += 1 + n
	}
	return pos
}

// writeStrList writes a string-list column: the null bitmap if any cell is
// null, then each array as a count and its string indexes. An id and an
// index of one byte each, as most are, are copied in the loop.
func (b *Builder) writeStrList(dst []byte, c *Column, nulls int) []byte {
	buf, remap := c.Tagged, b.remap
	if nulls > 0 {
		dst = appendNullBitmap(dst, buf, c.count, strListLen)
	}
	pos := 0
	for pos < len(buf) {
		if buf[pos] == format.TagNull {
			pos++
			continue
		}
		cnt := containerCount(buf[pos+1:])
		pos += 1 + containerCountSize
		dst = format.AppendUvarint(dst, cnt)
		for j := uint64(0); j < cnt; j++ {
			var id uint32
			id, pos = readID(buf, pos+1)
			dst = AppendID(dst, remap[id])
		}
	}
	return dst
}

// remapTagged indexes its stack with depth&(remapDepth-1), which holds
// only if remapDepth is a power of two: this fails to compile otherwise.
var _ [0]struct{} = [remapDepth & (remapDepth - 1)]struct{}{}
