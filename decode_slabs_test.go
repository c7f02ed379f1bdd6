package rowpage

import (
	"strconv"
	"testing"
	"time"
)

// The values Decode cuts from shared arrays (decode_slabs.go, the text
// arena of decode_arena.go): the same values as encoding/json gives, and
// each independent of the others.

type slabRow struct {
	S    *string    `json:"s"`
	T    *time.Time `json:"t"`
	Ints []int64    `json:"ints"`
	Text string     `json:"text"` // a text time column (strings that look like times)
	PTxt *string    `json:"ptxt"` // the same, through a pointer
	N    *int64     `json:"n"`    // a pointee that is not cut from a slab
}

// slabRows returns n rows with every field of slabRow null, absent or
// set, in turn, over more rows than a slab holds. With full, no key is
// absent (a null stands in), so that every row has one shape and Decode
// reads column by column.
func slabRows(n int, full bool) []map[string]any {
	base := time.Date(2025, 3, 14, 10, 4, 15, 123_000_000, time.UTC)
	var rows []map[string]any
	for i := range n {
		r := map[string]any{}
		switch i % 4 {
		case 0:
			r["s"], r["t"], r["ints"], r["n"] = nil, nil, nil, nil
		case 1:
			if full {
				r["s"], r["t"], r["ints"], r["n"] = nil, nil, nil, nil
			}
		default:
			ints := make([]int64, i%5)
			for j := range ints {
				ints[j] = int64(i*j) - 100
			}
			r["s"], r["t"], r["ints"], r["n"] = "s"+strconv.Itoa(i%7), base.Add(time.Duration(i)*time.Hour), ints, int64(i)
		}
		if i%3 != 0 {
			text := base.Add(time.Duration(i) * time.Minute).Format("2006-01-02T15:04:05.000Z07:00")
			r["text"], r["ptxt"] = text, text
		} else if full {
			r["text"], r["ptxt"] = nil, nil
		}
		rows = append(rows, r)
	}
	return rows
}

func TestDecodeSlabsLikeJSON(t *testing.T) {
	for _, c := range []struct {
		n    int
		full bool
	}{{1, false}, {3, false}, {63, false}, {64, true}, {65, false}, {200, true}, {200, false}, {3000, true}, {3000, false}} {
		n := c.n
		rows := sameAsJSON[[]slabRow](t, slabRows(n, c.full))
		// Each pointee and array is the row's own: writing or appending
		// through one leaves the others as they were.
		want := sameAsJSON[[]slabRow](t, slabRows(n, c.full))
		for i := range rows {
			if rows[i].S != nil {
				*rows[i].S = "changed"
			}
			if rows[i].T != nil {
				*rows[i].T = time.Time{}
			}
			if rows[i].PTxt != nil {
				*rows[i].PTxt = "changed"
			}
			_ = append(rows[i].Ints, 99)
			if cap(rows[i].Ints) != len(rows[i].Ints) {
				t.Fatalf("%d rows: row %d's ints have room past their end: %d of %d", n, i, len(rows[i].Ints), cap(rows[i].Ints))
			}
			for j := i + 1; j < len(rows) && j < i+80; j++ {
				if (want[j].S == nil) != (rows[j].S == nil) || want[j].S != nil && *rows[j].S != *want[j].S {
					t.Fatalf("%d rows: writing row %d's *string changed row %d's", n, i, j)
				}
				if want[j].T != nil && !rows[j].T.Equal(*want[j].T) {
					t.Fatalf("%d rows: writing row %d's *time.Time changed row %d's", n, i, j)
				}
				if want[j].PTxt != nil && *rows[j].PTxt != *want[j].PTxt {
					t.Fatalf("%d rows: writing row %d's text pointer changed row %d's", n, i, j)
				}
				for k := range want[j].Ints {
					if rows[j].Ints[k] != want[j].Ints[k] {
						t.Fatalf("%d rows: appending to row %d's ints changed row %d's", n, i, j)
					}
				}
			}
		}
	}
}

// TestDecodeSlabsKeepPointees decodes into rows whose pointers are set
// already: as json.Unmarshal does, the pointees are written, not replaced,
// and an []int64 with room is reused.
func TestDecodeSlabsKeepPointees(t *testing.T) {
	page, err := Marshal(slabRows(8, false))
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]slabRow, 8, 8)
	var ss [8]string
	var ts [8]time.Time
	var arrays [8][8]int64
	for i := range rows {
		rows[i] = slabRow{S: &ss[i], T: &ts[i], Ints: arrays[i][:0:8]}
	}
	// Decoding into an existing slice zeroes its elements first, as
	// json.Unmarshal does for a slice it reuses: the pointers go too.
	if err := Unmarshal(page, &rows); err != nil {
		t.Fatal(err)
	}
	var v slabRow
	s, tm := "old", time.Unix(1, 0)
	v.S, v.T, v.Ints = &s, &tm, arrays[0][:0:8]
	one, err := Marshal(slabRows(3, false)[2])
	if err != nil {
		t.Fatal(err)
	}
	if err := Unmarshal(one, &v); err != nil {
		t.Fatal(err)
	}
	if v.S != &s || s != "s2" || v.T != &tm || !tm.Equal(time.Date(2025, 3, 14, 12, 4, 15, 123_000_000, time.UTC)) {
		t.Fatalf("pointees replaced: %+v", v)
	}
	if len(v.Ints) != 2 || &v.Ints[0] != &arrays[0][0] {
		t.Fatalf("ints not reused: %v", v.Ints)
	}
}
