package format

import "encoding/binary"

// The string table's ends as lengths in byte planes (SPEC.md 2.5, codecs
// CodecS2Lengths and CodecZstdLengths). A string table's ends are offsets
// that only grow, so no two are alike and a compressor finds nothing to
// match in them; the strings' lengths repeat, and their low bytes, high
// bytes and so on, stored as separate planes, compress well. The section
// keeps its size: each length takes the end's width.

// EndsSpan returns where the ends of string table section table lie:
// table[at:at+count*width]. ok is false when its head is not a well-formed
// count and width, or the ends run past the section; a reader then leaves
// the section as it is, and its validation reports the damage.
func EndsSpan(table []byte) (at, count, width int, ok bool) {
	n, k := ConsumeUvarint(table)
	if k < 0 || k >= len(table) {
		return 0, 0, 0, false
	}
	width = int(table[k])
	if width < 1 || width > 4 || n > uint64(len(table)) {
		return 0, 0, 0, false
	}
	count = int(n)
	at = k + 1 + (count+3)/4
	if at > len(table) || count*width > len(table)-at {
		return 0, 0, 0, false
	}
	return at, count, width, true
}

// AppendLengthPlanes appends string table section table with its ends
// replaced by the lengths end(i) - end(i-1) (end(-1) = 0), each in the
// ends' width, stored plane by plane: the lowest byte of every length,
// then the next byte of every length, and so on. table must be well formed
// (as a writer makes it); one that is not is appended unchanged. One pass
// over the ends.
func AppendLengthPlanes(dst, table []byte) []byte {
	at, count, width, ok := EndsSpan(table)
	if !ok {
		return append(dst, table...)
	}
	dst = append(dst, table[:at]...)
	ends := table[at : at+count*width]
	base := len(dst)
	dst = append(dst, ends...) // room for the planes, overwritten below
	planes := dst[base : base+len(ends)]
	prev := uint32(0)
	for i := range count {
		e := readEnd(ends[i*width:], width)
		l := e - prev
		prev = e
		for b := range width {
			planes[b*count+i] = byte(l >> (8 * b))
		}
	}
	return append(dst, table[at+len(ends):]...)
}

// RestoreEnds undoes AppendLengthPlanes in place on section table, whose
// ends span table[at:at+count*width] (EndsSpan): each end is the sum of
// the lengths so far, modulo 2^(8*width). scratch must hold count*width
// bytes; the planes are copied there first. Sums past the width wrap and
// so leave ends that decrease, which validation reports as it would in a
// plain page. About ten instructions a string.
func RestoreEnds(table []byte, at, count, width int, scratch []byte) {
	if count == 0 {
		return
	}
	n := count * width
	planes := scratch[:n]
	copy(planes, table[at:at+n])
	ends := table[at : at+n]
	var sum uint32
	switch width {
	case 1:
		for i, l := range planes {
			sum += uint32(l)
			ends[i] = byte(sum)
		}
	case 2:
		// Four ends a turn, from one load of each plane and written with
		// one store.
		p0, p1 := planes[:count], planes[count:2*count]
		p1 = p1[:len(p0)] // bounds known equal: no checks in the loop
		i := 0
		for ; i+4 <= len(p0); i += 4 {
			lo, hi := binary.LittleEndian.Uint32(p0[i:]), binary.LittleEndian.Uint32(p1[i:])
			s0 := sum + (lo&0xFF | hi&0xFF<<8)
			s1 := s0 + (lo>>8&0xFF | hi>>8&0xFF<<8)
			s2 := s1 + (lo>>16&0xFF | hi>>16&0xFF<<8)
			sum = s2 + (lo>>24 | hi>>24<<8)
			binary.LittleEndian.PutUint64(ends[2*i:], uint64(s0&0xFFFF)|uint64(s1&0xFFFF)<<16|uint64(s2&0xFFFF)<<32|uint64(sum&0xFFFF)<<48)
		}
		for ; i < len(p0); i++ {
			sum += uint32(p0[i]) | uint32(p1[i])<<8
			binary.LittleEndian.PutUint16(ends[2*i:], uint16(sum))
		}
	case 3:
		// Each end is stored with a 4-byte move whose last byte the next
		// end overwrites; the last end, which has data after it, byte by
		// byte.
		p0, p1, p2 := planes[:count], planes[count:2*count], planes[2*count:3*count]
		last := count - 1
		p1, p2 = p1[:len(p0)], p2[:len(p0)]
		for i, l0 := range p0[:last] {
			sum += uint32(l0) | uint32(p1[i])<<8 | uint32(p2[i])<<16
			binary.LittleEndian.PutUint32(ends[3*i:], sum)
		}
		sum += uint32(p0[last]) | uint32(p1[last])<<8 | uint32(p2[last])<<16
		ends[3*last], ends[3*last+1], ends[3*last+2] = byte(sum), byte(sum>>8), byte(sum>>16)
	default: // 4
		p0, p1, p2, p3 := planes[:count], planes[count:2*count], planes[2*count:3*count], planes[3*count:4*count]
		p1, p2, p3 = p1[:len(p0)], p2[:len(p0)], p3[:len(p0)]
		for i, l0 := range p0 {
			sum += uint32(l0) | uint32(p1[i])<<8 | uint32(p2[i])<<16 | uint32(p3[i])<<24
			binary.LittleEndian.PutUint32(ends[4*i:], sum)
		}
	}
}

// readEnd reads a little-endian end of width bytes from the start of b.
func readEnd(b []byte, width int) uint32 {
	var v uint32
	for k := range width {
		v |= uint32(b[k]) << (8 * k)
	}
	return v
}
