//go:build purego

package jsonbridge_test

// pureGoAllocs is the allocation per call the purego build adds: it copies
// the page into a string once instead of viewing it.
const pureGoAllocs = 1
