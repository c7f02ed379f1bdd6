package rowpage

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strconv"

	"github.com/rowpage/rowpage/format"
)

// valueDecoder turns cells into Go values. With cache set (Decode sets it)
// it copies each string-table entry at most once per page, so repeated
// strings share one allocation; without it (one-off use such as Row.Value)
// it copies each string it returns and keeps nothing per page.
type valueDecoder struct {
	l         *format.Layout
	compat    bool
	useNumber bool
	cache     bool     // keep shared copies of strings in strs
	strs      []string // copies of the common strings by table index, "" until made
	buf       []byte
}

// str returns a copy of string-table entry i. With cache set, every use of
// an entry of the table's common area (see commonStrings) shares one copy;
// the cache costs 16 bytes per common entry, allocated on first use.
// Entries past it, which canonical pages use once each, are copied anew.
func (d *valueDecoder) str(i uint32) string {
	if i < uint32(len(d.strs)) && d.strs[i] != "" {
		return d.strs[i]
	}
	return d.strSlow(i)
}

// strSlow is str for an entry not yet in the cache.
func (d *valueDecoder) strSlow(i uint32) string {
	if d.cache && d.strs == nil {
		d.strs = make([]string, commonStrings(d.l))
	}
	s := string(d.l.Strings.Bytes(int(i))) // an empty entry copies for free
	if int(i) < len(d.strs) {
		d.strs[i] = s
	}
	return s
}

// commonStrings returns the number of entries in the string table's common
// area: those before the first string of any string-seq column, which in a
// canonical page holds every string used more than once (SPEC.md section
// 9). It reads the base of each string-seq column.
func commonStrings(l *format.Layout) int {
	n := l.Strings.Len()
	for i := range l.Columns {
		c := &l.Columns[i]
		if c.Enc&^format.EncNullBitmap != format.EncStrSeq {
			continue
		}
		b := c.Payload
		if c.Enc&format.EncNullBitmap != 0 {
			b = b[(c.Count+7)/8:]
		}
		if base, m := format.ConsumeUvarint(b); m > 0 {
			n = min(n, int(base))
		}
	}
	return n
}

// number converts JSON number text to the generic form.
func (d *valueDecoder) number(text []byte) any {
	if d.compat {
		if d.useNumber {
			return json.Number(text)
		}
		f, _ := strconv.ParseFloat(string(text), 64)
		return f
	}
	return json.Number(text)
}

// cellValue returns the generic Go value of a cell. An array or object is
// read in one pass, nested values included, and closed (see
// format.Cell.Close), so its enclosing reader moves past it in O(1).
func (d *valueDecoder) cellValue(c *format.Cell) any {
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
			return float64(c.Int)
		}
		return c.Int
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
			return json.Number(format.AppendFloatJSON(nil, c.Float))
		}
		return c.Float.Float64()
	case format.TagString:
		return d.str(c.Str)
	case format.TagTime:
		if d.compat {
			return string(format.AppendTimestampText(nil, c.Time))
		}
		return timeOf(c.Time)
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
		out := make([]any, 0, c.Len)
		r := format.Elements(c)
		var e format.Cell
		for {
			if _, ok := r.Next(&e); !ok {
				break
			}
			out = append(out, d.cellValue(&e)) // closes e
		}
		c.Close(r.End(&e))
		return out
	case format.TagObject:
		out := make(map[string]any, c.Len)
		r := format.Elements(c)
		var e format.Cell
		for {
			k, ok := r.Next(&e)
			if !ok {
				break
			}
			out[d.str(k)] = d.cellValue(&e)
		}
		c.Close(r.End(&e))
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
		if f, ok := canonicalFloat(s); ok {
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
