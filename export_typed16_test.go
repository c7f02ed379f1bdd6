package rowpage

// CellPathsOnly makes Decode plans built from now on take the Cell paths
// instead of the byte-level ones (decode_objbytes.go), for the tests that
// compare the two. Not safe for use alongside other decoding.
func CellPathsOnly(on bool) { cellPathsOnly = on }
