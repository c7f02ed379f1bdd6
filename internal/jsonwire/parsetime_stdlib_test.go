package jsonwire

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
)

// The tests of ParseTimestamp against package time: text is accepted
// exactly when time.Parse takes it and formatting the time with the
// text's own layout (its fraction's digit count, Z or ±hh:mm) gives the
// text back byte for byte, and then with the fields of that time.

// stdlibParse is the reference: the timestamp of s when time.Parse
// reads it and writes it back unchanged, else false.
func stdlibParse(s string) (format.Timestamp, bool) {
	tm, err := time.Parse(time.RFC3339Nano, s)
	if err != nil || len(s) < 20 {
		return format.Timestamp{}, false
	}
	layout := "2006-01-02T15:04:05"
	digits := 0
	if s[19] == '.' {
		for i := 20; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
		layout += "." + strings.Repeat("0", digits)
	}
	zeroPlus := strings.HasSuffix(s, "+00:00")
	if strings.HasSuffix(s, "Z") {
		layout += "Z07:00"
	} else {
		layout += "-07:00"
	}
	if tm.Format(layout) != s || digits > 9 {
		return format.Timestamp{}, false
	}
	_, off := tm.Zone()
	if off > format.TimeMaxOffset || off < -format.TimeMaxOffset { // a time cell's offsets stop at ±23:59
		return format.Timestamp{}, false
	}
	frac := uint32(tm.Nanosecond())
	for range 9 - digits {
		frac /= 10
	}
	return format.Timestamp{
		Local: tm.Unix() + int64(off), Frac: frac, Digits: uint8(digits),
		Offset: int32(off), ZeroPlus: zeroPlus,
	}, true
}

// checkParseStdlib fails t unless ParseTimestamp agrees with stdlibParse
// on s, as a string and as bytes, and what it accepts writes back as s.
func checkParseStdlib(t *testing.T, s string) {
	t.Helper()
	want, wok := stdlibParse(s)
	got, ok := ParseTimestamp(s)
	gotB, okB := ParseTimestamp([]byte(s))
	if got != want || ok != wok || gotB != want || okB != wok {
		t.Fatalf("ParseTimestamp(%q) = %+v, %v (bytes %+v, %v); time.Parse and Format say %+v, %v", s, got, ok, gotB, okB, want, wok)
	}
	if ok && string(AppendTimestampText(nil, got)) != s {
		t.Fatalf("ParseTimestamp(%q) = %+v does not write back the text", s, got)
	}
}

// randomTimestampText returns the text of a random valid timestamp: any
// second of years 0000-9999, 0 to 9 fraction digits, and a zone that is
// Z, +00:00 or a random whole-minute offset (common ones more often).
func randomTimestampText(rng *rand.Rand, buf []byte) []byte {
	ts := format.Timestamp{
		Local:  format.TimeMinLocal + rng.Int64N(format.TimeMaxLocal-format.TimeMinLocal+1),
		Digits: uint8(rng.IntN(10)),
	}
	for range ts.Digits {
		ts.Frac = ts.Frac*10 + uint32(rng.IntN(10))
	}
	switch rng.IntN(4) {
	case 0:
		ts.ZeroPlus = true
	case 1:
		ts.Offset = int32(rng.IntN(2*86340+1)-86340) / 60 * 60
	case 2:
		ts.Offset = int32(rng.IntN(29)-14) * 1800
	}
	ts.ZeroPlus = ts.ZeroPlus && ts.Offset == 0
	return AppendTimestampText(buf[:0], ts)
}

// TestParseTimestampStdlib compares ParseTimestamp with package time on
// random valid timestamps and on each of them with every byte position
// replaced by a random byte near the layout's (a digit, a separator, a
// zone letter, a neighbour of one) or any byte, deleted, or with a byte
// inserted before it.
func TestParseTimestampStdlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 3339))
	alphabet := []byte("0123456789-+:.,TZtz /;\x00\xff")
	buf := make([]byte, 0, 64)
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	for _, s := range parseBases {
		checkParseStdlib(t, s)
	}
	for range n {
		buf = randomTimestampText(rng, buf)
		s := string(buf)
		checkParseStdlib(t, s)
		for i := range len(s) {
			c := alphabet[rng.IntN(len(alphabet))]
			checkParseStdlib(t, s[:i]+string(c)+s[i+1:])
			checkParseStdlib(t, s[:i]+string(byte(rng.IntN(256)))+s[i+1:])
			checkParseStdlib(t, s[:i]+string(c)+s[i:])
			checkParseStdlib(t, s[:i]+s[i+1:])
		}
		checkParseStdlib(t, s+string(alphabet[rng.IntN(len(alphabet))]))
	}
}
