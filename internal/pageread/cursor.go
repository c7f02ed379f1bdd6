package pageread

import (
	"encoding/binary"
	"math/bits"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// Cell is one decoded value. Tag says which fields hold it: TagNull,
// TagFalse and TagTrue carry nothing; TagInt uses Int; TagUint uses Uint;
// TagFloat uses Float; TagString uses Str (a string-table index); TagTime,
// TagTextTime and TagTextTimePlus (strings of RFC 3339 text) use Time;
// TagBytes, TagNumber and TagRaw use Data; TagArray and TagObject use Len
// (element count) and Data (the encoded elements, read with ValueReader).
// Data aliases the page. An integral float (EncFloatInt cell, TagFloatInt
// value) reads as TagFloat with Float the integer's normalised decimal
// (intFloatCell), exactly the cell a float column would hold for it, so no
// reader of cells tells the two apart. A number cell of an EncIntFloat
// column reads as TagInt or TagFloat, as it would in an EncAny column.
//
// A container that ValueReader.Next returns is open: its Data runs on
// past its last element to the end of the enclosing value, because finding
// the end means walking the whole container, and readers that recurse would
// walk it again at every level. A reader that walks the open cell's
// elements closes it (Close) with the length it found, which tells the
// reader of the enclosing value where the next element starts. Reads driven
// by Len work the same on open and closed cells.
type Cell struct {
	// The small fields come first and share a word: a Cell is copied
	// with every Elems, so its size is a cost.
	Tag uint8
	// Flat marks an array whose Data holds bare uvarint string-table
	// indexes (a string-list cell) instead of tagged values.
	Flat bool
	// Open marks a container whose Data runs past its end (see above).
	Open  bool
	Str   uint32
	Int   int64
	Uint  uint64
	Float format.FloatCell
	Time  format.Timestamp
	Data  []byte
	Len   int
}

// Cursor walks one column's cells in row order. It must only be used on a
// Layout that Parse accepted: it trusts the validation and does no checks of
// its own beyond Go's bounds checks. For each present cell call TakeNull
// first; when it returns false, call exactly one Take method matching the
// column's encoding (or TakeCell).
type Cursor struct {
	enc uint8 // encoding without the bitmap bit
	lay uint8 // integer layout of an int or float-int column: EncInt, EncIntDelta or EncIntFOR
	// take is the case of TakeCells that reads the column's cells
	// (takeCases): chosen by the encoding with its null-bitmap bit
	// (EncNullBitmap), so that one switch both picks the encoding and
	// tests for a bitmap.
	take uint8
	// high and highLen: the digits before the last eight (1 to 1e8-1) of
	// the last integer of 9 to 16 digits that TakeIntJSON wrote, 0 for
	// none, and their count; highText (below) holds their text. In the
	// padding before data.
	highLen uint8
	high    uint32

	data []byte
	pos  int
	bits []byte // null bitmap or nil
	i    int    // index of the current present cell
	vi   int    // index of the current value (non-null cell)
	acc  int64  // running value: delta sum, frame minimum, time seconds, sequence base
	off  int32  // shared time offset
	mode uint8  // time mode, without TimeZeroPlus
	plus bool   // text-time column whose zero offsets write "+00:00"

	// for the checked Take methods (checked.go)
	max   uint64 // largest value allowed: last string index, largest frame offset
	start int    // where the cells begin after the frame minimum
	bad   bool   // a checked read found a malformed cell
	mixed bool   // TakeTimeJSON met two different per-value offsets
	zero  bool   // TakeTimeJSON met a zero per-value offset
	ints  bool   // TakeIntFloatJSON met an integer
	flts  bool   // TakeIntFloatJSON met a float

	open openMark // the container TakeCellOpen left open, if any
	keep bool     // TakeCell reads array and object cells open (KeepOpen)
	rep  int      // bytes of the repeat AnyBytes resolved, for Advance; 0 if none
	col  int      // the column's index

	esc *EscapedStrings // where the renderers copy repeated escaped strings from (SetEscaped), or nil

	times []timeCell // a time column's cells as Parse decoded them (Column.times), for TakeCells; or nil

	highText uint64 // the text of high in its low highLen bytes, for TakeIntJSON
}

// Cursor returns a cursor at the first cell of column c.
func (l *Layout) Cursor(c int) Cursor {
	var cur Cursor
	l.ResetCursor(&cur, c)
	return cur
}

// ResetCursor sets *cur to a cursor at the first cell of column c: Cursor
// without building the cursor apart and copying it, for a reader that keeps
// its cursors in a slice. It clears *cur, then sets what a cursor of the
// column starts with (StartCursor).
func (l *Layout) ResetCursor(cur *Cursor, c int) {
	*cur = Cursor{}
	l.StartCursor(cur, c)
}

// StartCursor is ResetCursor for a cursor that is already the zero Cursor
// (a new one, or one of a slice the caller cleared after its last use): it
// sets only the fields a cursor of column c starts with, where clearing
// the cursor first (some 170 bytes) cost about a third of ResetCursor. On
// a cursor that is not zero its reads are wrong.
func (l *Layout) StartCursor(cur *Cursor, c int) {
	col := &l.Columns[c]
	cur.enc, cur.take, cur.data, cur.col = col.Enc&^format.EncNullBitmap, takeCases[col.Enc], col.Payload, c
	if col.Enc&format.EncNullBitmap != 0 {
		nb := (col.Count + 7) / 8
		cur.bits = col.Payload[:nb]
		cur.pos = nb
	}
	cur.lay = cur.enc
	if cur.enc == format.EncFloatInt {
		cur.lay = cur.data[cur.pos]
		cur.pos++
	}
	switch cur.enc {
	case format.EncIntFOR, format.EncFloatInt:
		if cur.lay == format.EncIntFOR {
			v, n := format.ConsumeVarint(cur.data[cur.pos:])
			cur.acc, cur.pos = v, cur.pos+n
		}
	case format.EncStrSeq:
		v, n := format.ConsumeUvarint(cur.data[cur.pos:])
		cur.acc, cur.pos = int64(v), cur.pos+n
	case format.EncTime, format.EncTextTime:
		if cur.bits == nil { // TakeCells takes cells of a column without nulls by index
			cur.times = col.times
		}
		cur.mode = cur.data[cur.pos] &^ format.TimeZeroPlus
		cur.plus = cur.data[cur.pos]&format.TimeZeroPlus != 0 && cur.enc == format.EncTextTime
		cur.pos++
		if cur.mode == format.TimeShared {
			v, n := format.ConsumeVarint(cur.data[cur.pos:])
			cur.off, cur.pos = int32(v), cur.pos+n
		}
	}
	l.cursorLimits(cur)
}

// Encoding returns the column encoding without the null-bitmap bit.
func (c *Cursor) Encoding() uint8 { return c.enc }

// MayBeNull reports whether any cell of the column may be null (an EncNull
// column, or one with a null bitmap). On a column where it is false
// TakeNull always returns false and does nothing, so a renderer that
// tests this once per column may skip the call: the test it saves costs
// five or so instructions a cell.
func (c *Cursor) MayBeNull() bool { return c.enc == format.EncNull || c.bits != nil }

// TakeNull reports whether the current cell is null, and if so moves past it.
func (c *Cursor) TakeNull() bool {
	if c.enc == format.EncNull {
		c.i++
		return true
	}
	if c.bits != nil && c.bits[c.i>>3]&(1<<(c.i&7)) != 0 {
		c.i++
		return true
	}
	return false
}

// TakeBool reads an EncBool cell.
func (c *Cursor) TakeBool() bool {
	v := c.data[c.pos+c.vi>>3]&(1<<(c.vi&7)) != 0
	c.vi++
	c.i++
	return v
}

// uv reads the uvarint at the cursor, with the one-byte case inline.
// It inlines; longer varints take uvSlow.
func (c *Cursor) uv() uint64 {
	if b := c.data[c.pos]; b < 0x80 {
		c.pos++
		return uint64(b)
	}
	return c.uvSlow()
}

// uvSlow reads a varint of two or more bytes. Parse checked it, so with 8
// bytes in the payload it is decoded from one load without ConsumeUvarint's
// checks: the end from the continuation bits, the groups with shifts.
//
//go:noinline
func (c *Cursor) uvSlow() uint64 {
	// Two bytes, the most common longer varint (frame offsets, string
	// indexes past 127, time steps), take one test and a shift: the
	// one-load decoding below costs several times that.
	if p := c.pos + 1; p < len(c.data) {
		if y := c.data[p]; y < 0x80 {
			c.pos = p + 1
			return uint64(c.data[p-1]&0x7F) | uint64(y)<<7
		}
	}
	if c.pos+8 <= len(c.data) {
		w := jsonwire.Load64(c.data, c.pos)
		if stop := ^w & jsonwire.SWARHi; stop != 0 {
			n := bits.TrailingZeros64(stop)>>3 + 1
			w &= ^uint64(0) >> (64 - 8*n) // n = 8 keeps all
			c.pos += n
			return gather7(w)
		}
		if v, ok := c.uv910(w); ok {
			return v
		}
	}
	v, n := format.ConsumeUvarint(c.data[c.pos:])
	c.pos += n
	return v
}

// TakeInt reads an EncInt, EncIntDelta, EncIntFOR or EncFloatInt cell (the
// last as the integer it holds).
func (c *Cursor) TakeInt() int64 {
	c.i++
	switch c.lay {
	case format.EncInt:
		return format.DecodeZigZag(c.uv())
	case format.EncIntDelta:
		c.acc = int64(uint64(c.acc) + uint64(format.DecodeZigZag(c.uv())))
		return c.acc
	default: // EncIntFOR
		return int64(uint64(c.acc) + c.uv())
	}
}

// TakeUint reads an EncUint cell. Parse validated the column (its cells
// are never deferred), so with ten bytes left the varint is read from one
// load and the ninth byte without a check or a call: its end from the
// continuation bits of the word (one to eight bytes) or of the ninth byte
// (nine, or ten, whose tenth Parse checked to be 1: the values past 2^63
// that give a column this encoding). About 30 instructions a cell, where
// uv's way through uvSlow and uv910 cost about 105 for a ten-byte varint;
// the column's last cells are read by uv.
func (c *Cursor) TakeUint() uint64 {
	c.i++
	p := c.pos
	if p > len(c.data)-format.MaxVarintLen {
		return c.uv()
	}
	w := jsonwire.Load64(c.data, p)
	if stop := ^w & jsonwire.SWARHi; stop != 0 {
		c.pos = p + bits.TrailingZeros64(stop)>>3 + 1
		return gather7(w & (stop ^ (stop - 1))) // the varint's bytes, to its stop bit
	}
	b := c.data[p+8]
	if b < 0x80 {
		c.pos = p + 9
		return gather7(w) | uint64(b)<<56
	}
	c.pos = p + format.MaxVarintLen
	return gather7(w) | uint64(b&0x7F)<<56 | 1<<63
}

// TakeUintJSON reads an EncUint cell as TakeUint does (its reading
// written out again, as TakeUint does not inline) and appends its digits
// (jsonwire.AppendUint): one call for a render loop where the two took
// two, each with the loop's reloads and moves after it.
func (c *Cursor) TakeUintJSON(dst []byte) []byte {
	c.i++
	p := c.pos
	if p > len(c.data)-format.MaxVarintLen {
		return jsonwire.AppendUint(dst, c.uv())
	}
	w := jsonwire.Load64(c.data, p)
	var v uint64
	if stop := ^w & jsonwire.SWARHi; stop != 0 {
		c.pos = p + bits.TrailingZeros64(stop)>>3 + 1
		v = gather7(w & (stop ^ (stop - 1)))
	} else if b := c.data[p+8]; b < 0x80 {
		c.pos = p + 9
		v = gather7(w) | uint64(b)<<56
	} else {
		c.pos = p + format.MaxVarintLen
		v = gather7(w) | uint64(b&0x7F)<<56 | 1<<63
	}
	return jsonwire.AppendUint(dst, v)
}

// TakeFloat reads an EncFloat cell.
// Parse validated the cell, so it is decoded here without the checks of
// ConsumeFloatCell.
func (c *Cursor) TakeFloat() format.FloatCell {
	c.i++
	s := c.data[c.pos]
	if s == format.FloatRawSelector {
		b := c.data[c.pos+1 : c.pos+format.FloatRawSize]
		c.pos += format.FloatRawSize
		return format.FloatCell{Raw: true, Bits: binary.LittleEndian.Uint64(b)}
	}
	c.pos++
	return format.FloatCell{Dec: format.Decimal{Neg: s&0x80 != 0, Mant: c.uv(), Exp: int(s&0x7F) - format.FloatExpBias}}
}

// TakeFloat64 reads an EncFloat cell as a float64, as TakeFloat().Float64()
// gives it. The common cell, a decimal with a mantissa below 2^53 and an
// exponent within ±22, takes Float64's own exact step here
// (format.ExactDecimal64: one multiplication or division by an exact power
// of ten, which rounds once), without building a FloatCell and passing it
// on: some 170 instructions a cell become some 40. Others go through
// FloatCell.Float64.
func (c *Cursor) TakeFloat64() float64 {
	s := c.data[c.pos]
	if s == format.FloatRawSelector {
		return c.TakeFloat().Float64()
	}
	c.pos++
	c.i++
	m, e := c.uv(), int(s&0x7F)-format.FloatExpBias
	f, ok := format.ExactDecimal64(m, e)
	if !ok {
		return format.FloatCell{Dec: format.Decimal{Neg: s&0x80 != 0, Mant: m, Exp: e}}.Float64()
	}
	if s&0x80 != 0 {
		f = -f
	}
	return f
}

// TakeIntFloat64 reads an EncIntFloat cell as a float64: an integer
// converted (rounded to nearest even, as strconv.ParseFloat rounds its
// decimal text), a float cell as TakeFloat64 gives it.
func (c *Cursor) TakeIntFloat64() float64 {
	if c.data[c.pos] == format.IntFloatSelector {
		c.pos++
		c.i++
		return float64(format.DecodeZigZag(c.uv()))
	}
	return c.TakeFloat64()
}

// TakeStrRun takes the next n cells of an EncStrSeq column without nulls
// at once and returns the string-table index of the first: the others hold
// the indexes after it, in order. It is n calls of TakeStr in one.
func (c *Cursor) TakeStrRun(n int) uint32 {
	v := c.acc
	c.acc += int64(n)
	c.i += n
	return uint32(v)
}

// TakeStr reads an EncStrRef or EncStrSeq cell as a string-table index.
func (c *Cursor) TakeStr() uint32 {
	c.i++
	if c.enc == format.EncStrSeq {
		v := c.acc
		c.acc++
		return uint32(v)
	}
	return uint32(c.uv())
}

// TakeTime reads an EncTime or EncTextTime cell: from the cells Parse
// kept decoded (Column.times) with a few loads when it kept them, else
// through takeTimeTo's one-load read of both varints. Two uv calls, the
// fraction's through uvSlow, cost about 145 instructions a cell.
func (c *Cursor) TakeTime() format.Timestamp {
	if uint(c.i) < uint(len(c.times)) {
		x := &c.times[c.i]
		c.i++
		c.pos += int(x.size)
		c.acc = x.local
		// Parse keeps the cells of EncTime columns whose mode fixes the
		// offset only: c.off is theirs, and ZeroPlus (text times) false.
		return format.Timestamp{Local: x.local, Frac: x.frac, Digits: x.digits, Offset: c.off}
	}
	var t format.Timestamp
	c.takeTimeTo(&t)
	return t
}

// takeTimeTo is TakeTime writing the timestamp into *t, field by field,
// for TakeCell: a Timestamp returned and then copied into a cell cost
// about twenty instructions more. The step and fraction varints are read
// together from one 8-byte load when both end within it (a step of up to
// 3 bytes and a nanosecond fraction of 5 always do), with one gather7 for
// both, as TakeTimeJSON reads them: two uv calls, the fraction's through
// uvSlow, cost about twice as much.
func (c *Cursor) takeTimeTo(t *format.Timestamp) {
	c.i++
	var step, f uint64
	if c.pos+8 <= len(c.data) {
		w := jsonwire.Load64(c.data, c.pos)
		stops := ^w & jsonwire.SWARHi // the last byte of each varint
		// Two one-byte varints (whole seconds) need no gather.
		if w&0x8080 == 0 {
			step, f = w&0x7F, w>>8&0x7F
			c.pos += 2
		} else if rest := stops & (stops - 1); rest != 0 {
			v := gather7(w & (rest ^ (rest - 1)))
			s := uint(bits.TrailingZeros64(stops)+1) * 7 / 8 & 63 // the step's bits
			step, f = v&(1<<s-1), v>>s
			c.pos += bits.TrailingZeros64(rest)>>3 + 1
		} else {
			step = c.uv()
			f = c.uv()
		}
	} else {
		step = c.uv()
		f = c.uv()
	}
	c.acc += format.DecodeZigZag(step)
	off := c.off
	if c.mode == format.TimePerValue {
		off = int32(format.DecodeZigZag(c.uv()))
	}
	t.Local, t.Frac, t.Digits, t.Offset, t.ZeroPlus = c.acc, uint32(f/10), uint8(f%10), off, c.plus && off == 0
}

// TakeBlob reads an EncBytes or EncNumber cell. The slice aliases the page.
func (c *Cursor) TakeBlob() []byte {
	c.i++
	l, n := format.ConsumeUvarint(c.data[c.pos:])
	c.pos += n
	b := c.data[c.pos : c.pos+int(l) : c.pos+int(l)]
	c.pos += int(l)
	return b
}

// AnyBytes returns the bytes from the current EncAny cell to the end of the
// payload; after reading n bytes of it, call Advance(n). For a repeat cell
// (TagRepeat) they are the bytes from the cell it repeats on, and Advance
// moves past the repeat whatever n is.
func (c *Cursor) AnyBytes() []byte {
	if c.data[c.pos] == format.TagRepeat {
		var off uint64
		off, c.rep = c.repeatAt()
		return c.data[off:]
	}
	c.rep = 0
	return c.data[c.pos:]
}

// Advance moves past an EncAny cell of n bytes (see AnyBytes), or the
// indexes of a string-list cell (see StrListHead).
func (c *Cursor) Advance(n int) {
	if c.rep != 0 {
		n, c.rep = c.rep, 0
	}
	c.pos += n
	c.i++
}

// Repeat reports whether the current cell of an EncAny cursor, not null,
// is a repeat (TagRepeat).
func (c *Cursor) Repeat() bool { return c.pos < len(c.data) && c.data[c.pos] == format.TagRepeat }

// repeatAt reads the repeat cell at the cursor: the payload offset of the
// cell it names, and its own length.
func (c *Cursor) repeatAt() (off uint64, n int) {
	off, n = format.ConsumeUvarint(c.data[c.pos+1:])
	return off, 1 + n
}

// TakeCellOpen is TakeCell for a reader that may walk a cell's elements
// itself: an array or object cell of an EncAny column comes back open (see
// Cell), costing only its header, as ValueReader.Next returns nested ones.
// Pass the same cell to the next call, so that if it was closed meanwhile
// (with the length a reader over its elements found) the cursor moves past
// it in O(1) instead of walking it. Other cells are read as TakeCell reads
// them.
func (c *Cursor) TakeCellOpen(cell *Cell) {
	if c.enc != format.EncAny {
		c.TakeCell(cell)
		return
	}
	c.takeAnyOpen(cell)
}

// KeepOpen makes TakeCell read the cursor's array and object cells as
// TakeCellOpen does, for a reader that takes every column's cells with
// TakeCell: it saves TakeCellOpen's call and test on the other columns.
// On a cursor of any other encoding than EncAny it changes nothing.
func (c *Cursor) KeepOpen() {
	c.keep = true
	if c.enc == format.EncAny && c.bits == nil {
		c.take = takeAny // TakeCells' case of the column
	}
}

// takeAnyOpen is TakeCellOpen for an EncAny column.
func (c *Cursor) takeAnyOpen(cell *Cell) {
	c.pos = c.open.skip(c.data, c.pos, cell)
	tag := c.data[c.pos]
	if tag == format.TagRepeat {
		// The cell repeated is opened where it is; the cursor moves past
		// the repeat now, so nothing need close it.
		off, n := c.repeatAt()
		var m openMark
		m.openAt(c.data, int(off), cell)
		c.pos += n
		c.i++
		return
	}
	if tag != format.TagArray && tag != format.TagObject {
		n := ReadValue(c.data[c.pos:], cell)
		c.Advance(n)
		return
	}
	c.pos = c.open.openAt(c.data, c.pos, cell)
	c.i++
}

// TakeCell reads the current cell, null or not, into cell.
func (c *Cursor) TakeCell(cell *Cell) {
	// TakeNull's test of the bitmap, with its test of EncNull folded into
	// the switch below: a test and branch less a cell.
	if c.bits != nil && c.bits[c.i>>3]&(1<<(c.i&7)) != 0 {
		c.i++
		cell.Tag = format.TagNull
		return
	}
	switch c.enc {
	case format.EncNull:
		c.i++
		cell.Tag = format.TagNull
	case format.EncBool:
		cell.Tag = format.TagFalse
		if c.TakeBool() {
			cell.Tag = format.TagTrue
		}
	// The integer, string and time cases repeat the bodies of TakeInt,
	// TakeStr and TakeTime, without their calls and their second switch
	// on the encoding, and write a time straight into the cell.
	case format.EncInt:
		c.i++
		cell.Tag, cell.Int = format.TagInt, format.DecodeZigZag(c.uv())
	case format.EncIntDelta:
		c.i++
		c.acc = int64(uint64(c.acc) + uint64(format.DecodeZigZag(c.uv())))
		cell.Tag, cell.Int = format.TagInt, c.acc
	case format.EncIntFOR:
		c.i++
		cell.Tag, cell.Int = format.TagInt, int64(uint64(c.acc)+c.uv())
	case format.EncUint:
		if v := c.TakeUint(); v > 1<<63-1 {
			cell.Tag, cell.Uint = format.TagUint, v
		} else {
			cell.Tag, cell.Int = format.TagInt, int64(v)
		}
	case format.EncFloat:
		cell.Tag, cell.Float = format.TagFloat, c.TakeFloat()
	case format.EncFloatInt:
		cell.Tag, cell.Float = format.TagFloat, intFloatCell(c.TakeInt())
	case format.EncIntFloat:
		if c.data[c.pos] == format.IntFloatSelector {
			c.pos++
			cell.Tag, cell.Int = format.TagInt, format.DecodeZigZag(c.uv())
			c.i++
		} else {
			cell.Tag, cell.Float = format.TagFloat, c.TakeFloat()
		}
	case format.EncStrRef:
		c.i++
		cell.Tag, cell.Str = format.TagString, uint32(c.uv())
	case format.EncStrSeq:
		c.i++
		cell.Tag, cell.Str = format.TagString, uint32(c.acc)
		c.acc++
	case format.EncTime:
		cell.Tag = format.TagTime
		c.takeTimeTo(&cell.Time)
	case format.EncTextTime:
		cell.Tag = format.TagTextTime
		c.takeTimeTo(&cell.Time)
		if cell.Time.ZeroPlus {
			cell.Tag = format.TagTextTimePlus
		}
	case format.EncBytes:
		cell.Tag, cell.Data = format.TagBytes, c.TakeBlob()
	case format.EncNumber:
		cell.Tag, cell.Data = format.TagNumber, c.TakeBlob()
	case format.EncAny:
		if c.keep {
			c.takeAnyOpen(cell)
			break
		}
		if c.data[c.pos] == format.TagRepeat {
			off, n := c.repeatAt()
			ReadValue(c.data[off:], cell)
			c.Advance(n)
			break
		}
		n := ReadValue(c.data[c.pos:], cell)
		c.Advance(n)
	case format.EncStrList:
		cell.Tag, cell.Flat = format.TagArray, true
		cell.Len, cell.Data = c.TakeStrList()
	}
}

// TakeStrList reads an EncStrList cell: the element count and the bytes of
// its uvarint string indexes (aliasing the page).
func (c *Cursor) TakeStrList() (int, []byte) {
	c.i++
	cnt := c.uv()
	start := c.pos
	// Parse validated the indexes, so each ends at the next byte below
	// 0x80: counting those finds the end, a few instructions a byte,
	// where decoding each index cost a call.
	b, pos := c.data, c.pos
	for left := cnt; left > 0; pos++ {
		if b[pos] < 0x80 {
			left--
		}
	}
	c.pos = pos
	return int(cnt), b[start:pos:pos]
}

// StrListHead reads the element count of the current EncStrList cell and
// returns it with the payload from the cell's first string index on: its
// bare uvarint indexes, then whatever follows. A reader that decodes the
// indexes itself, n bytes of them, then calls Advance(n): one pass over the
// list where TakeStrList and a reader of its result make two.
func (c *Cursor) StrListHead() (int, []byte) {
	cnt := c.uv()
	c.rep = 0
	return int(cnt), c.data[c.pos:]
}

// intFloatCell returns the float cell of the integer v (|v| <= 2^53, so an
// exact float64): the normalised decimal a float column holds for it, so
// that a value of an EncFloatInt column reads and renders as that float
// column's would. Cost: a division by 10 per trailing zero.
func intFloatCell(v int64) format.FloatCell {
	d := format.Decimal{Neg: v < 0, Mant: uint64(v)}
	if v < 0 {
		d.Mant = -d.Mant
	}
	for d.Mant != 0 && d.Mant%10 == 0 {
		d.Mant /= 10
		d.Exp++
	}
	return format.FloatCell{Dec: d}
}
