package rowpage

import (
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Copies of string-table entries for decoding: a page stores each distinct
// string once, and a decoder copies each at most once, however many cells,
// keys and column names use it.

// str returns a copy of string-table entry i. With d.cache set, every
// entry it copies is kept, so each is copied at most once per Decode: the
// cache costs a 16-byte string header per entry up to the largest index
// used, and a page has at most one entry per byte of its string table.
// The copies are made a run of consecutive entries at a time (see
// copyRun). Without it, the copies come from d.shared, the Page's own
// cache.
func (d *valueDecoder) str(i uint32) string {
	if i < uint32(len(d.strs)) && d.strs[i] != "" {
		return d.strs[i]
	}
	return d.strSlow(i)
}

// strSlow is str for an entry not yet in the cache.
func (d *valueDecoder) strSlow(i uint32) string {
	if d.shared != nil {
		return d.shared.get(d.l, i, d.compat)
	}
	if !d.cache {
		return copyStr(d.l.Strings.Bytes(int(i)), d.compat) // an empty entry copies for free
	}
	t := &d.l.Strings
	if t.Start(int(i)) == t.Start(int(i)+1) {
		return "" // nothing to copy, nor to cache
	}
	if int(i) >= len(d.strs) {
		d.growStrs(int(i))
	}
	return d.copyRun(int(i))
}

// Runs of entries copied at once: the first run copies up to runMin
// bytes, each later one up to the bytes copied so far, and none more than
// blockChunk (one entry longer than that gets a run of its own).
const runMin = 512

// copyRun copies entry i, not empty and not cached, and the uncached
// entries after it, up to the first cached one, the end of d.strs and the
// run's byte budget, into one new string, and caches each entry as a part
// of it. It returns entry i. A decoder reads most entries of a page's
// common area (keys, repeated values and the strings of nested values, in
// order of first use), so one allocation and one copy serve many strings;
// the cost is that a string kept alone keeps its run (at most 16 KiB)
// alive, and that the entries of a run never asked for are copied too.
// The budget grows with the bytes copied, so a decode that asks for few
// entries copies little more than it uses. Cost: one pass over the run's
// ends, one copy of its bytes, and with d.compat one UTF-8 check of them.
func (d *valueDecoder) copyRun(i int) string {
	t := &d.l.Strings
	start := t.Start(i)
	limit := start + min(blockChunk, max(runMin, d.copied))
	j := i + 1
	if i >= d.fresh { // none past i is copied: the scan reads the starts only
		for j < len(d.strs) && t.Start(j+1) <= limit {
			j++
		}
	} else {
		for j < len(d.strs) && d.strs[j] == "" && t.Start(j+1) <= limit {
			j++
		}
	}
	d.fresh = max(d.fresh, j)
	run := string(t.Run(i, j))
	d.copied += len(run)
	strs, ends := d.strs[i:j], t.Starts(i, j)[1:]
	ends = ends[:len(strs)] // (one bounds check for the loop)
	from := 0
	for k, e := range ends {
		// An empty entry gets an empty string, which str treats as not
		// cached: no test for it in the loop.
		to := int(e) - start
		strs[k] = run[from:to]
		from = to
	}
	if d.compat {
		for k := range strs {
			if v := strs[k]; !utf8.ValidString(v) {
				strs[k] = jsonString(t.Bytes(i + k))
			}
		}
	}
	return d.strs[i]
}

// growStrs makes the cache hold entry i. It starts at the size of the
// table's common area (commonStrings), which in a canonical page holds
// every entry str is asked for, and doubles from there, up to the table's
// size: a page whose string-seq columns claim a smaller common area (even
// none) costs a few more allocations, never a copy per use.
func (d *valueDecoder) growStrs(i int) {
	n := max(i+1, 2*len(d.strs))
	if d.strs == nil {
		n = max(n, commonStrings(d.l))
	}
	n = min(n, d.l.Strings.Len())
	strs := make([]string, n)
	copy(strs, d.strs)
	d.strs = strs
}

// commonStrings returns the number of entries in the string table's common
// area: those before the first string of any string-seq column, which in a
// canonical page holds every string used more than once (SPEC.md section
// 9). It reads the base of each string-seq column. The page is not
// trusted to be canonical: this is only where the cache starts.
func commonStrings(l *pageread.Layout) int {
	n := l.Strings.Len()
	for i := range l.Columns {
		c := &l.Columns[i]
		if c.Enc&^format.EncNullBitmap != format.EncStrSeq {
			continue
		}
		b := c.Payload
		if c.Enc&format.EncNullBitmap != 0 {
			b = b[(c.Count+7)/8:]
		}
		if base, m := format.ConsumeUvarint(b); m > 0 {
			n = min(n, int(base))
		}
	}
	return n
}

// pageStrings is a Page's copies of its string-table entries, for
// Row.Value and Elems.Value: each entry is copied on first use and at most
// once per Page, so however many cells repeat a string, the copies cost at
// most the table's bytes, plus 8 bytes per entry for the table of them
// (made by the first Value that copies a string) and 16 per entry copied.
// The Page holds only the pointer, so Open pays one word for it. It is
// safe for concurrent readers: the table and each entry are published with
// an atomic compare-and-swap (readers racing to make one may both make
// it; one wins, and all use that one).
type pageStrings struct {
	tab atomic.Pointer[[]atomic.Pointer[string]]
}

// get returns the copy of entry i of l's string table, made by copyStr
// with compat (which must not change from call to call).
func (c *pageStrings) get(l *pageread.Layout, i uint32, compat bool) string {
	tab := c.tab.Load()
	if tab == nil {
		tab = c.makeTab(l)
	}
	e := &(*tab)[i]
	if p := e.Load(); p != nil {
		return *p
	}
	s := copyStr(l.Strings.Bytes(int(i)), compat)
	if s == "" {
		return s // nothing to share
	}
	if !e.CompareAndSwap(nil, &s) {
		return *e.Load()
	}
	return s
}

// makeTab makes and publishes the table of copies, or returns the one a
// concurrent reader published first.
func (c *pageStrings) makeTab(l *pageread.Layout) *[]atomic.Pointer[string] {
	tab := make([]atomic.Pointer[string], l.Strings.Len())
	if !c.tab.CompareAndSwap(nil, &tab) {
		return c.tab.Load()
	}
	return &tab
}

// copyStr returns a copy of b, a string-table entry. With compat, as
// json.Unmarshal reads back what json.Marshal writes for it: every byte
// that is not part of valid UTF-8 becomes U+FFFD, one for each such byte
// (json.Marshal writes \ufffd per byte, and json.Unmarshal also decodes
// each such byte of its input to U+FFFD). The check costs one pass over b.
func copyStr(b []byte, compat bool) string {
	if !compat || utf8.Valid(b) {
		return string(b)
	}
	return jsonString(b)
}

// jsonString is copyStr with compat of b, not valid UTF-8.
func jsonString(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + 8)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			sb.WriteRune(utf8.RuneError)
		} else {
			sb.Write(b[:n])
		}
		b = b[n:]
	}
	return sb.String()
}
