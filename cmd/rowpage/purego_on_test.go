//go:build purego

package main

// hitAllocs is what one hit of a rowpage entry allocates: in the purego
// build, the string view of the page is a copy of it (internal/pageread/str_purego.go).
const hitAllocs = 1
