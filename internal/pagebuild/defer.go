package pagebuild

import "github.com/rowpage/rowpage/format"

// deferAfter is how many new strings in a row a column must yield before
// its strings are deferred: enough that a column of a few repeated values
// never qualifies, few enough that a page of a hundred rows gains.
const DeferAfter = 32

// deferWindow: a column whose deferred strings, in a window of this many,
// include a sample of at least 8 of which more than half may repeat an
// earlier one (interner.addDeferred; by chance one in sixteen) goes back
// to interning: a column of customers' names in a join, distinct for its
// first rows, then repeating. Otherwise each repeat would cost a merge at
// settle and the columns' ids a renumbering.
const DeferWindow = 128

// renumber applies m, the new id of each old string id, to every id the
// page's columns hold, and to the key index.
func (pb *Builder) Renumber(m []uint32) {
	clear(pb.ColByKey)
	for i := range pb.Cols[:pb.ncols] {
		c := &pb.Cols[i]
		c.Name = m[c.Name]
		pb.ColByKey[c.Name] = int32(i)
		for j, id := range c.strs {
			c.strs[j] = m[id]
		}
		if len(c.Tagged) > 0 {
			buf := pb.Tagged[:0]
			for pos := 0; pos < len(c.Tagged); {
				var n int
				buf, n = renumberTagged(buf, c.Tagged[pos:], m)
				pos += n
			}
			// Ids only shrink, so the copy fits in c.anyBuf: swapping
			// the buffers instead would move capacity between columns
			// and make the next page allocate.
			c.Tagged = append(c.Tagged[:0], buf...)
			pb.Tagged = buf
		}
	}
}

// renumberTagged copies one tagged value of a column's cells from src to
// dst, replacing each string id with m[id], and returns the bytes of src it
// used. Arrays and objects keep the builder's fixed four-byte counts (see
// appendContainer).
func renumberTagged(dst, src []byte, m []uint32) ([]byte, int) {
	switch tag := src[0]; tag {
	case format.TagString:
		id, n := consumeID(src[1:])
		return format.AppendUvarint(append(dst, tag), uint64(m[id])), 1 + n
	case format.TagArray, format.TagObject:
		pos := 1 + containerCountSize
		dst = append(dst, src[:pos]...)
		for range containerCount(src[1:]) {
			if tag == format.TagObject {
				id, n := consumeID(src[pos:])
				dst = format.AppendUvarint(dst, uint64(m[id]))
				pos += n
			}
			var n int
			dst, n = renumberTagged(dst, src[pos:], m)
			pos += n
		}
		return dst, pos
	}
	n := format.SkipValue(src)
	return append(dst, src[:n]...), n
}
