package dataset

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSparseDeterministic(t *testing.T) {
	if diff := cmp.Diff(SparseMaps(300), SparseMaps(300)); diff != "" {
		t.Fatalf("SparseMaps(300) differs between calls (-first +second):\n%s", diff)
	}
	if diff := cmp.Diff(SparseMaps(300)[:20], SparseMaps(20)); diff != "" {
		t.Fatalf("SparseMaps(20) != SparseMaps(300)[:20] (-want +got):\n%s", diff)
	}
	if got := SparseMaps(-3); got == nil || len(got) != 0 {
		t.Errorf("SparseMaps(-3) = %#v, want empty non-nil", got)
	}
}

// jsonKind names the JSON type of a native-form value.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "bool"
	case int, int64, float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	default:
		return "unexpected"
	}
}

func TestSparseHeterogeneity(t *testing.T) {
	rows := SparseMaps(maxSize)
	keySets := map[string]bool{}
	present := map[string]int{}
	kinds := map[string]map[string]bool{}
	for i, m := range rows {
		if _, ok := m["id"].(int64); !ok {
			t.Fatalf("row %d: id %#v", i, m["id"])
		}
		keys := make([]string, 0, len(m))
		for k, v := range m {
			keys = append(keys, k)
			present[k]++
			if kinds[k] == nil {
				kinds[k] = map[string]bool{}
			}
			kind := jsonKind(v)
			if kind == "unexpected" {
				t.Fatalf("row %d: %s = %#v has an unexpected type", i, k, v)
			}
			kinds[k][kind] = true
		}
		slices.Sort(keys)
		keySets[strings.Join(keys, ",")] = true
	}
	t.Logf("%d rows, %d distinct key sets, %d distinct keys", len(rows), len(keySets), len(present))
	if len(keySets) < len(rows)/2 {
		t.Errorf("only %d distinct key sets in %d rows", len(keySets), len(rows))
	}
	checkShare(t, `rows with "email"`, present["email"], len(rows), 0.30)
	checkShare(t, `rows with "meta"`, present["meta"], len(rows), 0.30)
	for key, want := range map[string][]string{
		"code":   {"number", "string", "null"},
		"ref":    {"number", "string", "null"},
		"score":  {"number", "null"},
		"parent": {"object", "null"},
		"flags":  {"array"},
	} {
		for _, kind := range want {
			if !kinds[key][kind] {
				t.Errorf("%q is never a %s", key, kind)
			}
		}
	}
}

func TestSparseJSON(t *testing.T) {
	for _, n := range Sizes {
		b, err := json.Marshal(SparseMaps(n))
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		var back []map[string]any
		if err := json.Unmarshal(b, &back); err != nil || len(back) != n {
			t.Fatalf("n=%d: round trip gave %d rows, %v", n, len(back), err)
		}
		t.Logf("SparseMaps: %5d rows, %8d bytes, %6.1f bytes/row", n, len(b), float64(len(b))/float64(n))
	}
}
