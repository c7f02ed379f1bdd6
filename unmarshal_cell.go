package rowpage

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
	"github.com/rowpage/rowpage/internal/pageread"
)

// Decoding one cell into a Go value of any kind, as encoding/json would
// decode the cell's JSON text.

// cell decodes one cell into v.
func (d *decodeState) cell(v reflect.Value, c *pageread.Cell, quoted bool) error {
	if c.Tag == format.TagNull {
		return d.null(v)
	}
	render := func(b []byte) []byte { return d.l.AppendCellJSON(b, c, true, d.jsonLeft) }
	if quoted && c.Tag == format.TagString {
		// encoding/json reads the string's contents as the literal.
		s := d.l.Strings.Bytes(int(c.Str))
		if string(s) == "null" {
			return d.null(v)
		}
		render = func(b []byte) []byte { return append(b, s...) }
	}
	v = d.indirect(v)
	if ok, err := d.viaUnmarshaler(v, render); ok {
		return err
	}
	if v.Type() == timeType {
		return d.timeInto(v, c)
	}
	if quoted {
		return d.quotedInto(v, c)
	}
	if c.Tag == format.TagRaw {
		if err := json.Unmarshal(c.Data, v.Addr().Interface()); err != nil {
			return d.fail(err.Error())
		}
		return nil
	}
	if c.Tag == format.TagString || c.Tag == format.TagTime || isTextTime(c.Tag) {
		if v.CanAddr() && v.Kind() != reflect.Interface && v.Addr().Type().Implements(textUnmarshalType) {
			var text []byte
			if c.Tag == format.TagString {
				text = d.l.Strings.Bytes(int(c.Str))
				if d.compat && !utf8.Valid(text) {
					text = []byte(jsonString(text)) // as json.Unmarshal passes it
				}
			} else {
				text = jsonwire.AppendTimestampText(d.buf[:0], c.Time)
			}
			if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(text); err != nil {
				e := d.fail("UnmarshalText of " + v.Type().String() + " failed")
				e.Cause = err
				return e
			}
			return nil
		}
	}
	if v.Kind() == reflect.Interface {
		if v.NumMethod() != 0 {
			return d.mismatch(c, v)
		}
		x := d.generic(c)
		if x == nil {
			v.SetZero()
		} else {
			v.Set(reflect.ValueOf(x))
		}
		return nil
	}
	switch c.Tag {
	case format.TagFalse, format.TagTrue:
		if v.Kind() != reflect.Bool {
			return d.mismatch(c, v)
		}
		v.SetBool(c.Tag == format.TagTrue)
	case format.TagInt, format.TagUint, format.TagFloat, format.TagNumber:
		return d.numberInto(v, c)
	case format.TagString:
		switch {
		case v.Type() == numberType:
			s := d.l.Strings.Bytes(int(c.Str))
			if !format.ValidNumber(s) {
				return d.fail("invalid number literal " + strconv.Quote(string(s)))
			}
			v.SetString(d.str(c.Str))
		case v.Kind() == reflect.String:
			v.SetString(d.str(c.Str))
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8:
			s := d.l.Strings.Bytes(int(c.Str))
			b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
			n, err := base64.StdEncoding.Decode(b, s)
			if err != nil {
				return d.fail("string is not base64 for " + v.Type().String())
			}
			v.SetBytes(b[:n])
		default:
			return d.mismatch(c, v)
		}
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		if v.Kind() != reflect.String {
			return d.mismatch(c, v)
		}
		v.SetString(string(jsonwire.AppendTimestampText(nil, c.Time)))
	case format.TagBytes:
		switch {
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8:
			// A copy, non-nil even when empty: json.Unmarshal makes
			// []byte{} of "", and nil would marshal back as null.
			b := make([]byte, len(c.Data))
			copy(b, c.Data)
			v.SetBytes(b)
		case v.Kind() == reflect.String:
			v.SetString(base64.StdEncoding.EncodeToString(c.Data))
		default:
			return d.mismatch(c, v)
		}
	case format.TagArray:
		return d.arrayInto(v, c)
	case format.TagObject:
		return d.objectInto(v, c)
	}
	return nil
}

func (d *decodeState) mismatch(c *pageread.Cell, v reflect.Value) error {
	names := [...]string{"null", "bool", "bool", "integer", "integer", "number", "string", "time", "byte string", "number", "JSON value", "array", "object", "string", "string", "number"}
	return d.fail("cannot decode a " + names[c.Tag] + " into " + v.Type().String())
}

// null handles a null cell as json.Unmarshal handles null: a value of a
// named type whose address has UnmarshalJSON gets UnmarshalJSON("null");
// otherwise pointers, maps, slices and interfaces become nil and other
// values are left alone.
func (d *decodeState) null(v reflect.Value) error {
	if v.Kind() != reflect.Pointer && v.Type().Name() != "" && v.CanAddr() && v.Addr().Type().Implements(unmarshalerType) {
		if err := v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON([]byte("null")); err != nil {
			e := d.fail("UnmarshalJSON of " + v.Type().String() + " failed")
			e.Cause = err
			return e
		}
		return nil
	}
	if v.Kind() == reflect.Interface && holdsPointer(v) && v.Elem().Elem().Kind() == reflect.Pointer {
		// As json.Unmarshal: an interface holding a pointer to a pointer
		// keeps it, and the pointer it points to becomes nil.
		v = v.Elem().Elem()
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		v.SetZero()
	}
	return nil
}

func (d *decodeState) timeInto(v reflect.Value, c *pageread.Cell) error {
	switch c.Tag {
	case format.TagTime:
		v.Set(reflect.ValueOf(timeOf(c.Time)))
		return nil
	case format.TagTextTime, format.TagTextTimePlus:
		v.Set(reflect.ValueOf(jsonTime(c.Time))) // as t.UnmarshalText(text) does
		return nil
	case format.TagString:
		var t time.Time
		if err := t.UnmarshalText(d.l.Strings.Bytes(int(c.Str))); err != nil {
			e := d.fail("string is not an RFC 3339 time")
			e.Cause = err
			return e
		}
		v.Set(reflect.ValueOf(t))
		return nil
	}
	return d.mismatch(c, v)
}

// objectFields decodes an object's fields into struct v by reflect alone.
func (d *decodeState) objectFields(v reflect.Value, r *pageread.ValueReader, c, e *pageread.Cell) error {
	sf := cachedFields(v.Type())
	for {
		k, ok := r.Next(e)
		if !ok {
			c.Close(r.End(e))
			return nil
		}
		f, ok := sf.lookup(d.l.Strings.Bytes(int(k)))
		if !ok {
			continue
		}
		fv, err := fieldByIndexAlloc(v, f.index)
		if err != nil {
			return d.fail(err.Error())
		}
		if err := d.cell(fv, e, f.quoted); err != nil {
			return err
		}
	}
}

// numberText returns a numeric cell's JSON text in d.buf.
func (d *decodeState) numberText(c *pageread.Cell) []byte {
	switch c.Tag {
	case format.TagInt:
		d.buf = strconv.AppendInt(d.buf[:0], c.Int, 10)
	case format.TagUint:
		d.buf = strconv.AppendUint(d.buf[:0], c.Uint, 10)
	case format.TagFloat:
		d.buf = jsonwire.AppendFloatJSON(d.buf[:0], c.Float)
	default:
		d.buf = append(d.buf[:0], c.Data...)
	}
	return d.buf
}

func (d *decodeState) numberInto(v reflect.Value, c *pageread.Cell) error {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := c.Int
		if c.Tag != format.TagInt {
			var err error
			n, err = strconv.ParseInt(string(d.numberText(c)), 10, 64)
			if err != nil {
				return d.fail("number " + string(d.buf) + " does not fit " + v.Type().String())
			}
		}
		if v.OverflowInt(n) {
			return d.fail("number " + strconv.FormatInt(n, 10) + " overflows " + v.Type().String())
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		var n uint64
		switch {
		case c.Tag == format.TagUint:
			n = c.Uint
		case c.Tag == format.TagInt && c.Int >= 0:
			n = uint64(c.Int)
		default:
			var err error
			n, err = strconv.ParseUint(string(d.numberText(c)), 10, 64)
			if err != nil {
				return d.fail("number " + string(d.buf) + " does not fit " + v.Type().String())
			}
		}
		if v.OverflowUint(n) {
			return d.fail("number " + strconv.FormatUint(n, 10) + " overflows " + v.Type().String())
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		var f float64
		if c.Tag == format.TagFloat && v.Kind() == reflect.Float64 {
			f = c.Float.Float64()
		} else {
			var err error
			f, err = strconv.ParseFloat(string(d.numberText(c)), v.Type().Bits())
			if err != nil {
				return d.fail("number " + string(d.buf) + " does not fit " + v.Type().String())
			}
		}
		v.SetFloat(f)
	case reflect.String:
		if v.Type() != numberType {
			return d.mismatch(c, v)
		}
		v.SetString(string(d.numberText(c)))
	default:
		return d.mismatch(c, v)
	}
	return nil
}

// quotedInto handles a field with the ,string option: the cell must be a
// string holding the JSON literal.
func (d *decodeState) quotedInto(v reflect.Value, c *pageread.Cell) error {
	if c.Tag != format.TagString {
		return d.fail("invalid use of ,string struct tag, trying to decode a non-string into " + v.Type().String())
	}
	s := d.l.Strings.Bytes(int(c.Str))
	if string(s) == "null" {
		return nil
	}
	if v.Kind() == reflect.String {
		var out string
		if err := json.Unmarshal(s, &out); err != nil {
			return d.fail("invalid use of ,string struct tag, trying to decode " + strconv.Quote(string(s)) + " into string")
		}
		v.SetString(out)
		return nil
	}
	if err := json.Unmarshal(s, v.Addr().Interface()); err != nil {
		return d.fail("invalid use of ,string struct tag, trying to decode " + strconv.Quote(string(s)) + " into " + v.Type().String())
	}
	return nil
}

func (d *decodeState) arrayInto(v reflect.Value, c *pageread.Cell) error {
	r := pageread.Elements(c)
	var e pageread.Cell
	switch v.Kind() {
	case reflect.Slice:
		n := c.Len
		iface := v.Type().Elem().Kind() == reflect.Interface
		if v.Cap() >= n && !v.IsNil() {
			v.Set(v.Slice(0, n))
		} else if iface && v.Len() > 0 {
			// As json.Unmarshal, which grows the slice: the elements it
			// had keep what they hold.
			s := reflect.MakeSlice(v.Type(), n, n)
			reflect.Copy(s, v)
			v.Set(s)
		} else {
			v.Set(reflect.MakeSlice(v.Type(), n, n))
		}
		zero := reflect.Zero(v.Type().Elem())
		k := d.elemKind(v.Type().Elem())
		var np *nestedPlan // for a slice of structs
		if k == setStruct {
			np = d.nestedPlanFor(v.Type().Elem())
		}
		for i := 0; i < n; i++ {
			r.Next(&e)
			ev := v.Index(i)
			if iface && holdsPointer(ev) {
				// As json.Unmarshal: the element decodes into the pointee.
				if err := d.cell(ev, &e, false); err != nil {
					return err
				}
				continue
			}
			ev.Set(zero)
			// Scalars without decoding methods take the plans' setters,
			// which write what the reflect path would for the values they
			// take and refuse the rest; objects into structs take the
			// struct's plan.
			if np != nil {
				if e.Tag == format.TagObject {
					if err := d.structInto(np, structOf(ev), &e); err != nil {
						return err
					}
					continue
				}
			} else if k != setGeneric && d.setScalar(k, refOf(ev), &e) {
				continue
			}
			if err := d.cell(ev, &e, false); err != nil {
				return err
			}
		}
		c.Close(r.End(&e)) // for the reader of the enclosing value
	case reflect.Array:
		zero := reflect.Zero(v.Type().Elem())
		iface := v.Type().Elem().Kind() == reflect.Interface
		for i := 0; i < v.Len(); i++ {
			ev := v.Index(i)
			if i >= c.Len || !iface || !holdsPointer(ev) { // json.Unmarshal decodes into a pointee
				ev.Set(zero)
			}
			if i < c.Len {
				r.Next(&e)
				if err := d.cell(ev, &e, false); err != nil {
					return err
				}
			}
		}
		c.Close(r.End(&e))
	default:
		return d.mismatch(c, v)
	}
	return nil
}

// mapStringAnyType is the type of free-form object fields, which
// objectInto fills without reflect.
var mapStringAnyType = reflect.TypeFor[map[string]any]()

func (d *decodeState) objectInto(v reflect.Value, c *pageread.Cell) error {
	r := pageread.Elements(c)
	var e pageread.Cell
	switch v.Kind() {
	case reflect.Map:
		if v.IsNil() {
			v.Set(reflect.MakeMapWithSize(v.Type(), c.Len))
		}
		// A map[string]any (the common free-form field) is filled
		// directly: mapEntry's reflect calls and per-entry value
		// allocation would give the same map. Raw JSON goes through
		// mapEntry, which decodes it as json.Unmarshal into any does.
		var m map[string]any
		if v.Type() == mapStringAnyType && v.CanInterface() {
			m = v.Interface().(map[string]any)
		}
		for {
			k, ok := r.Next(&e)
			if !ok {
				c.Close(r.End(&e))
				return nil
			}
			if m != nil && e.Tag != format.TagRaw {
				m[d.str(k)] = d.generic(&e)
				continue
			}
			if err := d.mapEntry(v, d.str(k), &e); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if !v.CanAddr() { // every caller passes addressable values; the plan needs one
			return d.objectFields(v, &r, c, &e)
		}
		return d.structInto(d.nestedPlanFor(v.Type()), structOf(v), c)
	}
	return d.mismatch(c, v)
}

// structInto decodes c, an object cell, into row, a struct whose plan is
// p: each member through its field's setter, without reflect for the kinds
// that have one.
func (d *decodeState) structInto(p *nestedPlan, row structRef, c *pageread.Cell) error {
	r := pageread.Elements(c)
	var e pageread.Cell
	for {
		k, ok := r.Next(&e)
		if !ok {
			c.Close(r.End(&e))
			return nil
		}
		cp := p.field(d, k)
		if cp == nil {
			continue
		}
		if err := d.setField(&p.sp, cp, row, &e); err != nil {
			return err
		}
	}
}
