package pageread

import "github.com/rowpage/rowpage/format"

// reader consumes a section with a sticky error: after the first failure
// every read returns zero and the error stays. Offsets in errors are relative
// to b until fix adds the section's base.
type reader struct {
	b   []byte
	pos int
	err *format.Error
}

func (r *reader) uvarint(what string) uint64 {
	if r.err == nil && r.pos < len(r.b) && r.b[r.pos] < 0x80 {
		r.pos++
		return uint64(r.b[r.pos-1])
	}
	return r.uvarintSlow(what, "")
}

// length is uvarint for the length of what: the error names "<what>
// length", a string built only on failure (a concatenation per call was a
// measurable part of opening a small page).
func (r *reader) length(what string) uint64 {
	if r.err == nil && r.pos < len(r.b) && r.b[r.pos] < 0x80 {
		r.pos++
		return uint64(r.b[r.pos-1])
	}
	return r.uvarintSlow(what, " length")
}

// uvarintSlow reads a varint of any length; an error names what+suffix.
// A two-byte varint (128 to 16,383: the lengths of the string table and
// column sections of most pages, and the string count of many) is read
// here without the call to ConsumeUvarint, which cost a third of each
// such read.
//
//go:noinline
func (r *reader) uvarintSlow(what, suffix string) uint64 {
	if r.err != nil {
		return 0
	}
	if b := r.b[r.pos:]; len(b) >= 2 && b[0] >= 0x80 && b[1]-1 < 0x7F { // a last byte of 0 is not minimal
		r.pos += 2
		return uint64(b[0]&0x7F) | uint64(b[1])<<7
	}
	v, n := format.ConsumeUvarint(r.b[r.pos:])
	if n < 0 {
		r.err = varintErr(n, r.pos, what+suffix)
		return 0
	}
	r.pos += n
	return v
}

func (r *reader) varint(what string) int64 {
	return format.DecodeZigZag(r.uvarint(what))
}

// count reads a uvarint count bounded by a limit.
func (r *reader) count(what string, limit int, limitName string) int {
	at := r.pos
	v := r.uvarint(what)
	if r.err == nil && v > uint64(limit) {
		r.err = errAt(format.ErrLimit, at, what+" "+utoa(v)+" exceeds "+limitName)
		return 0
	}
	return int(v)
}

// section reads a length-prefixed section.
func (r *reader) section(what string) span {
	at := r.pos
	n := r.length(what)
	if r.err != nil {
		return span{}
	}
	if n > uint64(len(r.b)-r.pos) {
		r.err = errAt(format.ErrTruncated, at, what+" section runs past the end of the page")
		return span{}
	}
	s := span{b: r.b[r.pos : r.pos+int(n) : r.pos+int(n)], base: r.pos}
	r.pos += int(n)
	return s
}

// blob reads a uvarint length and that many bytes.
func (r *reader) blob(what string, max int) []byte {
	at := r.pos
	n := r.length(what)
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)-r.pos) {
		r.err = errAt(format.ErrTruncated, at, what+" runs past the payload")
		return nil
	}
	if n > uint64(max) {
		r.err = errAt(format.ErrLimit, at, what+" exceeds MaxStringBytes")
		return nil
	}
	b := r.b[r.pos : r.pos+int(n)]
	r.pos += int(n)
	return b
}

// fix turns the section-relative offset of r.err into a page offset.
func (r *reader) fix(base int) *format.Error {
	if r.err.Offset >= 0 {
		r.err.Offset += base
	}
	return r.err
}
