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
// with the two types of most JSON values, string and float64, tested first
// in a function small enough to be cheap to call.
func (w *walker) anyCell(c *pagebuild.Column, v any) error {
	switch x := v.(type) {
	case string:
		w.b.CellString(c, x)
		return nil
	case float64:
		if c.Kind == pagebuild.KindFloat && x-x == 0 { // finite: appendFloatCell cannot fail
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
	c.OpenContainer(nested, format.TagArray, len(x))
	for _, e := range x {
		if s, ok := e.(string); ok {
			w.putString(c, true, s)
			continue
		}
		if err := w.anyValue(c, true, e, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// anyMap writes a map[string]any as a tagged object with sorted keys.
func (w *walker) anyMap(c *pagebuild.Column, nested bool, m map[string]any, depth int) error {
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	keys := w.sortedKeys(m, depth)
	c.OpenContainer(nested, format.TagObject, len(keys))
	for _, k := range keys {
		w.putKey(c, k)
		if err := w.anyValue(c, true, m[k], depth+1); err != nil {
			return err
		}
	}
	return nil
}

// sortedKeys returns m's keys in sorted order, in the scratch of depth.
// When m has the keys of the map sorted last at that depth, as the maps of
// one column usually have, it returns those after looking each up in m,
// without iterating m or sorting (for a map of a few keys, the iterator's
// start alone costs more than the lookups).
func (w *walker) sortedKeys(m map[string]any, depth int) []string {
	for len(w.nestKeys) <= depth {
		w.nestKeys = append(w.nestKeys, nil)
	}
	// prev holds distinct keys (a map's), so finding each in m, of as
	// many keys, means m has exactly those.
	if prev := w.nestKeys[depth]; len(prev) == len(m) {
		same := true
		for _, k := range prev {
			if _, ok := m[k]; !ok {
				same = false
				break
			}
		}
		if same {
			return prev
		}
	}
	keys := w.nestKeys[depth][:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.nestKeys[depth] = keys
	return keys
}

// mapRow adds m as one row, keys in sorted order. When m has exactly the
// keys of the previous row, the row reuses that row's columns: no sorting,
// no key comparisons, and one lookup per key finds its value.
func (w *walker) mapRow(m map[string]any) error {
	b := w.b
	if b.Last != 0 {
		if sh := b.Shapes[b.Last-1]; len(sh) == len(m) {
			if vals, ok := w.valuesByKey(m, sh); ok {
				return w.sameShapeRow(sh, vals)
			}
		}
	}
	keys := w.keyScratch(0)
	vals := w.vals[:0]
	sets := &w.sets
	known := w.mapRows && sets.begin(b)
	for k, v := range m {
		keys = append(keys, k)
		vals = append(vals, v)
		if known {
			ci, ok := b.KnownColumn(k)
			if known = ok; ok {
				sets.add(ci, v)
			}
		}
	}
	if known {
		if id := sets.find(b); id != 0 {
			w.keys[0], w.vals = keys, vals
			return w.setShapeRow(id)
		}
	}
	if !slices.IsSorted(keys) {
		sortKeyValues(keys, vals, m)
	}
	w.keys[0], w.vals = keys, vals
	b.BeginRow()
	for i, k := range keys {
		c, _ := b.Key(k)
		if err := w.anyCell(c, vals[i]); err != nil {
			return w.cellError(err, k)
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
	}
	vals := w.vals[:0]
	for _, k := range w.shapeKeys {
		v, ok := m[k]
		if !ok {
			return nil, false
		}
		vals = append(vals, v)
	}
	w.vals = vals
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
		if err := w.anyCell(c, vals[i]); err != nil {
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
	if len(keys) > 32 {
		slices.Sort(keys)
		for i, k := range keys {
			vals[i] = m[k]
		}
		return
	}
	for i := 1; i < len(keys); i++ {
		k, v := keys[i], vals[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], vals[j] = keys[j-1], vals[j-1]
		}
		keys[j], vals[j] = k, v
	}
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
	sf := cachedFields(rv.Type())
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
