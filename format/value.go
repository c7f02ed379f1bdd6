package format

// Skipping tagged values (SPEC.md 5.5) of a validated page.

// SkipValue returns the length of the tagged value b starts with (validated).
func SkipValue(b []byte) int {
	switch tag := b[0]; tag {
	case TagInt, TagUint, TagString, TagFloatInt, TagRepeat:
		return 1 + uvarintLen(b[1:])
	case TagFloat:
		if b[1] == FloatRawSelector {
			return 1 + FloatRawSize
		}
		return 2 + uvarintLen(b[2:])
	case TagTime, TagTextTime, TagTextTimePlus:
		pos := 1
		for range 3 {
			pos += uvarintLen(b[pos:])
		}
		return pos
	case TagBytes, TagNumber, TagRaw:
		l, n := ConsumeUvarint(b[1:])
		return 1 + n + int(l)
	case TagArray, TagObject:
		cnt, n := ConsumeUvarint(b[1:])
		return 1 + n + skipElems(b[1+n:], int(cnt), tag == TagObject)
	}
	return 1 // TagNull, TagFalse, TagTrue
}

// uvarintLen returns the length of the varint at the start of b, a valid
// one: the bytes up to the first without the continuation bit. It reads
// no value, which SkipValue does not need.
func uvarintLen(b []byte) int {
	n := 0
	for b[n] >= 0x80 {
		n++
	}
	return n + 1
}

// skipElems returns the encoded length of the n elements at the start of b,
// keyed when obj is set: one pass over them.
func skipElems(b []byte, n int, obj bool) int {
	pos := 0
	for range n {
		if obj {
			_, m := ConsumeUvarint(b[pos:])
			pos += m
		}
		pos += SkipValue(b[pos:])
	}
	return pos
}
