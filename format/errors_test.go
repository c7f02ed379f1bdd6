package format

import (
	"errors"
	"math"
	"testing"
	"time"
)

// TestErrorsWrapSentinels checks the promise of the sentinel block: every
// error the package returns is an *Error around exactly one sentinel.
func TestErrorsWrapSentinels(t *testing.T) {
	_, nan := AppendFloatCell(nil, math.NaN(), 64)
	_, year := TimestampOf(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
	for _, c := range []struct {
		name string
		err  error
		want error
	}{
		{"AppendFloatCell(NaN)", nan, ErrNonFinite},
		{"TimestampOf(year 10000)", year, ErrTimeRange},
		{"Limits{MaxRows: -5}.Check", Limits{MaxRows: -5}.Check(), ErrInvalidOption},
		{"CheckHeader(JSON)", CheckHeader([]byte(`[{"a":1}]`)), ErrUnsupported},
	} {
		var e *Error
		if !errors.As(c.err, &e) || !errors.Is(c.err, c.want) || e.Err != c.want {
			t.Errorf("%s: %#v, want an *Error wrapping %v", c.name, c.err, c.want)
		}
	}
}
