package dataset

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSetForms checks, for every set, that each form says the same rows:
// generation is prefix-stable, native maps marshal as the structs do once
// keys are sorted, the generic form is json.Unmarshal of the JSON, and the
// JSON text holds the same values as json.Marshal of Values.
func TestSetForms(t *testing.T) {
	for _, s := range Sets {
		t.Run(s.Name, func(t *testing.T) {
			want := mustMarshal(s.Values(200))
			if got := mustMarshal(s.Values(300)); !bytes.HasPrefix(got, want[:len(want)-1]) {
				t.Error("Values(200) is not a prefix of Values(300)")
			}
			var generic []map[string]any
			if err := json.Unmarshal(want, &generic); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(generic, s.Generic(200)); diff != "" {
				t.Errorf("Generic differs from json.Unmarshal of the JSON (-unmarshal +generic):\n%.2000s", diff)
			}
			// Native maps marshal as Values do once keys are sorted: decoded
			// with UseNumber, the numbers stay exact.
			var exact []map[string]any
			dec := json.NewDecoder(bytes.NewReader(want))
			dec.UseNumber()
			if err := dec.Decode(&exact); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(mustMarshal(s.NativeMaps(200)), mustMarshal(exact)) {
				t.Error("native maps marshal differently from Values, keys sorted")
			}
			var text []map[string]any
			if err := json.Unmarshal(s.Text(200), &text); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(generic, text); diff != "" {
				t.Errorf("Text holds other values than json.Marshal of Values:\n%.2000s", diff)
			}
		})
	}
}

func TestBaaSDocs(t *testing.T) {
	docs := BaaSDocs(1000)
	ts := regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$`)
	id := regexp.MustCompile(`^[0-9a-z]{20}$`)
	perm := regexp.MustCompile(`^(read|update|delete)\("(any|user:[0-9a-z]{20}|team:[0-9a-z]{20}(/owner)?)"\)$`)
	seen, whole := map[string]bool{}, 0
	for i, d := range docs {
		if !id.MatchString(d.ID) || seen[d.ID] || !id.MatchString(d.CollectionID) {
			t.Fatalf("doc %d: ids %q %q", i, d.ID, d.CollectionID)
		}
		seen[d.ID] = true
		if !ts.MatchString(d.CreatedAt) || !ts.MatchString(d.UpdatedAt) || d.UpdatedAt < d.CreatedAt {
			t.Fatalf("doc %d: times %q %q", i, d.CreatedAt, d.UpdatedAt)
		}
		if i > 0 && d.CreatedAt <= docs[i-1].CreatedAt {
			t.Fatalf("doc %d: CreatedAt does not increase", i)
		}
		if len(d.Permissions) < 1 || len(d.Permissions) > 5 {
			t.Fatalf("doc %d: %d permissions", i, len(d.Permissions))
		}
		for _, p := range d.Permissions {
			if !perm.MatchString(p) {
				t.Fatalf("doc %d: permission %q", i, p)
			}
		}
		if d.Price == math.Trunc(d.Price) {
			whole++
		}
	}
	checkShare(t, "whole prices", whole, len(docs), 0.40)
	if js := string(mustMarshal(docs[:5])); !strings.Contains(js, `\"user:`) {
		t.Errorf("permissions need no escapes in %.200s", js)
	}
}

func TestAnalyticsRows(t *testing.T) {
	rows := AnalyticsRows(2000)
	whole, frac, nanos, null := 0, 0, 0, 0
	for i, r := range rows {
		if len(r.Country) != 2 || strings.ToUpper(r.Country) != r.Country || !strings.Contains(r.Email, "@example.") {
			t.Fatalf("row %d: %q %q", i, r.Country, r.Email)
		}
		if r.Metadata.Flags == nil || r.OccurredAt.Location().String() != "UTC" || !r.IngestedAt.After(r.OccurredAt) {
			t.Fatalf("row %d: %+v", i, r)
		}
		switch {
		case r.Amount == 0:
		case r.Amount == math.Trunc(r.Amount):
			whole++
		default:
			frac++
		}
		if r.OccurredAt.Nanosecond()%1000 != 0 {
			nanos++
		}
		if r.Referrer == nil {
			null++
		}
	}
	if whole < 50 || frac < 50 {
		t.Errorf("amount: %d whole, %d fractional: the column must mix both", whole, frac)
	}
	checkShare(t, "nanosecond times", nanos, len(rows), 0.999)
	checkShare(t, "null referrers", null, len(rows), 0.45)
	js := string(mustMarshal(rows[:50]))
	if !regexp.MustCompile(`"occurred_at":"[^"]+\.\d{9}Z"`).MatchString(js) || !strings.Contains(js, `"metadata":{"source":"`) {
		t.Errorf("JSON lacks nanosecond times or the nested column: %.300s", js)
	}
}

func TestHeteroMaps(t *testing.T) {
	js := string(mustMarshal(HeteroMaps(1000)))
	for _, want := range []string{
		`18446744073709551615`, `-9223372036854775808`, `"id":"h-`, `"id":100`, `1e+21`, `1e-7`, `-0`, `5e-324`,
		`\u2028`, `\u2029`, `\u0000`, `\u001f`, `\u003cscript\u003e`, `\u0026`, "👩‍💻", "数据", "e\u0301", `"l6":`,
		`"":`, `"quote\"key":`, `"value":null`, `"value":true`, `"value":[`, `"value":{`, `"value":"`,
	} {
		if !strings.Contains(js, want) {
			t.Errorf("JSON of HeteroMaps(1000) lacks %q", want)
		}
	}
	// The text's key order differs from json.Marshal's in most rows.
	var a, b []json.RawMessage
	json.Unmarshal(mustMarshal(HeteroMaps(100)), &a)
	json.Unmarshal(HeteroJSON(100), &b)
	same := 0
	for i := range a {
		if bytes.Equal(a[i], b[i]) {
			same++
		}
	}
	if same > 20 {
		t.Errorf("%d of 100 rows of HeteroJSON have json.Marshal's key order", same)
	}
}
