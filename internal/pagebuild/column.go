package pagebuild

import (
	"math"
	"slices"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// cellKind is what a column has held so far.
type CellKind uint8

const (
	kindNone CellKind = iota // only nulls so far
	kindBool
	kindInt // int64 values; big uints tracked separately
	KindFloat
	KindStr
	kindTime
	kindTextTime // strings of RFC 3339 text, kept as times (EncTextTime)
	KindBytes
	KindNumber
	kindAny // mixed or nested: tagged values
)

// column accumulates one column's cells while rows are added.
type Column struct {
	Name  uint32 // provisional string id of the key
	Kind  CellKind
	count int // present cells
	nulls int
	bits  []byte // null bitmap, one bit per present cell

	ints   []int64 // kindInt (big uints stored as their bit pattern), kindBool (0/1)
	neg    bool    // some int < 0
	big    bool    // some uint > MaxInt64
	strs   []uint32
	times  []format.Timestamp // kindTime, kindTextTime
	zeros  uint8              // kindTextTime: the forms offset 0 is written in, zeroAsZ | zeroAsPlus
	days   jsonwire.DayMemo   // the date of the last text time CellString parsed, kept from page to page
	Blob   []byte             // kindFloat: float cells; kindBytes/kindNumber: uv length + bytes
	BlobN  int                // values in blob
	Tagged []byte             // kindAny: tagged values with provisional string ids
	// Copies lists array and object cells of Tagged that their producer
	// copied from an earlier cell of Tagged, as pairs of offsets (the
	// cell's, then the earlier cell's), in the order of the cells: Finish
	// writes such a cell as it wrote the earlier one, without hashing it
	// (appendTagged). Emptied wherever Tagged is rewritten.
	Copies []uint32
	// Nested lists arrays and objects nested in cells of Tagged that their
	// producer copied from an earlier one of Tagged, as triples (where the
	// copy starts, where the earlier one starts, their bytes), in the
	// order of the copies: Finish writes such a value as it wrote the
	// earlier one, once it has, without walking it (remapCopies). Emptied
	// wherever Tagged is rewritten.
	Nested []uint32
	// PlainCell is 1 more than where in Tagged the last cell starts that
	// its producer says holds no string (its tagged value has no
	// TagString), or 0: a caller of AppendAgain may then pass plain for
	// it, sparing the scan for one. Zeroed wherever Tagged is rewritten.
	PlainCell int
	// StrLists counts the cells of kindAny that their producer wrote as
	// arrays of string ids (TagString values only): when every cell is
	// one, the column is a string list without a scan of Tagged.
	StrLists int
	stamp    int // row number + 1 of the last row that set this column

	// TextTimes is set once the column holds a text time, natively or
	// tagged: the page then needs a 1.2 reader (format.MinorTextTime).
	TextTimes bool

	def Deferral // CellString: whether the column's strings are deferred

	// intFloats: a KindFloat column whose floats are all integers so far,
	// kept in ints with Blob empty (floatcol.go).
	intFloats bool
	// floatIntTags: Tagged holds a TagFloatInt that AppendNestedFloatInt
	// wrote, so that the page needs a 1.3 reader as when Finish makes one.
	floatIntTags bool
}

func (c *Column) reset(name uint32) {
	c.Name = name
	c.Kind = kindNone
	c.count, c.nulls = 0, 0
	c.bits = c.bits[:0]
	c.ints = c.ints[:0]
	c.neg, c.big = false, false
	c.strs = c.strs[:0]
	c.times = c.times[:0]
	c.zeros, c.TextTimes = 0, false
	c.Blob = c.Blob[:0]
	c.BlobN = 0
	c.Tagged = c.Tagged[:0]
	c.Copies = c.Copies[:0]
	c.Nested = c.Nested[:0]
	c.PlainCell = 0
	c.StrLists = 0
	c.stamp = 0
	c.def = Deferral{}
	c.intFloats, c.floatIntTags = false, false
}

// mark records one present cell, null or not. The null bitmap is kept
// only once the column has a null: until then it is all zeros and empty.
func (c *Column) Mark(null bool) {
	if !null && c.nulls == 0 { // the common case, inlined: no bitmap yet
		c.count++
		return
	}
	c.markBitmap(null)
}

// markBitmap is mark for a column that has a null, or gets its first.
func (c *Column) markBitmap(null bool) {
	i := c.count
	c.count++
	if null {
		if c.nulls == 0 {
			c.bits = slices.Grow(c.bits[:0], i>>3+1)[:i>>3+1]
			clear(c.bits)
		} else if i&7 == 0 {
			c.bits = append(c.bits, 0)
		}
		c.bits[i>>3] |= 1 << (i & 7)
		c.nulls++
	} else if c.nulls != 0 && i&7 == 0 {
		c.bits = append(c.bits, 0)
	}
}

// isNull reports whether present cell i is null (before toAny).
func (c *Column) isNull(i int) bool {
	return c.nulls != 0 && c.bits[i>>3]&(1<<(i&7)) != 0
}

// want reports whether the column can take a value of kind k natively,
// switching it to k if it held only nulls, or to kindAny (and returning
// false) if it held something else.
func (c *Column) want(k CellKind) bool {
	if c.Kind == k {
		return true
	}
	if c.Kind == kindNone {
		c.Kind = k
		return true
	}
	c.toAny()
	return false
}

func (c *Column) AppendNull() {
	if c.Kind == kindAny {
		c.Tagged = append(c.Tagged, format.TagNull)
		c.count++
		return
	}
	c.markBitmap(true)
}

func (c *Column) AppendBool(v bool) {
	if c.want(kindBool) {
		c.Mark(false)
		x := int64(0)
		if v {
			x = 1
		}
		c.ints = append(c.ints, x)
		return
	}
	c.count++
	if v {
		c.Tagged = append(c.Tagged, format.TagTrue)
	} else {
		c.Tagged = append(c.Tagged, format.TagFalse)
	}
}

// AppendInt appends an integer cell. A column of tagged values takes it
// first, without want's call of toAny.
func (c *Column) AppendInt(v int64) {
	if c.Kind == kindAny {
		c.count++
		c.Tagged = AppendTaggedInt(c.Tagged, v)
		return
	}
	if c.want(kindInt) {
		if v < 0 {
			if c.big {
				c.toAny()
				c.count++
				c.Tagged = AppendTaggedInt(c.Tagged, v)
				return
			}
			c.neg = true
		}
		c.Mark(false)
		c.ints = append(c.ints, v)
		return
	}
	c.count++
	c.Tagged = AppendTaggedInt(c.Tagged, v)
}

func (c *Column) AppendUint(v uint64) {
	if v <= math.MaxInt64 {
		c.AppendInt(int64(v))
		return
	}
	if c.want(kindInt) && !c.neg {
		c.big = true
		c.Mark(false)
		c.ints = append(c.ints, int64(v))
		return
	}
	if c.Kind != kindAny {
		c.toAny()
	}
	c.count++
	c.Tagged = AppendTaggedUint(c.Tagged, v)
}

// appendDecimal appends the float64 f whose shortest digits d are already
// known (the text of a JSON number in canonical form), skipping the digit
// search of appendFloat.
func (c *Column) AppendDecimal(d format.Decimal, f float64) {
	if c.want(KindFloat) {
		c.FlushFloatInts()
		c.Blob = format.AppendDecimalCell(c.Blob, d, f)
		c.Mark(false)
		c.BlobN++
		return
	}
	c.Tagged = format.AppendDecimalCell(append(c.Tagged, format.TagFloat), d, f)
	c.count++
}

func (c *Column) AppendFloat(f float64, bits int) error {
	if c.want(KindFloat) {
		c.FlushFloatInts()
		var err error
		c.Blob, err = format.AppendFloatCell(c.Blob, f, bits)
		if err != nil {
			return err
		}
		c.Mark(false)
		c.BlobN++
		return nil
	}
	buf, err := format.AppendFloatCell(append(c.Tagged, format.TagFloat), f, bits)
	if err != nil {
		return err
	}
	c.Tagged = buf
	c.count++
	return nil
}

func (c *Column) AppendStr(id uint32) {
	if c.want(KindStr) {
		c.Mark(false)
		c.strs = append(c.strs, id)
		return
	}
	c.count++
	c.Tagged = AppendTaggedStr(c.Tagged, id)
}

// AppendTime adds a time value. Its ZeroPlus is ignored: a time cell writes
// offset 0 as "Z", as time.Time.MarshalJSON does.
func (c *Column) AppendTime(ts format.Timestamp) {
	ts.ZeroPlus = false
	if c.want(kindTime) {
		c.Mark(false)
		c.times = append(c.times, ts)
		return
	}
	c.count++
	c.Tagged = AppendTaggedTime(c.Tagged, ts)
}

// CellTextTime adds the cell s as a text time when it is one (TextTime)
// and the column does not already hold strings, so that a string column
// stays one (SPEC.md 9, item 9), and reports whether it did; if not, the
// caller adds s as a string. Every producer's string cells come here.
func CellTextTime[T ~string | ~[]byte](c *Column, s T) bool {
	if c.Kind == KindStr {
		return false
	}
	ts, ok := TextTime(s)
	if ok {
		c.appendTextTime(ts)
	}
	return ok
}

// NestedTextTime is CellTextTime for a string inside the array or object
// being written into c.Tagged, where every text time is kept as one.
func NestedTextTime[T ~string | ~[]byte](c *Column, s T) bool {
	ts, ok := TextTime(s)
	if ok {
		c.TextTimes = true
		c.Tagged = AppendTaggedTextTime(c.Tagged, ts)
	}
	return ok
}

// The forms of offset 0 in a column of text times (Column.zeros).
const (
	zeroAsZ    = 1 // "Z"
	zeroAsPlus = 2 // "+00:00"
)

// appendTextTime adds a string whose RFC 3339 text ts renders back byte
// for byte: as a text-time cell, or tagged once the column holds other
// kinds or writes offset 0 both as "Z" and as "+00:00".
func (c *Column) appendTextTime(ts format.Timestamp) {
	c.TextTimes = true
	var zero uint8 // the form of ts's offset if it is 0
	if ts.Offset != 0 {
		ts.ZeroPlus = false
	} else if ts.ZeroPlus {
		zero = zeroAsPlus
	} else {
		zero = zeroAsZ
	}
	if c.want(kindTextTime) {
		if c.zeros|zero != zeroAsZ|zeroAsPlus { // a column writes offset 0 one way
			c.zeros |= zero
			c.Mark(false)
			c.times = append(c.times, ts)
			return
		}
		c.toAny()
	}
	c.count++
	c.Tagged = AppendTaggedTextTime(c.Tagged, ts)
}

// writesOffsetAs reports whether a column of text times (kindTextTime)
// writes ts's offset as appendTextTime would write it, with nothing to
// note in its zeros: an offset other than 0 (ZeroPlus clear, as
// ParseTimestamp gives it), or 0 in the form the column already writes
// 0 in ("Z" or "+00:00"). It inlines.
func (c *Column) writesOffsetAs(ts *format.Timestamp) bool {
	if ts.Offset != 0 {
		return !ts.ZeroPlus
	}
	if ts.ZeroPlus {
		return c.zeros == zeroAsPlus
	}
	return c.zeros == zeroAsZ
}

// TextTime returns s as a text time when s is RFC 3339 text that the
// time's cell renders back byte for byte (jsonwire.ParseTimestamp), after
// a test of its length and of its 'T' that most strings fail.
func TextTime[T ~string | ~[]byte](s T) (format.Timestamp, bool) {
	if len(s) < len("0000-00-00T00:00:00Z") || len(s) > len("0000-00-00T00:00:00.000000000+00:00") || s[10] != 'T' {
		return format.Timestamp{}, false
	}
	return jsonwire.ParseTimestamp(s)
}

// MayBeTextTime reports whether s passes TextTime's first test, of its
// length and its 'T', which most strings fail. It is inlined where it is
// called, so a caller that tests it before CellTextTime or NestedTextTime
// (generic functions, two calls deep) skips both calls for such strings:
// on events from maps those calls were 3% of Marshal.
func MayBeTextTime[T ~string | ~[]byte](s T) bool {
	return len(s) >= len("0000-00-00T00:00:00Z") && len(s) <= len("0000-00-00T00:00:00.000000000+00:00") && s[10] == 'T'
}

// appendDigits appends the float whose shortest digits are (-1)^neg *
// mant * 10^exp, a decimal the cell's decimal form holds as it is: mant
// not 0 and without trailing zeros, at most 15 digits, |exp| at most 20.
// It writes what appendDecimal writes for them, without the float, through
// format's one decimal-cell writer.
func (c *Column) AppendDigits(neg bool, mant uint64, exp int) {
	cell := format.FloatCell{Dec: format.Decimal{Neg: neg, Mant: mant, Exp: exp}}
	if c.want(KindFloat) {
		c.FlushFloatInts()
		c.Blob = cell.AppendTo(c.Blob)
		c.Mark(false)
		c.BlobN++
		return
	}
	c.Tagged = cell.AppendTo(append(c.Tagged, format.TagFloat))
	c.count++
}

// AppendBlob adds a byte string (KindBytes) or number text (KindNumber).
// It is not inlined: inlined into another package, it would call that
// package's copy of AppendBlobOf[[]byte], for which the compiler has no
// escape analysis, and a caller's b (a []byte(s) conversion) would then be
// moved to the heap.
//
//go:noinline
func (c *Column) AppendBlob(k CellKind, b []byte) { AppendBlobOf(c, k, b) }

// appendBlobOf is appendBlob for bytes given as a string or a slice, so
// that a string is copied once, into the column.
func AppendBlobOf[S ~string | ~[]byte](c *Column, k CellKind, b S) {
	if c.want(k) {
		c.Mark(false)
		c.Blob = format.AppendUvarint(c.Blob, uint64(len(b)))
		c.Blob = append(c.Blob, b...)
		c.BlobN++
		return
	}
	c.count++
	tag := byte(format.TagBytes)
	if k == KindNumber {
		tag = format.TagNumber
	}
	c.Tagged = format.AppendUvarint(append(c.Tagged, tag), uint64(len(b)))
	c.Tagged = append(c.Tagged, b...)
}

// BeginAny prepares the column to take one tagged value written by the
// caller into c.Tagged. Small enough to be inlined: a column of tagged
// values already, the common case, costs a test and an increment, not a
// call (OpenContainer's for every array or object cell).
func (c *Column) BeginAny() {
	if c.Kind != kindAny {
		c.becomeAny()
	}
	c.count++
}

// becomeAny makes c a column of tagged values: an empty column becomes
// one as it is, any other is converted (toAny). Not inlined, so that
// BeginAny is.
//
//go:noinline
func (c *Column) becomeAny() {
	if c.Kind == kindNone && c.count == 0 {
		c.Kind = kindAny
	} else {
		c.toAny()
	}
}

// openContainer starts a tagged array or object of n elements: as the
// column's cell when not nested (switching the column to tagged values), or
// inside the tagged value being written.
func (c *Column) OpenContainer(nested bool, tag byte, n int) {
	if !nested {
		c.BeginAny()
	}
	c.Tagged = AppendContainer(c.Tagged, tag, n)
}

// AppendTaggedInt appends v as format.TagInt and its zigzag varint. A
// varint of up to three bytes (a value within ±2^20: counts, ids, small
// amounts) is appended with the tag in one append, without the calls of
// AppendVarint and appendUvarintSlow (about twenty instructions); longer
// ones go to AppendUvarint.
func AppendTaggedInt(b []byte, v int64) []byte {
	switch u := format.EncodeZigZag(v); {
	case u < 1<<7:
		return append(b, format.TagInt, byte(u))
	case u < 1<<14:
		return append(b, format.TagInt, byte(u)|0x80, byte(u>>7))
	case u < 1<<21:
		return append(b, format.TagInt, byte(u)|0x80, byte(u>>7)|0x80, byte(u>>14))
	default:
		return format.AppendUvarint(append(b, format.TagInt), u)
	}
}

func AppendTaggedUint(b []byte, v uint64) []byte {
	if v <= math.MaxInt64 {
		return AppendTaggedInt(b, int64(v))
	}
	return format.AppendUvarint(append(b, format.TagUint), v)
}

func AppendTaggedTime(b []byte, ts format.Timestamp) []byte {
	return appendTimeValue(b, format.TagTime, ts)
}

// AppendTaggedTextTime appends a text time as a tagged value: TagTextTime,
// or TagTextTimePlus for offset 0 written "+00:00".
func AppendTaggedTextTime(b []byte, ts format.Timestamp) []byte {
	if ts.ZeroPlus && ts.Offset == 0 {
		return appendTimeValue(b, format.TagTextTimePlus, ts)
	}
	return appendTimeValue(b, format.TagTextTime, ts)
}

// appendTimeValue appends the tagged time value of tag: sv(local) uv(frac)
// sv(offset), the payload the three time tags share.
func appendTimeValue(b []byte, tag byte, ts format.Timestamp) []byte {
	b = append(b, tag)
	b = format.AppendVarint(b, ts.Local)
	b = format.AppendUvarint(b, timeFrac(ts))
	return format.AppendVarint(b, int64(ts.Offset))
}

func timeFrac(ts format.Timestamp) uint64 {
	return uint64(ts.Frac)*10 + uint64(ts.Digits)
}

// toAny rewrites the cells so far as tagged values and switches to kindAny.
// A float that holds an integer within ±FloatIntMax is written as the
// TagFloatInt value Finish would make of its TagFloat (appendTagged): an
// integral float kept as an integer (intFloats) without its float cell
// written, and any other float cell read once here rather than copied,
// then read and rewritten at Finish. The page does not change.
func (c *Column) toAny() {
	if c.Kind == kindAny {
		return
	}
	intFloats := c.intFloats
	c.intFloats = false
	buf := c.Tagged[:0]
	c.Copies = c.Copies[:0]
	c.Nested = c.Nested[:0]
	c.PlainCell = 0
	vi := 0
	fpos := 0
	for i := 0; i < c.count; i++ {
		if c.isNull(i) {
			buf = append(buf, format.TagNull)
			continue
		}
		switch c.Kind {
		case kindBool:
			if c.ints[vi] != 0 {
				buf = append(buf, format.TagTrue)
			} else {
				buf = append(buf, format.TagFalse)
			}
		case kindInt:
			if c.big {
				buf = AppendTaggedUint(buf, uint64(c.ints[vi]))
			} else {
				buf = AppendTaggedInt(buf, c.ints[vi])
			}
		case KindFloat:
			if intFloats {
				buf = format.AppendVarint(append(buf, format.TagFloatInt), c.ints[vi])
				c.floatIntTags = true
				break
			}
			v, n, ok := cellInt(c.Blob[fpos:])
			if ok {
				buf = format.AppendVarint(append(buf, format.TagFloatInt), v)
				c.floatIntTags = true
			} else {
				buf = append(append(buf, format.TagFloat), c.Blob[fpos:fpos+n]...)
			}
			fpos += n
		case KindStr:
			buf = format.AppendUvarint(append(buf, format.TagString), uint64(c.strs[vi]))
		case kindTime:
			buf = AppendTaggedTime(buf, c.times[vi])
		case kindTextTime:
			buf = AppendTaggedTextTime(buf, c.times[vi])
		case KindBytes, KindNumber:
			l, n := format.ConsumeUvarint(c.Blob[fpos:])
			tag := byte(format.TagBytes)
			if c.Kind == KindNumber {
				tag = format.TagNumber
			}
			buf = append(append(buf, tag), c.Blob[fpos:fpos+n+int(l)]...)
			fpos += n + int(l)
		}
		vi++
	}
	c.Tagged = buf
	c.Kind = kindAny
	if intFloats {
		c.ints = c.ints[:0]
	}
	c.nulls = 0
	c.bits = c.bits[:0]
}

// AppendID appends string id id as a uvarint, format.AppendUvarint's
// bytes, small enough to be inlined where it is called: ids of one and two
// bytes, nearly all of a page's, take no call (format.AppendUvarint calls
// out of line for two bytes or more, which was most nested strings and
// keys of a page of more than 127 strings).
func AppendID(b []byte, id uint32) []byte {
	if id < 1<<7 {
		return append(b, byte(id))
	}
	if id < 1<<14 {
		return append(b, byte(id)|0x80, byte(id>>7))
	}
	for id >= 0x80 {
		b = append(b, byte(id)|0x80)
		id >>= 7
	}
	return append(b, byte(id))
}

// AppendTaggedStr appends a string value: TagString, then id as AppendID
// writes it, in one append for ids of one and two bytes.
func AppendTaggedStr(b []byte, id uint32) []byte {
	if id < 1<<7 {
		return append(b, format.TagString, byte(id))
	}
	if id < 1<<14 {
		return append(b, format.TagString, byte(id)|0x80, byte(id>>7))
	}
	return AppendID(append(b, format.TagString), id)
}
