package pagebuild

import (
	"bytes"
	"math"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestToAnyFloatInts checks that a float column turned into an any column
// holds each float as the tagged value Finish would make of its float cell
// (appendTagged): TagFloatInt for a cell that holds an integer within
// ±FloatIntMax, TagFloat and the cell for any other, whether the column
// kept its integers as integers (AppendFloatInt) or as cells.
func TestToAnyFloatInts(t *testing.T) {
	type cell struct {
		f    float64
		bits int
		null bool
	}
	for _, tt := range []struct {
		name  string
		cells []cell
	}{
		{"integers", []cell{{f: 1}, {f: -7}, {f: 1 << 53}, {f: 0}}},
		{"integers and nulls", []cell{{null: true}, {f: 3}, {null: true}, {f: 1e15}}},
		{"mixed", []cell{{f: 12}, {f: 12.5}, {f: 1e300}, {f: -(1 << 53)}, {f: math.Copysign(0, -1)}}},
		{"float32", []cell{{f: 3, bits: 32}, {f: 1 << 30, bits: 32}, {f: 0.1, bits: 32}, {f: 16777217, bits: 32}}},
		{"large", []cell{{f: 1<<53 + 2}, {f: 5}}},
	} {
		var c Column
		var want []byte
		wantTags := false
		for _, x := range tt.cells {
			switch v, ok := FloatInt(x.f); {
			case x.null:
				c.AppendNull()
				want = append(want, format.TagNull)
				continue
			case ok && x.bits == 0:
				c.AppendFloatInt(v)
			default:
				if err := c.AppendFloat(x.f, max(x.bits, 64)); err != nil {
					t.Fatal(err)
				}
			}
			fc, err := format.AppendFloatCell(nil, x.f, max(x.bits, 64))
			if err != nil {
				t.Fatal(err)
			}
			if v, _, ok := cellInt(fc); ok {
				want = format.AppendVarint(append(want, format.TagFloatInt), v)
				wantTags = true
			} else {
				want = append(append(want, format.TagFloat), fc...)
			}
		}
		c.AppendBool(true) // not a float: the column turns any
		want = append(want, format.TagTrue)
		if c.Kind != kindAny || !bytes.Equal(c.Tagged, want) {
			t.Errorf("%s: tagged % x, want % x", tt.name, c.Tagged, want)
		}
		if c.floatIntTags != wantTags {
			t.Errorf("%s: floatIntTags %v, want %v", tt.name, c.floatIntTags, wantTags)
		}
		if c.intFloats || len(c.ints) != 0 {
			t.Errorf("%s: the column still keeps %d integers (intFloats %v)", tt.name, len(c.ints), c.intFloats)
		}
	}
}
