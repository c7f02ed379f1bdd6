package pagebuild

import (
	"encoding/binary"
	"slices"

	"github.com/rowpage/rowpage/format"
)

// appendTimes writes a time column: the mode byte, then each cell.
func (b *Builder) appendTimes(dst []byte, ts []format.Timestamp, zeroPlus bool) []byte {
	mode := byte(format.TimeUTC)
	off := ts[0].Offset
	for i := range ts {
		if ts[i].Offset != off {
			mode = format.TimePerValue
			break
		}
	}
	if mode == format.TimeUTC && off != 0 {
		mode = format.TimeShared
	}
	if zeroPlus { // a text-time column whose zero offsets write "+00:00"
		dst = append(dst, mode|format.TimeZeroPlus)
	} else {
		dst = append(dst, mode)
	}
	if mode == format.TimeShared {
		dst = format.AppendVarint(dst, int64(off))
	}
	// Each cell straight into dst's spare room, made once: no scratch
	// slice of its values and no test of room a value. Seconds of 2^56
	// or more (zigzagged), which putUvarint does not take, send the rest
	// of the column to appendTimesFrom; a fraction (below 10^9*10+10)
	// and an offset (below 2^31) are always below it.
	perValue := mode == format.TimePerValue
	o := len(dst)
	dst = slices.Grow(dst, len(ts)*timeCellMax)
	out := dst[:cap(dst)]
	prev := int64(0)
	for i := range ts {
		t := &ts[i]
		s := format.EncodeZigZag(t.Local - prev)
		if s >= 1<<56 {
			return appendTimesFrom(out[:o], ts[i:], prev, perValue)
		}
		prev = t.Local
		// Seconds of one to four bytes (times a second to a year apart),
		// fractions of one, two or five bytes (none, milliseconds or
		// nanoseconds) and offsets of up to three (all real ones) by
		// their bytes, where putUvarint's spread costs about 15
		// instructions more.
		w := (*[8]byte)(out[o : o+8])
		switch {
		case s < 1<<7:
			w[0] = byte(s)
			o++
		case s < 1<<14:
			w[0], w[1] = byte(s)|0x80, byte(s>>7)
			o += 2
		case s < 1<<21:
			o += put3(w, s)
		case s < 1<<28:
			o += put4(w, s)
		default:
			o += putUvarint(w, s)
		}
		w = (*[8]byte)(out[o : o+8])
		switch f := uint64(t.Frac)*10 + uint64(t.Digits); { // timeFrac(*t), without copying *t
		case f < 1<<7:
			w[0] = byte(f)
			o++
		case f < 1<<14:
			w[0], w[1] = byte(f)|0x80, byte(f>>7)
			o += 2
		case f >= 1<<28 && f < 1<<35:
			o += put5(w, f)
		default:
			o += putUvarint(w, f)
		}
		if !perValue {
			continue
		}
		w = (*[8]byte)(out[o : o+8])
		switch z := format.EncodeZigZag(int64(t.Offset)); {
		case z < 1<<7: // UTC and ±1 minute
			w[0] = byte(z)
			o++
		case z < 1<<14:
			w[0], w[1] = byte(z)|0x80, byte(z>>7)
			o += 2
		case z < 1<<21:
			o += put3(w, z)
		default:
			o += putUvarint(w, z)
		}
	}
	return out[:o]
}

// timeCellMax is the room appendTimes makes for a cell: three uvarints
// (seconds, fraction, offset), each written with an 8-byte store.
const timeCellMax = 3 * 8

// appendTimesFrom is appendTimes's loop from a cell whose seconds take
// more than 8 bytes on: an append of each value. prev is the seconds of
// the cell before ts[0].
func appendTimesFrom(dst []byte, ts []format.Timestamp, prev int64, perValue bool) []byte {
	for i := range ts {
		t := &ts[i]
		dst = format.AppendVarint(dst, t.Local-prev)
		dst = format.AppendUvarint(dst, timeFrac(*t))
		if perValue {
			dst = format.AppendVarint(dst, int64(t.Offset))
		}
		prev = t.Local
	}
	return dst
}

// putUvarint stores the uvarint of v, which is below 2^56, at w and
// returns its length: one 8-byte store of v's 7-bit groups spread to
// bytes (spread7) and their continuation bits, about 30 instructions
// whatever the length, where an append a byte tested the room and
// compared the value against each length.
func putUvarint(w *[8]byte, v uint64) int {
	n := uvarintLen(v)
	binary.LittleEndian.PutUint64(w[:], spread7(v)|0x8080808080808080&(1<<(uint(8*n-8)&63)-1))
	return n
}

// put3, put4 and put5 store the uvarint of v, which takes exactly 3, 4
// or 5 bytes (v in [2^14, 2^21), [2^21, 2^28) or [2^28, 2^35)), at w
// and return its length: a shift, an or and a store a byte, about half
// of putUvarint's cost. They inline.
func put3(w *[8]byte, v uint64) int {
	w[0], w[1], w[2] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)
	return 3
}

func put4(w *[8]byte, v uint64) int {
	w[0], w[1], w[2], w[3] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)
	return 4
}

func put5(w *[8]byte, v uint64) int {
	w[0], w[1], w[2], w[3], w[4] = byte(v)|0x80, byte(v>>7)|0x80, byte(v>>14)|0x80, byte(v>>21)|0x80, byte(v>>28)
	return 5
}

// spread7 moves the seven bits of each 7-bit group of v, which is below
// 2^56, to the low bits of a byte of its own, the first group to the first
// byte: the uvarint of v but for its continuation bits. Three steps, each
// halving the groups moved: 28 bits to each 32-bit half, 14 to each
// 16-bit quarter, 7 to each byte.
func spread7(v uint64) uint64 {
	v = v&(1<<28-1) | v<<4&((1<<28-1)<<32)
	v = v&0x00003FFF00003FFF | v<<2&0x3FFF00003FFF0000
	return v&0x007F007F007F007F | v<<1&0x7F007F007F007F00
}
