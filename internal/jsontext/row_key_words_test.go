package jsontext

import (
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"
)

// rowKeySink is a keyCountSink that records how each key of a page's rows
// came: through RowKey, with its words, or through Key.
type rowKeySink struct {
	keyCountSink
	got []string // "row:" or "key:" and the key's bytes
	bad string   // a RowKey whose words are not those of its key
}

func (s *rowKeySink) Key(k []byte) { s.got = append(s.got, "key:"+string(k)) }

func (s *rowKeySink) RowKey(in []byte, i int) int {
	w0, w1, n := ShortKey(in, i)
	if n < 0 {
		return 0
	}
	k := in[i+1 : i+1+n]
	var b [16]byte
	copy(b[:], k)
	if n > 15 || w0 != binary.LittleEndian.Uint64(b[:]) || w1 != binary.LittleEndian.Uint64(b[8:]) || in[i+1+n] != '"' {
		s.bad = string(k)
	}
	s.got = append(s.got, "row:"+string(k))
	return i + n + 2
}

// TestRowKeyTakesShortPlainKeys checks which keys of rows whose keys do
// not repeat the previous row's ShortKey takes, for RowKey: those of up to 15 bytes of
// ASCII without escapes or control bytes with 16 bytes of text after their
// opening quote, with the words of pagebuild.KeyWords; every other key
// (longer, escaped, non-ASCII, near the end of the text) goes to Key,
// decoded as json.Unmarshal decodes it.
func TestRowKeyTakesShortPlainKeys(t *testing.T) {
	long := strings.Repeat("z", 40)
	for _, c := range []struct {
		key  string // the key's JSON text, between its quotes
		tail bool   // whether a long key follows in the row, so that 16 bytes of text follow the key
		row  bool   // whether it goes to RowKey
	}{
		{"", true, true}, {"a", true, true}, {"id", true, true}, {"abcdefg", true, true},
		{"abcdefgh", true, true}, {"abcdefghijklmn", true, true}, {"abcdefghijklmno", true, true},
		{"abcdefghijklmnop", true, false}, {strings.Repeat("k", 31), true, false},
		{`a\"b`, true, false}, {`a\\`, true, false}, {`\u0041`, true, false}, {`tab\t`, true, false},
		{"na\u00efve", true, false}, {"emoji\U0001F600", true, false}, {"del\x7f", true, true},
		{"<tag>", true, true}, {"a&b", true, true}, {"sp ace", true, true},
		{"a", false, false}, {"abc", false, false},
	} {
		tail := ""
		if c.tail {
			tail = `,"` + long + `":2`
		}
		// Each row's first key differs from the previous row's first key, so
		// that no key is given by place; the first row's keys too go to
		// Key or RowKey.
		text := `[{"` + c.key + `":1` + tail + `}]`
		var want string
		if err := json.Unmarshal([]byte(`"`+c.key+`"`), &want); err != nil {
			t.Fatalf("%q: %v", c.key, err)
		}
		var p Parser
		var s rowKeySink
		if err := p.TaggedPage(&s, []byte(text), 4, nil); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		how := "key:"
		if c.row {
			how = "row:"
		}
		if len(s.got) == 0 || s.got[0] != how+want {
			t.Errorf("%s: keys %q, want first %q", text, s.got, how+want)
		}
		if s.bad != "" {
			t.Errorf("%s: RowKey's words are not those of %q", text, s.bad)
		}
	}
}
