package pagebuild

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// refIntFloatColumn and refWriteIntFloat are intFloatColumn and
// writeIntFloat as they were written first: each value's length from
// format.SkipValue, each cell appended on its own.
func refIntFloatColumn(buf []byte) (nulls int, ok bool) {
	ints, flts := false, false
	for pos := 0; pos < len(buf); {
		switch buf[pos] {
		case format.TagNull:
			nulls++
			pos++
		case format.TagInt:
			ints = true
			pos += format.SkipValue(buf[pos:])
		case format.TagFloat, format.TagFloatInt:
			flts = true
			pos += format.SkipValue(buf[pos:])
		default:
			return 0, false
		}
	}
	return nulls, ints && flts
}

func refWriteIntFloat(dst []byte, c *Column, nulls int) []byte {
	buf := c.Tagged
	if nulls > 0 {
		dst = appendNullBitmap(dst, buf, c.count, format.SkipValue)
	}
	for pos := 0; pos < len(buf); {
		tag := buf[pos]
		if tag == format.TagNull {
			pos++
			continue
		}
		n := format.SkipValue(buf[pos:])
		switch tag {
		case format.TagInt:
			dst = append(append(dst, format.IntFloatSelector), buf[pos+1:pos+n]...)
		case format.TagFloatInt:
			v, _ := format.ConsumeVarint(buf[pos+1:])
			dst, _ = format.AppendFloatCell(dst, float64(v), 64)
		default:
			dst = append(dst, buf[pos+1:pos+n]...)
		}
		pos += n
	}
	return dst
}

// TestWriteIntFloatSameAsSkipValue checks that columns of integers and
// floats of every cell length, with and without nulls, are found and
// written as the first writeIntFloat did: integers of 1 to 10 varint
// bytes, decimal floats of short and long mantissas, raw floats, integral
// floats held as TagFloatInt, in columns of 1 to 40 values, so that the
// last values of a column, within a word of its end, and a column that
// is all tail, are among them.
func TestWriteIntFloatSameAsSkipValue(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 17))
	ints := []int64{0, 1, -1, 63, -64, 64, 1000, -8191, 1 << 20, -(1 << 27), 1 << 40, 1 << 48, -(1 << 55), 1 << 62, math.MaxInt64, math.MinInt64}
	floats := []float64{0.5, -0.25, 12.5, 99.99, 0.0001, 3.14159, 123456.789, -1e-5, 0.1234567890123456, 1e-300, 1e300, -2.5e-70, 5e75}
	for round := range 3000 {
		var c Column
		c.reset(0)
		n := 1 + r.IntN(40)
		for i := range n {
			switch k := r.IntN(10); {
			case k < 4 || i == 0:
				c.AppendInt(ints[r.IntN(len(ints))] >> r.IntN(64))
			case k < 7:
				if err := c.AppendFloat(floats[r.IntN(len(floats))], 64); err != nil {
					t.Fatal(err)
				}
			case k < 8:
				c.AppendFloatInt(r.Int64N(1<<53) - 1<<52)
			case round%2 == 0:
				c.AppendNull()
			default:
				c.AppendInt(int64(r.IntN(100)))
			}
		}
		if c.Kind != kindAny {
			continue
		}
		nulls, ok := intFloatColumn(c.Tagged)
		wantNulls, wantOK := refIntFloatColumn(c.Tagged)
		if nulls != wantNulls || ok != wantOK {
			t.Fatalf("round %d: intFloatColumn = %d, %v; want %d, %v", round, nulls, ok, wantNulls, wantOK)
		}
		if !ok {
			continue
		}
		prefix := []byte("page so far")
		var b Builder
		got := b.writeIntFloat(bytes.Clone(prefix), &c, nulls)
		want := refWriteIntFloat(bytes.Clone(prefix), &c, nulls)
		if !bytes.Equal(got, want) {
			t.Fatalf("round %d: tagged % x\nwrote % x\nwant  % x", round, c.Tagged, got, want)
		}
	}
}

// TestIntFloatColumnStopsAtOtherTags checks that a column holding any
// other value than a null, an integer or a float is not one of integers
// and floats, nor one of integers or floats alone.
func TestIntFloatColumnStopsAtOtherTags(t *testing.T) {
	var c Column
	c.reset(0)
	c.AppendInt(1)
	_ = c.AppendFloat(1.5, 64)
	c.AppendBool(true)
	if _, ok := intFloatColumn(c.Tagged); ok {
		t.Error("a column with a bool is a column of integers and floats")
	}
	var d Column
	d.reset(0)
	d.AppendInt(1)
	d.AppendStr(3)
	d.AppendInt(2)
	if _, ok := intFloatColumn(d.Tagged); ok {
		t.Error("a column of integers and a string is a column of integers and floats")
	}
}
