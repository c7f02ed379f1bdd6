package format

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"testing"
)

// numberPattern is the RFC 8259 grammar written as a regular expression:
// the deliberately simple reference.
var numberPattern = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// refValidNumber asks encoding/json too: a valid JSON text that starts like
// a number and ends in a digit is a single number with no space around it.
func refValidNumber(t testing.TB, s string) bool {
	re := numberPattern.MatchString(s)
	js := json.Valid([]byte(s)) && len(s) > 0 && (s[0] == '-' || s[0]-'0' <= 9) && s[len(s)-1]-'0' <= 9
	if re != js {
		t.Fatalf("references disagree on %q: regexp %v, encoding/json %v", s, re, js)
	}
	return re
}

func checkNumber(t testing.TB, s string) {
	want := refValidNumber(t, s)
	if got := ValidNumber(s); got != want {
		t.Fatalf("ValidNumber(%q) = %v, want %v", s, got, want)
	}
	if got := ValidNumber([]byte(s)); got != want {
		t.Fatalf("ValidNumber([]byte(%q)) = %v, want %v", s, got, want)
	}
}

func TestValidNumberTable(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"0", true}, {"-0", true}, {"1", true}, {"-1", true}, {"9", true}, {"10", true}, {"1234567890", true},
		{"0.0", true}, {"0.5", true}, {"-0.5", true}, {"1.25", true}, {"1e5", true}, {"1E5", true}, {"1e+5", true},
		{"1e-5", true}, {"1.5e-05", true}, {"0e0", true}, {"-0E-0", true}, {"123456789012345678901234567890", true},
		{"1e0001", true}, {"0.000", true},
		{"", false}, {"-", false}, {"+1", false}, {"01", false}, {"-01", false}, {"00", false}, {"1.", false},
		{".5", false}, {"-.5", false}, {"1.e5", false}, {"1e", false}, {"1e+", false}, {"1e-", false}, {"1E+-1", false},
		{"1ee5", false}, {"1.2.3", false}, {"0x10", false}, {"Infinity", false}, {"-Infinity", false}, {"NaN", false},
		{" 1", false}, {"1 ", false}, {"1\n", false}, {"--1", false}, {"1-", false}, {"1e5.5", false}, {"e5", false},
		{"1_000", false}, {"１", false}, {"1\x00", false}, {"0.", false}, {"-e1", false}, {"true", false}, {`"1"`, false},
	}
	for _, tt := range tests {
		if got := ValidNumber(tt.s); got != tt.want {
			t.Errorf("ValidNumber(%q) = %v, want %v", tt.s, got, tt.want)
		}
		checkNumber(t, tt.s)
	}
}

// TestValidNumberExhaustive tries every string of up to 6 bytes over an
// alphabet that covers each branch of the grammar.
func TestValidNumberExhaustive(t *testing.T) {
	alphabet := "019-+.eE x"
	maxLen := 6
	if testing.Short() {
		maxLen = 4
	}
	buf := make([]byte, 0, maxLen)
	var walk func()
	walk = func() {
		checkNumber(t, string(buf))
		if len(buf) == maxLen {
			return
		}
		for i := range len(alphabet) {
			buf = append(buf, alphabet[i])
			walk()
			buf = buf[:len(buf)-1]
		}
	}
	walk()
}

func TestValidNumberRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	pieces := []string{"-", "0", "1", "9", "12", ".", "e", "E", "+", "-", "00", " ", "\x00", "a", "\xff"}
	buf := make([]byte, 0, 32)
	for range 300_000 {
		buf = buf[:0]
		for k := rng.IntN(12); k > 0; k-- {
			buf = append(buf, pieces[rng.IntN(len(pieces))]...)
		}
		checkNumber(t, string(buf))
	}
}

func TestValidNumberAllocs(t *testing.T) {
	b := []byte("-123.456e+78")
	if a := testing.AllocsPerRun(100, func() { ValidNumber(b); ValidNumber("1e5") }); a != 0 {
		t.Errorf("allocs = %v", a)
	}
}

func FuzzValidNumber(f *testing.F) {
	for _, s := range []string{"0", "-1.5e+10", "01", "1.", "", " 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkNumber(t, s)
	})
}
