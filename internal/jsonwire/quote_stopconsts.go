package jsonwire

import "unicode/utf8"

// quoteTable is what the word loop of AppendQuoted reads (quoteASCII): the
// escapes of escapeWords[h] for HTML escaping off (h = 0) or on (h = 1),
// and the constants of its word test, behind one pointer, which leaves
// the loop one register more than two would (measured: 2 to 4% fewer
// instructions on BenchmarkQuoteShort).
type quoteTable struct {
	esc  [utf8.RuneSelf]uint64
	stop stopConsts
}

// quoteTables are the two quoteTables, indexed as escapeWords.
var quoteTables = func() (t [2]quoteTable) {
	for h := range t {
		t[h] = quoteTable{esc: escapeWords[h], stop: stopWords}
	}
	return t
}()

// stopConsts holds the eight constants of stopLanes' lane tests, for a
// loop to read from memory through a pointer (quoteWords). Go does not
// keep 64-bit constants in registers across a loop's turns: stopLanes
// writes each with a ten-byte move before the instruction that uses it,
// seven a word, while a constant read through a pointer is folded into
// that instruction as its memory operand. Measured on AppendQuoted of
// short strings with escapes (BenchmarkQuoteShort): 4 to 6% fewer
// instructions.
type stopConsts struct {
	notBit2, quote, notBit1, less, backslash, ctl, carry, hi uint64
}

// stopWords are the constants of stopLanes, as quoteTables hold them.
var stopWords = stopConsts{
	notBit2:   swarLo * 0xFB,
	quote:     swarLo * '"',
	notBit1:   swarLo * 0xFD,
	less:      swarLo * '<',
	backslash: swarLo * '\\',
	ctl:       swarLo * 0x60,
	carry:     swarLo * 0x7F,
	hi:        SWARHi,
}

// lanes is stopLanes(w) with k's constants (those of stopWords): the
// same tests, lane for lane. Inlines.
func (k *stopConsts) lanes(w uint64) uint64 {
	quoteAmp := (w & k.notBit2) ^ k.quote
	angles := (w & k.notBit1) ^ k.less
	backslash := w ^ k.backslash
	return (^((w + k.ctl) & (quoteAmp + k.carry) & (angles + k.carry) & (backslash + k.carry)) | w) & k.hi
}
