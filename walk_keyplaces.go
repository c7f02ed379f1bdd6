package rowpage

import "github.com/rowpage/rowpage/internal/pagebuild"

// keyPlaces is what valuesOfKeys learns about a list of keys, to find a
// map's values for them faster next time: for a small map, where the
// keys of the last one sat in its group (full, the bits of its full
// slots, and key, the index in the list of each full slot's key; the maps
// one piece of code builds put their keys in the same slots, a small map
// filling its slots in order of insertion), and for a larger map, index:
// the list's indexes+1 by keyMix, with linear probing, built on first use.
// Its zero value knows nothing (no small map of keys has no full slot).
type keyPlaces struct {
	full  uint64
	key   [8]uint8
	index []uint8 // len a power of two, at least twice the keys; empty: not built
}

// forgetIndex drops p's index, built for its list of keys, and keeps
// where the last small map held them (full and key): they hold no
// reference to a key, and groupValuesOfKeys checks each slot's key
// against the list it is given before it trusts them, so that for another
// list they cost a failed comparison, and for a list of the same keys
// from the same map layout (the next page's map at the same place) they
// save learning the slots anew, about 220 instructions for a map of 3 or
// 4 keys.
func (p *keyPlaces) forgetIndex() {
	p.index = p.index[:0]
}

// reset forgets what p learnt, keeping the index's memory, for another
// list of keys.
func (p *keyPlaces) reset() {
	p.full, p.index = 0, p.index[:0]
}

// indexKeys builds p.index for keys, or returns false if there are too
// many for an index of bytes.
func (p *keyPlaces) indexKeys(keys []string) bool {
	if len(keys) > 255 {
		return false
	}
	n := 16
	for n < 2*len(keys) {
		n *= 2
	}
	index := pagebuild.Grow(p.index, n)
	clear(index)
	mask := uint64(n - 1)
	for j, k := range keys {
		i := keyMix(k) >> 40 & mask
		for index[i] != 0 {
			i = (i + 1) & mask
		}
		index[i] = uint8(j + 1)
	}
	p.index = index
	return true
}

// keyMix mixes the length of k and three of its bytes, the first, the
// middle and the last: keys that differ only elsewhere share it (and
// take a step more of the index's probing). Small enough to be inlined.
func keyMix(k string) uint64 {
	n := len(k)
	if n == 0 {
		return 0
	}
	return (uint64(n) | uint64(k[0])<<8 | uint64(k[n>>1])<<16 | uint64(k[n-1])<<24) * 0x9E3779B97F4A7C15
}
