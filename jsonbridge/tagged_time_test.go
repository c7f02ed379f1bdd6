package jsonbridge_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/jsonbridge"
)

// taggedTimeRows returns rows whose time values are tagged values of any
// columns: time.Time (TagTime) and RFC 3339 text (TagTextTime, and
// TagTextTimePlus for "+00:00") inside arrays and objects, and a column
// whose type changes between a time and a string. The dates step by 128
// days and by one, so that they meet in the slots of the render's date
// cache (128 of them) and push each other out; the zones, fractions and
// years cover the renderer's cases.
func taggedTimeRows(n int) []map[string]any {
	zones := []*time.Location{time.UTC, time.FixedZone("", 5*3600+30*60), time.FixedZone("", -8*3600), time.FixedZone("", 0)}
	base := time.Date(1999, time.December, 31, 23, 59, 58, 0, time.UTC)
	rows := make([]map[string]any, n)
	for i := range rows {
		day := i * 128
		if i%3 == 1 {
			day = i
		}
		t := base.Add(time.Duration(day)*24*time.Hour + time.Duration(i*7919)*time.Second + time.Duration(i%10)*123_456_789)
		t = t.Truncate(time.Duration(1) << (i % 31)).In(zones[i%len(zones)])
		text := t.Format(time.RFC3339Nano)
		plus := t.UTC().Format("2006-01-02T15:04:05.999999999") + "+00:00"
		row := map[string]any{
			"nested": map[string]any{"at": t, "text": text, "plus": plus, "list": []any{t, text, plus, nil}},
			"deep":   []any{[]any{map[string]any{"t": text}}},
		}
		if i%2 == 0 {
			row["mixed"] = t
		} else {
			row["mixed"] = "not a time " + text
		}
		rows[i] = row
	}
	return rows
}

// TestTaggedTimesFromTheDateCache checks that the time values of any
// columns render as encoding/json writes them, from JSON text and from
// values, with one Mode (and so one transcoder, whose date cache the
// pages share) over pages whose dates collide in the cache.
func TestTaggedTimesFromTheDateCache(t *testing.T) {
	m := mustMode(t, jsonbridge.Options{})
	var buf []byte
	for _, n := range []int{1, 3, 40, 300} {
		rows := taggedTimeRows(n)
		want, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		fromText, err := jsonbridge.AppendPage(nil, want)
		if err != nil {
			t.Fatal(err)
		}
		for _, page := range [][]byte{mustPage(t, rows), fromText, mustPage(t, rows)} {
			buf, err = m.AppendJSON(buf[:0], page)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf, want) {
				t.Fatalf("%d rows: JSON differs\n got: %.600s\nwant: %.600s", n, buf, want)
			}
		}
	}
}

// TestTaggedTimeOffsets checks the offsets a text time may not hold in an
// any column: one that is not whole minutes (TagTextTime), and one that is
// not zero (TagTextTimePlus, which writes "+00:00"). Each page is a valid
// one with the offset's varint replaced by one of the same length, and its
// checksum made again; AppendJSON must refuse it, as the validator does.
func TestTaggedTimeOffsets(t *testing.T) {
	for _, tc := range []struct {
		text     string
		tag      byte
		from, to int64 // the offset, in seconds
	}{
		{`[{"c":["2024-01-02T03:04:05+01:00"]}]`, format.TagTextTime, 3600, 3601},
		{`[{"c":["2024-01-02T03:04:05-00:30"]}]`, format.TagTextTime, -1800, -1830},
		{`[{"c":["2024-01-02T03:04:05.5+00:00"]}]`, format.TagTextTimePlus, 0, 60},
		{`[{"c":["2024-01-02T03:04:05+00:00"]}]`, format.TagTextTimePlus, 0, -60},
		{`[{"c":["2024-01-02T03:04:05Z"]}]`, format.TagTextTime, 0, 30},
	} {
		page, err := jsonbridge.AppendPage(nil, []byte(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := jsonbridge.AppendJSON(nil, page); err != nil || string(got) != tc.text {
			t.Fatalf("%s: got %s, %v", tc.text, got, err)
		}
		// The value: the array's tag and count, then the time's tag,
		// sv(local), uv(frac), sv(offset).
		at := bytes.Index(page, []byte{format.TagArray, 1, tc.tag})
		if at < 0 {
			t.Fatalf("%s: no tagged time in the page", tc.text)
		}
		pos := at + 3
		_, n := format.ConsumeUvarint(page[pos:])
		pos += n
		_, n = format.ConsumeUvarint(page[pos:])
		pos += n
		off, n := format.ConsumeUvarint(page[pos:])
		if format.DecodeZigZag(off) != tc.from {
			t.Fatalf("%s: offset %d in the page, want %d", tc.text, format.DecodeZigZag(off), tc.from)
		}
		bad := append([]byte(nil), page[:pos]...)
		bad = format.AppendUvarint(bad, format.EncodeZigZag(tc.to))
		if len(bad)-pos != n {
			t.Fatalf("%s: offset %d takes another length", tc.text, tc.to)
		}
		if page[6]&format.FlagChecksum == 0 {
			t.Fatalf("%s: page without a checksum", tc.text)
		}
		bad = append(bad, page[pos+n:len(page)-format.ChecksumSize]...)
		bad = format.AppendChecksum(bad, format.Checksum(bad))
		if got, err := jsonbridge.AppendJSON(nil, bad); !errors.Is(err, format.ErrCorrupt) {
			t.Errorf("%s with offset %d: got %s, %v; want ErrCorrupt", tc.text, tc.to, got, err)
		}
		if _, err := rowpage.Open(bad); !errors.Is(err, format.ErrCorrupt) {
			t.Errorf("%s with offset %d: Open: %v; want ErrCorrupt", tc.text, tc.to, err)
		}
	}
}
