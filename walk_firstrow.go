package rowpage

import "github.com/rowpage/rowpage/internal/pagebuild"

// firstRow is what the walker keeps of the first map row of the last page
// of map rows that made its columns by sorting its keys: the keys in
// sorted order, copied (the encoder keeps no string of the caller's past
// a page: Encoder.release), with the two words keyLoads reads of each and
// an index of them by those words. A stream of pages of the same rows (an
// endpoint's pages) starts each with a row of those keys: order then
// finds the sorted order of the row's keys with a probe of the index and
// a comparison of two words a key (about 70 instructions), and
// knownFirstRow adds the row in that order, where freshRow sorts the keys
// and values (about 110 a key at 18 keys) and orders them against the
// page's columns, which it has none of yet. The keys' bytes are copied
// into a buffer kept from page to page only when a first row's keys are
// not those kept: pages of other keys, one after another, allocate
// nothing once it has grown.
type firstRow struct {
	text  []byte     // the bytes of the keys, in sorted order, one after another
	words []keyWords // of each key, in sorted order (distinct keys; at most maxFirstKeys): its words, length and place in text
	pre   []uint64   // keyPrefix of each key, in sorted order, for keyRanks.seed
	index []uint8    // 1 + the index in keys of the key at each place, 0 for none; len a power of two, at least twice len(keys)
	at    []uint8    // order's result: the index in a row's keys of each of keys
	// slots is where the maps of the rows of page's first shape, that of
	// keys, held them (valuesByKey); page is the Builder's page whose
	// first row knownFirstRow added. An index of keys, which slots holds
	// for a map of more than 8, depends only on the keys and their
	// order, and what it says of a small map's slots is checked: both
	// hold from page to page.
	slots keyPlaces
	page  uint64
	gen   uint64 // counts the calls of remember: the keys change only there
	// hashes holds, for each key in sorted order, 1<<32 | the hash the
	// Builder's interner gave it on a page since remember (KeyHash), or 0
	// if none yet: a later page makes its column without hashing it
	// (keyColumn). The interner keeps its seed for the encoder's life,
	// and with it every string's hash.
	hashes []uint64
}

// keyWords is a key's two words (keyLoads) and its length, which
// tell apart any two keys of up to 16 bytes, and where its bytes start in
// firstRow.text, for longer keys.
type keyWords struct {
	a, b   uint64
	n, off int
}

// maxFirstKeys is the most keys a firstRow keeps: indexes of keys are
// bytes.
const maxFirstKeys = 255

// firstPlace is the first place in an index of mask+1 places of a key of n
// bytes that loads as a, b.
func firstPlace(a, b uint64, n int, mask uint64) uint64 {
	return keyColsMix(a, b, n) >> 32 & mask
}

// order returns, for rk, the keys of a map row, the index in rk of each of
// f's keys (at[i] for the i-th), if rk are exactly f's keys; else false.
// Cost: a probe of f's index and a comparison of two words a key (and of
// the strings, for keys of more than 16 bytes), until one is not f's;
// nothing is moved.
func (f *firstRow) order(rk []string) ([]uint8, bool) {
	n := len(f.words)
	if n == 0 || len(rk) != n {
		return nil, false
	}
	at := f.at[:n]
	index, mask := f.index, uint64(len(f.index)-1)
	for j, k := range rk {
		a, b := keyLoads(k)
		for i := firstPlace(a, b, len(k), mask); ; i = (i + 1) & mask {
			e := int(index[i]) - 1
			if e < 0 {
				return nil, false // k is not a key of f
			}
			if w := &f.words[e]; w.a == a && w.b == b && w.n == len(k) && (len(k) <= 16 || string(f.text[w.off:w.off+w.n]) == k) {
				at[e] = uint8(j)
				break
			}
		}
	}
	// n distinct keys, each equal to a distinct key of f's n: every entry
	// of at is set.
	return at, true
}

// remember keeps keys, a first row's keys in sorted order, as f's keys
// (none if there are more than maxFirstKeys): a copy of their bytes in
// f.text, which is kept and reused, their words and their index.
func (f *firstRow) remember(keys []string) {
	f.gen++
	f.words = f.words[:0]
	f.pre = f.pre[:0]
	f.text = f.text[:0]
	if len(keys) > maxFirstKeys {
		return
	}
	size := 16
	for size < 2*len(keys) {
		size *= 2
	}
	f.index = append(f.index[:0], make([]uint8, size)...)
	mask := uint64(size - 1)
	for j, k := range keys {
		a, b := keyLoads(k)
		f.words = append(f.words, keyWords{a, b, len(k), len(f.text)})
		f.pre = append(f.pre, keyPrefix(k))
		f.text = append(f.text, k...)
		i := firstPlace(a, b, len(k), mask)
		for f.index[i] != 0 {
			i = (i + 1) & mask
		}
		f.index[i] = uint8(j + 1)
	}
	f.at = append(f.at[:0], make([]uint8, len(keys))...)
	f.hashes = append(f.hashes[:0], make([]uint64, len(keys))...)
	f.slots.reset()
}

// firstColumn returns the column of page b for k, f's i-th key in sorted
// order, in the page's first row, whose keys are f's (knownFirstRow): as
// b.ColumnIndex does there, it makes the page's next column for k, with
// NewKeyColumnHashed if f noted k's hash on an earlier page (about 150
// instructions a key less), else with ColumnIndex, noting the hash.
func (f *firstRow) firstColumn(b *pagebuild.Builder, i int, k string) int32 {
	hp := &f.hashes[i]
	if e := *hp; e != 0 {
		return b.NewKeyColumnHashed(k, uint32(e))
	}
	ci := b.ColumnIndex(k)
	*hp = 1<<32 | uint64(b.In.KeyHash(b.Cols[ci].Name))
	return ci
}

// keyColumn returns the column of page b for k, f's i-th key in sorted
// order, as b.KeyColumn does (made if b has none), with the hash b's
// interner gave k on an earlier page, if f noted one: KeyColumnHashed
// then spares the hash of k and the key table's miss (about 100
// instructions a key new to the page). Otherwise it notes k's hash for
// the pages after. Cost: KeyColumnHashed, or KeyColumn and a store.
func (f *firstRow) keyColumn(b *pagebuild.Builder, i int, k string) int32 {
	hp := &f.hashes[i]
	if e := *hp; e != 0 {
		return b.KeyColumnHashed(k, uint32(e))
	}
	ci := b.KeyColumn(k)
	*hp = 1<<32 | uint64(b.In.KeyHash(b.Cols[ci].Name))
	return ci
}

// knownFirstRow adds the first row of a page, a map row whose keys and
// values are rk and rv, the key of index at[i] in rk being the i-th in
// sorted order: what freshRow does with a first row once it has sorted
// its keys, so the page is the same. It counts the columns it made, as
// freshRow does (countNewColumns): while keyCols holds the key of every
// column, a later row's key that keyCols lacks has no column and is not
// looked up (keyMiss; about 150 instructions a new key of a sparse row).
func (w *walker) knownFirstRow(rk []string, rv []any, at []uint8) error {
	b := w.b
	b.BeginRow()
	lost := false // a key written over in keyCols (countNewColumns)
	inOrder := true
	for i, j := range at {
		k := rk[j]
		ci := w.first.firstColumn(b, i, k)
		inOrder = inOrder && ci == int32(i)
		lost = w.keyCols.put(k, b.Page, ci) || lost // setRow finds the key here from the next row on
		c, _ := b.Use(ci)
		if err := w.anyCell(c, rv[j]); err != nil {
			return w.cellError(err, k)
		}
	}
	w.countNewColumns(len(at), lost)
	w.csets.putRow(b, b.EndNewRow())
	w.first.page = b.Page
	if inOrder && len(w.first.pre) == len(at) {
		w.ranks.seed(b.Page, &w.first)
	}
	return nil
}
