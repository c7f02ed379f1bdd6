package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/jsonbridge"
)

// errWriterFull is what failingWriter returns once its writes run out.
var errWriterFull = errors.New("writer full")

// failingWriter accepts its first ok writes and fails every write after.
type failingWriter struct {
	ok     int
	writes int
	bytes.Buffer
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.writes++; w.writes > w.ok {
		return 0, errWriterFull
	}
	return w.Buffer.Write(p)
}

// TestWriteJSONWriterFails fails the writer at each of WriteJSON's writes
// in turn, on the page of every row (a chunk of rows a render call) and on
// one with an offset and a limit (a row a call): WriteJSON must return the
// writer's error, have written nothing after it, and what it wrote must
// be the start of the page's JSON; the mode must then write the whole
// page again, as if nothing had failed.
func TestWriteJSONWriterFails(t *testing.T) {
	rows := dataset.Rows(3000)
	page := mustPage(t, rows)
	all, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	var each []json.RawMessage
	if err := json.Unmarshal(all, &each); err != nil {
		t.Fatal(err)
	}
	window, err := json.Marshal(each[100:2600])
	if err != nil {
		t.Fatal(err)
	}
	whole, err := jsonbridge.Options{}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	windowed, err := jsonbridge.Options{Offset: 100, Limit: 2500}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		mode *jsonbridge.Mode
		want []byte
	}{
		{"all rows", whole, all},
		{"offset and limit", windowed, window},
	} {
		want := tc.want
		full := failingWriter{ok: 1 << 30}
		if err := tc.mode.WriteJSON(&full, page); err != nil || !bytes.Equal(full.Bytes(), want) {
			t.Fatalf("%s: WriteJSON = %v, or its JSON differs from json.Marshal", tc.name, err)
		}
		if full.writes < 3 {
			t.Fatalf("%s: %d writes: the page should span several chunks", tc.name, full.writes)
		}
		for ok := range full.writes {
			if jsonbridge.RaceEnabled && ok%7 != 0 && ok < full.writes-2 {
				continue // a write in seven and the last two: the race run is slow, and there for the memory accesses
			}
			w := failingWriter{ok: ok}
			if err := tc.mode.WriteJSON(&w, page); !errors.Is(err, errWriterFull) {
				t.Fatalf("%s, writer failing after %d writes: err %v, want the writer's", tc.name, ok, err)
			}
			if w.writes != ok+1 {
				t.Fatalf("%s, writer failing after %d writes: WriteJSON wrote %d times", tc.name, ok, w.writes)
			}
			if !bytes.HasPrefix(want, w.Bytes()) {
				t.Fatalf("%s, writer failing after %d writes: the bytes written are not the JSON's start", tc.name, ok)
			}
			var again bytes.Buffer
			if err := tc.mode.WriteJSON(&again, page); err != nil || !bytes.Equal(again.Bytes(), want) {
				t.Fatalf("%s, after a writer failed at write %d: WriteJSON = %v, or its JSON differs", tc.name, ok+1, err)
			}
		}
	}
}
