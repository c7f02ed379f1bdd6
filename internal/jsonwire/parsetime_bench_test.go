package jsonwire

import "testing"

// parseBenchTexts are the layouts BenchmarkParseTimestamp parses: a BaaS
// service's (milliseconds, +00:00), Go's time.Time (nanoseconds, Z), and
// the shortest.
var parseBenchTexts = []struct{ name, text string }{
	{"baas", "2025-03-14T10:04:15.738+00:00"},
	{"nanos", "2025-03-14T10:04:15.123456789Z"},
	{"seconds", "2025-03-14T10:04:15Z"},
	{"micros", "2025-03-14T10:04:15.123456-07:00"},
}

var parseSink uint32

// BenchmarkParseTimestamp parses each of parseBenchTexts once per op.
func BenchmarkParseTimestamp(b *testing.B) {
	for _, c := range parseBenchTexts {
		s := c.text
		b.Run("layout="+c.name, func(b *testing.B) {
			for range b.N {
				ts, ok := ParseTimestamp(s)
				if ok {
					parseSink += uint32(ts.Local) + ts.Frac
				}
			}
		})
	}
}
