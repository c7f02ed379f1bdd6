package rowpage

// entriesOf appends m's keys and values to keys and vals, in the same
// order: from its group or tables where the map layout is known
// (smallEntries, bigEntries: about 10 instructions a member), else by
// iterating m (about 250 to start the iterator and 40 a member). The
// order is no particular one, as a range's is not.
func entriesOf(m map[string]any, keys []string, vals []any) ([]string, []any) {
	if keys, vals, ok := smallEntries(m, keys, vals); ok {
		return keys, vals
	}
	if keys, vals, ok := bigEntries(m, keys, vals); ok {
		return keys, vals
	}
	for k, v := range m {
		keys = append(keys, k)
		vals = append(vals, v)
	}
	return keys, vals
}

// rowEntries returns the keys and values of map row m, in w's scratch
// for them (entriesOf).
func (w *walker) rowEntries(m map[string]any) ([]string, []any) {
	w.rowKeys, w.rowVals = entriesOf(m, w.rowKeys[:0], w.rowVals[:0])
	return w.rowKeys, w.rowVals
}
