package rowpage

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strconv"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// valueDecoder turns cells into Go values. With cache set (Decode sets it)
// it copies each string-table entry at most once per Decode, so repeated
// strings share one allocation (see str); Row.Value and Elems.Value share
// the Page's copies instead.
type valueDecoder struct {
	l         *pageread.Layout
	compat    bool
	useNumber bool
	cache     bool                // keep shared copies of strings in strs
	strs      []string            // copies of strings by table index, "" until made
	box       boxes               // with cache: what interface values of strings and numbers point at (strAny)
	anys      slab[any]           // with cache: the arrays of small []any values (newAnys)
	maps      mapSlabs            // with cache: where small map[string]any values are made (newMapAny)
	shared    *pageStrings        // without cache: the Page's copies of strings
	copied    int                 // with cache: the bytes of string-table entries copied so far (copyRun)
	fresh     int                 // with cache: no entry from this index on is copied yet (copyRun)
	texts     strArena            // with cache: where the text of times decoded into strings is made
	dates     *jsonwire.DateCache // with cache: from datePool on the first time decoded into a string (timeText)
	bigNumber string              // under compat, the first number float64 cannot hold
	buf       []byte
}

// number converts JSON number text to the generic form. Under compat, a
// number beyond float64's range is nil, as json.Unmarshal leaves it, and
// the first such number's text is kept in d.bigNumber for Decode to
// report as json.Unmarshal does.
func (d *valueDecoder) number(text []byte) any {
	if d.compat {
		if d.useNumber {
			return json.Number(text)
		}
		f, err := strconv.ParseFloat(string(text), 64)
		if err != nil { // ErrRange: Parse validated the syntax
			if d.bigNumber == "" {
				d.bigNumber = string(text)
			}
			return nil
		}
		return f
	}
	return json.Number(text)
}

// cellValue returns the generic Go value of a cell. An array or object is
// read in one pass, nested values included, straight from its bytes (see
// valueBytes), and closed (see pageread.Cell.Close), so its enclosing
// reader moves past it in O(1).
func (d *valueDecoder) cellValue(c *pageread.Cell) any {
	switch c.Tag {
	case format.TagNull:
		return nil
	case format.TagFalse:
		return false
	case format.TagTrue:
		return true
	case format.TagInt:
		if d.compat {
			if d.useNumber {
				return json.Number(strconv.FormatInt(c.Int, 10))
			}
			return d.floatAny(float64(c.Int))
		}
		return d.intAny(c.Int)
	case format.TagUint:
		if d.compat {
			if d.useNumber {
				return json.Number(strconv.FormatUint(c.Uint, 10))
			}
			return float64(c.Uint)
		}
		return c.Uint
	case format.TagFloat:
		if d.compat && d.useNumber {
			return json.Number(jsonwire.AppendFloatJSON(nil, c.Float))
		}
		return d.floatAny(c.Float.Float64())
	case format.TagString:
		return d.strAny(c.Str)
	case format.TagTextTime, format.TagTextTimePlus:
		return d.textAny(d.timeText(c.Time))
	case format.TagTime:
		if d.compat {
			return d.textAny(d.timeText(c.Time))
		}
		return d.timeAny(timeOf(c.Time))
	case format.TagBytes:
		if d.compat {
			return base64.StdEncoding.EncodeToString(c.Data)
		}
		return bytes.Clone(c.Data)
	case format.TagNumber:
		return d.number(c.Data)
	case format.TagRaw:
		return d.rawValue(c.Data)
	case format.TagArray:
		if c.Flat { // a string-list cell: bare string indexes
			out := d.newAnys(c.Len)
			r := pageread.Elements(c)
			var e pageread.Cell
			for i := range out {
				if _, ok := r.Next(&e); !ok {
					return d.listAny(out[:i]) // unreachable: Parse counted the elements
				}
				out[i] = d.strAny(e.Str)
			}
			return d.listAny(out)
		}
		out, used := d.arrayBytes(c.Data, c.Len)
		c.Close(used)
		return d.listAny(out)
	case format.TagObject:
		out := d.newMapAny(c.Len)
		c.Close(d.membersBytes(out, c.Data, c.Len))
		return out
	}
	return nil
}

// rawValue decodes the compact JSON of a MarshalJSON result generically.
func (d *valueDecoder) rawValue(raw []byte) any {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil // unreachable: Parse validated the text
	}
	return d.normalize(v)
}

// normalize maps json.Number values inside a decoded raw value to the same
// generic forms the page's native cells produce.
func (d *valueDecoder) normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		if d.compat {
			return d.number([]byte(x))
		}
		s := string(x)
		if i, ok := canonicalInt(s); ok {
			return i
		}
		if u, ok := canonicalUint(s); ok {
			return u
		}
		if f, _, ok := canonicalFloat(s); ok {
			return f
		}
		return x
	case []any:
		for i := range x {
			x[i] = d.normalize(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = d.normalize(x[k])
		}
	}
	return v
}
