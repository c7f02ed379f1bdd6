package pageread

import (
	"math"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// EscapedStrings remembers, for one render into one output buffer, where
// the escaped JSON of string-table entries was last written, so that a
// later reference to the same entry copies those bytes from the buffer
// instead of escaping the string again. Text-heavy pages reference the
// same escaped strings over and over (permission lists such as
// read("user:…"), keys and values with quotes, markup or control
// characters), and escaping costs several times a copy.
//
// It has 256 slots indexed by the low byte of the string index, each
// holding the last entry of that index written: its index, its JSON's
// offset and length in the buffer, and the generation it was written in.
// Begin moves the generation on, which forgets every slot at once, so the
// table needs no clearing between renders or pages. A slot is used only
// while its generation is the current one, its index is the one looked
// up, and its span lies within the buffer's length.
//
// The table is used only for strings that take the escaping path (flagged
// as needing it, or every string while the table's flags are not
// verified); clean strings keep their copy as they are. Cost: 4 KiB, one
// slot load and compare per escaped string, and a copy on a hit instead
// of jsonwire.AppendQuoted. The zero value is ready after Begin; a nil
// *EscapedStrings escapes every string afresh.
//
// Apart from the strings it keeps the JSON of the last raw float cells it
// was asked to write (rawFloatJSON): those are the floats no decimal cell
// holds (below 1e-64 or from 1e81 on: the float64 limits, sentinels), each
// some 430 instructions of shortest-digit search, and a page that holds
// them mostly repeats a few. Their slots hold a text that depends on the
// bits alone, so Begin leaves them as they are.
type EscapedStrings struct {
	gen    uint32
	slots  [escapedSlots]escapedSlot
	floats [rawFloatSlots]rawFloatSlot
}

// rawFloatSlots is the number of raw float cells EscapedStrings keeps the
// JSON of (a power of two: the slot of bits b is rawFloatSlot's hash of b).
const rawFloatSlots = 1 << rawFloatBits

// rawFloatBits is the width of a raw float slot's index.
const rawFloatBits = 4

// rawFloatText is the longest JSON of a float64, as AppendFloat64JSON
// writes it: "-1.7976931348623157e+308" and "-2.2250738585072014e-308".
const rawFloatText = 24

// rawFloatSlot is the JSON of the raw float cell bits, text[:n]; n is 0
// while the slot is empty.
type rawFloatSlot struct {
	bits uint64
	n    uint64
	text [rawFloatText]byte
}

// escapedSlots is the number of slots of EscapedStrings: a power of two,
// the slot of string index i being i mod escapedSlots.
const escapedSlots = 256

// escapedSlot is the span dst[off:off+n] where string id's escaped JSON
// was written in generation gen. n is never 0 for a slot written (a
// quoted string has two bytes at least), so the zero slot never matches.
type escapedSlot struct {
	off, n, id, gen uint32
}

// Begin starts a render into a buffer, or goes on in another buffer (or
// the same one emptied) after the bytes written so far were flushed: the
// spans recorded before are forgotten. It must be called before the
// table's first use in each render, and at each such change of buffer.
// Cost: an increment, and a clearing of the slots once every 2^32 calls.
func (x *EscapedStrings) Begin() {
	x.gen++
	if x.gen == 0 { // wrapped: a slot of generation 0 may be 2^32 renders old
		x.slots = [escapedSlots]escapedSlot{}
		x.gen = 1
	}
}

// appendSpanJSON appends string bytes b, string-table entry i, quoted: as
// they are when clean, otherwise escaped as jsonwire.AppendQuoted does,
// through x (see EscapedStrings; x may be nil): copied from dst when x
// holds the span where this render last wrote entry i, otherwise escaped
// and recorded. It is the renderers' way out for a string their fixed
// moves do not take, which need not look the string up again as
// AppendStringJSON would. escapeHTML must be the same for every call of
// one render.
//
// It makes no call on its common paths: a clean string of up to 62 bytes
// goes in fixed moves (putQuoted64) when the table has 64 bytes from its
// start (b's capacity runs to the table's end) and dst the room; a copy
// of up to 64 bytes from dst likewise (copySpan64); and an escaped string
// of up to jsonwire.QuoteWordsMax bytes enters the word loop directly
// (jsonwire.QuoteWordsInto), where a chain of three calls before it
// (EscapedStrings.appendQuoted, AppendQuoted, quoteASCII) cost about 100
// instructions a string.
func appendSpanJSON(dst []byte, x *EscapedStrings, i int, b []byte, clean, escapeHTML bool) []byte {
	if clean {
		if m := len(b); m <= 62 && cap(b) >= 64 && len(dst)+64 <= cap(dst) {
			return putQuoted64(dst, (*[64]byte)(b[:64]), m)
		}
		dst = append(dst, '"')
		dst = append(dst, b...)
		return append(dst, '"')
	}
	var sl *escapedSlot
	if x != nil {
		sl = &x.slots[uint8(i)]
		if sl.gen == x.gen && sl.id == uint32(i) && sl.n != 0 {
			o, n := uint(sl.off), uint(sl.n)
			if n <= uint(len(dst)) && o <= uint(len(dst))-n {
				if n <= 64 && len(dst)+64 <= cap(dst) {
					return copySpan64(dst, int(o), int(n))
				}
				return append(dst, dst[o:o+n]...)
			}
		}
	}
	s := len(dst)
	dst = append(dst, '"')
	k := 0
	if len(b) <= jsonwire.QuoteWordsMax {
		var o int
		o, k = jsonwire.QuoteWordsInto(dst, b, jsonwire.QuoteTableOf(escapeHTML))
		dst = dst[:o]
	}
	if k < len(b) {
		dst = jsonwire.AppendQuotedRest(dst, b, k, escapeHTML)
	} else {
		dst = append(dst, '"')
	}
	if sl != nil && uint64(len(dst)) <= math.MaxUint32 {
		*sl = escapedSlot{off: uint32(s), n: uint32(len(dst) - s), id: uint32(i), gen: x.gen}
	}
	return dst
}

// SetEscaped makes the cursor's JSON renderers (TakeStrJSON,
// TakeStrListJSON, TakeValueJSON) copy repeated escaped strings through x
// (see EscapedStrings), or escape each afresh when x is nil. The cursor
// keeps x until it is reset; the caller calls x.Begin for each render.
func (c *Cursor) SetEscaped(x *EscapedStrings) { c.esc = x }

// rawFloatJSON appends the JSON of the raw float cell whose bits are bits
// (finite), as jsonwire.AppendFloat64JSON writes it: copied in one fixed
// move when x's slot for bits holds it and dst has rawFloatText bytes of
// room, else written by AppendFloat64JSON and kept in that slot (a nil x
// keeps nothing). Cost: a hash and a compare, and on a hit a 24-byte move
// where the digit search took about 430 instructions; a miss adds a
// 24-byte store to it.
func (x *EscapedStrings) rawFloatJSON(dst []byte, bits uint64) []byte {
	if x == nil {
		return jsonwire.AppendFloat64JSON(dst, math.Float64frombits(bits), 64)
	}
	sl := &x.floats[bits*0x9E3779B97F4A7C15>>(64-rawFloatBits)]
	n := len(dst)
	if sl.bits == bits && sl.n != 0 && cap(dst)-n >= rawFloatText {
		*(*[rawFloatText]byte)(dst[n : n+rawFloatText]) = sl.text
		return dst[:n+int(sl.n)]
	}
	dst = jsonwire.AppendFloat64JSON(dst, math.Float64frombits(bits), 64)
	if m := len(dst) - n; m <= rawFloatText {
		sl.bits, sl.n = bits, uint64(m)
		copy(sl.text[:], dst[n:])
	}
	return dst
}
