package peers

import (
	"encoding/json"
	"fmt"
)

// Input is one page of rows, in the forms the codecs start from.
type Input struct {
	// Values are the rows as the application holds them: a slice of
	// structs or of maps.
	Values any
	// JSON is json.Marshal(Values): the response every hit must produce.
	JSON []byte
	// New returns a pointer to a new, empty value of Values' type, for the
	// codecs that decode into it before re-marshalling.
	New func() any
	// Page, when not nil, is the rowpage page of the rows as the
	// application built it some other way than from Values (with
	// sqlpage.AppendSQL, say); its JSON must be JSON. The rowpage codec
	// stores it instead of marshalling Values; its miss still starts from
	// Values.
	Page []byte
}

// NewInput returns the Input for values; newValue returns a pointer to an
// empty value of values' type.
func NewInput(values any, newValue func() any) (*Input, error) {
	js, err := json.Marshal(values)
	if err != nil {
		return nil, fmt.Errorf("peers: encoding/json cannot marshal the rows: %w", err)
	}
	return &Input{Values: values, JSON: js, New: newValue}, nil
}

// HitFunc serves one cache hit: it turns an entry into the JSON response.
// The result may alias a buffer the function reuses: it is valid until the
// next call.
type HitFunc func(entry []byte) ([]byte, error)

// MissFunc handles one cache miss: from the rows it builds the entry to
// store and the JSON response to send. Both may alias buffers the function
// reuses: they are valid until the next call.
type MissFunc func(values any) (entry, response []byte, err error)

// Codec is one way to cache pages of rows.
type Codec struct {
	// Name is a short name for tables and command lines, such as "cbor".
	Name string
	// Label says what the codec is in a few words, for headline tables.
	Label string
	// Doc describes, in one line, what the entry is and what a hit does.
	Doc string
	// Encode returns the cache entry for in.
	Encode func(in *Input) ([]byte, error)
	// NewHit returns a HitFunc for entries of in's type. Each goroutine
	// needs its own: a HitFunc reuses buffers and is not safe for
	// concurrent use.
	NewHit func(in *Input) HitFunc
	// NewMiss returns a MissFunc, one per goroutine like NewHit.
	NewMiss func(in *Input) MissFunc
}

// All returns every codec, rowpage first, in the order reports list them.
func All() []Codec {
	return []Codec{rowpageCodec, jsonCopy, jsonRemarshal, cborCodec, msgpackCodec, msgpackInterned, zstdCodec, s2Codec}
}

// Names returns the names of All, in order.
func Names() []string {
	var out []string
	for _, c := range All() {
		out = append(out, c.Name)
	}
	return out
}

// ByName returns the codec called name.
func ByName(name string) (Codec, bool) {
	for _, c := range All() {
		if c.Name == name {
			return c, true
		}
	}
	return Codec{}, false
}

// marshalJSON is the response half of most misses: json.Marshal, as the
// application would write it without rowpage.
func marshalJSON(values any) ([]byte, error) { return json.Marshal(values) }
