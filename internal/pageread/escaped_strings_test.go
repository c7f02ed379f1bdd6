package pageread

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage/internal/jsonwire"
)

// quoted is what jsonwire.AppendQuoted writes for s with HTML escaping.
func quoted(s string) string { return string(jsonwire.AppendQuoted(nil, []byte(s), true)) }

// TestEscapedStringsCopiesFromDst: the second reference to a string in one
// render is copied from where the first was written (marking those bytes
// shows it), and only while the slot's index, generation and span hold.
func TestEscapedStringsCopiesFromDst(t *testing.T) {
	var x EscapedStrings
	x.Begin()
	s := []byte(`a"b<`)
	dst := x.appendQuoted([]byte("prefix"), 5, s, true)
	if got, want := string(dst[6:]), quoted(`a"b<`); got != want {
		t.Fatalf("first reference: %s, want %s", got, want)
	}
	dst[7] = 'Z' // mark the span: a copy carries the mark, an escape does not
	n := len(dst)
	dst = x.appendQuoted(dst, 5, s, true)
	if got, want := string(dst[n:]), `"Z\"b\u003c"`; got != want {
		t.Fatalf("second reference: %s, want the copy %s", got, want)
	}

	for _, tc := range []struct {
		name   string
		before func(dst []byte) []byte
		id     int
	}{
		{"another index in the same slot", func(d []byte) []byte { return d }, 5 + escapedSlots},
		{"a new render", func(d []byte) []byte { x.Begin(); return d }, 5},
		{"a span past the buffer's length", func(d []byte) []byte { return d[:8] }, 5},
	} {
		x.Begin()
		d := x.appendQuoted([]byte("prefix"), 5, s, true)
		d[7] = 'Z'
		d = tc.before(d)
		n := len(d)
		d = x.appendQuoted(d, tc.id, s, true)
		if diff := cmp.Diff(quoted(`a"b<`), string(d[n:])); diff != "" {
			t.Errorf("%s: copied instead of escaped (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestEscapedStringsSlots writes more strings than slots, each referenced
// twice in turn, and checks every reference against AppendQuoted.
func TestEscapedStringsSlots(t *testing.T) {
	var x EscapedStrings
	x.Begin()
	var dst, want []byte
	str := func(i int) []byte { return []byte("\n" + string(rune('a'+i%26)) + "\u2028" + string(rune(i))) }
	for _, i := range []int{0, 255, 256, 511, 0, 1, 257, 1, 255, 511, 256, 0, 300, 44, 300} {
		dst = x.appendQuoted(dst, i, str(i), false)
		want = jsonwire.AppendQuoted(want, str(i), false)
	}
	if diff := cmp.Diff(string(want), string(dst)); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

func TestEscapedStringsGenerationWraps(t *testing.T) {
	var x EscapedStrings
	x.Begin()
	dst := x.appendQuoted(nil, 3, []byte(`"`), true)
	x.gen = math.MaxUint32
	x.slots[3].gen = 1 // would match the generation after the wrap
	x.Begin()
	if x.gen != 1 || x.slots[3] != (escapedSlot{}) {
		t.Fatalf("after the wrap: generation %d, slot %+v; want 1 and a cleared slot", x.gen, x.slots[3])
	}
	if got := x.appendQuoted(dst[:0], 3, []byte(`\`), true); string(got) != `"\\"` {
		t.Fatalf("got %s", got)
	}
}

func TestEscapedStringsNil(t *testing.T) {
	var x *EscapedStrings
	if got := string(appendSpanJSON(nil, x, 1, []byte("<\t>"), false, false)); got != `"<\t>"` {
		t.Fatalf("nil table: %s", got)
	}
	if got := string(appendSpanJSON(nil, x, 1, []byte("ok"), true, true)); got != `"ok"` {
		t.Fatalf("clean: %s", got)
	}
}

// appendQuoted is appendSpanJSON for a string that needs escaping, as the
// tests above call it.
func (x *EscapedStrings) appendQuoted(dst []byte, i int, b []byte, escapeHTML bool) []byte {
	return appendSpanJSON(dst, x, i, b, false, escapeHTML)
}

// TestEscapedStringsCopyEveryLength references escaped strings of every
// length from 0 to 140 bytes (escaped JSON of 2 to well past 64 bytes, so
// both copySpan64's fixed moves and the append) twice, with every amount
// of spare capacity around 64 bytes, and compares the output with
// AppendQuoted's: the second reference, a copy from dst, must equal the
// first, and nothing may be written past cap(dst) while dst is not grown.
func TestEscapedStringsCopyEveryLength(t *testing.T) {
	var x EscapedStrings
	const canary = 0xA5
	for n := 0; n <= 140; n++ {
		b := []byte(strings.Repeat(`a"b<`, 40)[:n])
		q := quoted(string(b))
		for room := 0; room < 2*len(q)+70; room++ {
			x.Begin()
			backing := bytes.Repeat([]byte{canary}, 5+room+72)
			dst := append(backing[:0:5+room], "head:"...)
			dst = x.appendQuoted(dst, 7, b, true)
			dst = append(dst, ',')
			dst = x.appendQuoted(dst, 7, b, true)
			if want := "head:" + q + "," + q; string(dst) != want {
				t.Fatalf("n %d, room %d: %s, want %s", n, room, dst, want)
			}
			if &dst[0] == &backing[0] {
				for j := 5 + room; j < len(backing); j++ {
					if backing[j] != canary {
						t.Fatalf("n %d, room %d: wrote past cap(dst) at %d", n, room, j)
					}
				}
			}
		}
	}
}
