package main

import "testing"

func TestResolvePointer(t *testing.T) {
	doc := []byte(` {"a":{"b/c":[10,{"~k":"v"}],"":1},"list":[[1,2]]} `)
	for _, tc := range []struct{ ptr, want string }{
		{"", `{"a":{"b/c":[10,{"~k":"v"}],"":1},"list":[[1,2]]}`},
		{"/a/b~1c/0", "10"},
		{"/a/b~1c/1/~0k", `"v"`},
		{"/a/", "1"},
		{"/list/0/1", "2"},
	} {
		got, err := resolvePointer(doc, tc.ptr)
		if err != nil || string(got) != tc.want {
			t.Errorf("%q: %s, %v; want %s", tc.ptr, got, err, tc.want)
		}
	}
	for _, ptr := range []string{"a", "/nope", "/list/2", "/list/01", "/list/-", "/a/b~1c/0/x"} {
		if got, err := resolvePointer(doc, ptr); err == nil {
			t.Errorf("%q: %s, want an error", ptr, got)
		}
	}
}
