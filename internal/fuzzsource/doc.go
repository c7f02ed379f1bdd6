// Package fuzzsource turns a fuzzer's input into the primitives that the
// value generators of the fuzz targets draw on: bytes, 64-bit words and
// byte strings, read in order. The generators (fuzz/roundtrip_test.go,
// jsonbridge/differential_test.go) decide what the primitives mean; this
// package fixes how they are read, which is what the saved seed corpora of
// those targets depend on.
package fuzzsource
