package jsontext

import "slices"

// NumberMemo remembers, for the last number texts of at most 24 bytes
// with a fraction or exponent nested in cells, and for -0, the tagged
// value a TaggedSink's TaggedDecimal (TaggedNumber for -0) appended for
// them (up to 16 bytes), so that the Parser appends it again for the same
// text without reading the digits or calling the sink: some 30
// instructions where reading a float into a cell costs 250 to 500. Lists
// of special floats repeat their texts (1e+21, 1e-7, 5e-324, 0.1 and -0
// in hetero's). A sink lends one (RowColumns) only if what its
// TaggedDecimal and TaggedNumber append depends on the text alone; the
// entries then hold from text to text.
//
// An entry is picked by the text's first bytes, up to and including the
// one after its integer part's end (the point or the 'e' and the digit
// or sign after it), which every number of that start shares, if there
// are at most numberHeadMax of them (-0 by its two bytes); the entry
// holds the whole text, which must be the number's whole text (the byte
// after it no number byte).
type NumberMemo [numberMemoSize]numberEntry

// numberMemoSize is the number of entries of a NumberMemo, a power of two.
const numberMemoSize = 64

// numberHeadMax is the most bytes of a number's start (numberHead) that
// pick its entry: integer parts of up to 14 bytes, sign included, such as
// hetero's 123456789.125, which at 8 bytes (6 digits) went to the sink
// every time (about 550 instructions, where the memo costs about 60).
const numberHeadMax = 16

// numberEntry looks up the number at in[start] (32 bytes of text from
// start) in p.nums, before anything of it is read: its integer part's
// digits are counted from one load (two when its first eight bytes are all
// digits), and if a point or an 'e' follows
// them within numberHeadMax bytes (or the number starts "-0" and no digit
// follows), the entry of that start is found and,
// if it holds the whole number's text, its tagged value appended to b
// and the position after the number returned. Else it returns b, 0 and
// the entry (nil where there is none) that taggedNumber remembers the
// number in once it has read it. The text need not be valid: an entry
// holds only a valid number's text, followed by a byte that ends it,
// and a start that is no number's finds none; so taggedNumber's digits
// call, about fifty instructions, goes only to the numbers the memo
// lacks. Where the start is a number's, the entry is the one
// taggedNumber's reading would give (the integer part the same).
func (p *Parser) numberEntry(b []byte, start int) ([]byte, int, *numberEntry) {
	in := p.in
	i := start
	if in[i] == '-' {
		i++
	}
	n := leadingDigits(wordAt(in, i) - lsb*'0')
	if n == 8 {
		n += leadingDigits(wordAt(in, i+8) - lsb*'0')
	}
	k := i + n - start + 2 // through the point or 'e' and the byte after it
	switch c := in[i+n]; {
	case n == 0 || k > numberHeadMax:
		return b, 0, nil
	case c == '.' || c|0x20 == 'e':
	case n == 1 && i > start && in[i] == '0':
		k = 2 // "-0", the one integer of few digits the sink takes as text
	default:
		return b, 0, nil
	}
	e := p.nums.slot(numberHead(in, start, k))
	b, j := rememberedNumber(b, in, start, e)
	return b, j, e
}

// numberHead returns the word that picks the entry of the number at
// in[start] whose first k bytes (1 to numberHeadMax; 16 bytes of text
// from start) run up to and including the one after its integer part:
// those bytes, the first eight as they are and the rest, if any, mixed
// in by a multiplication. Inlines.
func numberHead(in []byte, start, k int) uint64 {
	m := &keyMasks[k]
	return wordAt(in, start)&m[0] ^ (wordAt(in, start+8)&m[1])*hashMul
}

// numberEntry is one number text of a NumberMemo: its n bytes (1 to 24;
// 0 for an empty entry) as three little-endian words, zero past n, and
// its tagged value's on bytes in out.
type numberEntry struct {
	w     [3]uint64
	out   [2]uint64
	n, on int
}

// slot returns the entry of a NumberMemo for the number whose first
// bytes, up to and including the one after its integer part, are those of
// head (a word of them, zero above them).
func (m *NumberMemo) slot(head uint64) *numberEntry {
	return &m[(head*hashMul)>>(64-6)] // numberMemoSize = 1<<6
}

// isNumberByte reports whether c may be part of a JSON number: a digit, a
// point, an exponent's letter or a sign.
func isNumberByte(c byte) bool {
	return c-'0' <= 9 || c == '.' || c|0x20 == 'e' || c == '+' || c == '-'
}

// rememberedNumber appends the tagged value e holds if the number at
// in[start] is e's text, and returns the position after it, else 0.
// in[start:] must have at least 32 bytes.
func rememberedNumber(b []byte, in []byte, start int, e *numberEntry) ([]byte, int) {
	n := e.n
	m := &keyMasks[n]
	x := (wordAt(in, start)^e.w[0])&m[0] |
		(wordAt(in, start+8)^e.w[1])&m[1] |
		(wordAt(in, start+16)^e.w[2])&m[2]
	if x != 0 || n == 0 || isNumberByte(in[start+n]) {
		return b, 0
	}
	b = slices.Grow(b, 16)
	l := len(b)
	putWordAt(b, l, e.out[0])
	putWordAt(b, l+8, e.out[1])
	return b[:l+e.on], start + n
}

// remember makes e hold the number text t (at most 24 bytes, the start of
// a text with at least 32 bytes from it) and its tagged value v, if v has
// at most 16 bytes.
func (e *numberEntry) remember(t []byte, v []byte) {
	n := len(t)
	if n > 24 || len(v) > 16 {
		return
	}
	m := &keyMasks[n]
	t = t[:32:32]
	e.w = [3]uint64{wordAt(t, 0) & m[0], wordAt(t, 8) & m[1], wordAt(t, 16) & m[2]}
	var o [16]byte
	copy(o[:], v)
	e.out = [2]uint64{wordAt(o[:], 0), wordAt(o[:], 8)}
	e.n, e.on = n, len(v)
}
