package jsonwire

// everyByte lists the byte values that the exhaustive tests put at each
// place: all 256 in a plain run, and one byte of each class the kernels tell
// apart under the race detector. The race run is some ten times slower and is
// there to check the code's memory accesses (checkptr) on every path, which a
// byte of each class reaches; the plain run checks every value.
func everyByte() []byte {
	if raceEnabled {
		return byteClasses
	}
	return allBytes
}

// everyByteFrom is everyByte without the bytes below lo: the non-ASCII
// bytes that can start or continue a sequence, for lo 0x80.
func everyByteFrom(lo byte) []byte {
	var from []byte
	for _, c := range everyByte() {
		if c >= lo {
			from = append(from, c)
		}
	}
	return from
}

var allBytes = func() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}()

// byteClasses is vectorAlphabet with the control bytes that have a short
// escape of their own (\b \f \n \r \t), so that every quoting form is met.
var byteClasses = append([]byte{'\b', '\f', '\n', '\r', '\t'}, vectorAlphabet...)
