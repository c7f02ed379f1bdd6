package jsontext

import "testing"

// keyBytesSink is a cellsSink whose TaggedKey appends n bytes, 0xA1 on.
type keyBytesSink struct {
	cellsSink
	n int
}

func (s *keyBytesSink) TaggedKey(b, _ []byte) []byte {
	for j := range s.n {
		b = append(b, byte(0xA1+j))
	}
	return b
}

// TestKeyAgainKeyWord checks keyAgain's word of the sink's bytes for a
// key, which it loads from the buffer's capacity and masks: for 0 to 10
// bytes, with bytes of 0xFF past them in the capacity or no room for a
// whole word, it is packBytes's word of the first 8, and the entry
// keeps it, with its length, when there are 8 or fewer. keyAgain returns
// the position after the colon when the entry holds it, else after the
// closing quote.
func TestKeyAgainKeyWord(t *testing.T) {
	keys := &keyCache{gen: 7}
	for n := range 11 {
		for _, spare := range []int{0, 1, 7, 8, 16} {
			for colon := range 2 {
				s := &keyBytesSink{n: n}
				var p Parser
				p.ts, p.in = s, []byte(`"abc":1,"x":2}                                  `)
				p.keys = keys
				e := &keyEntry{n: uint8(4 + colon), colon: uint8(colon)}
				f := &frame{}
				b := make([]byte, 3, 3+n+spare)
				for k := range b[:cap(b)] {
					b[:cap(b)][k] = 0xFF
				}
				got, j := p.keyAgain(b, 0, f, e)
				want := packBytes(got[3:min(len(got), 11)])
				if f.key != want || len(got) != 3+n {
					t.Fatalf("n %d spare %d: key word %#x (%d bytes), want %#x (%d)", n, spare, f.key, len(got)-3, want, n)
				}
				if n <= 8 && (e.out != want || int(e.outN) != n || e.gen != 7) {
					t.Fatalf("n %d spare %d: entry holds %#x (%d bytes, gen %d), want %#x (%d, gen 7)", n, spare, e.out, e.outN, e.gen, want, n)
				}
				if wantJ := 5 + colon; j != wantJ {
					t.Fatalf("n %d colon %d: keyAgain returned %d, want %d", n, colon, j, wantJ)
				}
			}
		}
	}
}
