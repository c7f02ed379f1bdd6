package pageread

import (
	"bytes"
	"errors"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestParseColumnsPayloadLengths reads a value page's column directory
// whose one payload length is written in one, two or three bytes, minimal
// or not: a minimal varint of any length is read as its value and sets the
// column's payload, and one that is not minimal (a last byte of zero) is
// corrupt, as format.ConsumeUvarint has it.
func TestParseColumnsPayloadLengths(t *testing.T) {
	for _, n := range []int{1, 127, 128, 129, 300, 16383, 16384} {
		payload := bytes.Repeat([]byte{0x02}, n) // n integer cells of 1
		minimal := format.AppendUvarint(nil, uint64(n))
		lengths := [][]byte{minimal, append(append([]byte(nil), minimal[:len(minimal)-1]...), minimal[len(minimal)-1]|0x80, 0x00)}
		if n < 0x80 {
			lengths = append(lengths, []byte{byte(n) | 0x80, 0x80, 0x00})
		}
		for _, length := range lengths {
			_, nb := format.ConsumeUvarint(length)
			ok := nb == len(length)
			sec := append(append([]byte{format.EncInt}, length...), payload...)
			l := Layout{Kind: format.KindValue, counts: []int{n}}
			err := l.parseColumns(nil, span{b: sec, base: 100}, 1)
			switch {
			case ok && err != nil:
				t.Errorf("%d cells, length % x: %v", n, length, err)
			case ok && !bytes.Equal(l.Columns[0].Payload, payload):
				t.Errorf("%d cells, length % x: payload of %d bytes, want %d", n, length, len(l.Columns[0].Payload), n)
			case ok && l.Columns[0].Offset != 100+1+len(length):
				t.Errorf("%d cells, length % x: payload at %d, want %d", n, length, l.Columns[0].Offset, 100+1+len(length))
			case !ok && !errors.Is(err, format.ErrCorrupt):
				t.Errorf("%d cells, non-minimal length % x: error %v, want %v", n, length, err, format.ErrCorrupt)
			}
		}
	}
}
