package pagebuild

import "github.com/rowpage/rowpage/format"

// DeferAfter is how many new strings in a row a column must yield before
// its strings are deferred: enough that a column of a few repeated values
// never qualifies, few enough that a page of a hundred rows gains.
const DeferAfter = 32

// DeferWindow: a column whose deferred strings, in a window of this many,
// include a sample of at least 8 of which more than three quarters may
// repeat an earlier one (Interner.AddDeferred; by chance one in sixteen)
// goes back to interning: a column of customers' names in a join, distinct
// for its first rows, then repeating. Otherwise each repeat would cost a
// merge at settle. A column that repeats less, as an update time equal to
// the creation time in a third of the rows, stays deferred: settle merges
// its repeats in a few passes that stay in the caches, while interning
// would look each of its new strings up in a table of the whole page's
// strings, a cache miss per row once the page has some thousands. (With
// half as the bar and 128 strings, such a column went back to interning
// by chance in nearly every page of 10,000 rows and half of those of
// 1,000.)
const DeferWindow = 256

// Deferral is one text column's record of its deferred strings, kept by
// every producer that defers (Builder.CellString, and SQL ingestion for
// the columns it writes itself), so that the rule is written once: after
// DeferAfter new strings in a row a column's strings are deferred; a
// window of DeferWindow deferred strings whose sample mostly may repeat
// an earlier one sends the column back to interning for the rest of the
// page. The zero Deferral is a column that has not deferred yet.
type Deferral struct {
	fresh, sampled, again int32 // new strings in a row, then the window's strings, sampled ones, and possible repeats
	deferred, interning   bool  // strings are deferred; the column went back to interning for the page
}

// Deferred reports whether the column's strings are being deferred.
func (d *Deferral) Deferred() bool { return d.deferred }

// Interned records a string of the column that was interned, new to the
// page or not, and reports whether the column's strings are deferred from
// now on (Interner.AddDeferred).
func (d *Deferral) Interned(isNew bool) bool {
	if !isNew {
		d.fresh = 0
		return false
	}
	if d.fresh++; d.fresh == DeferAfter && !d.interning {
		d.deferred, d.fresh = true, 0
		return true
	}
	return false
}

// MinDeferStrings is how many strings a page must hold before
// Builder.CellString lets a column start deferring. Deferring saves a
// probe of the interner's table per string, which only costs much once
// the table outgrows the first-level cache, and costs a pass of settle
// over every string of the page (Interner.dedupe, about 75 instructions a
// string, and a merge if the column repeats after all): on a page of 100
// sparse rows, whose "name" column deferred and then repeated, settle was
// 4% of Marshal, and 2% on 100 hetero rows, whose ids and text deferred
// and never repeated. 1,024 strings, with their table of 2,048 slots, fill
// about 40 KB. The page is the same either way.
const MinDeferStrings = 1024

// InternedOn is Interned for a column of a page that holds strs strings:
// a column that would start deferring on a page of fewer than
// MinDeferStrings strings keeps interning, and asks again at its next new
// string.
//
// A string that is not new, or that leaves the count of new ones in a row
// short of DeferAfter-1, is recorded with one comparison of the count:
// the case of nearly every interned cell, which Interned's order of tests
// made pay for three.
func (d *Deferral) InternedOn(isNew bool, strs int) bool {
	if !isNew {
		d.fresh = 0
		return false
	}
	if d.fresh < DeferAfter-1 {
		d.fresh++
		return false
	}
	if d.fresh == DeferAfter-1 && strs < MinDeferStrings {
		return false
	}
	return d.Interned(true)
}

// Sampled records a deferred string by the sample Interner.AddDeferred
// returned for it, and reports whether the column's strings turned out to
// repeat: the column then interns again for the rest of the page, and the
// caller must first put the deferred strings in the interner's table
// (Interner.TableDeferred, and Builder.Renumber with its result).
func (d *Deferral) Sampled(smp uint64) bool {
	d.sampled += int32(smp & 1)
	d.again += int32(smp >> 1)
	if d.fresh++; d.fresh&(DeferWindow-1) != 0 {
		return false
	}
	repeats := 4*d.again > 3*d.sampled && d.sampled >= 8
	d.sampled, d.again = 0, 0
	if repeats {
		d.deferred, d.fresh, d.interning = false, 0, true
	}
	return repeats
}

// renumber applies m, the new id of each old string id, to every id the
// page's columns hold, and to the key index.
func (pb *Builder) Renumber(m []uint32) {
	clear(pb.colOf)
	for i := range pb.Cols[:pb.ncols] {
		c := &pb.Cols[i]
		c.Name = m[c.Name]
		pb.setColumnOf(c.Name, int32(i))
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
			c.Copies = c.Copies[:0] // the cells moved
			c.Nested = c.Nested[:0]
			c.PlainCell = 0
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
