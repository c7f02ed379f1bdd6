package jsonwire

import (
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
)

// oldParseTimestamp is ParseTimestamp as it was before its word-at-a-time
// fast path: a field at a time, with signed calendar arithmetic. It is kept
// as the reference the differential tests (parsetime_diff_test.go) compare
// the fast parser with, result for result and rejection for rejection.
func oldParseTimestamp[T ~string | ~[]byte](text T) (format.Timestamp, bool) {
	if len(text) < len("0000-00-00T00:00:00Z") ||
		text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' || text[16] != ':' {
		return format.Timestamp{}, false
	}
	y1, ok1 := num2(text[0], text[1])
	y2, ok2 := num2(text[2], text[3])
	mon, ok3 := num2(text[5], text[6])
	day, ok4 := num2(text[8], text[9])
	hh, ok5 := num2(text[11], text[12])
	mm, ok6 := num2(text[14], text[15])
	ss, ok7 := num2(text[17], text[18])
	year := y1*100 + y2
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7) ||
		mon < 1 || mon > 12 || day < 1 || day > daysIn(year, mon) || hh > 23 || mm > 59 || ss > 59 {
		return format.Timestamp{}, false
	}
	ts := format.Timestamp{Local: daysFromCivil(year, mon, day)*86400 + hh*3600 + mm*60 + ss}
	i := 19
	if text[i] == '.' {
		i++
		var f uint32
		start := i
		for i < len(text) && i-start < 10 && text[i]-'0' <= 9 {
			f = f*10 + uint32(text[i]-'0')
			i++
		}
		if n := i - start; n == 0 || n > 9 {
			return format.Timestamp{}, false
		}
		ts.Frac, ts.Digits = f, uint8(i-start)
	}
	switch rest := text[i:]; {
	case len(rest) == 1 && rest[0] == 'Z':
		return ts, true
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := num2(rest[1], rest[2])
		om, ok2 := num2(rest[4], rest[5])
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return format.Timestamp{}, false
		}
		off := int32(oh*3600 + om*60)
		if off == 0 { // "+00:00" writes back with ZeroPlus; "-00:00" cannot
			if rest[0] != '+' {
				return format.Timestamp{}, false
			}
			ts.ZeroPlus = true
			return ts, true
		}
		if rest[0] == '-' {
			off = -off
		}
		ts.Offset = off
		return ts, true
	}
	return format.Timestamp{}, false
}

// num2 parses two ASCII digits.
func num2(a, b byte) (int64, bool) {
	a, b = a-'0', b-'0'
	return int64(a)*10 + int64(b), a <= 9 && b <= 9
}

// daysIn returns the number of days in month (1-12) of year.
func daysIn(year, month int64) int64 {
	if month == 2 {
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	}
	return 30 + (month+month>>3)&1 // 31 in Jan, Mar, May, Jul, Aug, Oct, Dec
}

// daysFromCivil returns the days since 1970-01-01 of a proleptic Gregorian
// date, for 1 <= month <= 12.
func daysFromCivil(year, month, day int64) int64 {
	if month <= 2 {
		year--
		month += 12
	}
	era := year / 400
	if year%400 < 0 {
		era--
	}
	yoe := year - era*400                  // [0, 399]
	doy := (153*(month-3)+2)/5 + day - 1   // [0, 365]
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// TestDaysFromCivil checks the reference's daysFromCivil against package
// time on every day of the range that TestCivilDays checks civilFromDays on.
func TestDaysFromCivil(t *testing.T) {
	for days := int64(-1_000_000); days <= 3_000_000; days++ {
		tm := time.Unix(days*86400, 0).UTC()
		if got := daysFromCivil(int64(tm.Year()), int64(tm.Month()), int64(tm.Day())); got != days {
			t.Fatalf("daysFromCivil(%v) = %d, want %d", tm, got, days)
		}
	}
}
