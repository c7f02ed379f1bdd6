// Package fuzz holds the cross-package fuzz targets of rowpage: hostile
// bytes to every reader, and mutations of valid pages. It has no code of
// its own; see fuzz_test.go and CONTRIBUTING.md for how to run campaigns.
package fuzz
