package peers

import (
	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
)

// The zstd encoder and decoder are shared, as a service would share them:
// EncodeAll and DecodeAll are safe for concurrent use.
var (
	zstdEnc = must(zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault)))
	zstdDec = must(zstd.NewReader(nil))
)

var zstdCodec = Codec{
	Name:   "zstd",
	Label:  "JSON compressed with zstd",
	Doc:    "klauspost/compress zstd of the JSON (default level); hit: DecodeAll into a reused buffer; miss: json.Marshal, then EncodeAll",
	Encode: func(in *Input) ([]byte, error) { return zstdEnc.EncodeAll(in.JSON, nil), nil },
	NewHit: func(*Input) HitFunc {
		var buf []byte
		return func(entry []byte) ([]byte, error) {
			var err error
			buf, err = zstdDec.DecodeAll(entry, buf[:0])
			return buf, err
		}
	},
	NewMiss: func(*Input) MissFunc {
		var entry []byte
		return func(values any) ([]byte, []byte, error) {
			resp, err := marshalJSON(values)
			if err != nil {
				return nil, nil, err
			}
			entry = zstdEnc.EncodeAll(resp, entry[:0])
			return entry, resp, nil
		}
	},
}

var s2Codec = Codec{
	Name:   "s2",
	Label:  "JSON compressed with S2",
	Doc:    "klauspost/compress S2 of the JSON; hit: s2.Decode into a reused buffer; miss: json.Marshal, then s2.Encode",
	Encode: func(in *Input) ([]byte, error) { return s2.Encode(nil, in.JSON), nil },
	NewHit: func(*Input) HitFunc {
		var buf []byte
		return func(entry []byte) ([]byte, error) {
			n, err := s2.DecodedLen(entry)
			if err != nil {
				return nil, err
			}
			if cap(buf) < n {
				buf = make([]byte, n)
			}
			return s2.Decode(buf[:cap(buf)], entry)
		}
	},
	NewMiss: func(*Input) MissFunc {
		var entry []byte
		return func(values any) ([]byte, []byte, error) {
			resp, err := marshalJSON(values)
			if err != nil {
				return nil, nil, err
			}
			if n := s2.MaxEncodedLen(len(resp)); cap(entry) < n {
				entry = make([]byte, n)
			}
			entry = s2.Encode(entry[:cap(entry)], resp)
			return entry, resp, nil
		}
	},
}

func must[T any](v T, err error) T {
	if err != nil {
		panic("peers: " + err.Error())
	}
	return v
}
