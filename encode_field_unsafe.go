//go:build !purego

package rowpage

import (
	"reflect"
	"time"
	"unsafe"
)

// encRow reads the fields of one addressable struct row by pointer, at the
// offsets a plan computed from the row's type. The plan only reads a field
// this way when its Go type is the one the op names (see encOpFor), so each
// read is a typed load.
type encRow struct{ p unsafe.Pointer }

// encRowOf returns a reader for the struct rv. It reports false when rv is
// not addressable (a struct passed by value), which the generic walker
// then writes.
func encRowOf(rv reflect.Value) (encRow, bool) {
	if !rv.CanAddr() {
		return encRow{}, false
	}
	return encRow{rv.Addr().UnsafePointer()}, true
}

// encRows reads the elements of a slice or addressable array of structs.
type encRows struct {
	base unsafe.Pointer
	size uintptr
}

// encRowsOf returns a reader for the elements of rv, a non-empty slice or
// array of structs. It reports false for an array that is not addressable.
func encRowsOf(rv reflect.Value) (encRows, bool) {
	e := rv.Index(0)
	if !e.CanAddr() {
		return encRows{}, false
	}
	return encRows{e.Addr().UnsafePointer(), e.Type().Size()}, true
}

// at returns a reader for element i.
func (rs encRows) at(i int) encRow { return encRow{unsafe.Add(rs.base, uintptr(i)*rs.size)} }

func (r encRow) at(pf *encField) unsafe.Pointer { return unsafe.Add(r.p, pf.offset) }

func (r encRow) bool(pf *encField) bool          { return *(*bool)(r.at(pf)) }
func (r encRow) int8(pf *encField) int8          { return *(*int8)(r.at(pf)) }
func (r encRow) int16(pf *encField) int16        { return *(*int16)(r.at(pf)) }
func (r encRow) int32(pf *encField) int32        { return *(*int32)(r.at(pf)) }
func (r encRow) int64(pf *encField) int64        { return *(*int64)(r.at(pf)) }
func (r encRow) uint8(pf *encField) uint8        { return *(*uint8)(r.at(pf)) }
func (r encRow) uint16(pf *encField) uint16      { return *(*uint16)(r.at(pf)) }
func (r encRow) uint32(pf *encField) uint32      { return *(*uint32)(r.at(pf)) }
func (r encRow) uint64(pf *encField) uint64      { return *(*uint64)(r.at(pf)) }
func (r encRow) float32(pf *encField) float32    { return *(*float32)(r.at(pf)) }
func (r encRow) float64(pf *encField) float64    { return *(*float64)(r.at(pf)) }
func (r encRow) string(pf *encField) string      { return *(*string)(r.at(pf)) }
func (r encRow) time(pf *encField) *time.Time    { return (*time.Time)(r.at(pf)) }
func (r encRow) timePtr(pf *encField) *time.Time { return *(**time.Time)(r.at(pf)) }
func (r encRow) strings(pf *encField) []string   { return *(*[]string)(r.at(pf)) }
