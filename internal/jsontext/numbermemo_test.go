package jsontext

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// decimalTextSink is an epochSink whose TaggedDecimal appends a value
// made of the number's text alone ('d' and the text; past 15 bytes 'D',
// its length and a hash of it; past 24, too long to remember, 'L' and the
// text),
// counts its calls (and TaggedNumber's), and lends a NumberMemo if memo
// is set.
type decimalTextSink struct {
	epochSink
	memo              *NumberMemo
	decimals, numbers int
}

func (s *decimalTextSink) TaggedDecimal(b, text []byte, _ bool, _ uint64, _, _ int) []byte {
	s.decimals++
	switch {
	case len(text) > 24:
		return append(append(b, 'L'), text...)
	case len(text) > 15:
		h := uint64(14695981039346656037)
		for _, c := range text {
			h = (h ^ uint64(c)) * 1099511628211
		}
		return binary.LittleEndian.AppendUint64(append(b, 'D', byte(len(text))), h)
	}
	return append(append(b, 'd'), text...)
}

// TaggedNumber appends 'n' and the text, and counts its calls.
func (s *decimalTextSink) TaggedNumber(b, text []byte) []byte {
	s.numbers++
	return append(append(b, 'n'), text...)
}

func (s *decimalTextSink) RowColumns() RowColumns { return RowColumns{Numbers: s.memo} }

// parseWithAndWithoutMemo parses text with a sink that lends a NumberMemo
// and with one that does not, fails t unless both give the same error (or
// none) and the same cells, and returns the two sinks, for their counts of
// calls, and the error.
func parseWithAndWithoutMemo(t *testing.T, text string) (with, without *decimalTextSink, err *Error) {
	t.Helper()
	var p, q Parser
	with = &decimalTextSink{memo: new(NumberMemo)}
	without = &decimalTextSink{}
	with.epoch, without.epoch = 1, 1
	e1 := p.TaggedPage(with, []byte(text), 8, nil)
	e2 := q.TaggedPage(without, []byte(text), 8, nil)
	at := text
	if len(at) > 100 {
		at = at[:40] + "…" + at[len(at)-40:]
	}
	if (e1 == nil) != (e2 == nil) || e1 != nil && *e1 != *e2 {
		t.Fatalf("%s: error %v with the memo, %v without", at, e1, e2)
	}
	if len(with.cells) != len(without.cells) {
		t.Fatalf("%s: %d cells with the memo, %d without", at, len(with.cells), len(without.cells))
	}
	for i := range with.cells {
		if string(with.cells[i]) != string(without.cells[i]) {
			t.Fatalf("%s: cell %d is %q with the memo, %q without", at, i, with.cells[i], without.cells[i])
		}
	}
	return with, without, e1
}

// TestNumberMemoSameCells parses pages whose cells nest numbers with a
// fraction or exponent, many of them again and again (more than the memo
// has entries, with the same first bytes, texts of 1 to 30 bytes, at the
// end of the text and before each byte that may end a number or wrongly
// continue it), with a sink that lends a NumberMemo and with one that
// does not: the cells and errors must be the same, and the memo must spare
// most of the repeated numbers' calls.
func TestNumberMemoSameCells(t *testing.T) {
	nums := []string{"0.1", "1e-7", "5e-324", "1.7976931348623157e+308", "1e+21", "123456789.125", "-0.5", "0.10",
		"0.12", "0.1234", "1E+21", "1e+2", "1e+210", "-1.5e-3", "1.5", "12.5", "1234567.25e1", "0.0000001",
		"123456789012345678901234.5", "1.2345678901234567890123e5", "1e-0000000000000000000007",
		"1.7976931349623157e+308", "1.7976931348623157e+309", "1.7976931348623157e+30"} // the last three differ from one above in one place
	r := rand.New(rand.NewPCG(42, 18))
	for range 40 {
		nums = append(nums, fmt.Sprintf("%d.%d", r.IntN(1000), r.IntN(1000)), fmt.Sprintf("%de-%d", 1+r.IntN(9), r.IntN(400)))
	}
	page := func(tails []string) string {
		var rows []string
		for k := range 400 {
			x := nums[r.IntN(len(nums))]
			y := nums[r.IntN(len(nums))]
			rows = append(rows, fmt.Sprintf(`{"a":[%s,%s %s],"b":{"c":%s}}`, x, y, tails[k%len(tails)], x))
		}
		return "[" + strings.Join(rows, ",") + "]"
	}
	texts := []string{page([]string{",1", ""})}
	for _, bad := range []string{"e", ".5", "e5", "+1", "-1", "0", "E", "x"} {
		texts = append(texts, page([]string{"", ""})[:5000]+"["+nums[r.IntN(4)]+bad+"]}]", "[{\"a\":[5e-324"+bad+"]}]")
	}
	texts = append(texts, `[{"a":[1e-7]}]`, `[{"a":[1e-7`, `[{"a":[0.1}]`)
	// Starts that are no number's, or not the whole number, before texts
	// the memo holds, with 32 bytes or more after them (the memo is asked
	// before the digits are read).
	for _, bad := range []string{"00.1", "-.1", "01e-7", "-01.5", "-", "-e5", "0.1.2", "1e-7e", "123456789.125.5", "0.1e"} {
		texts = append(texts, page([]string{"", ""})[:5000]+"["+bad+",0.1,1e-7,5e-324,0.1,123456789.125]}]")
	}
	for _, text := range texts {
		with, without, err := parseWithAndWithoutMemo(t, text)
		if err == nil && without.decimals > 100 && with.decimals*4 > without.decimals*3 {
			t.Errorf("%.60s: the memo spared %d of %d calls", text, without.decimals-with.decimals, without.decimals)
		}
	}
}

// TestNumberMemoLongIntegerParts parses pages of numbers whose integer
// parts take 7 to 16 bytes (sign included), many of them sharing their
// first eight or more bytes and differing after them, in the integer part
// or past it: the cells must be those of a sink without the memo, and the
// memo must spare at least half the calls for the numbers whose start (integer part,
// point or 'e', next byte) has at most numberHeadMax bytes, and none for
// longer ones.
func TestNumberMemoLongIntegerParts(t *testing.T) {
	short := []string{"123456789.125", "123456789.126", "123456780.125", "1234567890.5", "12345678.5",
		"-12345678901.25", "12345678901234.5", "12345678901234e5", "12345678901235.5", "-1234567890123.5",
		"1234567.25e1", "1234567.25e2", "123456789012.1e-3"}
	long := []string{"123456789012345.5", "-12345678901234.5", "123456789012345e7"}
	r := rand.New(rand.NewPCG(7, 16))
	for _, nums := range [][]string{short, long} {
		var rows []string
		for range 300 {
			rows = append(rows, fmt.Sprintf(`{"a":[%s,%s],"b":{"c":%s}}`,
				nums[r.IntN(len(nums))], nums[r.IntN(len(nums))], nums[r.IntN(len(nums))]))
		}
		text := "[" + strings.Join(rows, ",") + "]"
		with, without, err := parseWithAndWithoutMemo(t, text)
		if err != nil {
			t.Fatalf("%s: %v", nums[0], err)
		}
		spared := without.decimals - with.decimals
		if &nums[0] == &short[0] && 2*spared < without.decimals {
			t.Errorf("%s: the memo spared %d of %d calls", nums[0], spared, without.decimals)
		}
		if &nums[0] == &long[0] && spared != 0 {
			t.Errorf("%s: the memo spared %d of %d calls of numbers it cannot hold", nums[0], spared, without.decimals)
		}
	}
}

// TestNumberMemoMinusZero parses pages whose cells nest -0 among other
// numbers that start with it or with 0 (-0.5, -0e1, -01 cut short, 0,
// 100), again and again: the cells must be those of a sink without the
// memo, and the memo must spare most of TaggedNumber's calls for -0.
func TestNumberMemoMinusZero(t *testing.T) {
	nums := []string{"-0", "-0", "-0", "-0.5", "-0e1", "-0E+1", "0", "100", "-7", "-12345678901234567890"}
	r := rand.New(rand.NewPCG(3, 4))
	var rows []string
	for range 300 {
		rows = append(rows, fmt.Sprintf(`{"a":[%s,%s],"b":{"c":%s}}`,
			nums[r.IntN(len(nums))], nums[r.IntN(len(nums))], nums[r.IntN(len(nums))]))
	}
	text := "[" + strings.Join(rows, ",") + "]"
	for _, text := range []string{text, text[:len(text)-40] + "-01,0.1,0.1,0.1,0.1,0.1,0.1]}]", text[:len(text)-40] + "-0-0,0.1,0.1,0.1,0.1,0.1]}]"} {
		with, without, err := parseWithAndWithoutMemo(t, text)
		if err == nil && (without.numbers < 300 || with.numbers*2 > without.numbers) {
			t.Errorf("the memo spared %d of %d calls of TaggedNumber", without.numbers-with.numbers, without.numbers)
		}
	}
}

// TestNumberMemoZeroStarts parses pages whose cells nest numbers that
// start with 0 followed by a point or an exponent (which tagged looks up in
// the memo itself), again and again, among ones the memo must not take
// for them (0, 00.5 and 0.5.5 in the error cases): the cells and errors
// must be those of a sink without the memo, and the memo must spare at
// least half the calls (0.5, 0.5e1, 0.50 and 0.5E1 share an entry).
func TestNumberMemoZeroStarts(t *testing.T) {
	nums := []string{"0.5", "0e5", "0E-3", "0.5e1", "0e+0", "0.25", "0.5E1", "0.50", "0", "10.5"}
	r := rand.New(rand.NewPCG(5, 6))
	var rows []string
	for range 300 {
		rows = append(rows, fmt.Sprintf(`{"a":[%s,%s],"b":{"c":%s}}`,
			nums[r.IntN(len(nums))], nums[r.IntN(len(nums))], nums[r.IntN(len(nums))]))
	}
	text := "[" + strings.Join(rows, ",") + "]"
	texts := []string{text}
	for _, bad := range []string{"00.5", "0.5.5", "0e5e", "0.", "0e", "0.5-1"} {
		texts = append(texts, text[:len(text)-40]+bad+",0.5,0.5,0.5,0.5,0.5,0.5,0.5]}]")
	}
	for _, text := range texts {
		with, without, err := parseWithAndWithoutMemo(t, text)
		if err == nil && (without.decimals < 500 || with.decimals*2 > without.decimals) {
			t.Errorf("the memo spared %d of %d calls of TaggedDecimal", without.decimals-with.decimals, without.decimals)
		}
	}
}
