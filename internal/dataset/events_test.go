package dataset

import (
	"encoding/json"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestEventsDeterministic(t *testing.T) {
	if diff := cmp.Diff(Events(300), Events(300)); diff != "" {
		t.Fatalf("Events(300) differs between calls (-first +second):\n%s", diff)
	}
	if diff := cmp.Diff(Events(300)[:20], Events(20)); diff != "" {
		t.Fatalf("Events(20) != Events(300)[:20] (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(EventMaps(300)[:20], EventMaps(20)); diff != "" {
		t.Fatalf("EventMaps(20) != EventMaps(300)[:20] (-want +got):\n%s", diff)
	}
	if got := string(EventsJSON(0)); got != "[]" {
		t.Errorf("EventsJSON(0) = %s, want []", got)
	}
}

func TestEventsJSONUnmarshalsToEventMaps(t *testing.T) {
	for _, n := range Sizes {
		var got []map[string]any
		if err := json.Unmarshal(EventsJSON(n), &got); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if diff := cmp.Diff(EventMaps(n), got); diff != "" {
			t.Fatalf("n=%d: json.Unmarshal(EventsJSON(n)) != EventMaps(n) (-want +got):\n%s", n, diff)
		}
	}
}

func TestEventInvariants(t *testing.T) {
	events := Events(maxSize)
	types := map[string]int{}
	payloadKeys := map[string]bool{}
	public := 0
	for i, e := range events {
		id, err := strconv.ParseInt(e.ID, 10, 64)
		if err != nil || strconv.FormatInt(id, 10) != e.ID {
			t.Fatalf("event %d: ID %q is not a plain digit string", i, e.ID)
		}
		if i > 0 {
			prev := events[i-1]
			if prevID, _ := strconv.ParseInt(prev.ID, 10, 64); id <= prevID {
				t.Fatalf("event %d: ID %s not after %s", i, e.ID, prev.ID)
			}
			if e.CreatedAt.Before(prev.CreatedAt) {
				t.Fatalf("event %d: CreatedAt goes back", i)
			}
		}
		if e.CreatedAt.Location() != time.UTC || e.CreatedAt.Nanosecond() != 0 {
			t.Fatalf("event %d: CreatedAt %v", i, e.CreatedAt)
		}
		if !slices.ContainsFunc(eventTypes, func(w weighted) bool { return w.value == e.Type }) {
			t.Fatalf("event %d: Type %q", i, e.Type)
		}
		if e.Actor.Login == "" || e.Repo.Name == "" || len(e.Payload) == 0 {
			t.Fatalf("event %d: incomplete: %+v", i, e)
		}
		types[e.Type]++
		for k := range e.Payload {
			payloadKeys[k] = true
		}
		if e.Public {
			public++
		}
	}
	checkShare(t, "PushEvent", types["PushEvent"], len(events), 0.45)
	checkShare(t, "public events", public, len(events), 0.97)
	if len(types) != len(eventTypes) {
		t.Errorf("%d event types seen, want %d", len(types), len(eventTypes))
	}
	t.Logf("%d distinct top-level payload keys", len(payloadKeys))
}

func TestEventJSONSize(t *testing.T) {
	for _, n := range Sizes {
		size := len(EventsJSON(n))
		t.Logf("Events: %5d rows, %8d bytes, %6.1f bytes/row", n, size, float64(size)/float64(n))
	}
}
