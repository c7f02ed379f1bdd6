package rowpage

// interner gives every distinct string of a page a provisional id in order of
// first appearance and counts its occurrences. At the end of a page the
// builder decides which strings share the table's common area (keys and
// strings that occur more than once) and which sit in a column's private
// run (strings that occur once, in a column whose every value is unique), so
// that strings that never repeat cost no index at all.
//
// Lookups of a string already seen do not allocate: the map is keyed by the
// caller's string, which is kept (not copied) until Reset.
type interner struct {
	ids    map[string]uint32
	strs   []string // provisional id -> string
	counts []uint32 // provisional id -> occurrences
	keys   []bool   // provisional id -> used as a key (column name or object key)
}

// reset forgets every string but keeps the allocated capacity.
func (in *interner) reset() {
	if in.ids == nil {
		in.ids = make(map[string]uint32)
	} else {
		clear(in.ids)
	}
	clear(in.strs) // drop references to the caller's strings
	in.strs = in.strs[:0]
	in.counts = in.counts[:0]
	in.keys = in.keys[:0]
}

// intern returns s's provisional id and counts one occurrence.
func (in *interner) intern(s string) uint32 {
	if id, ok := in.ids[s]; ok {
		in.counts[id]++
		return id
	}
	return in.add(s)
}

// internBytes is intern for a byte slice; it copies b only the first time
// the string is seen.
func (in *interner) internBytes(b []byte) uint32 {
	if id, ok := in.ids[string(b)]; ok {
		in.counts[id]++
		return id
	}
	return in.add(string(b))
}

func (in *interner) add(s string) uint32 {
	id := uint32(len(in.strs))
	in.ids[s] = id
	in.strs = append(in.strs, s)
	in.counts = append(in.counts, 1)
	in.keys = append(in.keys, false)
	return id
}

// internKey interns a key: keys always live in the table's common area.
func (in *interner) internKey(s string) uint32 {
	id := in.intern(s)
	in.keys[id] = true
	return id
}

// len returns the number of distinct strings.
func (in *interner) len() int { return len(in.strs) }
