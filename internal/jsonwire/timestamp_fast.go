package jsonwire

import (
	"encoding/binary"

	"github.com/rowpage/rowpage/format"
)

// The renderer of valid timestamps, which every timestamp of a validated page
// is. Validity bounds every field, so the arithmetic runs on unsigned values
// counted from 0000-01-01 (divisions by constants become multiplications,
// with no sign fix-ups), and the text goes into a fixed-size window of dst
// in whole words: the clock's eight bytes, the fraction's nine digits and
// the zone are each made in a register, every digit of a word at once (as
// digits8 does), and stored with one 8-byte move. AppendTimestampText and
// DateCache use it for valid timestamps and keep the general code
// (timestamp.go) for the rest.

// put2 writes the two digits of v < 100 at b[0:2] (pairs).
func put2(b []byte, v uint32) {
	*(*[2]byte)(b[:2]) = pairs[v]
}

// maxTimestampText is the longest RFC 3339 text of a valid timestamp:
// YYYY-MM-DDThh:mm:ss.nnnnnnnnn+hh:mm.
const maxTimestampText = 35

// timestampWindow is the room AppendTimeFieldsJSON writes in past len(dst):
// the quoted text's last 8-byte move (the zone and closing quote) starts
// at byte 30 at the latest.
const timestampWindow = 38

// civilDate is the date of a day counted from 0000-01-01 (day 0) up to
// 9999-12-31: H. Hinnant's civil-from-days with the count shifted by one
// 400-year era, so that every intermediate value is a non-negative uint32.
func civilDate(day uint32) (year, month, dayOfMonth uint32) {
	// Days since -0400-03-01: 0000-03-01 is day 60 of year 0 (a leap year).
	z := day + 146097 - 60
	era := z / 146097
	doe := z - era*146097                                  // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // [0, 365], from March 1
	mp := (5*doy + 2) / 153                                // [0, 11], March first
	dayOfMonth = doy - (153*mp+2)/5 + 1
	year = yoe + era*400 - 400
	if mp < 10 {
		return year, mp + 3, dayOfMonth
	}
	return year + 1, mp - 9, dayOfMonth
}

// putDate writes YYYY-MM-DD (10 bytes) at b[0:10].
func putDate(b []byte, day uint32) {
	y, m, d := civilDate(day)
	_ = b[9]
	put2(b[0:], y/100)
	put2(b[2:], y%100)
	b[4] = '-'
	put2(b[5:], m)
	b[7] = '-'
	put2(b[8:], d)
}

// pairDigits returns the two digits of each of up to three values below
// 100 that x holds in 24-bit lanes (bits 0, 24 and 48), as the bytes tens
// then ones of each lane, values 0 to 9, with the lane's third byte zero.
// (v*103)>>10 is v/10 for every v < 100 (as in digits8), and no lane's
// product reaches the next lane's bits. Inlines; seven operations.
func pairDigits(x uint64) uint64 {
	tens := (x * 103 >> 10) & 0x000F_0000_0F00_000F
	return tens | (x-tens*10)<<8
}

// clockText returns hh:mm:ss for secs, a second of the day, as eight bytes
// of text for a little-endian store.
func clockText(secs uint32) uint64 {
	h := secs / 3600
	r := secs - h*3600
	m := r / 60
	x := uint64(h) | uint64(m)<<24 | uint64(r-m*60)<<48
	return pairDigits(x) | 0x3030_3A30_303A_3030 // "00:00:00"
}

// zoneText returns the zone of a non-zero offset (or a zero one written
// "+00:00"): ±hh:mm, from the offset truncated towards zero to whole
// minutes, as package time writes it, as six bytes of text for a
// little-endian store.
func zoneText(offset int32) uint64 {
	zone := offset / 60
	sign := uint64('+')
	if zone < 0 {
		sign, zone = '-', -zone
	}
	h := uint32(zone) / 60
	x := uint64(h) | uint64(uint32(zone)-h*60)<<24
	return sign | (pairDigits(x)|0x30_303A_3030)<<8 // "+00:00"
}

// AppendValidTimestamp appends ts, which must be Valid, as RFC 3339 text,
// quoted when quote is set. With a non-nil cache, a date the cache holds is
// copied instead of computed. The quoted text is AppendTimeFieldsJSON's;
// the unquoted text is that, moved back a byte. No allocation when dst has
// timestampWindow bytes of room.
func AppendValidTimestamp(dst []byte, ts format.Timestamp, quote bool, cache *DateCache) []byte {
	if !quote {
		return appendTimestampUnquoted(dst, ts, cache)
	}
	dst, _ = AppendTimeFieldsJSON(dst, ts.Local, uint64(ts.Frac), uint64(ts.Digits), int64(ts.Offset), ts.ZeroPlus, cache)
	return dst
}

// AppendTimeFieldsJSON appends the timestamp with these fields (a
// format.Timestamp's, wider) as a quoted RFC 3339 string, as
// AppendTimestampJSON does, when they make a Valid timestamp; otherwise it
// returns dst unchanged and false. With a non-nil cache, a date the cache
// holds is copied instead of computed. The fields come apart because a
// Timestamp, of five fields, is more than the compiler keeps in registers:
// passed whole it goes through memory. It writes in a window of
// timestampWindow bytes past len(dst) (grown when dst has less room), and
// the bytes past the text, up to the window's end, are scratch: each part
// of the text goes to a fixed place in the window, and the zone, with the
// closing quote, after the fraction's digits. No allocation when dst has
// the room; about 100 instructions, with the date cached.
func AppendTimeFieldsJSON(dst []byte, local int64, frac, digits uint64, offset int64, zeroPlus bool, cache *DateCache) ([]byte, bool) {
	u := uint64(local - format.TimeMinLocal) // seconds since 0000-01-01T00:00:00
	if u > format.TimeMaxLocal-format.TimeMinLocal || digits > 9 || frac >= pow10u64[digits] ||
		uint64(offset+format.TimeMaxOffset) > 2*format.TimeMaxOffset { // the checks of Timestamp.Valid
		return dst, false
	}
	n := len(dst)
	if cap(dst)-n < timestampWindow {
		dst = growTimestamp(dst)
	}
	b := (*[timestampWindow]byte)(dst[n : n+timestampWindow])
	b[0] = '"'
	day := uint32(u / 86400)
	secs := uint32(u) - day*86400 // u < 2^39: the low 32 bits of u - day*86400
	if s := day % dateSlots; cache != nil && cache.days[s] == day+1 {
		*(*[16]byte)(b[1:17]) = cache.dates[s]
	} else {
		cache.fill((*[16]byte)(b[1:17]), day)
	}
	binary.LittleEndian.PutUint64(b[12:20], clockText(secs))
	k := 20
	if digits != 0 {
		// The fraction scaled to nine digits: the first, then eight.
		ns := uint32(frac) * uint32(pow10u64[9-digits])
		first := ns / 1e8
		b[20] = '.'
		b[21] = byte('0' + first)
		binary.LittleEndian.PutUint64(b[22:30], digits8(ns-first*1e8)|asciiZeros)
		k = 21 + int(digits)
	}
	z, m := uint64('Z'|'"'<<8), 2
	if offset != 0 || zeroPlus {
		z, m = zoneText(int32(offset))|'"'<<48, 7
	}
	binary.LittleEndian.PutUint64(b[k:k+8], z)
	return dst[:n+k+m], true
}

// appendTimestampUnquoted is AppendValidTimestamp without quotes: the
// quoted text, moved back over its opening quote.
func appendTimestampUnquoted(dst []byte, ts format.Timestamp, cache *DateCache) []byte {
	n := len(dst)
	dst = AppendValidTimestamp(dst, ts, true, cache)
	m := len(dst) - n - 2 // the text between the quotes
	copy(dst[n:], dst[n+1:n+1+m])
	return dst[:n+m]
}

// growTimestamp returns dst with room for timestampWindow bytes past its
// length: AppendTimeFieldsJSON's way out, kept apart so that its fast path
// needs no stack frame for the call.
//
//go:noinline
func growTimestamp(dst []byte) []byte {
	return append(dst, make([]byte, timestampWindow)...)[:len(dst)]
}
