package pageread

import (
	"encoding/base64"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// AppendCellJSON appends the JSON text of a decoded cell, exactly as
// encoding/json writes the Go value the cell came from. Nested arrays and
// objects are rendered recursively (Parse bounded their depth) in one pass
// over their bytes, which closes an open cell. escapeHTML selects
// json.Marshal's escaping of <, > and & in strings.
//
// stop bounds the output (see Limits.MaxJSONBytes and JSONStop): once
// len(dst) passes it, no further element of an array, object or string list
// is written, though the cell is still walked to its end. The caller must
// then discard the output and report ErrLimit.
func (l *Layout) AppendCellJSON(dst []byte, c *Cell, escapeHTML bool, stop int) []byte {
	switch c.Tag {
	case format.TagNull:
		return append(dst, "null"...)
	case format.TagFalse:
		return append(dst, "false"...)
	case format.TagTrue:
		return append(dst, "true"...)
	case format.TagInt:
		return jsonwire.AppendInt(dst, c.Int)
	case format.TagUint:
		return jsonwire.AppendUint(dst, c.Uint)
	case format.TagFloat:
		return jsonwire.AppendFloatJSON(dst, c.Float)
	case format.TagString:
		return l.AppendStringJSON(dst, int(c.Str), escapeHTML)
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		return jsonwire.AppendTimestampJSON(dst, c.Time)
	case format.TagBytes:
		dst = append(dst, '"')
		dst = base64.StdEncoding.AppendEncode(dst, c.Data)
		return append(dst, '"')
	case format.TagNumber:
		return append(dst, c.Data...)
	case format.TagRaw:
		return jsonwire.AppendRawJSON(dst, c.Data, escapeHTML)
	case format.TagArray:
		if c.Flat {
			return l.AppendStrListJSON(dst, c.Len, c.Data, escapeHTML, stop)
		}
		return l.appendElemsJSON(append(dst, '['), c, escapeHTML, ']', stop)
	case format.TagObject:
		return l.appendElemsJSON(append(dst, '{'), c, escapeHTML, '}', stop)
	}
	return dst
}

// appendElemsJSON appends the elements of c, an array or object, and the
// closing bracket, in one pass with AppendValueJSON; it closes c (see
// Cell.Close) with the length found.
func (l *Layout) appendElemsJSON(dst []byte, c *Cell, escapeHTML bool, end byte, stop int) []byte {
	b := c.Data
	pos := 0
	for i := range c.Len {
		var k uint64
		if end == '}' {
			var n int
			k, n = format.ConsumeUvarint(b[pos:])
			pos += n
		}
		if len(dst) > stop { // over budget: only walk to the end
			pos += format.SkipValue(b[pos:])
			continue
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		if end == '}' {
			dst = l.AppendStringJSON(dst, int(k), escapeHTML)
			dst = append(dst, ':')
		}
		var m int
		dst, m = l.AppendValueJSON(dst, b[pos:], escapeHTML, stop)
		pos += m
	}
	c.Close(pos)
	return append(dst, end)
}

// AppendStringJSON appends string-table entry i as a quoted JSON string,
// copying it as it is when its flags say nothing needs escaping. When the
// table holds 32 bytes from the string's start and dst has room for 32
// more, a clean string of up to 30 bytes is copied with fixed moves
// (PutQuoted) instead of a memmove call.
func (l *Layout) AppendStringJSON(dst []byte, i int, escapeHTML bool) []byte {
	return l.appendStringEscaped(dst, nil, i, escapeHTML)
}

// appendStringEscaped is AppendStringJSON for a checked renderer, which
// escapes a string that needs it through x (see EscapedStrings; nil
// escapes it afresh).
func (l *Layout) appendStringEscaped(dst []byte, x *EscapedStrings, i int, escapeHTML bool) []byte {
	t := &l.Strings
	o := t.offs[i : i+2 : i+2]
	s, e := int(o[0]), int(o[1])
	if t.flags[i>>2]>>(uint(i&3)*2)&escapeMask(escapeHTML) != 0 || !l.flagsOK {
		return appendSpanJSON(dst, x, i, t.data[s:e], false, escapeHTML)
	}
	n, m := len(dst), e-s
	if m <= 30 && s+32 <= len(t.data) && cap(dst)-n >= 32 {
		return PutQuoted(dst, (*[32]byte)(t.data[s:s+32]), m)
	}
	dst = append(dst, '"')
	dst = append(dst, t.data[s:e]...)
	return append(dst, '"')
}

// escapeMask returns the string flags that make a string need escaping:
// StrNeedsEscape, and StrHasHTML when escaping HTML.
func escapeMask(escapeHTML bool) uint8 {
	m := format.StrNeedsEscape
	if escapeHTML {
		m |= format.StrHasHTML
	}
	return m
}

// AppendStrListJSON renders the elements of a string-list cell (n bare
// uvarint string indexes in b) as a JSON array; it stops writing elements
// once len(dst) passes stop (see AppendCellJSON).
func (l *Layout) AppendStrListJSON(dst []byte, n int, b []byte, escapeHTML bool, stop int) []byte {
	dst = append(dst, '[')
	pos := 0
	for i := 0; i < n && len(dst) <= stop; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		v, m := format.ConsumeUvarint(b[pos:])
		pos += m
		dst = l.AppendStringJSON(dst, int(v), escapeHTML)
	}
	return append(dst, ']')
}
