package jsonbridge

import (
	"encoding/binary"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// firstKeys is what a cellSink keeps of the keys of the first row of the
// pages of rows it wrote, in order, those that RowKey or Key opened as
// the page's first columns: each key's text with its closing quote, copied
// (the sink keeps no text of the caller's past a page), its interner
// hash and, for a key of at most 15 bytes, its words for the KeyMemo. A
// PageMode that builds page after page of one query meets the same keys
// at the start of each: the first row's key at place k that is the text
// of keys[k] opens the page's column k with a comparison of its text and
// pagebuild.Builder.NewKeyColumnHashed (firstRowKey), where RowKey scans
// it, looks it up, hashes and interns it (about 400 instructions a key
// in all, callgrind on instruments-25). A first row whose key k differs
// keeps keys[:k] and notes its own from there on (note), so that pages
// of other keys, one after another, allocate nothing once the buffers
// have grown. Other pages pay a test of the page's rows and of on a key
// (RowKey, Key), and one more a key that makes a column.
type firstKeys struct {
	keys []firstKey
	text []byte // the keys' bytes, each followed by its closing quote
	// at is the number of the page's columns that its first row opened
	// as keys[:at] (or noted there) so far; on, that the page's columns
	// are still all such: a page of rows whose first row has taken no
	// other way.
	at   int
	on   bool
	hits int // keys firstRowKey took, for tests
}

// firstKey is a key of firstKeys: where its text starts in text and its
// length, its interner hash, and its words (pagebuild.KeyWords) if it is
// short, for the sink's KeyMemo. A key of at most 15 bytes also has its
// text and closing quote as two little-endian words (t0, t1, zeros past
// the quote) and the masks of their bytes (m0, m1), which firstRowKey
// compares with two loads of the text, without memequal's call. A key
// of 16 to 31 bytes (wide) has the first 16 bytes of its text and
// closing quote in t0 and t1 (m0 and m1 all ones) and the last 16 in u0
// and u1: two overlapping pairs of loads that cover the text and quote,
// about 50 instructions less than memequal's call (callgrind,
// instruments-25: 16 such keys in a page's first row).
type firstKey struct {
	off, n         int
	hash           uint32
	short, wide    bool
	w0, w1         uint64
	t0, t1, m0, m1 uint64
	u0, u1         uint64
}

// maxFirstKeys is the most keys firstKeys keeps.
const maxFirstKeys = 512

// start begins a page: of rows (rows), whose first row may use and note
// keys, or of another kind, which does neither.
func (f *firstKeys) start(rows bool) { f.at, f.on = 0, rows }

// note keeps key k, of column ci of pb, which RowKey just made,
// as keys[f.at], if the page's columns so far are keys[:f.at] and ci is
// the next one; else it stops using and noting keys for the rest of the
// page. short says w0 and w1 are k's words. Cost: a copy of k and an
// append, only for a key that firstRowKey did not take.
func (f *firstKeys) note(pb *pagebuild.Builder, k []byte, ci int32, short bool, w0, w1 uint64) {
	at := f.at
	if !f.on || int(ci) != at || pb.NumColumns() != at+1 || at >= maxFirstKeys {
		f.on = false
		return
	}
	off := 0
	if at > 0 {
		last := &f.keys[at-1]
		off = last.off + last.n + 1
	}
	fk := firstKey{off: off, n: len(k), hash: pb.In.KeyHash(pb.Cols[ci].Name), short: short, w0: w0, w1: w1}
	f.text = append(append(f.text[:off], k...), '"')
	if len(k) >= 16 && len(k) < 32 {
		t := f.text[off : off+len(k)+1]
		fk.wide, fk.m0, fk.m1 = true, ^uint64(0), ^uint64(0)
		fk.t0, fk.t1 = binary.LittleEndian.Uint64(t), binary.LittleEndian.Uint64(t[8:])
		u := t[len(t)-16:]
		fk.u0, fk.u1 = binary.LittleEndian.Uint64(u), binary.LittleEndian.Uint64(u[8:])
	} else if len(k) < 16 {
		var b [16]byte
		t := b[:copy(b[:], f.text[off:])]
		fk.t0, fk.t1 = binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])
		for j := range t {
			if j < 8 {
				fk.m0 |= 0xFF << (8 * j)
			} else {
				fk.m1 |= 0xFF << (8 * (j - 8))
			}
		}
	}
	f.keys = append(f.keys[:at], fk)
	f.at = at + 1
}

// noteDecoded is note for key k that Key made a column for, which the
// tokenizer may have decoded from escapes: it keeps k only if k's bytes
// followed by a quote are the text of no other key, that is if k has no
// quote, backslash or control byte (so that a key of escapes, such as
// "\u0061", is compared in its plain form, "a", which names the same
// column). Else it stops noting keys for the page.
func (f *firstKeys) noteDecoded(pb *pagebuild.Builder, k []byte, ci int32) {
	for _, c := range k {
		if c < ' ' || c == '"' || c == '\\' {
			f.on = false
			return
		}
	}
	f.note(pb, k, ci, false, 0, 0)
}

// firstRowKey is RowKey for the key of the page's first row whose
// opening quote is at in[i], while that row's keys so far are keys[:at]:
// if its text and closing quote are those of keys[at], it opens the
// page's next column for it (NewKeyColumnHashed), and returns the
// position after the key; else it returns 0, for RowKey's own way.
func (s *cellSink) firstRowKey(in []byte, i int) int {
	f := &s.first
	at := f.at
	pb := s.pb
	if at >= len(f.keys) || pb.NumColumns() != at {
		return 0
	}
	k := &f.keys[at]
	end := i + 2 + k.n // past the closing quote
	if k.m0 != 0 && len(in)-i > 16 {
		t := in[i+1 : i+17]
		x := (binary.LittleEndian.Uint64(t)^k.t0)&k.m0 | (binary.LittleEndian.Uint64(t[8:])^k.t1)&k.m1
		if k.wide {
			if end > len(in) {
				return 0
			}
			u := in[end-16 : end]
			x |= binary.LittleEndian.Uint64(u) ^ k.u0 | binary.LittleEndian.Uint64(u[8:]) ^ k.u1
		}
		if x != 0 {
			return 0
		}
	} else if end > len(in) || string(in[i+1:end]) != string(f.text[k.off:k.off+k.n+1]) {
		return 0
	}
	key := in[i+1 : end-1]
	ci := pb.NewKeyColumnHashed(view(key), k.hash)
	if k.short {
		s.rowKeys.Put(k.w0, k.w1, k.n, pb.Page, uint32(ci))
	}
	if s.same > 0 {
		s.useSame()
	}
	s.same = -1
	c, _ := pb.Use(ci) // fresh: a new column
	s.col = c
	f.at = at + 1
	f.hits++
	return end
}
