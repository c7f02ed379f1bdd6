package rowpage

import (
	"strconv"
	"testing"

	"github.com/rowpage/rowpage/internal/dataset"
)

// TestDeferredCellsSamePage checks that deferring the strings of columns
// that look distinct (pageBuilder.cellString) changes no page: each input
// is encoded with deferral and with every string interned, and the pages
// must be equal byte for byte. The inputs cover every dataset in every
// form, and the ways a deferred string can turn out to repeat: within its
// column, in another column, as a key, nested in an array or object, and a
// column that repeats so often it goes back to interning.
func TestDeferredCellsSamePage(t *testing.T) {
	inputs := map[string]any{}
	for _, s := range dataset.Sets {
		for _, n := range []int{40, 1000, 3000} {
			name := s.Name + "/" + strconv.Itoa(n)
			inputs[name+"/values"] = s.Values(n)
			inputs[name+"/generic"] = s.Generic(n)
			inputs[name+"/native"] = s.NativeMaps(n)
		}
	}
	inputs["repeats"] = deferRepeats(3000)
	on := NewEncoder()
	for name, v := range inputs {
		samePageAsInterned(t, on, v, name)
	}
}

// deferRepeats returns n rows whose distinct-looking columns repeat in
// every way cellString must undo.
func deferRepeats(n int) []map[string]any {
	rows := make([]map[string]any, n)
	for i := range rows {
		id := "id-" + strconv.Itoa(i)
		r := map[string]any{
			"id":      id,
			"created": "t" + strconv.Itoa(i),
			"later":   "late" + strconv.Itoa(i%700), // distinct for 700 rows, then repeats
			"nested":  []any{"n" + strconv.Itoa(i), id},
		}
		if i%3 == 0 {
			r["updated"] = r["created"] // another column's deferred string
		} else {
			r["updated"] = "u" + strconv.Itoa(i)
		}
		if i > 0 && i%50 == 0 {
			r["id-"+strconv.Itoa(i-7)] = true // a key equal to a deferred string
			r["obj"] = map[string]any{"k": "t" + strconv.Itoa(i-3)}
		}
		if i%97 == 0 {
			r["created"] = "id-" + strconv.Itoa(i/2) // repeats an earlier id
		}
		rows[i] = r
	}
	return rows
}

// TestEncoderAllocsPerPage checks that a reused Encoder writing into a
// reused buffer allocates nothing per page once warmed up, at sizes from a
// few rows to many thousands (where the interner's table, the deferred
// strings' set and the columns have all grown), for every dataset from
// generic maps, native maps and structs. It counts allocations, not time.
func TestEncoderAllocsPerPage(t *testing.T) {
	sizes := []int{25, 1000, 10000}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, s := range dataset.Sets {
		for _, n := range sizes {
			forms := map[string]any{"generic": s.Generic(n), "native": s.NativeMaps(n)}
			if s.HasStructs() {
				forms["structs"] = s.Values(n)
			}
			for form, v := range forms {
				enc := NewEncoder()
				buf, err := enc.Append(nil, v)
				if err != nil {
					t.Fatal(err)
				}
				allocs := testing.AllocsPerRun(2, func() {
					buf, err = enc.Append(buf[:0], v)
				})
				if err != nil {
					t.Fatal(err)
				}
				if allocs != 0 {
					t.Errorf("%s/%d/%s: %v allocations per page, want 0", s.Name, n, form, allocs)
				}
			}
		}
	}
}

// TestDeferredUndoOnce checks that a column whose deferred strings repeat
// another column's (an update time equal to the creation time in a third
// of the rows) goes back to interning once per page, not every few hundred
// rows: each time costs a pass over the page's strings, so that made a
// page's cost grow with the square of its rows.
func TestDeferredUndoOnce(t *testing.T) {
	for _, v := range []any{dataset.BaaSGenericMaps(20000), dataset.BaaSDocs(20000)} {
		e := NewEncoder()
		if err := e.build(v); err != nil {
			t.Fatal(err)
		}
		if n := e.b.In.Tabled; n > 1 {
			t.Errorf("%T: deferred strings put in the table %d times while building one page, want at most 1", v, n)
		}
		e.release()
	}
}
