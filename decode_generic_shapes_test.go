package rowpage_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rowpage/rowpage"
)

// Generic values (maps, []any, interface values of times) as Decode makes
// them, cut from arrays the call shares: maps and arrays of every size
// class, strings repeated across rows, times in every RFC 3339 form, and
// values that must stay as they are after the next Unmarshal and after the
// caller changes a neighbour.

// genericShapeRows returns rows whose nested maps hold 0, 1, 8, 9 and 64
// keys, whose arrays hold 0, 1, 2 and 70 elements (past the sizes cut from
// shared arrays below 64), and whose strings repeat from row to row.
func genericShapeRows(n int) []map[string]any {
	var rows []map[string]any
	for i := range n {
		row := map[string]any{"id": int64(i), "status": []string{"open", "closed", "draft"}[i%3]}
		for _, keys := range []int{0, 1, 8, 9, 64} {
			m := map[string]any{}
			for k := range keys {
				m["k"+strconv.Itoa(k)] = []any{"v" + strconv.Itoa(k%5), int64(k * 1000), float64(k) + 0.5, k%2 == 0, nil}[(i+k)%5]
			}
			row["map"+strconv.Itoa(keys)] = m
		}
		for _, elems := range []int{0, 1, 2, 70} {
			a := []any{}
			for e := range elems {
				a = append(a, []any{"e" + strconv.Itoa(e%7), int64(e), map[string]any{"x": int64(e)}, []any{int64(e), "s"}}[(i+e)%4])
			}
			row["list"+strconv.Itoa(elems)] = a
		}
		row["tags"] = []string{"red", "green", "blue"}[:i%4%3+1] // a string list
		rows = append(rows, row)
	}
	return rows
}

// TestDecodeGenericShapes compares Unmarshal into []map[string]any and
// []any with json.Unmarshal of the same JSON (JSONCompatible), and with
// the rows themselves (default mode), from a buffer overwritten after the
// call.
func TestDecodeGenericShapes(t *testing.T) {
	for _, n := range []int{1, 25, 130} {
		rows := genericShapeRows(n)
		text, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		pages := objPages(t, rows)
		// What the default mode gives: the rows, with string lists as []any.
		native := genericShapeRows(n)
		for _, r := range native {
			r["tags"] = toAnys(r["tags"].([]string))
		}
		for src, page := range pages {
			for name, m := range objModes() {
				t.Run(fmt.Sprint(n, "/", src, "/", name), func(t *testing.T) {
					got := unmarshalThenClobber(t, m, page, func() []map[string]any { return nil })
					gotAny := unmarshalThenClobber(t, m, page, func() any { return nil })
					var want []map[string]any
					var wantAny any
					if name == "compat" {
						if err := json.Unmarshal(text, &want); err != nil {
							t.Fatal(err)
						}
						if err := json.Unmarshal(text, &wantAny); err != nil {
							t.Fatal(err)
						}
					} else {
						if src == "json" {
							return // the page of JSON text holds no types to compare with
						}
						want, wantAny = native, toAnyRows(native)
					}
					if d := cmp.Diff(want, got); d != "" {
						t.Fatalf("into maps (-want +got):\n%s", d)
					}
					if d := cmp.Diff(wantAny, gotAny); d != "" {
						t.Fatalf("into any (-want +got):\n%s", d)
					}
				})
			}
		}
	}
}

func toAnys(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

func toAnyRows(rows []map[string]any) []any {
	out := make([]any, len(rows))
	for i, r := range rows {
		out[i] = r
	}
	return out
}

// TestDecodeGenericArraysApart writes through and appends to every []any
// of one decode and checks that the other arrays, cut from the same shared
// arrays, and a second decode into a new slice do not change.
func TestDecodeGenericArraysApart(t *testing.T) {
	rows := genericShapeRows(40)
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	var first, second, want []map[string]any
	for _, v := range []*[]map[string]any{&first, &second, &want} {
		if err := rowpage.Unmarshal(page, v); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range first {
		for k, v := range r {
			if a, ok := v.([]any); ok {
				for i := range a {
					a[i] = "clobbered"
				}
				r[k] = append(a, "more", "and more")
			}
		}
	}
	if d := cmp.Diff(want, second); d != "" {
		t.Fatalf("a second decode changed with the first (-want +got):\n%s", d)
	}
	for i, r := range first {
		for k, v := range r {
			a, ok := v.([]any)
			if !ok {
				continue
			}
			n := len(want[i][k].([]any))
			if len(a) != n+2 || (n > 0 && a[n-1] != "clobbered") || a[n] != "more" {
				t.Fatalf("row %d, %s: %v, want %d clobbered elements and two more", i, k, a, n)
			}
		}
	}
}

// TestDecodeGenericTimes decodes times in every RFC 3339 form: as
// time.Time cells (default mode: the same instant and offset, as Row.Time
// gives), and as strings of time text (compat mode: what json.Unmarshal
// gives), 130 rows so that the boxed times span more than one shared
// array.
func TestDecodeGenericTimes(t *testing.T) {
	texts := []string{
		"2025-03-14T10:04:15Z", "2025-03-14T10:04:15.1Z", "2025-03-14T10:04:15.123Z",
		"2025-03-14T10:04:15.123456Z", "2025-03-14T10:04:15.123456789Z", "2025-03-14T10:04:15+00:00",
		"2025-03-14T10:04:15.738+00:00", "2025-03-14T10:04:15-07:00", "2025-03-14T10:04:15.5+05:30",
		"2025-03-14T10:04:15+14:00", "2025-03-14T10:04:15.000000001-12:00", "1970-01-01T00:00:00Z",
		"9999-12-31T23:59:59.999999999Z", "0001-01-01T00:00:00Z", "2025-03-14t10:04:15z",
	}
	var rows []map[string]any
	var text []map[string]any
	for i := range 130 {
		s := texts[i%len(texts)]
		tm, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			tm = time.Date(2025, 3, 14, 10, 4, 15, i, time.UTC)
		}
		rows = append(rows, map[string]any{"t": tm, "nested": map[string]any{"t": tm}, "list": []any{tm, tm}})
		text = append(text, map[string]any{"t": s, "nested": map[string]any{"t": s}, "list": []any{s, s}})
	}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	got := unmarshalThenClobber(t, mustDecMode(t, rowpage.DecOptions{}), page, func() []map[string]any { return nil })
	sameTime := cmp.Comparer(func(a, b time.Time) bool {
		_, ao := a.Zone()
		_, bo := b.Zone()
		return a.Equal(b) && ao == bo
	})
	if d := cmp.Diff(rows, got, sameTime); d != "" {
		t.Fatalf("time cells (-want +got):\n%s", d)
	}
	for src, page := range objPages(t, text) {
		js, err := json.Marshal(text)
		if err != nil {
			t.Fatal(err)
		}
		var want []map[string]any
		if err := json.Unmarshal(js, &want); err != nil {
			t.Fatal(err)
		}
		got := unmarshalThenClobber(t, mustDecMode(t, rowpage.DecOptions{JSONCompatible: true}), page, func() []map[string]any { return nil })
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("%s: time text (-want +got):\n%s", src, d)
		}
	}
}

func mustDecMode(t *testing.T, o rowpage.DecOptions) *rowpage.DecMode {
	t.Helper()
	m, err := o.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestDecodeMapRowsReused decodes rows, null ones among them, into a
// []map[string]any that already holds maps: every element is a new map
// of its row's members (nil for a null row), as after zeroing, and the
// old maps are left as they were.
func TestDecodeMapRowsReused(t *testing.T) {
	rows := []map[string]any{{"a": "x", "n": int64(1)}, nil, {"b": []any{"y"}}, {}}
	page, err := rowpage.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	old := map[string]any{"stale": true}
	out := make([]map[string]any, 6)
	for i := range out {
		out[i] = old
	}
	if err := rowpage.Unmarshal(page, &out); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rows, out); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	if d := cmp.Diff(map[string]any{"stale": true}, old); d != "" {
		t.Fatalf("an old map changed (-want +got):\n%s", d)
	}
}
