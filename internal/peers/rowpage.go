package peers

import (
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// rowpageCodec stores the page; a hit transcodes it to JSON with
// jsonbridge.AppendJSON (validating the page first), a miss encodes the
// rows with a reused Encoder and renders the response from the new page.
var rowpageCodec = Codec{
	Name:  "rowpage",
	Label: "rowpage page, served with jsonbridge",
	Doc:   "rowpage page; hit: jsonbridge.AppendJSON (validates, then writes the JSON); miss: Encoder.Append, then AppendJSON",
	Encode: func(in *Input) ([]byte, error) {
		if in.Page != nil {
			return in.Page, nil
		}
		return rowpage.Marshal(in.Values)
	},
	NewHit: func(*Input) HitFunc {
		var buf []byte
		return func(entry []byte) ([]byte, error) {
			var err error
			buf, err = jsonbridge.AppendJSON(buf[:0], entry)
			return buf, err
		}
	},
	NewMiss: func(*Input) MissFunc {
		enc := rowpage.NewEncoder()
		var page, resp []byte
		return func(values any) ([]byte, []byte, error) {
			var err error
			if page, err = enc.Append(page[:0], values); err != nil {
				return nil, nil, err
			}
			resp, err = jsonbridge.AppendJSON(resp[:0], page)
			return page, resp, err
		}
	},
}
