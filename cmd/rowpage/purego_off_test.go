//go:build !purego

package main

// hitAllocs is what one hit of a rowpage entry allocates: nothing.
const hitAllocs = 0
