package jsonwire

import "github.com/rowpage/rowpage/format"

// yearMemo remembers the year of the last date a DayMemo computed: its
// first second, and for each month (1-12) the days before its first and
// its length. The dates of a column that change from row to row (times
// spread over a year, as on the hetero data set) mostly share their year,
// and such a date then costs two loads from these tables and a
// multiplication instead of civilDay and monthDays: about 30 instructions
// fewer, against about 90 once for a new year (setYear). The zero
// yearMemo is empty.
type yearMemo struct {
	key    uint32     // "YYYY" less its pattern, with bit 31 set; 0 if empty
	local  int64      // January 1's first second, as format.Timestamp.Local counts it
	before [16]uint16 // days of the year before the first of month i (1-12)
	length [16]uint8  // days of month i (1-12); 0 for the others
}

// daysBefore holds the days of a common year before the first of each
// month (1-12), and monthLength each month's days in a common year.
var (
	daysBefore  = [16]uint16{1: 0, 2: 31, 3: 59, 4: 90, 5: 120, 6: 151, 7: 181, 8: 212, 9: 243, 10: 273, 11: 304, 12: 334}
	monthLength = [16]uint8{1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}
)

// setYear makes ym hold the year of x ("YYYY-MM-" less its pattern, its
// digits checked): civilDay of its January 1, and the month tables of a
// common or a leap year.
//
//go:noinline
func (ym *yearMemo) setYear(x uint64) {
	ym.key = uint32(x) | 1<<31 // bit 31 is clear in checked digits
	x = digitPairs(x)
	year := uint32(byte(x))*100 + uint32(byte(x>>16))
	ym.local = int64(civilDay(year, 1, 1))*86400 + format.TimeMinLocal
	ym.before, ym.length = daysBefore, monthLength
	if monthDays(year, 2) == 29 {
		ym.length[2] = 29
		for m := 3; m <= 12; m++ {
			ym.before[m]++
		}
	}
}
