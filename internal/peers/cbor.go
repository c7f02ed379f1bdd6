package peers

import (
	"encoding/json"
	"reflect"

	"github.com/fxamacker/cbor/v2"
)

// cborEnc writes times as RFC 3339 text with their offsets, so that they
// decode to what was encoded (the default, Unix seconds, drops fractions
// and zones).
var cborEnc = mustCBOREnc(cbor.EncOptions{Time: cbor.TimeRFC3339Nano})

// cborDec decodes maps inside interface values as map[string]any, which
// json.Marshal accepts (the default, map[any]any, it rejects).
var cborDec = mustCBORDec(cbor.DecOptions{DefaultMapType: reflect.TypeFor[map[string]any]()})

var cborCodec = Codec{
	Name:   "cbor",
	Label:  "CBOR (fxamacker/cbor), decoded, then json.Marshal",
	Doc:    "fxamacker/cbor of the rows; hit: cbor.Unmarshal into the rows' Go type, then json.Marshal; miss: cbor.Marshal and json.Marshal",
	Encode: func(in *Input) ([]byte, error) { return cborEnc.Marshal(in.Values) },
	NewHit: func(in *Input) HitFunc {
		return func(entry []byte) ([]byte, error) {
			v := in.New()
			if err := cborDec.Unmarshal(entry, v); err != nil {
				return nil, err
			}
			return json.Marshal(v)
		}
	},
	NewMiss: func(*Input) MissFunc {
		return func(values any) ([]byte, []byte, error) {
			entry, err := cborEnc.Marshal(values)
			if err != nil {
				return nil, nil, err
			}
			resp, err := marshalJSON(values)
			return entry, resp, err
		}
	},
}

func mustCBOREnc(o cbor.EncOptions) cbor.EncMode {
	m, err := o.EncMode()
	if err != nil {
		panic("peers: " + err.Error())
	}
	return m
}

func mustCBORDec(o cbor.DecOptions) cbor.DecMode {
	m, err := o.DecMode()
	if err != nil {
		panic("peers: " + err.Error())
	}
	return m
}
