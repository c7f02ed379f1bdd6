package format

import "encoding/base64"

// AppendValueJSON renders the tagged value at the start of b (validated by
// Parse) as JSON and returns the bytes of b it used. Unlike ReadValue plus
// AppendCellJSON it walks nested arrays and objects once. Once len(dst)
// passes stop it writes no more elements, though it still returns the
// value's whole length (see AppendCellJSON).
func (l *Layout) AppendValueJSON(dst, b []byte, escapeHTML bool, stop int) ([]byte, int) {
	tag := b[0]
	switch tag {
	case TagNull:
		return append(dst, "null"...), 1
	case TagFalse:
		return append(dst, "false"...), 1
	case TagTrue:
		return append(dst, "true"...), 1
	case TagInt:
		v, n := ConsumeVarint(b[1:])
		return AppendInt(dst, v), 1 + n
	case TagUint:
		v, n := ConsumeUvarint(b[1:])
		return AppendUint(dst, v), 1 + n
	case TagFloat:
		v, n := ConsumeFloatCell(b[1:])
		return AppendFloatJSON(dst, v), 1 + n
	case TagString:
		v, n := ConsumeUvarint(b[1:])
		return l.AppendStringJSON(dst, int(v), escapeHTML), 1 + n
	case TagTime:
		var c Cell
		n := ReadValue(b, &c)
		return AppendTimestampJSON(dst, c.Time), n
	case TagBytes, TagNumber, TagRaw:
		ln, n := ConsumeUvarint(b[1:])
		data := b[1+n : 1+n+int(ln)]
		switch tag {
		case TagBytes:
			dst = append(dst, '"')
			dst = base64.StdEncoding.AppendEncode(dst, data)
			dst = append(dst, '"')
		case TagNumber:
			dst = append(dst, data...)
		default:
			dst = AppendRawJSON(dst, data, escapeHTML)
		}
		return dst, 1 + n + int(ln)
	case TagArray:
		cnt, n := ConsumeUvarint(b[1:])
		pos := 1 + n
		dst = append(dst, '[')
		for i := uint64(0); i < cnt; i++ {
			if len(dst) > stop {
				pos += SkipValue(b[pos:])
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
	case TagObject:
		cnt, n := ConsumeUvarint(b[1:])
		pos := 1 + n
		dst = append(dst, '{')
		for i := uint64(0); i < cnt; i++ {
			k, n := ConsumeUvarint(b[pos:])
			pos += n
			if len(dst) > stop {
				pos += SkipValue(b[pos:])
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
