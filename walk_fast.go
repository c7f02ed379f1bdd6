package rowpage

import (
	"encoding/json"
	"reflect"
	"slices"
	"time"

	"github.com/rowpage/rowpage/format"
)

// anyValue writes a value held in an interface, with fast paths for the
// types json.Unmarshal and hand-built maps hold, before falling back to
// reflection. Values reached through an interface are not addressable, as in
// encoding/json.
func (w *walker) anyValue(c *column, nested bool, v any, depth int) error {
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
		if x == nil {
			w.putNull(c, nested)
			return nil
		}
		if depth >= w.maxDepth {
			return w.tooDeep()
		}
		if !nested {
			c.beginAny()
		}
		c.anyBuf = appendContainer(c.anyBuf, format.TagArray, len(x))
		for _, e := range x {
			if err := w.anyValue(c, true, e, depth+1); err != nil {
				return err
			}
		}
	case []string:
		if x == nil {
			w.putNull(c, nested)
			return nil
		}
		if depth >= w.maxDepth {
			return w.tooDeep()
		}
		if !nested {
			c.beginAny()
		}
		c.anyBuf = appendContainer(c.anyBuf, format.TagArray, len(x))
		for _, e := range x {
			w.putString(c, true, e)
		}
	default:
		return w.value(c, nested, reflect.ValueOf(v), false, depth)
	}
	return nil
}

// anyMap writes a map[string]any as a tagged object with sorted keys.
func (w *walker) anyMap(c *column, nested bool, m map[string]any, depth int) error {
	if depth >= w.maxDepth {
		return w.tooDeep()
	}
	keys := w.keyScratch(depth)
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.keys[depth] = keys
	if !nested {
		c.beginAny()
	}
	c.anyBuf = appendContainer(c.anyBuf, format.TagObject, len(keys))
	for _, k := range keys {
		id := w.b.in.internKey(k)
		c.anyBuf = format.AppendUvarint(c.anyBuf, uint64(id))
		if err := w.anyValue(c, true, m[k], depth+1); err != nil {
			return err
		}
	}
	return nil
}

// mapRow adds m as one row, keys in sorted order. When m has exactly the
// keys of the previous row, their order is reused without sorting.
func (w *walker) mapRow(m map[string]any) error {
	b := w.b
	keys := w.keyScratch(0)
	if b.last != 0 && len(b.shapes[b.last-1]) == len(m) {
		for _, ci := range b.shapes[b.last-1] {
			k := b.in.strs[b.cols[ci].name]
			if _, ok := m[k]; !ok {
				keys = keys[:0]
				break
			}
			keys = append(keys, k)
		}
	}
	if len(keys) != len(m) {
		keys = keys[:0]
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
	}
	w.keys[0] = keys
	b.beginRow()
	for _, k := range keys {
		c, _ := b.key(k)
		if err := w.anyValue(c, false, m[k], 1); err != nil {
			return w.cellError(err, k)
		}
	}
	b.endRow()
	return nil
}

// structRow adds a struct value as one row.
func (w *walker) structRow(rv reflect.Value) error {
	b := w.b
	sf := cachedFields(rv.Type())
	b.beginRow()
	for i := range sf.list {
		f := &sf.list[i]
		fv, ok := fieldByIndex(rv, f.index)
		if !ok || f.omit(fv) {
			continue
		}
		c, _ := b.key(f.name)
		if err := w.value(c, false, fv, f.quoted, 1); err != nil {
			return w.cellError(err, f.name)
		}
	}
	b.endRow()
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
	b.beginRow()
	for i := range es {
		c, fresh := b.key(es[i].name)
		if !fresh {
			return encodeError(ErrUnsupportedType, "two map keys render as the same JSON key "+es[i].name, nil)
		}
		if err := w.value(c, false, es[i].v, false, 1); err != nil {
			return w.cellError(err, es[i].name)
		}
	}
	b.endRow()
	return nil
}

// cellError adds the column name to an error from a cell.
func (w *walker) cellError(err error, key string) error {
	if e, ok := err.(*Error); ok && e.ColumnName == "" {
		e.ColumnName = key
		if ci, ok := w.b.colByKey[w.b.in.ids[key]]; ok {
			e.Column = int(ci)
		}
	}
	return err
}
