package pagebuild

// KeyHash returns the hash the interner gave key id, a string InternKey
// interned: with NewKeyColumnHashed, a producer that meets the same key
// on a later page of this Builder opens its column without hashing it
// again. The hash depends only on the string and the interner's seed,
// which it keeps from page to page.
func (in *Interner) KeyHash(id uint32) uint32 { return in.meta[id].hash }

// internKeyHashed is InternKey for key s whose hash h KeyHash gave on
// this or an earlier page: the same id, count and key mark, and the same
// entry in the key table, without the hash of s and without the key
// table's comparison (the probe of the interner's table finds s if the
// page has it, as a key or as any other string). As intern, it adds a
// new string in line below room, and hands a slot whose hash bits match
// to internAt: about 40 instructions a new key, where internAt's probe
// and add's call cost about 110.
func (in *Interner) internKeyHashed(s string, h uint32) uint32 {
	slots, gen := in.slots, in.Gen
	mask := len(slots) - 1
	want := gen<<16 | uint64(h>>16)
	i := int(h) & mask
	for {
		e := slots[i]
		if e>>32 == want {
			return in.markKey(s, in.internAt(s, h, i, false))
		} else if e>>48 != gen {
			break
		}
		i = (i + 1) & mask
	}
	id := len(in.Strs)
	if id >= in.room {
		return in.markKey(s, in.add(s, h, i))
	}
	slots[i] = want<<32 | uint64(id+1)
	in.Strs = in.Strs[:id+1]
	in.Strs[id] = s
	in.meta = in.meta[:id+1]
	in.meta[id] = strMeta{hash: h, count: 1 | keyBit}
	in.keys[keySlot(s)] = uint32(id + 1)
	return uint32(id)
}

// markKey marks id, the id of key s, as a key and notes it in the key
// table, as InternKey does, and returns it.
func (in *Interner) markKey(s string, id uint32) uint32 {
	in.meta[id].count |= keyBit
	in.keys[keySlot(s)] = id + 1
	return id
}

// NewKeyColumnHashed is ColumnIndex for key s, of hash h (Interner.KeyHash
// of an earlier page's id of s), in a row of a page whose rows so far
// have made no shape (Last is 0) and which the caller knows the page to
// have no column for: a page's first row whose keys are those of the
// page before, which the caller compared. It makes the page's next
// column, as ColumnIndex would, without hashing s: about 100
// instructions a key less, with the caller's comparison of the key's
// text (callgrind, instruments-25: 33 keys in each page's first row).
func (b *Builder) NewKeyColumnHashed(s string, h uint32) int32 {
	id := b.In.internKeyHashed(s, h)
	ci := int32(b.ncols)
	if b.ncols == len(b.Cols) {
		b.Cols = append(b.Cols, Column{})
	}
	b.Cols[ci].reset(id)
	b.ncols++
	b.setColumnOf(id, ci)
	b.keysMove = true // ColumnIndex's, with no previous row's shape
	return ci
}

// KeyColumnHashed is KeyColumn for key s of hash h (Interner.KeyHash of
// this or an earlier page's id of s): the column of s, made if the page
// has none, as KeyColumn makes it, without hashing s or asking the key
// table, which a key new to the page misses (a map row's new key on a
// page of rows whose keys the page before had). Cost: a probe of the
// interner's table, about 100 instructions a new key less than KeyColumn
// (callgrind, sparse-25).
func (b *Builder) KeyColumnHashed(s string, h uint32) int32 {
	id := b.In.internKeyHashed(s, h)
	ci, ok := b.ColumnOf(id)
	if !ok {
		ci = int32(b.ncols)
		if b.ncols == len(b.Cols) {
			b.Cols = append(b.Cols, Column{})
		}
		b.Cols[ci].reset(id)
		b.ncols++
		b.setColumnOf(id, ci)
	}
	return ci
}
