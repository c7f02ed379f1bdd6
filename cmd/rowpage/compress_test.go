package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/format"
)

// TestEncodeCompress checks encode -compress at both levels: the page is
// compressed, json renders the input back, and inspect lists each stored
// section with its codec and sizes.
func TestEncodeCompress(t *testing.T) {
	want := builtinJSON(t, "analytics", 200)
	for level, codec := range map[string]string{"fast": "s2", "small": "zstd"} {
		page := encode(t, want, "-compress", level)
		if page[6]&format.FlagCompressed == 0 {
			t.Fatalf("%s: header % x", level, page[:8])
		}
		got, _, err := runCmd(t, page, "json")
		if err != nil || got != string(want) {
			t.Fatalf("%s: json of the compressed page differs (err %v)", level, err)
		}
		text, _, err := runCmd(t, page, "inspect")
		if err != nil || !strings.Contains(text, "stored section") || !strings.Contains(text, "compressed)") ||
			!strings.Contains(text, "string table    11      "+codec) {
			t.Fatalf("%s: inspect (err %v):\n%s", level, err, text)
		}
		js, _, err := runCmd(t, page, "inspect", "-json")
		var r inspectReport
		if err != nil || json.Unmarshal([]byte(js), &r) != nil || len(r.Compressed) != 4 || r.Compressed[0].Codec != codec+"-lengths" ||
			r.Compressed[0].Raw <= r.Compressed[0].Stored || !r.Flags.Compressed {
			t.Fatalf("%s: inspect -json (err %v): %+v", level, err, r.Compressed)
		}
	}
	if _, _, err := runCmd(t, want, "encode", "-compress", "tiny"); err == nil {
		t.Fatal("encode -compress tiny succeeded")
	}
}
