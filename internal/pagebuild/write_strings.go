package pagebuild

import (
	"encoding/binary"
	"hash/crc32"
	"slices"

	"github.com/rowpage/rowpage/format"
)

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

// assignStrings decides each string's table index: first the common area
// (keys, and strings that occur more than once or outside a unique-valued
// string column) in order of first appearance, then each unique-valued
// string column's private run in column order. It fills b.order (table
// index -> settled id), b.dataLen (the table's data bytes) and b.remap,
// the table index of each id as the columns hold it: the settled id's,
// through b.renum when settle merged repeats (so the columns' ids are
// mapped once, as they are written, rather than rewritten first).
//
// b.sameIDs says that b.remap maps every id to itself, as on a page
// whose columns claim no run and whose strings settle merged none.
//
// Of a private run's strings only the first has its index in b.remap
// (the column is written as that index, EncStrSeq); the others' entries
// are left as they were, since no cell refers to them: each occurs once.
// The runs are claimed from the last column to the first, each in the
// entries of b.order just before the run after it, so that one pass over
// a run's ids finds that it is private, marks them, places them and adds
// up their bytes, where a pass to check, one to mark and one to place
// each walked them (3,881 to 3,455 instructions a 25-row sparse page, of
// 117 strings in 7 runs).
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
	order := Grow(b.order, n)
	strs, meta, cols := in.Strs[:n], in.meta[:n], b.Cols[:b.ncols]
	end, dataLen := n, 0 // order[end:] holds the private runs claimed so far
	for ci := len(cols) - 1; ci >= 0; ci-- {
		if c := &cols[ci]; c.Kind == KindStr {
			end, dataLen = claimRun(c.strs, renum, strs, meta, uniq, tab, order[:end], int32(ci)+1, dataLen)
		}
	}
	// The common area, in id order, before the runs: it takes exactly
	// order[:end], every id that no run claimed.
	k, common := commonArea(strs, uniq, tab, order)
	b.order, b.dataLen = order[:k+n-end], dataLen+common
	if renum == nil {
		// Every string in the common area, in id order: each id is its
		// own index, and tagged values keep their ids (appendTagged).
		b.remap, b.sameIDs = tab, k == n
		return
	}
	b.sameIDs = false
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

// claimRun makes ids, a string column's string ids as the columns hold
// them (settled through renum, if not nil), the column's private run of
// the table if every one of them occurs once and is no key: it marks
// each in uniq with mark, puts them in their order at the end of before
// (the table entries before the runs claimed so far), gives the first its
// table index in tab, and returns the index of the first and dataLen plus
// their bytes. Otherwise, and for an empty column, it takes back any
// marks and returns len(before) and dataLen. strs and meta are indexed
// by settled id. Cost: one pass over ids, up to the first repeat, in a
// loop for each case of renum so that neither tests it an id.
//
// Only the run's first id gets its index in tab: the column's cells refer
// to the run by its start. This leans on every reference to a string
// being counted (strMeta.count): a string of count 1 is taken to have no
// reference but its one cell, so no other index of it is written.
func claimRun(ids, renum []uint32, strs []string, meta []strMeta, uniq []int32, tab, before []uint32, mark int32, dataLen int) (int, int) {
	end := len(before)
	if len(ids) == 0 || len(ids) > end {
		return end, dataLen
	}
	start := end - len(ids)
	run := before[start:][:len(ids)]
	n := dataLen
	if renum == nil {
		for i, id := range ids {
			if meta[id].count != 1 { // a repeat, or a key (keyBit)
				unclaim(uniq, ids[:i], nil)
				return end, dataLen
			}
			uniq[id] = mark
			run[i] = id
			n += len(strs[id])
		}
	} else {
		for i, id := range ids {
			id = renum[id]
			if meta[id].count != 1 {
				unclaim(uniq, ids[:i], renum)
				return end, dataLen
			}
			uniq[id] = mark
			run[i] = id
			n += len(strs[id])
		}
	}
	tab[run[0]] = uint32(start)
	return start, n
}

// unclaim takes back claimRun's marks of ids (settled through renum, if
// not nil): a column's first ids, before one that repeats.
func unclaim(uniq []int32, ids, renum []uint32) {
	for _, id := range ids {
		if renum != nil {
			id = renum[id]
		}
		uniq[id] = 0
	}
}

// settled returns the interner's id, after settle, of id, a string id as
// the columns hold it.
func (b *Builder) settled(id uint32) uint32 {
	if b.renum != nil {
		return b.renum[id]
	}
	return id
}
