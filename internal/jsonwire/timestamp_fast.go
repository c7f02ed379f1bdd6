package jsonwire

import (
	"encoding/binary"

	"github.com/rowpage/rowpage/format"
)

// The renderer of valid timestamps, which every timestamp of a validated page
// is. Validity bounds every field, so the arithmetic runs on unsigned values
// counted from 0000-01-01 (divisions by constants become multiplications,
// with no sign fix-ups), and the text goes into a fixed-size window of dst
// in whole words: the date's twelve bytes with the opening quote, the
// clock's eight, the fraction's nine digits and the zone are each made in a
// register, every digit of a word at once (lanePairs, digits8), and stored
// with fixed moves. AppendTimestampText and DateCache use it for valid
// timestamps and keep the general code (timestamp.go) for the rest.
//
// The text's places in the window, quoted:
//
//	0  "            12 hh:mm:ss (clockText)
//	1  YYYY-MM-DDT  20 . and the fraction's digits, if any
//	   (dateText)   then the zone and the closing quote, one move

// maxTimestampText is the longest RFC 3339 text of a valid timestamp:
// YYYY-MM-DDThh:mm:ss.nnnnnnnnn+hh:mm.
const maxTimestampText = 35

// TimestampWindow is the room PutTimeCellJSON writes in: the quoted
// text's last 8-byte move (the zone and closing quote) starts at byte 30
// at the latest.
const TimestampWindow = 38

// timeSpan is the largest local of a valid timestamp counted from
// 0000-01-01T00:00:00, the smallest.
const timeSpan = format.TimeMaxLocal - format.TimeMinLocal

// fracScale[d] is 10^(9-d) for d ≤ 9: it scales a fraction of d digits to
// nanoseconds. (16 entries, so that an index masked with 15 needs no
// bounds check; the rest are never read.)
var fracScale = [16]uint64{1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 1e2, 1e1, 1}

// lanePairs returns the two digits of each value below 100 that x holds in
// a lane, as the bytes tens then ones at the lane's start, values 0 to 9,
// where lane marks each lane's low four bits. Lanes start on byte
// boundaries at least 16 bits apart, so that no lane's product reaches the
// next lane's bits. (v*103)>>10 is v/10 for every v < 100 (as in digits8).
// Inlines; seven operations.
func lanePairs(x, lane uint64) uint64 {
	tens := (x * 103 >> 10) & lane
	return tens | (x-tens*10)<<8
}

// clockText returns hh:mm:ss for secs, a second of the day, as eight bytes
// of text for a little-endian store.
func clockText(secs uint32) uint64 {
	h := secs / 3600
	r := secs - h*3600
	m := r / 60
	x := uint64(h) | uint64(m)<<24 | uint64(r-m*60)<<48
	return lanePairs(x, 0x000F_0000_0F00_000F) | 0x3030_3A30_303A_3030 // "00:00:00"
}

// zoneText returns the zone of a non-zero offset: ±hh:mm, from the offset
// truncated towards zero to whole minutes, as package time writes it, as
// six bytes of text for a little-endian store.
func zoneText(offset int32) uint64 {
	zone := offset / 60
	sign := uint64('+')
	if zone < 0 {
		sign, zone = '-', -zone
	}
	h := uint32(zone) / 60
	x := uint64(h) | uint64(uint32(zone)-h*60)<<24
	return sign | (lanePairs(x, 0x0F00_000F)|0x30_303A_3030)<<8 // "+00:00"
}

// zoneUTC and zonePlus are the zones of a zero offset with the closing
// quote, as zoneText's are: Z, and +00:00 (a text time's, SPEC.md 5.4).
const (
	zoneUTC  = 'Z' | '"'<<8
	zonePlus = 0x22_3030_3A30_302B // +00:00"
)

// AppendValidTimestamp appends ts, which must be Valid, as RFC 3339 text,
// quoted when quote is set. With a non-nil cache, a date the cache holds is
// copied instead of computed. The quoted text is AppendTimeCellJSON's;
// the unquoted text is that, moved back a byte. No allocation when dst has
// TimestampWindow bytes of room.
func AppendValidTimestamp(dst []byte, ts format.Timestamp, quote bool, cache *DateCache) []byte {
	if !quote {
		return appendTimestampUnquoted(dst, ts, cache)
	}
	dst, _ = AppendTimeCellJSON(dst, ts.Local, uint64(ts.Frac)*10+uint64(ts.Digits), int64(ts.Offset), ts.ZeroPlus, cache)
	return dst
}

// AppendTimeCellJSON appends the timestamp of a time cell's fields (SPEC.md
// 5.4: local, frac = F × 10 + digits, offset, and for a text time whether
// a zero offset is written +00:00) as a quoted RFC 3339 string, as
// AppendTimestampJSON does, when they make a Valid timestamp; otherwise it
// returns dst unchanged and false. It is PutTimeCellJSON on dst's spare
// room, grown first when it is under TimestampWindow bytes.
func AppendTimeCellJSON(dst []byte, local int64, frac uint64, offset int64, zeroPlus bool, cache *DateCache) ([]byte, bool) {
	n := len(dst)
	if cap(dst)-n < TimestampWindow {
		dst = growTimestamp(dst)
	}
	m, ok := PutTimeCellJSON((*[TimestampWindow]byte)(dst[n:n+TimestampWindow]), local, frac, offset, zeroPlus, cache)
	return dst[:n+m], ok
}

// PutTimeCellJSON writes the quoted RFC 3339 text of a time cell's fields
// (as AppendTimeCellJSON) at the start of b and returns its length, when
// they make a Valid timestamp; otherwise it returns 0 and false, and b
// holds garbage. With a non-nil cache, a date the cache holds is copied
// instead of computed, and a date it computes is kept there. The fields
// come apart because a Timestamp, of five fields, is more than the
// compiler keeps in registers: passed whole it goes through memory. Each
// part of the text goes to a fixed place in b, and the zone, with the
// closing quote, after the fraction's digits, with whole-word moves: the
// bytes of b past the text are scratch. It calls nothing, so that the
// compiler keeps every value in a register: about 80 instructions with
// the date cached, 40 more without.
func PutTimeCellJSON(b *[TimestampWindow]byte, local int64, frac uint64, offset int64, zeroPlus bool, cache *DateCache) (int, bool) {
	u := uint64(local - format.TimeMinLocal) // seconds since 0000-01-01T00:00:00
	if u > timeSpan || frac >= 10_000_000_000 || uint64(offset+format.TimeMaxOffset) > 2*format.TimeMaxOffset {
		return 0, false
	}
	// The fraction first, checked and written at 20 (the date and clock
	// below write before it): 1 to 4 digits (milliseconds) as four at
	// the point, scaled to 10^-4 s (F × 10^(4−digits), below 10^4 exactly
	// when F < 10^digits, as Valid asks) with no nanoseconds between;
	// 5 to 9 digits as nanoseconds, the point and the first of nine, then
	// eight.
	f := frac / 10
	digits := frac - f*10
	k := 20
	if digits-1 < 4 {
		v := f * fracScale[(digits+5)&15] // 10^(4−digits)
		if v >= 1e4 {
			return 0, false
		}
		h := uint32(v) / 100
		binary.LittleEndian.PutUint64(b[20:28], lanePairs(uint64(h)<<8|uint64(uint32(v)-h*100)<<24, 0x0F00_0F00)|0x30_3030_302E)
		k = 21 + int(digits)
	} else if ns := f * fracScale[digits&15]; ns >= 1e9 { // below 1e9 exactly when f < 10^digits
		return 0, false
	} else if digits != 0 {
		first := uint32(ns) / 1e8
		binary.LittleEndian.PutUint16(b[20:22], uint16('.'|('0'+first)<<8))
		binary.LittleEndian.PutUint64(b[22:30], digits8(uint32(ns)-first*1e8)|asciiZeros)
		k = 21 + int(digits)
	}
	day := uint32(u / 86400)
	secs := uint32(u) - day*86400 // u < 2^39: the low 32 bits of u - day*86400
	if cache != nil && binary.LittleEndian.Uint32(cache.slots[day%dateSlots][12:]) == day+1 {
		*(*[16]byte)(b[0:16]) = cache.slots[day%dateSlots] // the date, and the slot's day as slack for the clock to cover
	} else {
		// The date, by C. Neri and L. Schneider's algorithm ("Euclidean
		// affine functions and their application to calendar algorithms",
		// 2022): years counted from March 1 in a calendar shifted by one
		// 400-year cycle, so that every value is a non-negative uint32,
		// and each division a multiplication and a shift (the year's and
		// the day's need no division of their own). It is written here
		// rather than called, so that the function calls nothing.
		q := 4*(day+146097-60) + 3        // 4 × days since -0400-03-01, + 3: 0000-03-01 is day 60
		cent := q / 146097                // centuries
		p := uint64(q%146097|3) * 2939745 // the year of the century in the high half,
		y := 100*cent + uint32(p>>32) - 400
		doy := uint32(p) / 11758980 // the day of the year in the low half
		md := 2141*doy + 197913     // the month in the high half, the day in the low
		m, d := md>>16, md&0xFFFF/2141+1
		if doy >= 306 { // January and February: months 13 and 14 of the year before
			y, m = y+1, m-12
		}
		// The quote and YYYY-MM with lanes at bytes 1, 3 and 6, then -DDT
		// with a lane at byte 1, and the day's number for the slot.
		hy := y / 100
		lo := lanePairs(uint64(hy)<<8|uint64(y-hy*100)<<24|uint64(m)<<48, 0x000F_0000_0F00_0F00) | 0x3030_2D30_3030_3022
		hi := lanePairs(uint64(d)<<8, 0x0F00) | 0x5430_302D | uint64(day+1)<<32
		binary.LittleEndian.PutUint64(b[0:8], lo)
		binary.LittleEndian.PutUint64(b[8:16], hi)
		if cache != nil {
			cache.slots[day%dateSlots] = *(*[16]byte)(b[0:16])
		}
	}
	binary.LittleEndian.PutUint64(b[12:20], clockText(secs))
	z, m := uint64(zoneUTC), 2
	if offset != 0 {
		z, m = zoneText(int32(offset))|'"'<<48, 7
	} else if zeroPlus {
		z, m = zonePlus, 7
	}
	binary.LittleEndian.PutUint64(b[k:k+8], z)
	return k + m, true
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

// growTimestamp returns dst with room for TimestampWindow bytes past its
// length: AppendTimeCellJSON's way out, kept apart so that its fast path
// needs no stack frame for the call.
//
//go:noinline
func growTimestamp(dst []byte) []byte {
	return append(dst, make([]byte, TimestampWindow)...)[:len(dst)]
}
