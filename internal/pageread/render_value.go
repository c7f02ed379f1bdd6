package pageread

import (
	"encoding/base64"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// AppendValueJSON renders the tagged value at the start of b (validated by
// Parse) as JSON and returns the bytes of b it used. Unlike ReadValue plus
// AppendCellJSON it walks nested arrays and objects once. Once len(dst)
// passes stop it writes no more elements, though it still returns the
// value's whole length (see AppendCellJSON).
func (l *Layout) AppendValueJSON(dst, b []byte, escapeHTML bool, stop int) ([]byte, int) {
	tag := b[0]
	switch tag {
	case format.TagNull:
		return append(dst, "null"...), 1
	case format.TagFalse:
		return append(dst, "false"...), 1
	case format.TagTrue:
		return append(dst, "true"...), 1
	case format.TagInt:
		v, n := format.ConsumeVarint(b[1:])
		return jsonwire.AppendInt(dst, v), 1 + n
	case format.TagUint:
		v, n := format.ConsumeUvarint(b[1:])
		return jsonwire.AppendUint(dst, v), 1 + n
	case format.TagFloatInt: // a float64 holding an integer: encoding/json writes its digits
		v, n := format.ConsumeVarint(b[1:])
		return jsonwire.AppendInt(dst, v), 1 + n
	case format.TagFloat:
		v, n := format.ConsumeFloatCell(b[1:])
		return jsonwire.AppendFloatJSON(dst, v), 1 + n
	case format.TagString:
		v, n := format.ConsumeUvarint(b[1:])
		return l.AppendStringJSON(dst, int(v), escapeHTML), 1 + n
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		var c Cell
		n := ReadValue(b, &c)
		return jsonwire.AppendTimestampJSON(dst, c.Time), n
	case format.TagBytes, format.TagNumber, format.TagRaw:
		ln, n := format.ConsumeUvarint(b[1:])
		data := b[1+n : 1+n+int(ln)]
		switch tag {
		case format.TagBytes:
			dst = append(dst, '"')
			dst = base64.StdEncoding.AppendEncode(dst, data)
			dst = append(dst, '"')
		case format.TagNumber:
			dst = append(dst, data...)
		default:
			dst = jsonwire.AppendRawJSON(dst, data, escapeHTML)
		}
		return dst, 1 + n + int(ln)
	case format.TagArray:
		cnt, n := format.ConsumeUvarint(b[1:])
		pos := 1 + n
		dst = append(dst, '[')
		for i := uint64(0); i < cnt; i++ {
			if len(dst) > stop {
				pos += format.SkipValue(b[pos:])
				continue
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			var m int
			dst, m = l.AppendValueJSON(dst, b[pos:], escapeHTML, stop)
			pos += m
		}
		return append(dst, ']'), pos
	case format.TagObject:
		cnt, n := format.ConsumeUvarint(b[1:])
		pos := 1 + n
		dst = append(dst, '{')
		for i := uint64(0); i < cnt; i++ {
			k, n := format.ConsumeUvarint(b[pos:])
			pos += n
			if len(dst) > stop {
				pos += format.SkipValue(b[pos:])
				continue
			}
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = l.AppendStringJSON(dst, int(k), escapeHTML)
			dst = append(dst, ':')
			var m int
			dst, m = l.AppendValueJSON(dst, b[pos:], escapeHTML, stop)
			pos += m
		}
		return append(dst, '}'), pos
	}
	return dst, 1
}
