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
