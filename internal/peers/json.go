package peers

import "encoding/json"

// jsonCopy caches the response itself: a hit is a copy, the floor any
// codec is measured against.
var jsonCopy = Codec{
	Name:   "json",
	Label:  "JSON text, copied",
	Doc:    "the JSON text itself; hit: copy it; miss: json.Marshal",
	Encode: func(in *Input) ([]byte, error) { return marshalJSON(in.Values) },
	NewHit: func(*Input) HitFunc {
		var buf []byte
		return func(entry []byte) ([]byte, error) {
			buf = append(buf[:0], entry...)
			return buf, nil
		}
	},
	NewMiss: jsonMiss,
}

// jsonRemarshal caches JSON text but decodes it on every hit (to filter,
// page or wrap the rows) and marshals the result again.
var jsonRemarshal = Codec{
	Name:   "json-remarshal",
	Label:  "JSON text, decoded and re-marshalled by encoding/json",
	Doc:    "the JSON text; hit: json.Unmarshal into the rows' Go type, then json.Marshal; miss: json.Marshal",
	Encode: func(in *Input) ([]byte, error) { return marshalJSON(in.Values) },
	NewHit: func(in *Input) HitFunc {
		return func(entry []byte) ([]byte, error) {
			v := in.New()
			if err := json.Unmarshal(entry, v); err != nil {
				return nil, err
			}
			return json.Marshal(v)
		}
	},
	NewMiss: jsonMiss,
}

// jsonMiss marshals once: the entry is the response.
func jsonMiss(*Input) MissFunc {
	return func(values any) ([]byte, []byte, error) {
		b, err := marshalJSON(values)
		return b, b, err
	}
}
