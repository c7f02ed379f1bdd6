package pageread

import (
	"encoding/base64"
	"encoding/json"
	"math"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// TakeValueJSON renders the current cell of an EncAny cursor (a tagged
// value, 5.5) as JSON and moves past it, checking it as the validator
// would while it reads: tags, canonical varints, string indexes, float and
// time cells, blob lengths against the bytes left and MaxStringBytes,
// number and raw JSON text, element counts and the nesting depth. A bad
// value marks the cursor bad (see Layout.CheckDeferred); what was written
// is then garbage, to be discarded. So the cells of an any column are read
// once on a hit, not once to validate and once to render.
//
// Once len(dst) passes stop it stops, marking the cursor bad: the render
// has failed its budget, and the caller reports that (after the validator,
// whose error comes first).
func (l *Layout) TakeValueJSON(dst []byte, c *Cursor, escapeHTML bool, stop int) []byte {
	c.i++
	return l.valueJSON(dst, c, escapeHTML, stop, 1)
}

// valueJSON renders one checked tagged value at nesting depth d.
func (l *Layout) valueJSON(dst []byte, c *Cursor, escapeHTML bool, stop, d int) []byte {
	if c.pos >= len(c.data) {
		c.fail()
		return dst
	}
	tag := c.data[c.pos]
	c.pos++
	switch tag {
	case format.TagString:
		v := c.cuv()
		if v > c.max {
			c.fail()
			return dst
		}
		return l.AppendStringJSON(dst, int(v), escapeHTML)
	case format.TagInt:
		return jsonwire.AppendInt(dst, format.DecodeZigZag(c.cuv()))
	case format.TagNull:
		return append(dst, "null"...)
	case format.TagFalse:
		return append(dst, "false"...)
	case format.TagTrue:
		return append(dst, "true"...)
	case format.TagFloat:
		return c.floatJSON(dst)
	case format.TagFloatInt:
		v := format.DecodeZigZag(c.cuv())
		if !isFloatInt(v) {
			c.fail()
			return dst
		}
		return jsonwire.AppendInt(dst, v)
	case format.TagObject, format.TagArray:
		return l.containerJSON(dst, c, tag, escapeHTML, stop, d)
	case format.TagUint:
		v := c.cuv()
		if v <= math.MaxInt64 {
			c.fail()
			return dst
		}
		return jsonwire.AppendUint(dst, v)
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		local := format.DecodeZigZag(c.cuv())
		frac := c.cuv()
		off := format.DecodeZigZag(c.cuv())
		if c.bad || !taggedTimeValid(tag, local, frac, off) {
			c.fail()
			return dst
		}
		ts := format.Timestamp{Local: local, Frac: uint32(frac / 10), Digits: uint8(frac % 10), Offset: int32(off),
			ZeroPlus: tag == format.TagTextTimePlus}
		return jsonwire.AppendTimestampJSON(dst, ts)
	case format.TagBytes, format.TagNumber, format.TagRaw:
		return l.blobJSON(dst, c, tag, escapeHTML, d)
	}
	c.fail() // an unknown tag: the validator tells unsupported from corrupt
	return dst
}

// containerJSON renders a checked array or object whose tag has been read.
func (l *Layout) containerJSON(dst []byte, c *Cursor, tag byte, escapeHTML bool, stop, d int) []byte {
	if d >= l.depth {
		c.fail()
		return dst
	}
	cnt := c.cuv()
	if cnt > uint64(len(c.data)-c.pos) {
		c.fail()
		return dst
	}
	if tag == format.TagArray {
		dst = append(dst, '[')
		for i := uint64(0); i < cnt; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = l.valueJSON(dst, c, escapeHTML, stop, d+1)
			if c.bad || len(dst) > stop {
				c.fail()
				return dst
			}
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i := uint64(0); i < cnt; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		k := c.cuv()
		if k > c.max {
			c.fail()
			return dst
		}
		dst = l.AppendStringJSON(dst, int(k), escapeHTML)
		dst = append(dst, ':')
		dst = l.valueJSON(dst, c, escapeHTML, stop, d+1)
		if c.bad || len(dst) > stop {
			c.fail()
			return dst
		}
	}
	return append(dst, '}')
}

// blobJSON renders a checked byte string, number text or raw JSON value
// whose tag has been read.
func (l *Layout) blobJSON(dst []byte, c *Cursor, tag byte, escapeHTML bool, d int) []byte {
	n := c.cuv()
	if c.bad || n > uint64(len(c.data)-c.pos) || n > uint64(l.maxStr) {
		c.fail()
		return dst
	}
	data := c.data[c.pos : c.pos+int(n)]
	c.pos += int(n)
	switch tag {
	case format.TagBytes:
		dst = append(dst, '"')
		dst = base64.StdEncoding.AppendEncode(dst, data)
		return append(dst, '"')
	case format.TagNumber:
		if !format.ValidNumber(data) {
			c.fail()
			return dst
		}
		return append(dst, data...)
	}
	// Depth first: json.Valid gives up past 10,000 levels.
	depth, compact := jsonwire.JSONDepth(data)
	if !compact || depth > l.depth-d || !json.Valid(data) {
		c.fail()
		return dst
	}
	return jsonwire.AppendRawJSON(dst, data, escapeHTML)
}
