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

// emptySink is an eventSink that takes empty arrays and objects in one
// call each.
type emptySink struct{ eventSink }

func (s *emptySink) EmptyArray()  { s.add("[]") }
func (s *emptySink) EmptyObject() { s.add("{}") }

// TestEmptySinkGetsEmptyContainers parses texts with empty arrays and
// objects, with and without whitespace inside, alone and nested, and
// checks that an EmptySink gets EmptyArray or EmptyObject exactly where a
// plain Sink gets a BeginArray and EndArray or a BeginObject and
// EndObject with nothing between, and every other call as a plain Sink
// does.
func TestEmptySinkGetsEmptyContainers(t *testing.T) {
	texts := []string{
		`[]`, `{}`, `[ ]`, "{\n\t}", `[[]]`, `[{}]`, `{"a":[],"b":{}}`, `[[],{},[[ ]],{"c":{ }}]`,
		`{"blockIds":[],"areas":[{"areaId":1,"blockIds":[]}]}`, `[1,[],"x",{},null]`,
	}
	var p Parser
	for _, text := range texts {
		var plain eventSink
		var empty emptySink
		if e := p.Value(&plain, []byte(text), 10); e != nil {
			t.Fatalf("%s: %v", text, e)
		}
		if e := p.Value(&empty, []byte(text), 10); e != nil {
			t.Fatalf("%s: %v", text, e)
		}
		want := strings.Join(plain.events, " ")
		want = strings.ReplaceAll(strings.ReplaceAll(want, "[ ]", "[]"), "{ }", "{}")
		if got := strings.Join(empty.events, " "); got != want {
			t.Errorf("%s: EmptySink got %s, want %s", text, got, want)
		}
	}
}

// TestEmptyContainerPastLimit checks that an empty array or object one
// level deeper than the limit is refused, as a non-empty one is, with or
// without an EmptySink.
func TestEmptyContainerPastLimit(t *testing.T) {
	var p Parser
	for _, text := range []string{`[[[]]]`, `[[{}]]`, `{"a":{"b":[]}}`} {
		for _, s := range []Sink{&eventSink{}, &emptySink{}} {
			if e := p.Value(s, []byte(text), 2); e == nil || e.Kind != Limit || e.Offset != strings.LastIndexAny(text, "[{") {
				t.Errorf("%s with %T, limit 2: %v, want a Limit error at %d", text, s, e, strings.LastIndexAny(text, "[{"))
			}
		}
	}
}
