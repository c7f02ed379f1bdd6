package dataset

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// maxSize is the largest page size in [Sizes].
var maxSize = slices.Max(Sizes)

func TestRowsDeterministic(t *testing.T) {
	if diff := cmp.Diff(Rows(300), Rows(300)); diff != "" {
		t.Fatalf("Rows(300) differs between calls (-first +second):\n%s", diff)
	}
	if a, b := JSON(300), JSON(300); string(a) != string(b) {
		t.Fatal("JSON(300) differs between calls")
	}
	long := Rows(1000)
	for _, n := range []int{0, 1, 5, 25, 999} {
		if diff := cmp.Diff(long[:n], Rows(n)); diff != "" {
			t.Errorf("Rows(%d) != Rows(1000)[:%d] (-want +got):\n%s", n, n, diff)
		}
	}
	if diff := cmp.Diff(Maps(100)[:10], Maps(10)); diff != "" {
		t.Errorf("Maps(10) != Maps(100)[:10] (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(GenericMaps(100)[:10], GenericMaps(10)); diff != "" {
		t.Errorf("GenericMaps(10) != GenericMaps(100)[:10] (-want +got):\n%s", diff)
	}
}

func TestRowsEmpty(t *testing.T) {
	for _, n := range []int{0, -1} {
		if rows := Rows(n); rows == nil || len(rows) != 0 {
			t.Errorf("Rows(%d) = %#v, want empty non-nil", n, rows)
		}
		if got := string(JSON(n)); got != "[]" {
			t.Errorf("JSON(%d) = %s, want []", n, got)
		}
	}
}

func TestJSONUnmarshalsToGenericMaps(t *testing.T) {
	for _, n := range Sizes {
		var got []map[string]any
		if err := json.Unmarshal(JSON(n), &got); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if diff := cmp.Diff(GenericMaps(n), got); diff != "" {
			t.Fatalf("n=%d: json.Unmarshal(JSON(n)) != GenericMaps(n) (-want +got):\n%s", n, diff)
		}
	}
}

func TestMapsMarshalLikeRows(t *testing.T) {
	for _, n := range Sizes {
		fromMaps, err := json.Marshal(Maps(n))
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		var want, got any
		if err := json.Unmarshal(JSON(n), &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(fromMaps, &got); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("n=%d: json.Marshal(Maps(n)) differs from JSON(n) (-want +got):\n%s", n, diff)
		}
	}
}

func TestMapsNativeTypes(t *testing.T) {
	var tagNames []string
	for f := range reflect.TypeFor[Row]().Fields() {
		tagNames = append(tagNames, f.Tag.Get("json"))
	}
	rows := Rows(200)
	for i, m := range Maps(200) {
		if len(m) != len(tagNames) {
			t.Fatalf("row %d has %d keys, want %d", i, len(m), len(tagNames))
		}
		for _, k := range tagNames {
			if _, ok := m[k]; !ok {
				t.Fatalf("row %d lacks key %q", i, k)
			}
		}
		_ = m["id"].(int64)
		_ = m["seq"].(int)
		_ = m["created_at"].(time.Time)
		_ = m["permissions"].([]string)
		_ = m["likes"].(int32)
		_ = m["version"].(uint32)
		if rows[i].DeletedAt == nil {
			if m["deleted_at"] != nil {
				t.Fatalf("row %d: deleted_at = %#v, want untyped nil", i, m["deleted_at"])
			}
		} else if !m["deleted_at"].(time.Time).Equal(*rows[i].DeletedAt) {
			t.Fatalf("row %d: deleted_at = %v, want %v", i, m["deleted_at"], *rows[i].DeletedAt)
		}
	}
}

func TestRowInvariants(t *testing.T) {
	rows := Rows(maxSize)
	owners, titles, bodies := map[string]bool{}, map[string]bool{}, map[string]bool{}
	withMillis, withOffset := 0, 0
	for i, row := range rows {
		if row.Seq != i+1 {
			t.Fatalf("row %d: Seq = %d", i, row.Seq)
		}
		if i == 0 && (row.ID < 1_000_000 || row.ID > 1_000_010) {
			t.Fatalf("first ID = %d, want near 1,000,000", row.ID)
		}
		if i > 0 {
			prev := rows[i-1]
			if gap := row.ID - prev.ID; gap < 1 || gap > 10 {
				t.Fatalf("row %d: ID gap %d", i, gap)
			}
			if gap := row.CreatedAt.Sub(prev.CreatedAt); gap < 59*time.Second || gap > 4*time.Hour {
				t.Fatalf("row %d: CreatedAt gap %v", i, gap)
			}
		}
		if row.CreatedAt.Location() != time.UTC {
			t.Fatalf("row %d: CreatedAt %v not UTC", i, row.CreatedAt)
		}
		if row.UpdatedAt.Before(row.CreatedAt) {
			t.Fatalf("row %d: UpdatedAt %v before CreatedAt %v", i, row.UpdatedAt, row.CreatedAt)
		}
		if row.CreatedAt.Nanosecond() != 0 {
			withMillis++
		}
		if _, off := row.UpdatedAt.Zone(); off != 0 {
			withOffset++
		}
		if row.DeletedAt != nil && (row.DeletedAt.Before(row.UpdatedAt) || row.DeletedAt.Location() != time.UTC) {
			t.Fatalf("row %d: DeletedAt %v", i, row.DeletedAt)
		}
		checkSubset(t, i, "Permissions", row.Permissions, permissions, 1, 5)
		checkSubset(t, i, "Tags", row.Tags, tags, 0, 4)
		if !slices.Contains(regions, row.Region) || row.Version < 1 || row.Version > 20 {
			t.Fatalf("row %d: Region %q, Version %d", i, row.Region, row.Version)
		}
		if n := len(row.Title); n < 20 || n > 60 {
			t.Fatalf("row %d: Title %q has %d characters", i, row.Title, n)
		}
		if n := utf8.RuneCountInString(row.Body); n < 200 || n > 600 || !utf8.ValidString(row.Body) {
			t.Fatalf("row %d: Body has %d characters: %q", i, n, row.Body)
		}
		if row.Views < 0 || row.Views > 1_000_000 || row.Likes < 0 || int64(row.Likes) > row.Views {
			t.Fatalf("row %d: Views %d, Likes %d", i, row.Views, row.Likes)
		}
		if s := strconv.FormatFloat(row.Price, 'f', -1, 64); strings.Contains(s, ".") && len(s)-strings.Index(s, ".") > 3 {
			t.Fatalf("row %d: Price %s has more than two decimals", i, s)
		}
		if row.Score < 0 || row.Score >= 1 {
			t.Fatalf("row %d: Score %v", i, row.Score)
		}
		owners[row.Owner], titles[row.Title], bodies[row.Body] = true, true, true
	}
	if len(owners) < 35 {
		t.Errorf("%d distinct owners, want about 40", len(owners))
	}
	if len(titles) < len(rows)*99/100 {
		t.Errorf("%d distinct titles of %d", len(titles), len(rows))
	}
	if len(bodies) != len(rows) {
		t.Errorf("%d distinct bodies of %d", len(bodies), len(rows))
	}
	checkShare(t, "CreatedAt with milliseconds", withMillis, len(rows), 0.30)
	checkShare(t, "UpdatedAt with an offset", withOffset, len(rows), 0.30)
}

// checkSubset fails unless list holds between lo and hi distinct members of
// of and is non-nil.
func checkSubset(t *testing.T, row int, name string, list, of []string, lo, hi int) {
	t.Helper()
	if list == nil || len(list) < lo || len(list) > hi {
		t.Fatalf("row %d: %s = %#v, want %d..%d elements", row, name, list, lo, hi)
	}
	seen := map[string]bool{}
	for _, s := range list {
		if !slices.Contains(of, s) || seen[s] {
			t.Fatalf("row %d: %s = %q has a bad or repeated element", row, name, list)
		}
		seen[s] = true
	}
}

// checkShare fails unless count/total is within 0.03 of want.
func checkShare(t *testing.T, what string, count, total int, want float64) {
	t.Helper()
	got := float64(count) / float64(total)
	t.Logf("%s: %.3f (want %.2f)", what, got, want)
	if math.Abs(got-want) > 0.03 {
		t.Errorf("%s: share %.3f, want %.2f±0.03", what, got, want)
	}
}

func TestRowShares(t *testing.T) {
	rows := Rows(maxSize)
	var deleted, escaped, statusActive int
	kinds := map[string]int{}
	for _, row := range rows {
		if row.DeletedAt == nil {
			deleted++
		}
		if row.Status == "active" {
			statusActive++
		}
		for _, k := range []string{`"`, "\n", "\t", `\`, "<", ">", "&", "\u2028", "é", "日本", "🚀"} {
			if strings.Contains(row.Body, k) {
				kinds[k]++
			}
		}
		if needsEscape(row.Body) || hasNonASCII(row.Body) {
			escaped++
		}
	}
	checkShare(t, "nil DeletedAt", deleted, len(rows), 0.80)
	checkShare(t, "bodies with escapes or non-ASCII", escaped, len(rows), 0.15)
	checkShare(t, "active status", statusActive, len(rows), 0.68)
	for _, k := range []string{`"`, "\n", "\t", `\`, "<", ">", "&", "\u2028", "é", "日本", "🚀"} {
		if kinds[k] == 0 {
			t.Errorf("no body contains %q", k)
		}
	}
	for _, row := range rows {
		if needsEscape(row.Title) || hasNonASCII(row.Title) {
			t.Errorf("title %q needs escaping", row.Title)
		}
	}
}

// needsEscape reports whether encoding/json escapes any character of s.
func needsEscape(s string) bool {
	b, _ := json.Marshal(s)
	return len(b) != len(s)+2
}

// hasNonASCII reports whether s holds a byte outside ASCII.
func hasNonASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

func TestRowJSONSize(t *testing.T) {
	for _, n := range Sizes {
		perRow := float64(len(JSON(n))) / float64(n)
		t.Logf("Rows: %5d rows, %8d bytes, %6.1f bytes/row", n, len(JSON(n)), perRow)
		if n >= 250 && (perRow < 700 || perRow > 1100) {
			t.Errorf("n=%d: %.1f JSON bytes per row, want 700..1100", n, perRow)
		}
	}
}

func BenchmarkRows(b *testing.B) {
	for _, n := range Sizes {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Rows(n)
			}
		})
	}
}

func BenchmarkGenerators5000(b *testing.B) {
	for _, g := range []struct {
		name string
		f    func(int) any
	}{
		{"Maps", func(n int) any { return Maps(n) }},
		{"GenericMaps", func(n int) any { return GenericMaps(n) }},
		{"JSON", func(n int) any { return JSON(n) }},
		{"Events", func(n int) any { return Events(n) }},
		{"EventMaps", func(n int) any { return EventMaps(n) }},
		{"SparseMaps", func(n int) any { return SparseMaps(n) }},
	} {
		b.Run(g.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				g.f(5000)
			}
		})
	}
}
