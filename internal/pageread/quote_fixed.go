package pageread

// Fixed-move quoting. A string of the table that needs no escaping and is
// short, with 32 bytes of string data from its start and 32 bytes of room
// in dst, is written with one or two 16-byte moves and two or three byte
// stores instead of a memmove call. The bytes written past the end are
// slack that the next append overwrites. Both functions inline (putKey at
// exactly the inliner's budget); moving the second half unconditionally,
// without the branch, measured more instructions per hit.

// PutQuoted writes `"`, the first m bytes of src and `"` into the 32 bytes
// after len(dst), which the caller has checked are within cap(dst), and
// returns dst extended by m+2. m must be at most 30. jsonbridge's render
// loops call it for the strings Layout.ShortStr gives them.
func PutQuoted(dst []byte, src *[32]byte, m int) []byte {
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

// putKey is PutQuoted followed by a colon, for an object key: it returns
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

// putQuoted64 is putQuoted for a string of up to 62 bytes, with 64 bytes
// of string data from its start and 64 bytes of room in dst: four 16-byte
// moves, where a longer clean string of the table took an append with a
// memmove call, about 40 instructions more for 31 to 62 bytes (titles,
// sentences, URLs).
func putQuoted64(dst []byte, src *[64]byte, m int) []byte {
	n := len(dst)
	q := (*[64]byte)(dst[n : n+64])
	q[0] = '"'
	*(*[16]byte)(q[1:17]) = *(*[16]byte)(src[0:16])
	*(*[16]byte)(q[17:33]) = *(*[16]byte)(src[16:32])
	*(*[16]byte)(q[33:49]) = *(*[16]byte)(src[32:48])
	*(*[16]byte)(q[48:64]) = *(*[16]byte)(src[47:63])
	q[(m+1)&63] = '"'
	return dst[:n+m+2]
}

// copySpan64 appends dst[o:o+n], n at most 64 and o+n at most len(dst),
// with four 16-byte moves from dst[o:o+64] to the 64 bytes after len(dst),
// which the caller has checked are within cap(dst) (o+64 then is too):
// EscapedStrings' copy of a repeated escaped string, where an append took
// a memmove call. The moves may read bytes past o+n, some of them written
// by an earlier move, but those land past the n bytes kept.
func copySpan64(dst []byte, o, n int) []byte {
	l := len(dst)
	q, src := (*[64]byte)(dst[l:l+64]), (*[64]byte)(dst[o:o+64])
	*(*[16]byte)(q[0:]) = *(*[16]byte)(src[0:])
	*(*[16]byte)(q[16:]) = *(*[16]byte)(src[16:])
	*(*[16]byte)(q[32:]) = *(*[16]byte)(src[32:])
	*(*[16]byte)(q[48:]) = *(*[16]byte)(src[48:])
	return dst[:l+n]
}
