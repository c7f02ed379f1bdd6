package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
)

// lineChart is a line chart with one line per series, written as a
// self-contained SVG file. Axes may be logarithmic; on a logarithmic axis
// points that are not positive are left out.
type lineChart struct {
	Title  string
	XLabel string
	YLabel string
	LogX   bool
	LogY   bool
	ZeroY  bool // include 0 on a linear y axis
	Series []series
}

// series is one line of a chart. The first series is drawn bold.
type series struct {
	Name   string
	Points []point
}

type point struct{ X, Y float64 }

// Chart geometry, in SVG user units.
const (
	chartW, chartH        = 840, 420
	plotL, plotR          = 84, 600 // plot area's left and right edges
	plotT, plotB          = 44, 360 // and top and bottom
	legendX, legendY, lgH = 616, 60, 22
)

var palette = []string{"#d62728", "#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf", "#bcbd22"}

// axis maps data values to pixels along one direction.
type axis struct {
	log        bool
	lo, hi     float64 // data range, in log10 when log
	from, to   float64 // pixel range
	ticks      []float64
	tickLabels []string
}

func (a *axis) pos(v float64) float64 {
	if a.log {
		v = math.Log10(v)
	}
	if a.hi == a.lo {
		return (a.from + a.to) / 2
	}
	return a.from + (v-a.lo)/(a.hi-a.lo)*(a.to-a.from)
}

// usable reports whether v can be drawn on a.
func (a *axis) usable(v float64) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && (!a.log || v > 0)
}

// WriteSVG draws the chart.
func (c *lineChart) WriteSVG(w io.Writer) error {
	x := &axis{log: c.LogX, from: plotL, to: plotR}
	y := &axis{log: c.LogY, from: plotB, to: plotT}
	var xs, ys []float64
	for _, s := range c.Series {
		for _, p := range s.Points {
			if x.usable(p.X) && y.usable(p.Y) {
				xs, ys = append(xs, p.X), append(ys, p.Y)
			}
		}
	}
	if len(xs) == 0 {
		xs, ys = []float64{1}, []float64{1}
	}
	x.scaleData(xs, false)
	y.scaleData(ys, c.ZeroY)
	if c.LogX {
		// On a logarithmic x axis (page sizes) the data values make the best ticks.
		u := slices.Clone(xs)
		slices.Sort(u)
		x.dataTicks(slices.Compact(u))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n",
		chartW, chartH, chartW, chartH)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", plotL, esc(c.Title))
	c.drawAxes(&b, x, y)
	for i, s := range c.Series {
		c.drawSeries(&b, x, y, i, s)
	}
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// scaleData sets the axis range from the data and picks ticks.
func (a *axis) scaleData(vs []float64, zero bool) {
	lo, hi := slices.Min(vs), slices.Max(vs)
	if a.log {
		a.ticks = logTicks(lo, hi)
		a.lo, a.hi = math.Log10(min(lo, a.ticks[0])), math.Log10(max(hi, a.ticks[len(a.ticks)-1]))
		if a.hi-a.lo < 0.2 {
			a.lo, a.hi = a.lo-0.1, a.hi+0.1
		}
	} else {
		if zero {
			lo = min(lo, 0)
		}
		a.ticks = linearTicks(lo, hi)
		a.lo, a.hi = a.ticks[0], a.ticks[len(a.ticks)-1]
	}
	for _, t := range a.ticks {
		a.tickLabels = append(a.tickLabels, tickLabel(t))
	}
}

// dataTicks replaces the ticks of a with the given values (the page
// sizes), keeping the range.
func (a *axis) dataTicks(vs []float64) {
	a.ticks, a.tickLabels = nil, nil
	for _, v := range vs {
		if a.usable(v) {
			a.ticks = append(a.ticks, v)
			a.tickLabels = append(a.tickLabels, tickLabel(v))
		}
	}
}

// linearTicks returns about five round ticks covering lo..hi.
func linearTicks(lo, hi float64) []float64 {
	if hi <= lo {
		hi = lo + 1
	}
	raw := (hi - lo) / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for t := math.Floor(lo/step) * step; t < hi+step*0.999; t += step {
		out = append(out, math.Round(t/step)*step)
	}
	return out
}

// logTicks returns ticks for a logarithmic axis covering lo..hi (both
// positive): powers of ten when the range spans more than three decades,
// else the values 1, 2 and 5 times a power of ten, from the last at or below
// lo to the first at or above hi.
func logTicks(lo, hi float64) []float64 {
	e0, e1 := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	var out []float64
	if e1-e0 > 3 {
		for e := e0; e <= e1; e++ {
			out = append(out, math.Pow(10, e))
		}
		return out
	}
	for e := e0; e <= e1; e++ {
		for _, m := range []float64{1, 2, 5} {
			t := m * math.Pow(10, e)
			switch {
			case t <= lo:
				out = append(out[:0], t) // the last tick at or below lo starts the list
			case len(out) == 0 || out[len(out)-1] < hi:
				out = append(out, t)
			}
		}
	}
	return out
}

// tickLabel formats a tick value compactly: 25, 1,000, 2.5, 0.05, 20k, 1M.
func tickLabel(v float64) string {
	switch a := math.Abs(v); {
	case a >= 1e6 && math.Mod(a, 1e5) == 0:
		return strconv.FormatFloat(v/1e6, 'f', -1, 64) + "M"
	case a >= 1e4 && math.Mod(a, 1e3) == 0:
		return strconv.FormatFloat(v/1e3, 'f', -1, 64) + "k"
	case a >= 1:
		if v == math.Trunc(v) {
			return count(int(v))
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

func (c *lineChart) drawAxes(b *bytes.Buffer, x, y *axis) {
	for i, t := range y.ticks {
		py := y.pos(t)
		fmt.Fprintf(b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#e5e5e5"/>`+"\n", plotL, plotR, py, py)
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle" fill="#444">%s</text>`+"\n", plotL-6, py, esc(y.tickLabels[i]))
	}
	for i, t := range x.ticks {
		px := x.pos(t)
		fmt.Fprintf(b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#e5e5e5"/>`+"\n", px, px, plotT, plotB)
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#444">%s</text>`+"\n", px, plotB+18, esc(x.tickLabels[i]))
	}
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>`+"\n", plotL, plotT, plotR-plotL, plotB-plotT)
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", (plotL+plotR)/2, plotB+42, esc(c.XLabel))
	fmt.Fprintf(b, `<text transform="translate(16 %d) rotate(-90)" text-anchor="middle">%s</text>`+"\n", (plotT+plotB)/2, esc(c.YLabel))
}

func (c *lineChart) drawSeries(b *bytes.Buffer, x, y *axis, i int, s series) {
	color := palette[i%len(palette)]
	width := 1.75
	if i == 0 {
		width = 3
	}
	var pts []point
	for _, p := range s.Points {
		if x.usable(p.X) && y.usable(p.Y) {
			pts = append(pts, point{x.pos(p.X), y.pos(p.Y)})
		}
	}
	if len(pts) > 1 {
		fmt.Fprintf(b, `<polyline fill="none" stroke="%s" stroke-width="%.2f" points="`, color, width)
		for j, p := range pts {
			if j > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(b, "%.1f,%.1f", p.X, p.Y)
		}
		b.WriteString("\"/>\n")
	}
	for _, p := range pts {
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>`+"\n", p.X, p.Y, width+0.75, color)
	}
	ly := legendY + i*lgH
	name := s.Name
	if len(pts) == 0 {
		name += " (no data)"
	}
	fmt.Fprintf(b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="%.2f"/>`+"\n", legendX, legendX+22, ly, ly, color, width)
	fmt.Fprintf(b, `<text x="%d" y="%d" dominant-baseline="middle">%s</text>`+"\n", legendX+28, ly, esc(name))
}

// esc escapes text for SVG.
func esc(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
