package jsontext

import (
	"strings"
	"testing"
)

// eventSink records the calls a Sink gets, one word each.
type eventSink struct {
	stringSink
	events []string
}

func (s *eventSink) add(e string)  { s.events = append(s.events, e) }
func (s *eventSink) Null()         { s.add("null") }
func (s *eventSink) Int(int64)     { s.add("int") }
func (s *eventSink) String([]byte) { s.add("str") }
func (s *eventSink) Key([]byte)    { s.add("key") }
func (s *eventSink) BeginArray()   { s.add("[") }
func (s *eventSink) EndArray()     { s.add("]") }
func (s *eventSink) BeginObject()  { s.add("{") }
func (s *eventSink) EndObject()    { s.add("}") }

// TestEmptyContainers parses texts with empty arrays and objects, with
// and without whitespace inside, alone and nested, and checks the calls a
// Sink gets: a Begin and an End call with nothing between for each empty
// array or object, and every other value in text order.
func TestEmptyContainers(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`[]`, `[ ]`},
		{`{}`, `{ }`},
		{`[ ]`, `[ ]`},
		{"{\n\t}", `{ }`},
		{`[[]]`, `[ [ ] ]`},
		{`[{}]`, `[ { } ]`},
		{`{"a":[],"b":{}}`, `{ key [ ] key { } }`},
		{`[[],{},[[ ]],{"c":{ }}]`, `[ [ ] { } [ [ ] ] { key { } } ]`},
		{`{"blockIds":[],"areas":[{"areaId":1,"blockIds":[]}]}`, `{ key [ ] key [ { key int key [ ] } ] }`},
		{`[1,[],"x",{},null]`, `[ int [ ] str { } null ]`},
	} {
		var p Parser
		var s eventSink
		if e := p.Value(&s, []byte(c.text), 10); e != nil {
			t.Fatalf("%s: %v", c.text, e)
		}
		if got := strings.Join(s.events, " "); got != c.want {
			t.Errorf("%s: the Sink got %s, want %s", c.text, got, c.want)
		}
	}
}

// TestEmptyContainerPastLimit checks that an empty array or object one
// level deeper than the limit is refused, as a non-empty one is.
func TestEmptyContainerPastLimit(t *testing.T) {
	var p Parser
	for _, text := range []string{`[[[]]]`, `[[{}]]`, `{"a":{"b":[]}}`} {
		if e := p.Value(&eventSink{}, []byte(text), 2); e == nil || e.Kind != Limit || e.Offset != strings.LastIndexAny(text, "[{") {
			t.Errorf("%s, limit 2: %v, want a Limit error at %d", text, e, strings.LastIndexAny(text, "[{"))
		}
	}
}
