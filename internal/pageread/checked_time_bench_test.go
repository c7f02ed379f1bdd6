package pageread

import (
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// timeBenchCells is the number of time cells a BenchmarkTakeTimeJSON
// iteration renders: divide a count per iteration by it for one cell's.
const timeBenchCells = 64

// timeBenchCase is a column of time cells as a page of one kind holds them.
type timeBenchCase struct {
	name   string
	enc    uint8
	mode   uint8 // the mode byte's time mode (TimeUTC, TimeShared, TimePerValue)
	plus   bool  // zero offsets written +00:00
	off    int32 // the shared offset of mode TimeShared
	digits int   // fraction digits of every cell; -1 for a random count (0 to 9)
	from   int64 // the first cell's local
	span   int64 // the locals lie in [from, from+span)
	offs   []int64
}

// timeBenchCases are the columns BenchmarkTakeTimeJSON renders: the
// datasets' forms (milliseconds with +00:00, nanoseconds with Z, whole
// seconds) over a few months, then fractions of every length, offsets that
// differ from cell to cell, and years below 1000 and across the whole
// range, where no two cells share a date. (The format has no negative
// years: a local lies within 0000-01-01 to 9999-12-31.)
var timeBenchCases = []timeBenchCase{
	{name: "ms-plus", enc: format.EncTextTime, mode: format.TimeUTC, plus: true, digits: 3, from: 1_735_689_600, span: 90 * 86400},
	{name: "ns-Z", enc: format.EncTextTime, mode: format.TimeUTC, digits: 9, from: 1_735_689_600, span: 90 * 86400},
	{name: "sec-Z", enc: format.EncTime, mode: format.TimeUTC, digits: 0, from: 1_735_689_600, span: 90 * 86400},
	{name: "anyfrac-Z", enc: format.EncTime, mode: format.TimeUTC, digits: -1, from: 1_735_689_600, span: 90 * 86400},
	{name: "us-shared", enc: format.EncTime, mode: format.TimeShared, off: -5 * 3600, digits: 6, from: 1_735_689_600, span: 90 * 86400},
	{name: "ms-offsets", enc: format.EncTextTime, mode: format.TimePerValue, digits: 3, from: 1_735_689_600, span: 90 * 86400,
		offs: []int64{0, 3600, -5 * 3600, 19800, -34200, 13 * 3600}},
	{name: "years-lt-1000", enc: format.EncTime, mode: format.TimeUTC, digits: -1, from: format.TimeMinLocal, span: 1000 * 365 * 86400},
	{name: "any-year", enc: format.EncTime, mode: format.TimePerValue, digits: -1, from: format.TimeMinLocal,
		span: format.TimeMaxLocal - format.TimeMinLocal + 1, offs: []int64{0, 60, -60, 86340, -86340, 3600}},
}

// cells returns the column's cells, after the mode byte and any shared
// offset, and a date cache as a renderer would have it after an earlier
// page with these dates.
func (tc timeBenchCase) cells() []byte {
	rng := rand.New(rand.NewPCG(7, uint64(len(tc.name))))
	var b []byte
	prev := int64(0)
	for range timeBenchCells {
		local := tc.from + rng.Int64N(tc.span)
		d := tc.digits
		if d < 0 {
			d = rng.IntN(10)
		}
		f := uint64(0)
		if d > 0 {
			p := uint64(1)
			for range d {
				p *= 10
			}
			f = rng.Uint64N(p)
		}
		b = format.AppendVarint(b, local-prev)
		b = format.AppendUvarint(b, f*10+uint64(d))
		prev = local
		if tc.mode == format.TimePerValue {
			b = format.AppendVarint(b, tc.offs[rng.IntN(len(tc.offs))])
		}
	}
	return b
}

// BenchmarkTakeTimeJSON renders a column of timeBenchCells time cells with
// TakeTimeJSON into a reused buffer, with a date cache that has seen them.
// Count one cell with tools/instructions, e.g.
//
//	tools/instructions ./internal/pageread 'TakeTimeJSON/case=ms-plus$' \
//	  'github.com/rowpage/rowpage/internal/pageread.(*Cursor).TakeTimeJSON' 50
//
// and divide by timeBenchCells.
func BenchmarkTakeTimeJSON(b *testing.B) {
	for _, tc := range timeBenchCases {
		b.Run("case="+tc.name, func(b *testing.B) {
			cells := tc.cells()
			var dates jsonwire.DateCache
			dst := make([]byte, 0, 64*timeBenchCells)
			run := func() int {
				c := timeCursor(tc.enc, tc.mode, tc.off, tc.plus, cells)
				dst = dst[:0]
				for range timeBenchCells {
					dst = c.TakeTimeJSON(dst, &dates)
				}
				if c.bad || c.pos != len(cells) {
					b.Fatalf("the column does not read back (bad %v, at %d of %d)", c.bad, c.pos, len(cells))
				}
				return len(dst)
			}
			n := run()
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				run()
			}
		})
	}
}
