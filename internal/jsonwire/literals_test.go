package jsonwire

import (
	"encoding/binary"
	"testing"
)

func TestLiteralWordsSpellTheLiterals(t *testing.T) {
	for _, tc := range []struct {
		word uint64
		want string
	}{
		{NullWord, "null"},
		{TrueWord, "true"},
		{FalseWord, "false"},
	} {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], tc.word)
		if got := string(b[:len(tc.want)]); got != tc.want {
			t.Errorf("word %#x spells %q, want %q", tc.word, got, tc.want)
		}
		for i, c := range b[len(tc.want):] {
			if c != 0 {
				t.Errorf("word for %q has byte %#x at %d past the literal", tc.want, c, len(tc.want)+i)
			}
		}
	}
}
