package rowpage

import (
	"github.com/rowpage/rowpage/format"
)

// finish appends the page to dst.
func (b *pageBuilder) finish(dst []byte) []byte {
	b.assignStrings()
	start := len(dst)
	dst = append(dst, format.Magic[:]...)
	flags := byte(format.FlagChecksum)
	if b.noCRC {
		flags = 0
	}
	dst = append(dst, format.MajorVersion, format.MinorVersion, flags, byte(b.kind))
	dst = format.AppendUvarint(dst, uint64(b.rows))
	dst = format.AppendUvarint(dst, uint64(b.ncols))

	dst = format.AppendUvarint(dst, uint64(b.table.Size()))
	dst = b.table.AppendTo(dst)

	s := format.AppendUvarint(b.secs[:0], uint64(len(b.shapes)))
	for _, sh := range b.shapes {
		s = format.AppendUvarint(s, uint64(len(sh)))
		for _, c := range sh {
			s = format.AppendUvarint(s, uint64(c))
		}
	}
	dst = format.AppendUvarint(dst, uint64(len(s)))
	dst = append(dst, s...)

	s = s[:0]
	if !b.allShapeOne() {
		for _, id := range b.rowShape {
			s = format.AppendUvarint(s, uint64(id))
		}
	}
	dst = format.AppendUvarint(dst, uint64(len(s)))
	dst = append(dst, s...)
	b.secs = s

	dir := b.dir[:0]
	pay := b.payload[:0]
	for i := range b.cols[:b.ncols] {
		c := &b.cols[i]
		if b.kind != format.KindValue {
			dir = format.AppendUvarint(dir, uint64(b.remap[c.name]))
		}
		n := len(pay)
		var enc byte
		pay, enc = b.writeColumn(pay, c)
		dir = append(dir, enc)
		dir = format.AppendUvarint(dir, uint64(len(pay)-n))
	}
	dst = format.AppendUvarint(dst, uint64(len(dir)+len(pay)))
	dst = append(dst, dir...)
	dst = append(dst, pay...)
	b.dir, b.payload = dir, pay
	if !b.noCRC {
		dst = format.AppendChecksum(dst, format.Checksum(dst[start:]))
	}
	return dst
}

func (b *pageBuilder) allShapeOne() bool {
	for _, id := range b.rowShape {
		if id != 1 {
			return false
		}
	}
	return true
}

// assignStrings decides each string's table index and fills the table:
// first the common area (keys, and strings that occur more than once or
// outside a unique-valued string column) in order of first appearance, then
// each unique-valued string column's private run in column order.
func (b *pageBuilder) assignStrings() {
	in := &b.in
	n := in.len()
	b.remap = grow(b.remap, n)
	b.uniq = grow(b.uniq, n)
	for i := range b.uniq {
		b.uniq[i] = -1
	}
	for ci := range b.cols[:b.ncols] {
		c := &b.cols[ci]
		if c.kind != kindStr {
			continue
		}
		seq := true
		for _, id := range c.strs {
			if in.counts[id] != 1 || in.keys[id] {
				seq = false
				break
			}
		}
		if seq {
			for _, id := range c.strs {
				b.uniq[id] = int32(ci)
			}
		}
	}
	b.table.Reset()
	for id := 0; id < n; id++ {
		if b.uniq[id] < 0 {
			b.remap[id] = uint32(b.table.Add(in.strs[id]))
		}
	}
	for ci := range b.cols[:b.ncols] {
		c := &b.cols[ci]
		if c.kind != kindStr || len(c.strs) == 0 || b.uniq[c.strs[0]] != int32(ci) {
			continue
		}
		for _, id := range c.strs {
			b.remap[id] = uint32(b.table.Add(in.strs[id]))
		}
	}
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// writeColumn appends c's payload and returns its encoding byte.
func (b *pageBuilder) writeColumn(dst []byte, c *column) ([]byte, byte) {
	if c.kind == kindNone {
		return dst, format.EncNull
	}
	var enc byte
	if c.nulls > 0 {
		enc = format.EncNullBitmap
		dst = append(dst, c.bits...)
	}
	switch c.kind {
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
			for _, v := range c.ints {
				dst = format.AppendUvarint(dst, uint64(v))
			}
			break
		}
		e, lo := chooseIntEncoding(c.ints)
		enc |= e
		dst = appendInts(dst, e, lo, c.ints)
	case kindFloat:
		enc |= format.EncFloat
		dst = append(dst, c.blob...)
	case kindStr:
		if b.uniq[c.strs[0]] >= 0 {
			enc |= format.EncStrSeq
			dst = format.AppendUvarint(dst, uint64(b.remap[c.strs[0]]))
		} else {
			enc |= format.EncStrRef
			for _, id := range c.strs {
				dst = format.AppendUvarint(dst, uint64(b.remap[id]))
			}
		}
	case kindTime:
		enc |= format.EncTime
		dst = appendTimes(dst, c.times)
	case kindBytes:
		enc |= format.EncBytes
		dst = append(dst, c.blob...)
	case kindNumber:
		enc |= format.EncNumber
		dst = append(dst, c.blob...)
	case kindAny:
		enc |= format.EncAny
		src := c.anyBuf
		for len(src) > 0 {
			var n int
			dst, n = remapTagged(dst, src, b.remap)
			src = src[n:]
		}
	}
	return dst, enc
}

// chooseIntEncoding picks the smallest of plain, delta and
// frame-of-reference; ties go to the lower encoding number.
func chooseIntEncoding(v []int64) (byte, int64) {
	lo := v[0]
	for _, x := range v {
		lo = min(lo, x)
	}
	plain, delta, fr := 0, 0, format.SizeVarint(lo)
	prev := int64(0)
	for _, x := range v {
		plain += format.SizeVarint(x)
		delta += format.SizeVarint(int64(uint64(x) - uint64(prev)))
		fr += format.SizeUvarint(uint64(x) - uint64(lo))
		prev = x
	}
	switch {
	case plain <= delta && plain <= fr:
		return format.EncInt, 0
	case delta <= fr:
		return format.EncIntDelta, 0
	default:
		return format.EncIntFOR, lo
	}
}

func appendInts(dst []byte, enc byte, lo int64, v []int64) []byte {
	switch enc {
	case format.EncInt:
		for _, x := range v {
			dst = format.AppendVarint(dst, x)
		}
	case format.EncIntDelta:
		prev := int64(0)
		for _, x := range v {
			dst = format.AppendVarint(dst, int64(uint64(x)-uint64(prev)))
			prev = x
		}
	default:
		dst = format.AppendVarint(dst, lo)
		for _, x := range v {
			dst = format.AppendUvarint(dst, uint64(x)-uint64(lo))
		}
	}
	return dst
}

// appendTimes writes a time column: the mode byte, then each cell.
func appendTimes(dst []byte, ts []format.Timestamp) []byte {
	mode := byte(format.TimeUTC)
	off := ts[0].Offset
	for _, t := range ts {
		if t.Offset != off {
			mode = format.TimePerValue
			break
		}
	}
	if mode == format.TimeUTC && off != 0 {
		mode = format.TimeShared
	}
	dst = append(dst, mode)
	if mode == format.TimeShared {
		dst = format.AppendVarint(dst, int64(off))
	}
	prev := int64(0)
	for _, t := range ts {
		dst = format.AppendVarint(dst, t.Local-prev)
		prev = t.Local
		dst = format.AppendUvarint(dst, timeFrac(t))
		if mode == format.TimePerValue {
			dst = format.AppendVarint(dst, int64(t.Offset))
		}
	}
	return dst
}

// remapTagged copies one tagged value from src to dst, replacing provisional
// string ids with table indexes, and returns the bytes of src it used.
func remapTagged(dst, src []byte, remap []uint32) ([]byte, int) {
	tag := src[0]
	switch tag {
	case format.TagString:
		id, n := format.ConsumeUvarint(src[1:])
		return format.AppendUvarint(append(dst, tag), uint64(remap[id])), 1 + n
	case format.TagArray, format.TagObject:
		cnt := containerCount(src[1:])
		dst = format.AppendUvarint(append(dst, tag), cnt)
		pos := 1 + containerCountSize
		for i := uint64(0); i < cnt; i++ {
			if tag == format.TagObject {
				id, n := format.ConsumeUvarint(src[pos:])
				dst = format.AppendUvarint(dst, uint64(remap[id]))
				pos += n
			}
			var m int
			dst, m = remapTagged(dst, src[pos:], remap)
			pos += m
		}
		return dst, pos
	}
	n := format.SkipValue(src)
	return append(dst, src[:n]...), n
}

// Inside the builder, arrays and objects carry a fixed four-byte count so
// that a streaming producer (the JSON tokenizer) can patch it when the
// container closes; remapTagged rewrites it as the canonical uvarint.
const containerCountSize = 4

func appendContainer(b []byte, tag byte, n int) []byte {
	return append(b, tag, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
}

func containerCount(b []byte) uint64 {
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24
}

func patchContainer(b []byte, at int, n int) {
	b[at+1], b[at+2], b[at+3], b[at+4] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
}
