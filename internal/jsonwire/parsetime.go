package jsonwire

import "github.com/rowpage/rowpage/format"

// ParseTimestamp parses RFC 3339 text as AppendTimestampText writes it and
// accepts nothing else, so that AppendTimestampText(dst, ts) reproduces
// text byte for byte: "YYYY-MM-DDThh:mm:ss[.d{1,9}](Z|±HH:MM)" with a real
// calendar date (leap years included), hours 00-23, minutes and seconds
// 00-59 (no leap second), upper-case T and Z, offset hours 00-23 and
// minutes 00-59, and not "-00:00". "+00:00" gives Offset 0 with ZeroPlus
// set, which a time cell written from a time.Time never has (SPEC.md 5.4).
// Fractional digits keep their count: ".500" gives Frac 500, Digits 3.
// It reads five words of text whatever its length (no loop), allocates
// nothing, and takes text in a string or in bytes.
//
// The text is read a word at a time: "YYYY-MM-DDThh:mm:ss" as two 8-byte
// words and a 4-byte one, the zone as the last 8 bytes, the fraction as
// the 8 bytes before the zone; each word's separators and digits are
// checked at once (overLimits) and its two-digit fields combined in the
// word (digitPairs), and the date is counted in unsigned arithmetic (civilDay).
// The zone "+00:00" is one comparison of that word. About 150
// instructions for "2025-03-14T10:04:15Z" where a byte at a time took 290,
// 218 for "...15.738+00:00" where it took 410, and 255 for
// "...15.123456-07:00" (amd64, BenchmarkParseTimestamp).
func ParseTimestamp[T ~string | ~[]byte](text T) (format.Timestamp, bool) {
	return parseTimestamp(text, nil)
}

// DayMemo remembers the date of the last text a column's timestamps were
// parsed from (ParseTimestampDay), and its day number: the timestamps of
// a column often share their date with the one before (a creation time
// increasing through a page), and those skip the date's checks and
// calendar arithmetic. A date's day never changes, so a memo stays valid
// from page to page. The zero DayMemo is empty.
type DayMemo struct {
	date  uint64 // "YYYY-MM-" less its pattern, as parseTimestamp reads it; 0 if empty
	dd    uint16 // "DD" less its pattern
	local int64  // the date's first second, as format.Timestamp.Local counts it
	year  yearMemo
}

// ParseTimestampDay is ParseTimestamp for a string, with the date of
// the last text parsed through m: about 55 instructions fewer when text
// has that date, and about 45 fewer when it has another date of the same
// year as the last (yearMemo).
func ParseTimestampDay(text string, m *DayMemo) (format.Timestamp, bool) {
	return parseTimestamp(text, m)
}

// parseTimestamp is ParseTimestamp, remembering the date in m if m is not
// nil (ParseTimestampDay).
func parseTimestamp[T ~string | ~[]byte](text T, m *DayMemo) (format.Timestamp, bool) {
	n := len(text)
	if n < len("0000-00-00T00:00:00Z") {
		return format.Timestamp{}, false
	}
	// "YYYY-MM-", "DDThh:mm" and ":ss" less their patterns: the digits'
	// values, and 0 for each separator that is right.
	x := load64(text, 0) ^ patA
	y := load64(text, 8) ^ patB
	z := uint64(load32(text, 16)&0xFFFFFF) ^ patC
	if overLimits(x, limA)|overLimits(y, limB)|overLimits(z, limC) != 0 {
		return format.Timestamp{}, false
	}
	// The date's first second: from m if text has its date (x of a real
	// date is not 0, its month is not), else computed.
	var date int64
	if m != nil && x == m.date && uint16(y) == m.dd && x != 0 {
		date = m.local
	} else if m != nil {
		// The year's first second from m.year (yearMemo), the month's
		// from its tables.
		ym := &m.year
		if uint32(x)|1<<31 != ym.key {
			ym.setYear(x)
		}
		dx, dd := x, uint16(y)
		x = digitPairs(x)
		mon, day := uint32(byte(x>>40)), uint32(byte(digitPairs(y)))
		if mon-1 >= 12 || day-1 >= uint32(ym.length[mon&15]) {
			return format.Timestamp{}, false
		}
		date = ym.local + int64(uint32(ym.before[mon&15])+day-1)*86400
		m.date, m.dd, m.local = dx, dd, date
	} else {
		x = digitPairs(x)
		year := uint32(byte(x))*100 + uint32(byte(x>>16))
		mon, day := uint32(byte(x>>40)), uint32(byte(digitPairs(y)))
		if mon-1 >= 12 || day-1 >= monthDays(year, mon) {
			return format.Timestamp{}, false
		}
		date = int64(civilDay(year, mon, day))*86400 + format.TimeMinLocal
	}
	y, z = digitPairs(y), digitPairs(z)
	hh, mm, ss := uint32(byte(y>>24)), uint32(byte(y>>48)), uint32(byte(z>>8))
	if hh > 23 || mm > 59 || ss > 59 {
		return format.Timestamp{}, false
	}
	local := date + int64(hh*3600+mm*60+ss)
	// The zone, read from the end: "Z", or "±hh:mm" in the last 8 bytes.
	zone := n - 1
	var off int32
	zeroPlus := false
	if text[zone] != 'Z' {
		zone = n - 6
		// "±hh:mm" in bytes 2 to 7, less "+00:00": zero for "+00:00", which
		// writes back with ZeroPlus; '+' ^ '-' in the sign's place for a '-'.
		t := load64(text, n-8)&^0xFFFF ^ patZone
		if zone < 19 {
			return format.Timestamp{}, false
		}
		if t == 0 {
			zeroPlus = true
		} else {
			neg := t&0xFF0000 == minusSign
			if neg {
				t ^= minusSign
			}
			if overLimits(t, limZone) != 0 {
				return format.Timestamp{}, false
			}
			t = digitPairs(t)
			oh, om := int32(byte(t>>24)), int32(byte(t>>48))
			// "-00:00" cannot be written back.
			if oh > 23 || om > 59 || oh|om == 0 {
				return format.Timestamp{}, false
			}
			off = oh*3600 + om*60
			if neg {
				off = -off
			}
		}
	}
	// Between the seconds and the zone: nothing, or '.' and 1 to 9 digits.
	if zone == 19 {
		return format.Timestamp{Local: local, Offset: off, ZeroPlus: zeroPlus}, true
	}
	digits := zone - 20
	if digits < 1 || digits > 9 || text[19] != '.' {
		return format.Timestamp{}, false
	}
	// The last 8 digits end the word before the zone (which starts at 21
	// or later); a ninth is text[20].
	f, ok := fracDigits(load64(text, zone-8), ^uint64(0)<<((64-8*min(digits, 8))&63))
	if !ok {
		return format.Timestamp{}, false
	}
	if digits == 9 {
		d := uint32(text[20] - '0')
		if d > 9 {
			return format.Timestamp{}, false
		}
		f += d * 100_000_000
	}
	return format.Timestamp{Local: local, Frac: f, Digits: uint8(digits), Offset: off, ZeroPlus: zeroPlus}, true
}

// The patterns of the words ParseTimestamp reads, little-endian (byte i of
// a word is bits 8i to 8i+7): '0' where a digit goes, else the separator;
// and the limits overLimits checks the words less their patterns against:
// 0x76 = 0x80-10 where a digit goes (below 10), 0x7F = 0x80-1 where a
// separator goes (below 1: it matched).
const (
	patA = 0x2D30302D_30303030 // "0000-00-"
	limA = 0x7F76767F_76767676
	patB = 0x30303A30_30543030 // "00T00:00"
	limB = 0x76767F76_767F7676
	patC = 0x0030303A // ":00", and the zero the load was masked to
	limC = 0x7F76767F
	// "\0\0+00:00": the last 8 bytes of text with an offset, the first two
	// masked to zero; minusSign is what a '-' leaves in the sign's place.
	patZone   = 0x30303A30_302B0000
	minusSign = ('+' ^ '-') << 16
	limZone   = 0x76767F76_767F7F7F
)

// overLimits returns a word with bit 7 of byte i set where byte i of x is
// not below 0x80 - byte i of lim: zero if every byte is in range. Adding lim to the low 7 bits
// sets bit 7 for a byte at its limit or above, without a carry into the
// next byte, and x's own bit 7 catches the bytes of 0x80 and above.
func overLimits(x, lim uint64) uint64 {
	return (x&0x7F7F7F7F_7F7F7F7F + lim | x) & 0x80808080_80808080
}

// digitPairs returns x, whose bytes are digit values (0-9), with byte i holding
// 10*x[i] + x[i+1]: the value of the two-digit field that starts at byte
// i. No byte exceeds 99, so none carries into the next.
func digitPairs(x uint64) uint64 { return x*10 + x>>8 }

// fracDigits returns the value of the last n (1-8) bytes of w (in memory
// order, the first the most significant digit), which m selects (its last
// n bytes all ones), and whether they are all ASCII digits, in a word's
// arithmetic: the digits are checked together, then combined in pairs,
// fours and the eight (a multiply, an add and a shift or two each),
// without a loop or a branch. It inlines (the caller makes m), so that
// ParseTimestamp calls nothing and keeps its values in registers.
func fracDigits(w, m uint64) (uint32, bool) {
	x := w ^ 0x30303030_30303030
	// Digit values, zeros before the n digits. Byte i (even) becomes
	// 10*digit(i) + digit(i+1), then bytes 0-1 and 4-5 100*pair(0) +
	// pair(2) and 100*pair(4) + pair(6); no sum reaches the next byte (or
	// pair of bytes).
	d := digitPairs(x & m)
	d = d&0x000000FF_000000FF*100 + d>>16&0x000000FF_000000FF
	return uint32(d&0xFFFF)*10000 + uint32(d>>32&0xFFFF), overLimits(x, 0x76767676_76767676)&m == 0
}

// load64 returns bytes i to i+7 of s as a little-endian word, in one load.
func load64[T ~string | ~[]byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// load32 returns bytes i to i+3 of s as a little-endian word, in one load.
func load32[T ~string | ~[]byte](s T, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// monthDays returns the number of days in month (1-12) of year (0-9999).
func monthDays(year, month uint32) uint32 {
	if month == 2 {
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	}
	return 30 + (month+month>>3)&1 // 31 in Jan, Mar, May, Jul, Aug, Oct, Dec
}

// civilDay returns the day number, counted from 0000-01-01 (day 0), of a
// date of years 0000 to 9999: the inverse of the renderer's date
// arithmetic (PutTimeCellJSON), with the same shift by one 400-year era so
// that every intermediate value is a non-negative uint32 (divisions by
// constants become multiplications).
func civilDay(year, month, day uint32) uint32 {
	y := year + 400 // years since -0400, counted from March
	if month <= 2 {
		y--
		month += 12
	}
	doy := (153*(month-3)+2)/5 + day - 1 // [0, 365], from March 1
	// Days since -0400-03-01, less the 146097-60 days from there to 0000-01-01.
	return y*365 + y/4 - y/100 + y/400 + doy - (146097 - 60)
}
