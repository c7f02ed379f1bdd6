//go:build purego

package rowpage

import "time"

// The safe twin of decode_box_unsafe.go: interface values boxed as the
// language boxes them, each cached string once per Decode call.

// boxes holds the boxed copies of cached strings.
type boxes struct {
	strs []any // with cache: strs[i] as an interface value, nil until made
}

// strAny returns str(i) as an interface value. With d.cache set, each
// entry is boxed at most once per Decode and the same interface value is
// handed out again: a string held in an interface costs an allocation,
// and generic values (maps, slices of any) repeat the same strings row
// after row.
func (d *valueDecoder) strAny(i uint32) any {
	if !d.cache {
		return d.str(i)
	}
	if i < uint32(len(d.box.strs)) && d.box.strs[i] != nil {
		return d.box.strs[i]
	}
	s := d.str(i) // grows d.strs to hold i (for a non-empty entry)
	if int(i) >= len(d.box.strs) {
		boxed := make([]any, max(len(d.strs), int(i)+1))
		copy(boxed, d.box.strs)
		d.box.strs = boxed
	}
	d.box.strs[i] = s
	return d.box.strs[i]
}

// strBoxed is strAny for an entry already boxed, without a call (see
// the unsafe twin).
func (d *valueDecoder) strBoxed(i uint32) (any, bool) {
	if i < uint32(len(d.box.strs)) && d.box.strs[i] != nil {
		return d.box.strs[i], true
	}
	return nil, false
}

// intAny returns v as an interface value.
func (d *valueDecoder) intAny(v int64) any { return v }

// floatAny returns v as an interface value.
func (d *valueDecoder) floatAny(v float64) any { return v }

// textAny returns s as an interface value.
func (d *valueDecoder) textAny(s string) any { return s }

// timeAny returns t as an interface value.
func (d *valueDecoder) timeAny(t time.Time) any { return t }

// listAny returns l as an interface value.
func (d *valueDecoder) listAny(l []any) any { return l }
