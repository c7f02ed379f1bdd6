package rowpage

import (
	"reflect"
	"strconv"
	"testing"
)

// TestTypeCacheSharedSlotsAllocs writes rows of a struct whose fields are
// structs of more distinct types than the walker's type cache has slots,
// so that some types share a slot and take it from each other on every
// row, and checks that a reused Encoder still allocates nothing per page:
// a type that takes a slot over must not make the slot's buffers anew.
func TestTypeCacheSharedSlotsAllocs(t *testing.T) {
	fields := make([]reflect.StructField, typeCacheSlots+8)
	for i := range fields {
		inner := reflect.StructOf([]reflect.StructField{
			{Name: "A", Type: reflect.TypeFor[int64](), Tag: reflect.StructTag(`json:"a` + strconv.Itoa(i) + `"`)},
			{Name: "B", Type: reflect.TypeFor[string]()},
		})
		fields[i] = reflect.StructField{Name: "F" + strconv.Itoa(i), Type: inner}
	}
	row := reflect.StructOf(fields)
	rows := reflect.MakeSlice(reflect.SliceOf(row), 50, 50)
	for r := range rows.Len() {
		for i := range fields {
			f := rows.Index(r).Field(i)
			f.Field(0).SetInt(int64(r * i))
			f.Field(1).SetString("s" + strconv.Itoa(i))
		}
	}
	v := rows.Interface()
	enc := NewEncoder()
	buf, err := enc.Append(nil, v)
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(3, func() {
		buf, err = enc.Append(buf[:0], v)
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocs != 0 {
		t.Errorf("%v allocations per page of %d rows, want 0", allocs, rows.Len())
	}
}
