package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestLineChart(t *testing.T) {
	ch := &lineChart{
		Title: "a <title> & more", XLabel: "rows", YLabel: "MB/s", LogX: true, LogY: true,
		Series: []series{
			{Name: "rowpage", Points: []point{{25, 900}, {100, 700}, {5000, 650}}},
			{Name: "peer", Points: []point{{25, 40}, {100, 0}, {5000, 30}}}, // 0 is left out on a log axis
			{Name: "empty"},
		},
	}
	var b bytes.Buffer
	if err := ch.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	checkXML(t, b.Bytes())
	s := b.String()
	for _, want := range []string{"a &lt;title&gt; &amp; more", ">rowpage<", ">5,000<", ">1,000<", "<polyline", ">empty (no data)<"} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if n := strings.Count(s, "<circle"); n != 5 {
		t.Errorf("%d points drawn, want 5", n)
	}
	// A chart without data still draws.
	b.Reset()
	if err := (&lineChart{Title: "none", ZeroY: true}).WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	checkXML(t, b.Bytes())
}

func TestTicks(t *testing.T) {
	if got, want := linearTicks(0, 96), []float64{0, 20, 40, 60, 80, 100}; !reflect.DeepEqual(got, want) {
		t.Errorf("linearTicks(0, 96) = %v, want %v", got, want)
	}
	if got, want := logTicks(30, 900), []float64{20, 50, 100, 200, 500, 1000}; !reflect.DeepEqual(got, want) {
		t.Errorf("logTicks(30, 900) = %v, want %v", got, want)
	}
	if got, want := logTicks(3, 2e6), []float64{1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7}; !reflect.DeepEqual(got, want) {
		t.Errorf("logTicks(3, 2e6) = %v, want %v", got, want)
	}
	for v, want := range map[float64]string{25: "25", 5000: "5,000", 2.5: "2.5", 0.05: "0.05", 2e6: "2M", 1.5e6: "1.5M", 20000: "20k", 12345: "12,345"} {
		if got := tickLabel(v); got != want {
			t.Errorf("tickLabel(%v) = %q, want %q", v, got, want)
		}
	}
}
