package dataset

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestSets(t *testing.T) {
	for _, s := range Sets {
		got, ok := SetByName(s.Name)
		if !ok || got.Name != s.Name {
			t.Fatalf("SetByName(%q) = %q, %v", s.Name, got.Name, ok)
		}
		v := s.Values(10)
		if reflect.ValueOf(v).Len() != 10 {
			t.Errorf("%s: Values(10) has %d rows", s.Name, reflect.ValueOf(v).Len())
		}
		// New must point to the type Values returns, so decoders can fill it.
		if pt, vt := reflect.TypeOf(s.New()), reflect.TypeOf(v); pt.Elem() != vt {
			t.Errorf("%s: New() is %v, Values is %v", s.Name, pt, vt)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out := s.New()
		if err := json.Unmarshal(b, out); err != nil {
			t.Errorf("%s: json.Unmarshal into New(): %v", s.Name, err)
		}
	}
	if _, ok := SetByName("nope"); ok {
		t.Error(`SetByName("nope") found a set`)
	}
}
