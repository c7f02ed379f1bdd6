package rowpage

import (
	"encoding/json"
	"reflect"
	"slices"
	"time"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// anyCell writes a row's cell held in an interface: anyValue at depth 1,
// with the two types of most JSON values, string and float64, and the
// integers of maps built in Go, int and int64, written here, in a function
// small enough to be cheap to call (an int cell of a native sparse row
// cost about 45 instructions more through anyValue and putInt).
func (w *walker) anyCell(c *pagebuild.Column, v any) error {
	switch x := v.(type) {
	case string:
		w.b.CellString(c, x)
		return nil
	case float64:
		if v, ok := pagebuild.FloatInt(x); ok && !w.cellFloats { // a whole number: kept as an integer while its column's are
			c.AppendFloatInt(v)
			return nil
		}
		if c.Kind == pagebuild.KindFloat && x-x == 0 { // finite: appendFloatCell cannot fail
			c.FlushFloatInts()
			c.Blob, _ = format.AppendFloatCell(c.Blob, x, 64)
			c.Mark(false)
			c.BlobN++
			return nil
		}
		return w.putFloat(c, false, x, 64)
	case nil:
		c.AppendNull()
		return nil
	case bool:
		c.AppendBool(x)
		return nil
	case []any:
		return w.anyArray(c, false, x, 1)
	case map[string]any: // as anyValue writes it, without its call and type switch
		if x == nil {
			c.AppendNull()
			return nil
		}
		return w.anyMap(c, false, x, 1)
	case int: // the integers of maps built in Go, as anyValue writes them, without its call and putInt's
		c.AppendInt(int64(x))
		return nil
	case int64:
		c.AppendInt(x)
		return nil
	}
	return w.anyValue(c, false, v, 1)
}

// anyValue writes a value held in an interface, with fast paths for the
// types json.Unmarshal and hand-built maps hold, before falling back to
// reflection. Values reached through an interface are not addressable, as in
// encoding/json.
func (w *walker) anyValue(c *pagebuild.Column, nested bool, v any, depth int) error {
	switch x := v.(type) {
	case nil:
		w.putNull(c, nested)
	case string:
		w.putString(c, nested, x)
	case float64:
		return w.putFloat(c, nested, x, 64)
	case bool:
		w.putBool(c, nested, x)
	case int:
		w.putInt(c, nested, int64(x))
	case int64:
		w.putInt(c, nested, x)
	case int32:
		w.putInt(c, nested, int64(x))
	case uint64:
		w.putUint(c, nested, x)
	case float32:
		return w.putFloat(c, nested, float64(x), 32)
	case time.Time:
		return w.putTime(c, nested, x)
	case json.Number:
		return w.putNumber(c, nested, x, false)
	case map[string]any:
		if x == nil {
			w.putNull(c, nested)
			return nil
		}
		return w.anyMap(c, nested, x, depth)
	case []any:
		return w.anyArray(c, nested, x, depth)
	case []string:
		return w.putStrings(c, nested, x, depth)
	default:
		return w.value(c, nested, reflect.ValueOf(v), false, depth)
	}
	return nil
}

// anyArray writes a []any as a tagged array.
func (w *walker) anyArray(c *pagebuild.Column, nested bool, x []any, depth int) error {
	if x == nil {
		w.putNull(c, nested)
		return nil
	}
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	if !nested {
		w.path = cellPath(c) // maps in the array are found by their column
		c.OpenContainer(false, format.TagArray, len(x))
	} else { // OpenContainer's nested case, without its call
		c.Tagged = pagebuild.AppendContainer(c.Tagged, format.TagArray, len(x))
	}
	ids := 0 // elements written as string ids
	for _, e := range x {
		switch v := e.(type) {
		case string:
			if w.nestedString(c, v) {
				ids++
			}
			continue
		case float64: // as anyValue writes it, without its type switch and putFloat's call
			if n, ok := pagebuild.FloatInt(v); ok && !w.cellFloats {
				c.AppendNestedFloatInt(n)
				continue
			}
			if v-v == 0 { // finite: AppendFloatCell cannot fail
				c.Tagged, _ = format.AppendFloatCell(append(c.Tagged, format.TagFloat), v, 64)
				continue
			}
			if err := w.putFloat(c, true, v, 64); err != nil {
				return err
			}
			continue
		case map[string]any: // as anyValue writes it, without its call and type switch
			if v != nil {
				if err := w.anyMap(c, true, v, depth+1); err != nil {
					return err
				}
				continue
			}
		}
		if err := w.anyValue(c, true, e, depth+1); err != nil {
			return err
		}
	}
	if !nested && ids == len(x) {
		c.StrLists++
	}
	return nil
}

// mapRow adds m as one row, keys in sorted order. When the last rows
// repeated a shape and m has exactly the keys of the previous row, the row
// reuses that row's columns: no sorting, no key comparisons, and one
// lookup per key finds its value. Otherwise, on a page of at most
// maxSetCols columns, setRow finds the row's shape by its set of columns;
// on a wider page, when every key of m has a column already, the row's
// cells are ordered by the columns' key order (keyRanks) instead of by
// sorting the keys as strings. Only the keys a row brings that have no
// column are sorted as strings (freshRow).
func (w *walker) mapRow(m map[string]any) error {
	b := w.b
	if b.Last != 0 && w.rowsRepeat() {
		if sh := b.Shapes[b.Last-1]; len(sh) == len(m) {
			if vals, ok := w.valuesByKey(m, sh); ok {
				return w.sameShapeRow(sh, vals)
			}
		}
	}
	if n := b.NumColumns(); n != 0 && n <= maxSetCols {
		return w.setRow(m)
	}
	vals := w.vals[:0]
	cols := w.ranks.row[:0]
	fresh := w.keyScratch(0) // the keys that have no column (addFresh)
	w.keys[0], w.ranks.fresh = fresh, w.ranks.fresh[:0]
	sets := &w.sets
	search := w.mapRows && sets.begin(b)
	rk, rv := w.rowEntries(m)
	if b.NumColumns() == 0 { // the page's first row: no key has a column
		if w.mapRows { // perhaps of the keys of the last page's
			if at, ok := w.first.order(rk); ok {
				return w.knownFirstRow(rk, rv, at)
			}
		}
		for j, k := range rk {
			v := rv[j]
			w.addFresh(k, len(vals))
			vals = append(vals, v)
		}
		w.vals = vals
		err := w.freshRow(m, cols, w.keys[0], w.ranks.fresh, vals)
		if err == nil && w.mapRows {
			w.first.remember(w.keys[0]) // sorted by freshRow
		}
		return err
	}
	for j, k := range rk {
		v := rv[j]
		ci, ok := b.KnownColumn(k)
		if !ok {
			search = false
			w.addFresh(k, len(vals)) // kept out of the loop's registers
			vals = append(vals, v)
			continue
		}
		if search {
			sets.add(ci, v)
		}
		cols = append(cols, uint64(ci)<<32|uint64(len(vals)))
		vals = append(vals, v)
	}
	w.vals, w.ranks.row = vals, cols
	if len(w.ranks.fresh) != 0 {
		return w.freshRow(m, cols, w.keys[0], w.ranks.fresh, vals)
	}
	if search {
		if id := sets.find(b); id != 0 {
			return w.setShapeRow(id)
		}
	}
	return w.rankedRow(cols, vals)
}

// rowsRepeat reports whether the page's last row had the shape of the row
// before it (or the page has one row): only then does mapRow try the last
// row's keys on the next, a lookup per key. On a page whose key sets vary
// from row to row the lookups mostly end at a missing key, after which
// the row is iterated anyway.
func (w *walker) rowsRepeat() bool {
	rs := w.b.RowShape
	n := len(rs)
	return n < 2 || rs[n-1] == rs[n-2]
}

// setRow adds map row m to a page of at most maxSetCols columns. It
// reads m's members once, from the map's slots (slotSet) or else its
// entries (entriesSet), finding each key's column and setting its bit in
// the row's set; a set the page has seen gives its shape (colSets), whose
// columns are in key order, and the cells are written in that order with
// no key sorted or compared. A new set becomes a shape whose columns are
// ordered by the bits of their ranks (newSetShape), and a row with keys
// that have no column goes to freshSetRow. The page is the one sorting the
// keys makes.
func (w *walker) setRow(m map[string]any) error {
	b := w.b
	s := &w.csets
	s.begin(b)
	cv := s.vals[:maxSetCols]
	vals := w.vals[:0]
	fresh := w.keyScratch(0)
	w.keys[0], w.ranks.fresh = fresh, w.ranks.fresh[:0]
	set, vals, ok := w.slotSet(m, (*[maxSetCols]any)(cv), vals)
	if !ok {
		set, vals = w.entriesSet(m, cv, vals)
	}
	if len(w.ranks.fresh) != 0 {
		w.vals = vals
		return w.freshSetRow(m, set, (*[maxSetCols]any)(cv), w.keys[0], w.ranks.fresh, vals)
	}
	w.vals = vals
	id, at := s.lookup(set)
	if id == 0 {
		if id = w.newSetShape(set, at); id == 0 {
			return w.setRowNew(set, cv)
		}
	}
	for _, ci := range b.Shapes[id-1] {
		c := &b.Cols[ci]
		v := cv[ci&(maxSetCols-1)]
		if s, ok := v.(string); ok { // most cells: CellString without anyCell's call and switch
			b.CellString(c, s)
			continue
		}
		if err := w.anyCell(c, v); err != nil {
			return w.cellError(err, b.In.Strs[c.Name])
		}
	}
	b.ShapeRow(id)
	return nil
}

// entriesSet returns the set of columns of the keys of map row m (bit ci
// for column ci), with the value of each in cv[ci], from m's entries
// (rowEntries), where slotSet cannot read them; the keys with no column
// it notes (addFresh), appending their values to vals, which it returns.
func (w *walker) entriesSet(m map[string]any, cv []any, vals []any) (uint64, []any) {
	var set uint64
	kc, pageTag := &w.keyCols, keyColTag(w.b.Page, 0)
	rk, rv := w.rowEntries(m)
	rv = rv[:len(rk)]
	// The keys keyCols holds, as most are, in a loop that calls nothing
	// (kc.get written out): a call in it, to knownColumn or addFresh, made
	// the loop save its registers to the stack for every key, about 15
	// instructions a key. The first key keyCols lacks hands the rest of
	// the row to setRowRest. keyLoads is written out too, with the test
	// of keys of more than 16 bytes inside its first case: keyLoads'
	// call, inlined, and the test before it cost about 3 instructions a
	// key more (measured in groupSet, which has the same loop).
	j := 0
keys:
	for ; j < len(rk); j++ {
		k := rk[j]
		var ka, kb uint64
		switch n := len(k); {
		case n >= 8:
			if n > 16 {
				break keys // keyCols holds none; its length would spill into tag
			}
			ka, kb = pagebuild.Load64(k, 0), pagebuild.Load64(k, n-8)
		case n >= 4:
			ka, kb = uint64(pagebuild.Load32(k, 0)), uint64(pagebuild.Load32(k, n-4))
		case n > 0:
			ka = uint64(k[0]) | uint64(k[n>>1])<<8 | uint64(k[n-1])<<16
		}
		x, tag := keyColsMix(ka, kb, len(k)), pageTag|uint64(len(k))
		e := &kc[x>>(64-8)]
		if !e.holds(ka, kb, tag) {
			if e = &kc[x>>(64-16)&(keyColsSize-1)]; !e.holds(ka, kb, tag) {
				break keys
			}
		}
		ci := uint(e.ci) & (maxSetCols - 1)
		set |= 1 << ci
		cv[ci] = rv[j]
	}
	if j < len(rk) {
		set, vals = w.setRowRest(rk[j:], rv[j:], set, cv, vals)
	}
	return set, vals
}

// setRowRest is the rest of setRow's loop over the keys of a row, from
// the first key keyCols lacks: keys of columns the page has but keyCols
// has not met (knownColumn), and keys with no column (addFresh), whose
// values it appends to vals. It returns the row's set and vals.
func (w *walker) setRowRest(rk []string, rv []any, set uint64, cv []any, vals []any) (uint64, []any) {
	kc, page := &w.keyCols, w.b.Page
	for j, k := range rk {
		v := rv[j]
		ci, ok := kc.get(k, page)
		if !ok {
			set, vals = w.keyMiss(k, v, set, (*[maxSetCols]any)(cv), vals)
			continue
		}
		set |= 1 << (uint(ci) & (maxSetCols - 1))
		cv[uint(ci)&(maxSetCols-1)] = v
	}
	return set, vals
}

// keyMiss adds key k of a map row, with value v, that keyCols lacks, to
// the row's set and cv if the page has a column for it (knownColumn, which
// keyCols then holds), else notes it as a key with no column (addFresh),
// appending v to vals. It returns the set and vals. Where keyCols holds
// the keys of all the page's columns (keyColsWhole), a key of up to 16
// bytes that it lacks has none, and is not looked up (a hash of the key
// and a probe of the interner's table, about 150 instructions).
func (w *walker) keyMiss(k string, v any, set uint64, cv *[maxSetCols]any, vals []any) (uint64, []any) {
	if len(k) <= 16 && w.keyColsWhole() {
		w.addFresh(k, len(vals))
		return set, append(vals, v)
	}
	ci, ok := w.knownColumn(k)
	if !ok {
		w.addFresh(k, len(vals))
		return set, append(vals, v)
	}
	set |= 1 << (uint(ci) & (maxSetCols - 1))
	cv[uint(ci)&(maxSetCols-1)] = v
	return set, vals
}

// knownColumn returns the column of map key k if the page has one, as
// Builder.KnownColumn does (a mix of three bytes of the key or its hash,
// and a comparison of strings that calls memequal: a map's keys, as
// json.Unmarshal makes them, are copies of their own), and remembers it in
// keyCols, where setRow looks first.
func (w *walker) knownColumn(k string) (int32, bool) {
	b := w.b
	ci, ok := b.KnownColumn(k)
	if ok && w.keyCols.put(k, b.Page, ci) {
		w.keyColsHeld = -1 // it wrote over another key of the page
	}
	return ci, ok
}

// countNewColumns counts n columns that the map row just added made,
// whose keys it put in keyCols, for keyColsWhole; lost says that a put
// wrote over another key of the page. On a page whose every column a map
// row made, none of whose keys was written over, keyCols holds every key
// of up to 16 bytes. (A longer key it never holds, and keyMiss always
// looks up.) It is called once a row, not once a column: a call a
// column, which a page's first row makes for each key, cost about 45
// instructions each.
func (w *walker) countNewColumns(n int, lost bool) {
	if p := w.b.Page; w.keyColsPage != p {
		w.keyColsPage, w.keyColsHeld = p, 0
	}
	if lost {
		w.keyColsHeld = -1
	} else if w.keyColsHeld >= 0 {
		w.keyColsHeld += n
	}
}

// keyColsWhole reports whether keyCols holds the key, if of up to 16
// bytes, of every column of the page (countNewColumns): a column made
// another way (a row of another type) is not counted, so the count stays
// below the page's columns.
func (w *walker) keyColsWhole() bool {
	return w.keyColsPage == w.b.Page && w.keyColsHeld == w.b.NumColumns()
}

// addFresh notes a key of a map row that has no column, and the index of
// its value.
func (w *walker) addFresh(k string, i int) {
	w.keys[0] = append(w.keys[0], k)
	w.ranks.fresh = append(w.ranks.fresh, uint32(i))
}

// rankCols turns each entry of cols, column<<32 | value index, into the
// column's rank in the page's key order <<32 | value index, and sorts them:
// the order sorting the columns' keys as strings gives.
func (w *walker) rankCols(cols []uint64) {
	rank := w.ranks.update(w.b)
	for i, e := range cols {
		cols[i] = uint64(rank[e>>32])<<32 | e&(1<<32-1)
	}
	if len(cols) > 32 {
		slices.Sort(cols)
		return
	}
	for i := 1; i < len(cols); i++ { // a row has few keys: insertion sort
		e := cols[i]
		j := i
		for ; j > 0 && cols[j-1] > e; j-- {
			cols[j] = cols[j-1]
		}
		cols[j] = e
	}
}

// freshRow adds a map row that brings keys the page has no column for:
// fresh, with the indexes of their values in vals at; cols holds the other
// keys' columns<<32 | value index, as for rankedRow. The known keys are
// ordered by rank, only the fresh ones as strings, and the two merged,
// comparing keys by their first 8 bytes as integers (keyPrefix, kept for
// the ranked keys in keyRanks.pre) and as strings only where those agree
// (a string comparison cost about 60 instructions; a sparse row with new
// keys made a dozen), so
// the row's keys are in sorted order and every string (a fresh key, a
// value) is interned in the order that sorting all the keys gave: the
// string table, and so the page, do not change.
func (w *walker) freshRow(m map[string]any, cols []uint64, fresh []string, at []uint32, vals []any) error {
	b := w.b
	w.rankCols(cols)
	at, vals = w.sortFresh(m, fresh, at, vals)
	order, pre, strs := w.ranks.order, w.ranks.pre, b.In.Strs
	b.BeginRow()
	j := 0
	lost := false // a key written over in keyCols (countNewColumns)
	for i, k := range fresh {
		if j < len(cols) { // else no key is left to merge (a page's first row)
			p := keyPrefix(k)
			for ; j < len(cols); j++ {
				e := cols[j]
				r := e >> 32
				ci := order[r]
				if q := pre[r]; q > p || q == p && strs[b.Cols[ci].Name] > k {
					break
				}
				c, _ := b.Use(ci)
				if err := w.anyCell(c, vals[uint32(e)]); err != nil {
					return w.cellError(err, strs[c.Name])
				}
			}
		}
		ci := b.ColumnIndex(k)
		lost = w.keyCols.put(k, b.Page, ci) || lost // setRow finds the key here from the next row on
		c, _ := b.Use(ci)
		if err := w.anyCell(c, vals[at[i]]); err != nil {
			return w.cellError(err, k)
		}
		strs = b.In.Strs // Key may have grown the table
	}
	for _, e := range cols[j:] {
		c, _ := b.Use(order[e>>32])
		if err := w.anyCell(c, vals[uint32(e)]); err != nil {
			return w.cellError(err, b.In.Strs[c.Name])
		}
	}
	w.countNewColumns(len(fresh), lost)
	w.csets.putRow(b, b.EndNewRow()) // a row that made a column has a new shape
	return nil
}

// sortFresh sorts a row's new keys, fresh, with the places in vals of
// their values, at (as the map's iteration gave them), and returns at and
// vals. Few keys are sorted together with their places (sortFewKeys); many
// are sorted alone and their values looked up in m again, appended to
// vals (kept in w, grown as needed).
func (w *walker) sortFresh(m map[string]any, fresh []string, at []uint32, vals []any) ([]uint32, []any) {
	if len(fresh) <= maxFewKeys {
		sortFewKeys(fresh, at)
		return at, vals
	}
	slices.Sort(fresh)
	at = at[:0]
	for _, k := range fresh {
		at = append(at, uint32(len(vals)))
		vals = append(vals, m[k])
	}
	w.vals, w.ranks.fresh = vals, at
	return at, vals
}

// rankedRow adds a map row whose keys all have columns: cols holds each
// key's column<<32 | the index of its value in vals. It writes the cells
// in the columns' key order, which is the order sorting the keys gives, so
// the row, its shape and the page are what the sorting path makes.
func (w *walker) rankedRow(cols []uint64, vals []any) error {
	b := w.b
	w.rankCols(cols)
	order := w.ranks.order
	b.BeginRow()
	for _, e := range cols {
		c, _ := b.Use(order[e>>32])
		if err := w.anyCell(c, vals[uint32(e)]); err != nil {
			return w.cellError(err, b.In.Strs[c.Name])
		}
	}
	b.EndRow()
	return nil
}

// setShapeRow adds the row that rowSets matched to shape id: its values,
// by column, are in w.sets.vals.
func (w *walker) setShapeRow(id uint32) error {
	b := w.b
	sh := b.Shapes[id-1]
	vals := w.sets.vals
	for _, ci := range sh {
		c := &b.Cols[ci]
		v := vals[ci]
		vals[ci] = nil
		if err := w.anyCell(c, v); err != nil {
			return w.cellError(err, b.In.Strs[c.Name])
		}
	}
	b.ShapeRow(id)
	return nil
}

// valuesByKey returns the values of m for the keys of the columns sh (the
// previous row's shape), in order, or false if m lacks one of them.
func (w *walker) valuesByKey(m map[string]any, sh []uint32) ([]any, bool) {
	b := w.b
	if w.shapeKeysPage != b.Page || w.shapeKeysID != b.Last {
		w.shapeKeysPage, w.shapeKeysID = b.Page, b.Last
		w.shapeKeys = w.shapeKeys[:0]
		for _, ci := range sh {
			w.shapeKeys = append(w.shapeKeys, b.In.Strs[b.Cols[ci].Name])
		}
		w.shapePlaces = &w.shapeSlots
		if b.Last == 1 && w.first.page == b.Page {
			// Shape 1 is the first row's: w.first's keys, in their
			// order, whose places hold from page to page.
			w.shapePlaces = &w.first.slots
		} else {
			w.shapeSlots.reset()
		}
	}
	return valuesOfKeys(m, w.shapeKeys, &w.vals, w.shapePlaces)
}

// valuesOfKeys returns m's values for keys, in order, in *scratch (grown
// as needed and kept there), or false if m lacks one of them. A small map
// of as many members as keys is read from its group where the layout is
// known (groupValuesOfKeys: about 40 instructions a key, about 10 when
// its keys sit where p says the last map's did), and a larger one from its
// tables (bigValuesOfKeys: about 35 a key). Otherwise the
// cost is a lookup per key until one is missing. The loop keeps few
// values live across the map lookup, which spills every register: the
// keys, an index and the values.
func valuesOfKeys(m map[string]any, keys []string, scratch *[]any, p *keyPlaces) ([]any, bool) {
	if g := smallGroup(m, len(keys)); g != nil {
		return groupValuesOfKeys(g, keys, scratch, p)
	}
	if vals, ok, done := bigValuesOfKeys(m, keys, scratch, p); done {
		return vals, ok
	}
	vals := pagebuild.Grow(*scratch, len(keys))
	*scratch = vals
	vals = vals[:len(keys)]
	for i := range keys {
		v, ok := m[keys[i]]
		if !ok {
			return nil, false
		}
		vals[i] = v
	}
	return vals, true
}

// sameShapeRow adds a row whose keys are those of the previous row's
// columns sh, with vals in column order. The keys are interned already, so
// the string order does not change, and the row has the previous row's
// shape, so it needs no shape bookkeeping.
func (w *walker) sameShapeRow(sh []uint32, vals []any) error {
	b := w.b
	for i, ci := range sh {
		c := &b.Cols[ci]
		v := vals[i]
		if s, ok := v.(string); ok { // as in setRow
			b.CellString(c, s)
			continue
		}
		if err := w.anyCell(c, v); err != nil {
			return w.cellError(err, b.In.Strs[c.Name])
		}
	}
	b.RowShape = append(b.RowShape, b.Last)
	b.Rows++
	return nil
}

// sortKeyValues sorts keys, the keys of m, and puts vals in the same order.
// It runs only when a row's key set differs from the previous row's.
func sortKeyValues(keys []string, vals []any, m map[string]any) {
	if len(keys) > maxFewKeys {
		slices.Sort(keys)
		for i, k := range keys {
			vals[i] = m[k]
		}
		return
	}
	sortFewKeys(keys, vals)
}

// structRow adds a struct value as one row, by the type's plan when the
// row can be read directly (see encode_plan.go).
func (w *walker) structRow(rv reflect.Value) error {
	if !w.generic {
		if r, ok := structRefOf(rv); ok {
			return w.planRow(w.planFor(rv.Type()), rv, r)
		}
	}
	return w.structRowGeneric(rv)
}

// structRowGeneric adds a struct value as one row by reflection alone.
func (w *walker) structRowGeneric(rv reflect.Value) error {
	b := w.b
	sf := w.structFields(rv.Type())
	b.BeginRow()
	for i := range sf.list {
		f := &sf.list[i]
		fv, ok := fieldByIndex(rv, f.index)
		if !ok || f.omit(fv) {
			continue
		}
		c, _ := b.Key(f.name)
		if err := w.value(c, false, fv, f.quoted, 1); err != nil {
			return w.cellError(err, f.name)
		}
	}
	b.EndRow()
	return nil
}

// reflectMapRow adds a reflected map as one row.
func (w *walker) reflectMapRow(rv reflect.Value) error {
	if m, ok := rv.Interface().(map[string]any); ok {
		return w.mapRow(m)
	}
	if !validMapKey(rv.Type().Key()) {
		return unsupported("unsupported map key type " + rv.Type().Key().String())
	}
	es, err := w.mapKeys(rv, 0)
	if err != nil {
		return err
	}
	b := w.b
	b.BeginRow()
	for i := range es {
		c, fresh := b.Key(es[i].name)
		if !fresh {
			return encodeError(ErrUnsupportedType, "two map keys render as the same JSON key "+es[i].name, nil)
		}
		if err := w.value(c, false, es[i].v, false, 1); err != nil {
			return w.cellError(err, es[i].name)
		}
	}
	b.EndRow()
	return nil
}

// cellError adds the column name to an error from a cell.
func (w *walker) cellError(err error, key string) error {
	if e, ok := err.(*Error); ok && e.ColumnName == "" {
		e.ColumnName = key
		if id, ok := w.b.In.Lookup(key); ok {
			if ci, ok := w.b.ColumnOf(id); ok {
				e.Column = int(ci)
			}
		}
	}
	return err
}
