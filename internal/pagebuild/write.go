package pagebuild

import (
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
	// uvarints of one byte: below 128 columns a shape's length is too, and
	// appendSmallShapes writes them all in one loop; at exactly 128 the
	// indexes still fit a byte (appendSmall) but a length of 128 does not.
	s := format.AppendUvarint(b.secs[:0], uint64(len(b.Shapes)))
	if b.ncols < 0x80 {
		s = appendSmallShapes(s, b.Shapes)
	} else {
		for _, sh := range b.Shapes {
			s = format.AppendUvarint(s, uint64(len(sh)))
			if b.ncols == 0x80 {
				s = appendSmall(s, sh)
				continue
			}
			for _, c := range sh {
				s = format.AppendUvarint(s, uint64(c))
			}
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
	t := dst[n:][:len(vs)] // as long as vs: no bounds check in the loop
	for i, v := range vs {
		t[i] = byte(v)
	}
	return dst
}

// appendSmallShapes appends each shape of shapes, its length and its
// column indexes, all below 128 (a page of fewer than 128 columns): a byte
// each, in one loop and one growth of dst for all, and no bounds check a
// byte, where a call of appendSmall and an AppendUvarint of its length for
// each shape cost about 18 instructions a shape more (25 shapes of a
// 25-row sparse page: Finish 4,989 to 4,533). Four indexes packed into
// one 4-byte store cost more (5,039): most shapes are short.
func appendSmallShapes(dst []byte, shapes [][]uint32) []byte {
	n := len(dst)
	end := n + len(shapes)
	for _, sh := range shapes {
		end += len(sh)
	}
	dst = slices.Grow(dst, end-n)[:end]
	for _, sh := range shapes {
		dst[n] = byte(len(sh))
		t := dst[n+1:][:len(sh)] // as long as sh: no bounds check in the loop
		for i, v := range sh {
			t[i] = byte(v)
		}
		n += 1 + len(sh)
	}
	return dst
}

func (b *Builder) allShapeOne() bool {
	for _, id := range b.RowShape {
		if id != 1 {
			return false
		}
	}
	return true
}

// Grow returns s resliced to n elements when its capacity holds them,
// keeping what they held, else a new zeroed slice of n: scratch that a
// caller overwrites whole, grown without copying the old contents.
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
		dst = appendTagged(dst, c.Tagged, b.remap, b.sameIDs, &b.fintTag, &b.reps)
		b.fintTag = b.fintTag || c.floatIntTags
	}
	return dst, enc
}
