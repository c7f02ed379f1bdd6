package pageread

// Fixed-move quoting. A string of the table that needs no escaping and is
// short, with 32 bytes of string data from its start and 32 bytes of room
// in dst, is written with one or two 16-byte moves and two or three byte
// stores instead of a memmove call. The bytes written past the end are
// slack that the next append overwrites. Both functions inline (putKey at
// exactly the inliner's budget); moving the second half unconditionally,
// without the branch, measured more instructions per hit.

// putQuoted writes `"`, the first m bytes of src and `"` into the 32 bytes
// after len(dst), which the caller has checked are within cap(dst), and
// returns dst extended by m+2. m must be at most 30.
func putQuoted(dst []byte, src *[32]byte, m int) []byte {
	n := len(dst)
	q := (*[32]byte)(dst[n : n+32])
	q[0] = '"'
	*(*[16]byte)(q[1:17]) = *(*[16]byte)(src[0:16])
	if m > 15 {
		*(*[16]byte)(q[16:32]) = *(*[16]byte)(src[15:31])
	}
	q[(m+1)&31] = '"'
	return dst[:n+m+2]
}

// putKey is putQuoted followed by a colon, for an object key: it returns
// dst extended by m+3. m must be at most 29.
func putKey(dst []byte, src *[32]byte, m int) []byte {
	n := len(dst)
	q := (*[32]byte)(dst[n : n+32])
	q[0] = '"'
	*(*[16]byte)(q[1:17]) = *(*[16]byte)(src[0:16])
	if m > 15 {
		*(*[16]byte)(q[16:32]) = *(*[16]byte)(src[15:31])
	}
	q[(m+1)&31] = '"'
	q[(m+2)&31] = ':'
	return dst[:n+m+3]
}
