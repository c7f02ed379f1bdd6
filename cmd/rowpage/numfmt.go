package main

import (
	"fmt"
	"strconv"
)

// count formats n with thousands separators: 12,345.
func count(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		out = append(out, '-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// byteSize formats a size in bytes with a unit: 812 B, 12.3 KB, 4.56 MB
// (powers of 1,000, as MB/s are).
func byteSize(n int) string {
	f := float64(n)
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1e6:
		return fmt.Sprintf("%s KB", sig3(f/1e3))
	default:
		return fmt.Sprintf("%s MB", sig3(f/1e6))
	}
}

// sig3 formats f with three significant digits and no exponent, with
// thousands separators from 1,000 up: 1.23, 12.3, 123, 1,234.
func sig3(f float64) string {
	switch a := abs(f); {
	case a >= 999.5:
		return count(int(f + 0.5*sign(f)))
	case a >= 99.95:
		return strconv.FormatFloat(f, 'f', 0, 64)
	case a >= 9.995:
		return strconv.FormatFloat(f, 'f', 1, 64)
	case a >= 0.9995 || a == 0:
		return strconv.FormatFloat(f, 'f', 2, 64)
	default:
		return strconv.FormatFloat(f, 'g', 3, 64)
	}
}

// ratio formats an advantage factor: ×1.32, ×0.45, ×12, ×150.
func ratio(f float64) string {
	if f == 0 {
		return "–"
	}
	switch {
	case f >= 99.5:
		return "×" + strconv.FormatFloat(f, 'f', 0, 64)
	case f >= 9.95:
		return "×" + strconv.FormatFloat(f, 'f', 1, 64)
	default:
		return "×" + strconv.FormatFloat(f, 'f', 2, 64)
	}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}
