package rowpage

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// TestTypeCache checks that the walker's type cache answers as infoOf and
// cachedFields do for many types, more than it has slots (so that types
// take each other's slots over), asked in several orders, and that
// typeAddr is the address reflect gives.
func TestTypeCache(t *testing.T) {
	type s1 struct{ A int }
	type s2 struct {
		B string `json:"b,omitempty"`
	}
	type named string
	types := []reflect.Type{
		reflect.TypeFor[int](), reflect.TypeFor[string](), reflect.TypeFor[time.Time](), reflect.TypeFor[*time.Time](),
		reflect.TypeFor[json.Number](), reflect.TypeFor[json.RawMessage](), reflect.TypeFor[[]byte](),
		reflect.TypeFor[s1](), reflect.TypeFor[s2](), reflect.TypeFor[*s1](), reflect.TypeFor[named](),
		reflect.TypeFor[map[string]any](), reflect.TypeFor[[]any](), reflect.TypeFor[any](),
	}
	for i := range 100 { // array types of many lengths: distinct types
		types = append(types, reflect.ArrayOf(i, reflect.TypeFor[s2]()), reflect.StructOf([]reflect.StructField{
			{Name: "F", Type: reflect.ArrayOf(i, reflect.TypeFor[int]())}}))
	}
	var w walker
	for round := range 3 {
		for k := range types {
			i := k
			if round == 1 {
				i = len(types) - 1 - k
			} else if round == 2 {
				i = k * 7 % len(types)
			}
			ty := types[i]
			if got, want := typeAddr(ty), reflect.ValueOf(ty).Pointer(); got != want {
				t.Fatalf("typeAddr(%v) = %#x, want %#x", ty, got, want)
			}
			if got, want := w.info(ty), infoOf(ty); got != want {
				t.Fatalf("info(%v) = %p, want %p", ty, got, want)
			}
			if ty.Kind() == reflect.Struct {
				if got, want := w.structFields(ty), cachedFields(ty); got != want {
					t.Fatalf("structFields(%v) = %p, want %p", ty, got, want)
				}
				if got, want := w.info(ty), infoOf(ty); got != want { // the slot keeps both
					t.Fatalf("info(%v) after structFields = %p, want %p", ty, got, want)
				}
			}
		}
	}
}
