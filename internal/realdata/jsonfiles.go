package realdata

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// jsonSource is one array of objects in a file of the shared JSON corpus.
type jsonSource struct {
	name, file, pointer, doc string
}

// jsonSources are the arrays of at least 25 objects in the corpus. Left
// out: twitter_timeline.json (20 rows), google_maps_api_response.json (10),
// twitterescaped.json (twitter.json's values again), update-center.json and
// gsoc-2018.json (objects of objects, not arrays), and the files of
// numbers or geometry.
var jsonSources = []jsonSource{
	{"twitter", "twitter.json", "/statuses", "Twitter API statuses: deep user objects, entities, many nulls, non-ASCII text"},
	{"github-events", "github_events.json", "", "GitHub API events: nested actor, repo and payload objects"},
	{"citm-performances", "citm_catalog.json", "/performances", "citm catalog performances: price lists and seat categories as nested arrays"},
	{"apache-builds", "apache_builds.json", "/jobs", "Jenkins jobs: three short strings each"},
	{"instruments", "instruments.json", "/instruments", "tracker-module instruments: many small integers, nested envelopes"},
	{"instrument-patterns", "instruments.json", "/patterns", "tracker-module patterns: arrays of rows of note cells"},
	{"instrument-samples", "instruments.json", "/samples", "tracker-module samples: numbers and short names"},
	{"random", "random.json", "/result", "generated user records: ids, names, emails, geo, friends lists"},
	{"repeat", "repeat.json", "/result", "one record repeated: the same values in every row"},
	{"amazon-cellphones", "amazon_cellphones.ndjson", "", "Amazon cell-phone listings, a header line then one array per line: long titles, URLs"},
}

// loadJSON reads every source present in dir.
func loadJSON(dir string) ([]Set, error) {
	var out []Set
	for _, src := range jsonSources {
		path := filepath.Join(dir, src.file)
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		rows, err := jsonRows(b, src)
		if err != nil {
			return nil, fmt.Errorf("realdata: %s: %w", path, err)
		}
		where := src.file
		if src.pointer != "" {
			where += " at " + src.pointer
		}
		out = append(out, Set{Name: src.name, Doc: fmt.Sprintf("%s (%d rows)", src.doc, len(rows)), Source: where, Rows: rows})
	}
	return out, nil
}

// jsonRows decodes the array of objects src names in b, or the lines of
// an .ndjson file.
func jsonRows(b []byte, src jsonSource) ([]map[string]any, error) {
	if strings.HasSuffix(src.file, ".ndjson") {
		return ndjsonRows(b)
	}
	var rows []map[string]any
	var doc any = &rows
	if src.pointer != "" {
		var top map[string]json.RawMessage
		if err := json.Unmarshal(b, &top); err != nil {
			return nil, err
		}
		raw, ok := top[strings.TrimPrefix(src.pointer, "/")]
		if !ok {
			return nil, fmt.Errorf("no member %s", src.pointer)
		}
		b = raw
	}
	if err := json.Unmarshal(b, doc); err != nil {
		return nil, err
	}
	return rows, nil
}

// ndjsonRows decodes one row per line: an object, or an array of values
// named by a first line that is an array of strings (CSV-like NDJSON, as
// amazon_cellphones.ndjson is written).
func ndjsonRows(b []byte) ([]map[string]any, error) {
	var rows []map[string]any
	var header []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	for line := 0; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		switch {
		case len(text) == 0:
		case text[0] == '{':
			var m map[string]any
			if err := json.Unmarshal(text, &m); err != nil {
				return nil, fmt.Errorf("line %d: %w", line+1, err)
			}
			rows = append(rows, m)
		case line == 0:
			if err := json.Unmarshal(text, &header); err != nil {
				return nil, fmt.Errorf("line 1: %w", err)
			}
		default:
			var vals []any
			if err := json.Unmarshal(text, &vals); err != nil || len(vals) != len(header) {
				return nil, fmt.Errorf("line %d: not %d values: %v", line+1, len(header), err)
			}
			m := make(map[string]any, len(vals))
			for i, v := range vals {
				m[header[i]] = v
			}
			rows = append(rows, m)
		}
	}
	return rows, sc.Err()
}
