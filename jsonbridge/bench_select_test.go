package jsonbridge

import (
	"flag"
	"regexp"
	"strings"
	"testing"
)

// benchSelects reports whether the -test.bench pattern can select a
// sub-benchmark of b named by elems (b.Name()+"/"+elems[0]+"/"+…), level
// by level as the testing package matches names. A benchmark over every
// dataset asks it before building a dataset's inputs, so that a run
// selecting one page (tools/instructions, under valgrind) builds that
// page only: minutes less, and no set-up of other pages that callgrind
// could credit to the measured call. It says true when there is no
// pattern to go by.
func benchSelects(b *testing.B, elems ...string) bool {
	f := flag.Lookup("test.bench")
	if f == nil || f.Value.String() == "" {
		return true
	}
	pattern := splitBenchPattern(f.Value.String())
	name := append(strings.Split(b.Name(), "/"), elems...)
	for i := 0; i < len(pattern) && i < len(name); i++ {
		re, err := regexp.Compile(pattern[i])
		if err != nil {
			return true // the testing package reports it
		}
		if !re.MatchString(name[i]) {
			return false
		}
	}
	return true
}

// splitBenchPattern splits a -test.bench pattern at the slashes that
// separate levels: those outside brackets and parentheses, and not
// escaped.
func splitBenchPattern(s string) []string {
	var out []string
	cs, cp, start := 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			cs++
		case ']':
			if cs > 0 {
				cs--
			}
		case '(':
			if cs == 0 {
				cp++
			}
		case ')':
			if cs == 0 && cp > 0 {
				cp--
			}
		case '\\':
			i++
		case '/':
			if cs == 0 && cp == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

func TestSplitBenchPattern(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"HitEveryShape", []string{"HitEveryShape"}},
		{"HitEveryShape/dataset=rows/rows=25/from=maps/via=appendjson$",
			[]string{"HitEveryShape", "dataset=rows", "rows=25", "from=maps", "via=appendjson$"}},
		{"Hit/dataset=(rows|a/b)/rows=[0-9/]+", []string{"Hit", "dataset=(rows|a/b)", "rows=[0-9/]+"}},
		{`Hit/x\/y/z`, []string{"Hit", `x\/y`, "z"}},
		{"Hit/", []string{"Hit", ""}},
	} {
		got := splitBenchPattern(c.in)
		if strings.Join(got, "\x00") != strings.Join(c.want, "\x00") {
			t.Errorf("splitBenchPattern(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
