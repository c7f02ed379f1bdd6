//go:build purego

package rowpage

import (
	"reflect"
	"time"
)

// encRow reads the fields of one struct row with reflect: the safe twin of
// the pointer reads in encode_field_unsafe.go. It reads a time.Time or
// []string through its address when the row is addressable, so that
// neither is copied to the heap.
type encRow struct{ v reflect.Value }

var stringsType = reflect.TypeFor[[]string]()

// encRowOf returns a reader for the struct rv.
func encRowOf(rv reflect.Value) (encRow, bool) { return encRow{rv}, true }

// encRows reads the elements of a slice or array of structs.
type encRows struct{ v reflect.Value }

// encRowsOf returns a reader for the elements of rv.
func encRowsOf(rv reflect.Value) (encRows, bool) { return encRows{rv}, true }

// at returns a reader for element i.
func (rs encRows) at(i int) encRow { return encRow{rs.v.Index(i)} }

// field returns the field; its path has no pointers (see encFieldOffset).
func (r encRow) field(pf *encField) reflect.Value {
	if len(pf.index) == 1 {
		return r.v.Field(pf.index[0])
	}
	return r.v.FieldByIndex(pf.index)
}

func (r encRow) bool(pf *encField) bool       { return r.field(pf).Bool() }
func (r encRow) int8(pf *encField) int8       { return int8(r.field(pf).Int()) }
func (r encRow) int16(pf *encField) int16     { return int16(r.field(pf).Int()) }
func (r encRow) int32(pf *encField) int32     { return int32(r.field(pf).Int()) }
func (r encRow) int64(pf *encField) int64     { return r.field(pf).Int() }
func (r encRow) uint8(pf *encField) uint8     { return uint8(r.field(pf).Uint()) }
func (r encRow) uint16(pf *encField) uint16   { return uint16(r.field(pf).Uint()) }
func (r encRow) uint32(pf *encField) uint32   { return uint32(r.field(pf).Uint()) }
func (r encRow) uint64(pf *encField) uint64   { return r.field(pf).Uint() }
func (r encRow) float32(pf *encField) float32 { return float32(r.field(pf).Float()) }
func (r encRow) float64(pf *encField) float64 { return r.field(pf).Float() }
func (r encRow) string(pf *encField) string   { return r.field(pf).String() }

func (r encRow) time(pf *encField) *time.Time {
	fv := r.field(pf)
	if fv.CanAddr() {
		return fv.Addr().Interface().(*time.Time)
	}
	t := fv.Interface().(time.Time)
	return &t
}

func (r encRow) timePtr(pf *encField) *time.Time {
	return r.field(pf).Interface().(*time.Time)
}

// strings reads a []string, or a copy of a slice of a named string type.
func (r encRow) strings(pf *encField) []string {
	fv := r.field(pf)
	if fv.CanAddr() && fv.Type() == stringsType {
		return *fv.Addr().Interface().(*[]string)
	}
	if fv.IsNil() {
		return nil
	}
	ss := make([]string, fv.Len())
	for i := range ss {
		ss[i] = fv.Index(i).String()
	}
	return ss
}
