package jsonwire

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// The differential tests of ParseTimestamp: every result and every
// rejection must be oldParseTimestamp's (parsetime_ref_test.go), for the
// text as a string and as bytes.

// checkParseSame fails t unless ParseTimestamp and oldParseTimestamp agree
// on s, as a string and as bytes.
func checkParseSame(t *testing.T, s string) {
	t.Helper()
	want, wok := oldParseTimestamp(s)
	got, ok := ParseTimestamp(s)
	gotB, okB := ParseTimestamp([]byte(s))
	if got != want || ok != wok || gotB != want || okB != wok {
		t.Fatalf("ParseTimestamp(%q) = %+v, %v (bytes %+v, %v); old parser %+v, %v", s, got, ok, gotB, okB, want, wok)
	}
	// Through checkDays, which holds the date of an earlier text, and
	// again, with s's date.
	for range 2 {
		if got, ok := ParseTimestampDay(s, &checkDays); got != want || ok != wok {
			t.Fatalf("ParseTimestampDay(%q) = %+v, %v; old parser %+v, %v", s, got, ok, want, wok)
		}
	}
}

// checkDays is the DayMemo of checkParseSame, kept from call to call.
var checkDays DayMemo

// TestParseTimestampDayMemo checks ParseTimestampDay against
// ParseTimestamp on runs of texts that keep or change their date (real
// dates and not, leap days), with clocks and zones valid or not, through
// one memo, and on the date that parses to 0 from an empty memo.
func TestParseTimestampDayMemo(t *testing.T) {
	var m DayMemo
	for _, s := range []string{"0000-00-00T00:00:00Z", "0000-00-00T12:00:00.5+00:00", "0000-01-01T00:00:00Z", "0000-00-00T00:00:00Z"} {
		want, wok := ParseTimestamp(s)
		if got, ok := ParseTimestampDay(s, &m); got != want || ok != wok {
			t.Fatalf("ParseTimestampDay(%q) = %+v, %v; ParseTimestamp %+v, %v", s, got, ok, want, wok)
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	dates := []string{"2025-03-14", "2024-02-29", "2023-02-29", "2025-13-01", "2025-04-31", "9999-12-31", "0000-01-01", "2025-03-1x", "2025+03-14"}
	clocks := []string{"T10:04:15.738+00:00", "T23:59:59Z", "T24:00:00Z", "T10:60:00Z", "T00:00:60-01:00", "T12:34:56.123456789-07:30", "T12:34:56-00:00", "t12:34:56Z", "T12:34:56.Z", "T1:34:56Z"}
	date := dates[0]
	for range 200_000 {
		if r.IntN(3) == 0 {
			date = dates[r.IntN(len(dates))]
		}
		s := date + clocks[r.IntN(len(clocks))]
		want, wok := ParseTimestamp(s)
		if got, ok := ParseTimestampDay(s, &m); got != want || ok != wok {
			t.Fatalf("ParseTimestampDay(%q) = %+v, %v; ParseTimestamp %+v, %v", s, got, ok, want, wok)
		}
	}
}

// TestParseTimestampEveryDate tries every year 0000-9999 with months 00-13
// and days 00-32: every real date, including each leap day, and the day
// after the last of every month.
func TestParseTimestampEveryDate(t *testing.T) {
	buf := []byte("0000-00-00T12:34:56Z")
	for y := 0; y <= 9999; y++ {
		buf[0], buf[1], buf[2], buf[3] = byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10)
		for m := 0; m <= 13; m++ {
			buf[5], buf[6] = byte('0'+m/10), byte('0'+m%10)
			for d := 0; d <= 32; d++ {
				buf[8], buf[9] = byte('0'+d/10), byte('0'+d%10)
				want, wok := oldParseTimestamp(buf)
				got, ok := ParseTimestamp(buf)
				if got != want || ok != wok {
					t.Fatalf("ParseTimestamp(%q) = %+v, %v; old parser %+v, %v", buf, got, ok, want, wok)
				}
			}
		}
	}
}

// TestParseTimestampEveryClock tries every hh:mm:ss from 00:00:00 to
// 99:99:99 on a leap day.
func TestParseTimestampEveryClock(t *testing.T) {
	buf := []byte("2024-02-29T00:00:00.5+01:00")
	for h := 0; h <= 99; h++ {
		buf[11], buf[12] = byte('0'+h/10), byte('0'+h%10)
		for m := 0; m <= 99; m++ {
			buf[14], buf[15] = byte('0'+m/10), byte('0'+m%10)
			for s := 0; s <= 99; s++ {
				buf[17], buf[18] = byte('0'+s/10), byte('0'+s%10)
				want, wok := oldParseTimestamp(buf)
				got, ok := ParseTimestamp(buf)
				if got != want || ok != wok {
					t.Fatalf("ParseTimestamp(%q) = %+v, %v; old parser %+v, %v", buf, got, ok, want, wok)
				}
			}
		}
	}
}

// TestParseTimestampEveryOffset tries every offset ±00:00 to ±99:99, and
// other bytes in the sign's and the colon's places.
func TestParseTimestampEveryOffset(t *testing.T) {
	for _, sign := range "+-Z 0:" {
		for _, colon := range ":.-0" {
			for h := 0; h <= 99; h++ {
				for m := 0; m <= 99; m++ {
					checkParseSame(t, fmt.Sprintf("1999-12-31T23:59:59.738%c%02d%c%02d", sign, h, colon, m))
				}
			}
		}
	}
}

// TestParseTimestampFractions tries fractions of 0 to 12 digits, each
// digit pattern with each zone, and a fraction cut short or ended by a
// non-digit.
func TestParseTimestampFractions(t *testing.T) {
	digits := "9081726354"
	for n := 0; n <= 12; n++ {
		frac := ""
		for i := range n {
			frac += string(digits[i%len(digits)])
		}
		for _, zone := range []string{"Z", "+00:00", "-00:00", "+05:30", "-23:59", "", "z", "ZZ", "+0530", "x"} {
			checkParseSame(t, "2025-03-14T10:04:15."+frac+zone)
			checkParseSame(t, "2025-03-14T10:04:15"+frac+zone)
			checkParseSame(t, "2025-03-14T10:04:15.."+frac+zone)
			checkParseSame(t, "2025-03-14T10:04:15."+frac+"/"+zone)
			checkParseSame(t, "2025-03-14T10:04:15."+frac+":"+zone)
		}
	}
}

// parseBases are the shapes of timestamp that the mutation tests start from.
var parseBases = []string{
	"2025-03-14T10:04:15Z",
	"2025-03-14T10:04:15.738+00:00",
	"2025-03-14T10:04:15.738Z",
	"2025-03-14T10:04:15.123456789Z",
	"2025-03-14T10:04:15.123456789-07:00",
	"2025-03-14T10:04:15.123456+05:30",
	"2000-02-29T23:59:59.999999999+23:59",
	"0000-01-01T00:00:00Z",
	"9999-12-31T23:59:59.9-23:59",
	"1900-02-28T00:00:00+00:00",
}

// TestParseTimestampEveryByte replaces each byte of each base with every
// byte value, deletes it, inserts every byte value before it, and cuts the
// base at every length.
func TestParseTimestampEveryByte(t *testing.T) {
	for _, base := range parseBases {
		for i := 0; i <= len(base); i++ {
			checkParseSame(t, base[:i])
			checkParseSame(t, base[i:])
			for v := 0; v < 256; v++ {
				c := string([]byte{byte(v)})
				checkParseSame(t, base[:i]+c+base[i:])
				if i < len(base) {
					checkParseSame(t, base[:i]+c+base[i+1:])
				}
			}
			if i < len(base) {
				checkParseSame(t, base[:i]+base[i+1:])
			}
		}
	}
}

// TestParseTimestampEveryPair replaces every pair of bytes of a base with
// the bytes around the digits and separators: '/', '0'-'9', ':', '-',
// '+', '.', 'T', 'Z' and their neighbours.
func TestParseTimestampEveryPair(t *testing.T) {
	subs := []byte("/09:;-,+.TSUZYz 5\x00\xff\xb0\xf9\xfa")
	for _, base := range parseBases[:4] {
		b := []byte(base)
		for i := range b {
			for j := i + 1; j < len(b); j++ {
				for _, x := range subs {
					for _, y := range subs {
						c := append([]byte(nil), b...)
						c[i], c[j] = x, y
						want, wok := oldParseTimestamp(c)
						got, ok := ParseTimestamp(c)
						if got != want || ok != wok {
							t.Fatalf("ParseTimestamp(%q) = %+v, %v; old parser %+v, %v", c, got, ok, want, wok)
						}
					}
				}
			}
		}
	}
}

// TestParseTimestampMutations applies random edits to the bases and to
// random valid timestamps.
func TestParseTimestampMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 3339))
	alphabet := []byte("0123456789-+:.TZtz /;\x00\xff9")
	buf := make([]byte, 0, 64)
	for range 1_000_000 {
		if rng.IntN(2) == 0 {
			buf = append(buf[:0], parseBases[rng.IntN(len(parseBases))]...)
		} else {
			ts := format.Timestamp{
				Local:  format.TimeMinLocal + rng.Int64N(format.TimeMaxLocal-format.TimeMinLocal+1),
				Digits: uint8(rng.IntN(10)),
				Offset: int32(rng.IntN(2*86340+1)-86340) / 60 * 60,
			}
			for range ts.Digits {
				ts.Frac = ts.Frac*10 + uint32(rng.IntN(10))
			}
			ts.ZeroPlus = ts.Offset == 0 && rng.IntN(2) == 0
			buf = AppendTimestampText(buf[:0], ts)
		}
		for k := rng.IntN(4); k > 0; k-- {
			i := rng.IntN(len(buf) + 1)
			switch rng.IntN(4) {
			case 0:
				if i < len(buf) {
					buf[i] = alphabet[rng.IntN(len(alphabet))]
				}
			case 1:
				if i < len(buf) {
					buf[i] = byte(rng.IntN(256))
				}
			case 2:
				if i < len(buf) {
					buf = append(buf[:i], buf[i+1:]...)
				}
			default:
				buf = append(buf[:i], append([]byte{alphabet[rng.IntN(len(alphabet))]}, buf[i:]...)...)
			}
		}
		want, wok := oldParseTimestamp(buf)
		got, ok := ParseTimestamp(buf)
		if got != want || ok != wok {
			t.Fatalf("ParseTimestamp(%q) = %+v, %v; old parser %+v, %v", buf, got, ok, want, wok)
		}
		if ok && string(AppendTimestampText(nil, got)) != string(buf) {
			t.Fatalf("ParseTimestamp(%q) = %+v does not write back the text", buf, got)
		}
	}
}

// TestCivilDay checks civilDay against the old parser's daysFromCivil and
// against its inverse civilDate (the general code's civilFromDays) on every day a valid timestamp can fall
// on, 0000-01-01 to 9999-12-31.
func TestCivilDay(t *testing.T) {
	const epochDay = -format.TimeMinLocal / 86400 // 1970-01-01, counted from 0000-01-01
	last := uint32((format.TimeMaxLocal - format.TimeMinLocal) / 86400)
	for day := uint32(0); day <= last; day++ {
		y, m, d := civilDate(day)
		if got := civilDay(y, m, d); got != day {
			t.Fatalf("civilDay(%d, %d, %d) = %d, want %d", y, m, d, got, day)
		}
		if got, want := int64(civilDay(y, m, d))-epochDay, daysFromCivil(int64(y), int64(m), int64(d)); got != want {
			t.Fatalf("civilDay(%d, %d, %d) - epoch = %d, daysFromCivil says %d", y, m, d, got, want)
		}
	}
}

// FuzzParseTimestampOld compares ParseTimestamp with the old parser on
// any input (FuzzParseTimestamp compares it with a regular expression).
func FuzzParseTimestampOld(f *testing.F) {
	for _, s := range parseBases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkParseSame(t, string(b))
	})
}
