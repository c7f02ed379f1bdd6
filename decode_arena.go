package rowpage

import (
	"strings"
	"sync"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// strArena makes the strings of one Decode call that are not copies of
// string-table entries (the RFC 3339 text of times decoded into strings)
// out of shared blocks: one allocation per block instead of two per
// string (the text, then its string). A block is a strings.Builder's
// buffer: strings cut from it stay as they are while later ones are
// appended, and a full block is left to the strings that use it. The cost
// is retention: a string kept alone keeps its block (at most blockChunk
// bytes) alive.
type strArena struct {
	b    strings.Builder
	size int // the size of the last block
}

// arenaMin is the size of an arena's first block; each later one doubles,
// up to blockChunk.
const arenaMin = 512

// make returns a string holding a copy of p.
func (a *strArena) make(p []byte) string {
	if a.b.Cap()-a.b.Len() < len(p) {
		if len(p) > blockChunk/4 {
			return string(p)
		}
		a.size = min(max(2*a.size, arenaMin), blockChunk)
		a.b = strings.Builder{}
		a.b.Grow(a.size)
	}
	n := a.b.Len()
	a.b.Write(p)
	return a.b.String()[n:]
}

// timeText returns the RFC 3339 text of ts as a string: with d.cache set,
// cut from d.texts, and the dates rendered through a DateCache the call
// takes from datePool on its first time (Decode gives it back). The text
// is rendered quoted, the fast renderer's form, and cut from between its
// quotes: no copy.
func (d *valueDecoder) timeText(ts format.Timestamp) string {
	if d.dates == nil && d.cache {
		d.dates = datePool.Get().(*jsonwire.DateCache)
	}
	d.buf = d.dates.AppendTimestampJSON(d.buf[:0], ts) // a nil cache computes every date
	text := d.buf[1 : len(d.buf)-1]
	if !d.cache {
		return string(text)
	}
	return d.texts.make(text)
}

// textChunk is how many cells timeTextColumn renders into one string: at
// most textMost bytes each, some 9.5 KiB.
const textChunk = 256

// textMost is the most bytes a time's quoted text takes: 35 of text and 2
// of quotes.
const textMost = 37

// timeTextColumn decodes the n cells of a text-time column, from its
// cursor k, into the string fields that cp describes of the rows slots
// addresses, as timeText does for each (a null leaves its field alone).
// It renders a chunk of cells at a time, quoted, one after another into
// d.textBuf (sized for the chunk up front, and kept for the next call by
// Unmarshal), straight from the cursor (TakeTimeJSON), and copies the chunk
// into one string that the fields are cut from: one allocation per chunk,
// no copy per string. Open has validated every cell, so none fails
// TakeTimeJSON's checks; one that did would render nothing, leaving its
// field alone.
func (d *decodeState) timeTextColumn(slots *rowSlots, n int, cp *colPlan, k *pageread.Cursor) {
	if d.dates == nil {
		d.dates = datePool.Get().(*jsonwire.DateCache)
	}
	var ends [textChunk]uint16 // where each row's text ends in the chunk
	nulls := k.MayBeNull()
	fs := slots.column(&cp.fieldPath, n)
	for i := 0; i < n; {
		m := min(n-i, textChunk)
		if need := m*textMost + jsonwire.TimestampWindow; cap(d.textBuf) < need {
			d.textBuf = make([]byte, 0, need)
		}
		buf := d.textBuf[:0]
		for r := range m {
			if !nulls || !k.TakeNull() {
				buf = k.TakeTimeJSON(buf, d.dates)
			}
			ends[r] = uint16(len(buf))
		}
		d.textBuf = buf
		s := string(buf)
		from := 0
		for r, e := range ends[:m] {
			if to := int(e); to > from {
				fs.at(i + r).setString(s[from+1 : to-1])
				from = to
			}
		}
		i += m
	}
}

// datePool holds the DateCaches of Decode calls that render times as text:
// 2.5 KB each, too large to carry in every call's state, and a call that
// renders one time usually renders many of the same days.
var datePool = sync.Pool{New: func() any { return new(jsonwire.DateCache) }}

// releaseDates gives the call's DateCache, if it took one, back to datePool.
func (d *valueDecoder) releaseDates() {
	if d.dates != nil {
		datePool.Put(d.dates)
		d.dates = nil
	}
}
