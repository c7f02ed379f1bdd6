package peers

import (
	"bytes"
	"encoding/json"

	"github.com/vmihailenco/msgpack/v5"
)

// MessagePack codecs use the rows' json struct tags, so that their keys are
// the JSON keys. Interning writes each repeated string once and refers back
// to it, as rowpage's string table does; the decoder must intern too.
var (
	msgpackCodec    = msgpackWith("msgpack", false)
	msgpackInterned = msgpackWith("msgpack-interned", true)
)

func msgpackWith(name string, interned bool) Codec {
	doc := "vmihailenco/msgpack of the rows; hit: decode into the rows' Go type, then json.Marshal; miss: encode and json.Marshal"
	label := "MessagePack (vmihailenco/msgpack), decoded, then json.Marshal"
	if interned {
		doc = "as msgpack, with interned strings (each repeated string written once)"
		label = "MessagePack with interned strings"
	}
	return Codec{
		Name:  name,
		Label: label,
		Doc:   doc,
		Encode: func(in *Input) ([]byte, error) {
			var w bytes.Buffer
			err := newMsgpackEncoder(&w, interned).Encode(in.Values)
			return w.Bytes(), err
		},
		NewHit: func(in *Input) HitFunc {
			var r bytes.Reader
			dec := msgpack.NewDecoder(&r)
			dec.SetCustomStructTag("json")
			dec.UseInternedStrings(interned)
			return func(entry []byte) ([]byte, error) {
				r.Reset(entry)
				dec.ResetReader(&r)
				v := in.New()
				if err := dec.Decode(v); err != nil {
					return nil, err
				}
				return json.Marshal(v)
			}
		},
		NewMiss: func(*Input) MissFunc {
			var w bytes.Buffer
			enc := newMsgpackEncoder(&w, interned)
			return func(values any) ([]byte, []byte, error) {
				w.Reset()
				enc.ResetWriter(&w)
				if err := enc.Encode(values); err != nil {
					return nil, nil, err
				}
				resp, err := marshalJSON(values)
				return w.Bytes(), resp, err
			}
		},
	}
}

func newMsgpackEncoder(w *bytes.Buffer, interned bool) *msgpack.Encoder {
	enc := msgpack.NewEncoder(w)
	enc.SetCustomStructTag("json")
	enc.UseInternedStrings(interned)
	return enc
}
