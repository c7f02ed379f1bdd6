package rowpage

import (
	"math"
	"slices"

	"github.com/rowpage/rowpage/format"
)

// cellKind is what a column has held so far.
type cellKind uint8

const (
	kindNone cellKind = iota // only nulls so far
	kindBool
	kindInt // int64 values; big uints tracked separately
	kindFloat
	kindStr
	kindTime
	kindBytes
	kindNumber
	kindAny // mixed or nested: tagged values
)

// column accumulates one column's cells while rows are added.
type column struct {
	name  uint32 // provisional string id of the key
	kind  cellKind
	count int // present cells
	nulls int
	bits  []byte // null bitmap, one bit per present cell

	ints   []int64 // kindInt (big uints stored as their bit pattern), kindBool (0/1)
	neg    bool    // some int < 0
	big    bool    // some uint > MaxInt64
	strs   []uint32
	times  []format.Timestamp
	blob   []byte // kindFloat: float cells; kindBytes/kindNumber: uv length + bytes
	blobN  int    // values in blob
	anyBuf []byte // kindAny: tagged values with provisional string ids
	stamp  int    // row number + 1 of the last row that set this column

	// For cellString: new strings in a row (fresh); once that reaches
	// deferAfter the column's strings are deferred (deferred), and each
	// window of deferWindow of them counts the sampled ones (sampled) and
	// those that may repeat an earlier one (again); a column that went back
	// to interning stays there for the page (interning). See sql_defer.go.
	fresh, sampled, again int32
	deferred, interning   bool
}

func (c *column) reset(name uint32) {
	c.name = name
	c.kind = kindNone
	c.count, c.nulls = 0, 0
	c.bits = c.bits[:0]
	c.ints = c.ints[:0]
	c.neg, c.big = false, false
	c.strs = c.strs[:0]
	c.times = c.times[:0]
	c.blob = c.blob[:0]
	c.blobN = 0
	c.anyBuf = c.anyBuf[:0]
	c.stamp = 0
	c.fresh, c.sampled, c.again, c.deferred, c.interning = 0, 0, 0, false, false
}

// mark records one present cell, null or not. The null bitmap is kept
// only once the column has a null: until then it is all zeros and empty.
func (c *column) mark(null bool) {
	if !null && c.nulls == 0 { // the common case, inlined: no bitmap yet
		c.count++
		return
	}
	c.markBitmap(null)
}

// markBitmap is mark for a column that has a null, or gets its first.
func (c *column) markBitmap(null bool) {
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
func (c *column) isNull(i int) bool {
	return c.nulls != 0 && c.bits[i>>3]&(1<<(i&7)) != 0
}

// want reports whether the column can take a value of kind k natively,
// switching it to k if it held only nulls, or to kindAny (and returning
// false) if it held something else.
func (c *column) want(k cellKind) bool {
	if c.kind == k {
		return true
	}
	if c.kind == kindNone {
		c.kind = k
		return true
	}
	c.toAny()
	return false
}

func (c *column) appendNull() {
	if c.kind == kindAny {
		c.anyBuf = append(c.anyBuf, format.TagNull)
		c.count++
		return
	}
	c.markBitmap(true)
}

func (c *column) appendBool(v bool) {
	if c.want(kindBool) {
		c.mark(false)
		x := int64(0)
		if v {
			x = 1
		}
		c.ints = append(c.ints, x)
		return
	}
	c.count++
	if v {
		c.anyBuf = append(c.anyBuf, format.TagTrue)
	} else {
		c.anyBuf = append(c.anyBuf, format.TagFalse)
	}
}

func (c *column) appendInt(v int64) {
	if c.want(kindInt) {
		if v < 0 {
			if c.big {
				c.toAny()
				c.count++
				c.anyBuf = appendTaggedInt(c.anyBuf, v)
				return
			}
			c.neg = true
		}
		c.mark(false)
		c.ints = append(c.ints, v)
		return
	}
	c.count++
	c.anyBuf = appendTaggedInt(c.anyBuf, v)
}

func (c *column) appendUint(v uint64) {
	if v <= math.MaxInt64 {
		c.appendInt(int64(v))
		return
	}
	if c.want(kindInt) && !c.neg {
		c.big = true
		c.mark(false)
		c.ints = append(c.ints, int64(v))
		return
	}
	if c.kind != kindAny {
		c.toAny()
	}
	c.count++
	c.anyBuf = appendTaggedUint(c.anyBuf, v)
}

// appendDecimal appends the float64 f whose shortest digits d are already
// known (the text of a JSON number in canonical form), skipping the digit
// search of appendFloat.
func (c *column) appendDecimal(d format.Decimal, f float64) {
	if c.want(kindFloat) {
		c.blob = format.AppendDecimalCell(c.blob, d, f)
		c.mark(false)
		c.blobN++
		return
	}
	c.anyBuf = format.AppendDecimalCell(append(c.anyBuf, format.TagFloat), d, f)
	c.count++
}

func (c *column) appendFloat(f float64, bits int) error {
	if c.want(kindFloat) {
		var err error
		c.blob, err = appendFloatCell(c.blob, f, bits)
		if err != nil {
			return err
		}
		c.mark(false)
		c.blobN++
		return nil
	}
	buf, err := appendFloatCell(append(c.anyBuf, format.TagFloat), f, bits)
	if err != nil {
		return err
	}
	c.anyBuf = buf
	c.count++
	return nil
}

func (c *column) appendStr(id uint32) {
	if c.want(kindStr) {
		c.mark(false)
		c.strs = append(c.strs, id)
		return
	}
	c.count++
	c.anyBuf = format.AppendUvarint(append(c.anyBuf, format.TagString), uint64(id))
}

func (c *column) appendTime(ts format.Timestamp) {
	if c.want(kindTime) {
		c.mark(false)
		c.times = append(c.times, ts)
		return
	}
	c.count++
	c.anyBuf = appendTaggedTime(c.anyBuf, ts)
}

// appendDigits appends the float whose shortest digits are (-1)^neg *
// mant * 10^exp, a decimal the cell's decimal form holds as it is: mant
// not 0 and without trailing zeros, at most 15 digits, |exp| at most 20.
// It writes what appendDecimal writes for them, without the float.
func (c *column) appendDigits(neg bool, mant uint64, exp int) {
	if c.want(kindFloat) {
		c.blob = appendCellDigits(c.blob, neg, mant, exp)
		c.mark(false)
		c.blobN++
		return
	}
	c.anyBuf = appendCellDigits(append(c.anyBuf, format.TagFloat), neg, mant, exp)
	c.count++
}

// appendBlob adds a byte string (kindBytes) or number text (kindNumber).
func (c *column) appendBlob(k cellKind, b []byte) { appendBlobOf(c, k, b) }

// appendBlobOf is appendBlob for bytes given as a string or a slice, so
// that a string is copied once, into the column.
func appendBlobOf[S ~string | ~[]byte](c *column, k cellKind, b S) {
	if c.want(k) {
		c.mark(false)
		c.blob = format.AppendUvarint(c.blob, uint64(len(b)))
		c.blob = append(c.blob, b...)
		c.blobN++
		return
	}
	c.count++
	tag := byte(format.TagBytes)
	if k == kindNumber {
		tag = format.TagNumber
	}
	c.anyBuf = format.AppendUvarint(append(c.anyBuf, tag), uint64(len(b)))
	c.anyBuf = append(c.anyBuf, b...)
}

// beginAny prepares the column to take one tagged value written by the
// caller into c.anyBuf.
func (c *column) beginAny() {
	if c.kind != kindAny {
		if c.kind == kindNone && c.count == 0 {
			c.kind = kindAny
		} else {
			c.toAny()
		}
	}
	c.count++
}

// openContainer starts a tagged array or object of n elements: as the
// column's cell when not nested (switching the column to tagged values), or
// inside the tagged value being written.
func (c *column) openContainer(nested bool, tag byte, n int) {
	if !nested {
		c.beginAny()
	}
	c.anyBuf = appendContainer(c.anyBuf, tag, n)
}

func appendTaggedInt(b []byte, v int64) []byte {
	return format.AppendVarint(append(b, format.TagInt), v)
}

func appendTaggedUint(b []byte, v uint64) []byte {
	if v <= math.MaxInt64 {
		return appendTaggedInt(b, int64(v))
	}
	return format.AppendUvarint(append(b, format.TagUint), v)
}

func appendTaggedTime(b []byte, ts format.Timestamp) []byte {
	b = append(b, format.TagTime)
	b = format.AppendVarint(b, ts.Local)
	b = format.AppendUvarint(b, timeFrac(ts))
	return format.AppendVarint(b, int64(ts.Offset))
}

func timeFrac(ts format.Timestamp) uint64 {
	return uint64(ts.Frac)*10 + uint64(ts.Digits)
}

// toAny rewrites the cells so far as tagged values and switches to kindAny.
func (c *column) toAny() {
	if c.kind == kindAny {
		return
	}
	buf := c.anyBuf[:0]
	vi := 0
	fpos := 0
	for i := 0; i < c.count; i++ {
		if c.isNull(i) {
			buf = append(buf, format.TagNull)
			continue
		}
		switch c.kind {
		case kindBool:
			if c.ints[vi] != 0 {
				buf = append(buf, format.TagTrue)
			} else {
				buf = append(buf, format.TagFalse)
			}
		case kindInt:
			if c.big {
				buf = appendTaggedUint(buf, uint64(c.ints[vi]))
			} else {
				buf = appendTaggedInt(buf, c.ints[vi])
			}
		case kindFloat:
			_, n := format.ConsumeFloatCell(c.blob[fpos:])
			buf = append(append(buf, format.TagFloat), c.blob[fpos:fpos+n]...)
			fpos += n
		case kindStr:
			buf = format.AppendUvarint(append(buf, format.TagString), uint64(c.strs[vi]))
		case kindTime:
			buf = appendTaggedTime(buf, c.times[vi])
		case kindBytes, kindNumber:
			l, n := format.ConsumeUvarint(c.blob[fpos:])
			tag := byte(format.TagBytes)
			if c.kind == kindNumber {
				tag = format.TagNumber
			}
			buf = append(append(buf, tag), c.blob[fpos:fpos+n+int(l)]...)
			fpos += n + int(l)
		}
		vi++
	}
	c.anyBuf = buf
	c.kind = kindAny
	c.nulls = 0
	c.bits = c.bits[:0]
}
