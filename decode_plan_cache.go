package rowpage

import (
	"reflect"
	"slices"
	"sync"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// The column plans of a struct type depend only on the page's column names
// and encodings, which the pages a service decodes into one type mostly
// share: planCols keeps, per struct type, the plans of the last columns it
// was built for, so that a call over the same columns checks them and
// copies the plans instead of looking up a field per column. For small
// pages that lookup was a large part of the call.

// planColsEntry is the column plans of one struct type for one list of
// columns. It is never changed once stored, so calls share it freely.
type planColsEntry struct {
	names     string    // the column names, one after another
	ends      []int     // where each name ends in names
	encs      []uint8   // each column's encoding, null bitmap flag included
	cellPaths bool      // cellPathsOnly when built
	cols      []colPlan // the plans, nested plans not found yet (nil)
	// shared reports that no plan in cols will have a nested plan written
	// into it, the one thing a call writes into them, so that calls may
	// share cols itself: every setStruct and setStructP plan has a slot of
	// decodeState.topNested (topSlot), which holds as many as nearly any
	// struct has such fields.
	shared bool
}

// planColsCache maps a struct type to its *planColsEntry.
var planColsCache sync.Map

// planCols returns the column plans of struct type t for the columns of
// d's page: a new slice when the caller may change them (to fill in
// nested plans), else the cached one, which nothing writes. Cost on a
// hit: one comparison of each column's name and encoding, and for a
// struct with more nested struct fields than topNested has slots a copy
// of the plans (about 800 instructions for seven columns, which every
// struct with a nested one paid before the slots); on a miss, a field
// lookup per column and a new entry for the next call.
func (d *decodeState) planCols(t reflect.Type) []colPlan {
	l := d.l
	if v, ok := planColsCache.Load(t); ok {
		if e := v.(*planColsEntry); e.matches(l) {
			if e.shared {
				return e.cols
			}
			return slices.Clone(e.cols)
		}
	}
	cols := buildPlanCols(t, l)
	e := &planColsEntry{ends: make([]int, len(l.Columns)), encs: make([]uint8, len(l.Columns)),
		cellPaths: cellPathsOnly, cols: cols}
	var names []byte
	for c := range l.Columns {
		names = append(names, l.Strings.Bytes(int(l.Columns[c].Name))...)
		e.ends[c], e.encs[c] = len(names), l.Columns[c].Enc
	}
	e.names = string(names)
	e.shared = true
	slot := 0
	for c := range cols {
		if k := cols[c].kind; k == setStruct || k == setStructP {
			if slot == len(d.topNested) {
				e.shared = false // the plans in cols from here on cache nested plans themselves
				break
			}
			slot++
			cols[c].topSlot = uint8(slot)
		}
	}
	if !e.shared {
		for c := range cols {
			cols[c].topSlot = 0
		}
	}
	planColsCache.Store(t, e)
	if e.shared {
		return cols
	}
	return slices.Clone(cols)
}

// matches reports whether e was built for the columns of l. When the
// column names are consecutive entries of the string table, as a page's
// writer puts them, their bytes are one run of the table, compared at once
// with e.names after a check of where each name ends: about half the cost
// of a comparison per name.
func (e *planColsEntry) matches(l *pageread.Layout) bool {
	if len(e.encs) != len(l.Columns) || e.cellPaths != cellPathsOnly {
		return false
	}
	if len(l.Columns) == 0 {
		return true
	}
	t := &l.Strings
	first := int(l.Columns[0].Name)
	base := t.Start(first)
	consecutive := first+len(l.Columns) <= t.Len()
	for c := range l.Columns {
		col := &l.Columns[c]
		if col.Enc != e.encs[c] {
			return false
		}
		if consecutive && (int(col.Name) != first+c || t.Start(first+c+1)-base != e.ends[c]) {
			consecutive = false
		}
	}
	if consecutive {
		return string(t.Run(first, first+len(l.Columns))) == e.names
	}
	start := 0
	for c := range l.Columns {
		end := e.ends[c]
		if string(t.Bytes(int(l.Columns[c].Name))) != e.names[start:end] {
			return false
		}
		start = end
	}
	return true
}

// buildPlanCols returns the plans of struct type t for the columns of l:
// one field lookup per column.
func buildPlanCols(t reflect.Type, l *pageread.Layout) []colPlan {
	sf := cachedFields(t)
	cols := make([]colPlan, len(l.Columns))
	for c := range cols {
		if cp, ok := sf.lookupPlan(l.Strings.Bytes(int(l.Columns[c].Name))); ok {
			k := cp.kind
			if k == setPtr {
				k = cp.elem
			}
			cp.op = opFor(l.Columns[c].Enc&^format.EncNullBitmap, k)
			if cellPathsOnly {
				cp = cellPathPlan(cp)
			}
			cols[c] = cp
		}
	}
	return cols
}
