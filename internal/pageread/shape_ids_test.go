package pageread_test

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// shapesPage returns a page without checksum of n rows over 15 columns, row
// i holding the columns of the set bits of i+1 (so up to 32,767 distinct
// shapes), every 97th row null (shape id 0), or, when same, every row the
// one column "a".
func shapesPage(t *testing.T, n int, same bool) []byte {
	t.Helper()
	rows := make([]map[string]any, n)
	for i := range rows {
		switch {
		case same:
			rows[i] = map[string]any{"a": i}
		case i%97 == 5:
		default:
			m := map[string]any{}
			for b := range 15 {
				if (i+1)>>b&1 != 0 {
					m["c"+strconv.Itoa(b)] = b
				}
			}
			rows[i] = m
		}
	}
	mode, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := mode.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// rowShapeIDs returns the row shape ids' bytes of page (the row shapes
// section after its length) and their offset in page.
func rowShapeIDs(t *testing.T, page []byte) (ids []byte, offset int) {
	t.Helper()
	for _, s := range pageread.Sections(page) {
		if s.Name == "row shapes" {
			_, n := format.ConsumeUvarint(page[s.Offset:])
			return page[s.Offset+n : s.Offset+s.Len], s.Offset + n
		}
	}
	t.Fatalf("no row shapes section in %v", pageread.Sections(page))
	return nil, 0
}

// referenceIDs decodes the row shape ids of b with format.ConsumeUvarint,
// returning each id and the width of its varint.
func referenceIDs(t *testing.T, b []byte) (ids, widths []int) {
	t.Helper()
	for len(b) > 0 {
		v, n := format.ConsumeUvarint(b)
		if n < 0 {
			t.Fatalf("row shape ids: varint error %d", n)
		}
		ids, widths = append(ids, int(v)), append(widths, n)
		b = b[n:]
	}
	return ids, widths
}

// TestRowShapeIDsEveryWidth checks that ShapeReader.Next gives each row the
// id the row shape section encodes (SPEC.md 9.2), as format.ConsumeUvarint
// reads it, for ids of one, two and three bytes and for null rows, and
// shape 1 for every row of a page that omits the ids.
func TestRowShapeIDsEveryWidth(t *testing.T) {
	for _, c := range []struct {
		rows   int
		same   bool
		widths []int // the varint widths the page must use
	}{
		{rows: 40, same: true},
		{rows: 100, widths: []int{1}},
		{rows: 400, widths: []int{1, 2}},
		{rows: 17_000, widths: []int{1, 2, 3}},
	} {
		page := shapesPage(t, c.rows, c.same)
		l, err := pageread.Parse(page, format.Limits{})
		if err != nil {
			t.Fatalf("%d rows: %v", c.rows, err)
		}
		var want []int
		if c.same {
			if !l.AllRowsShape1() {
				t.Fatalf("%d rows of one shape: the page has row shape ids", c.rows)
			}
			for range c.rows {
				want = append(want, 1)
			}
		} else {
			b, _ := rowShapeIDs(t, page)
			var widths []int
			want, widths = referenceIDs(t, b)
			seen := map[int]bool{}
			for _, w := range widths {
				seen[w] = true
			}
			for _, w := range c.widths {
				if !seen[w] {
					t.Fatalf("%d rows: no row shape id of %d bytes", c.rows, w)
				}
			}
		}
		sr := l.RowShapes()
		got := make([]int, c.rows)
		for i := range got {
			got[i] = sr.Next()
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%d rows: shape ids (-ConsumeUvarint +Next):\n%s", c.rows, diff)
		}
	}
}

// TestRowShapeIDsMalformed checks that Parse rejects row shape ids that are
// not minimal varints, or that run past their section, with the error and
// offset of the general varint reader, whatever the id's width.
func TestRowShapeIDsMalformed(t *testing.T) {
	page := shapesPage(t, 17_000, false)
	sec, base := rowShapeIDs(t, page)
	_, widths := referenceIDs(t, sec)
	first := map[int]int{} // width -> offset in sec of its first id
	last := map[int]int{}  // and of its last
	at := 0
	for _, w := range widths {
		if _, ok := first[w]; !ok {
			first[w] = at
		}
		last[w] = at
		at += w
	}
	if last[3]+3 != len(sec) {
		t.Fatalf("the last row shape id is not of three bytes")
	}
	for _, c := range []struct {
		name    string
		at      int
		replace []byte
		err     error
		msg     string
	}{
		{"5 in two bytes", first[2], []byte{0x85, 0x00}, format.ErrCorrupt, "row shape id is a non-minimal varint"},
		{"5 in three bytes", first[3], []byte{0x85, 0x80, 0x00}, format.ErrCorrupt, "row shape id is a non-minimal varint"},
		{"200 in three bytes", first[3], []byte{0xC8, 0x81, 0x00}, format.ErrCorrupt, "row shape id is a non-minimal varint"},
		{"two-byte id in three bytes", last[2], []byte{sec[last[2]], sec[last[2]+1] | 0x80, 0x00}, format.ErrCorrupt, "row shape id is a non-minimal varint"},
		{"three-byte id past the end", last[3], []byte{sec[last[3]], sec[last[3]+1], sec[last[3]+2] | 0x80}, format.ErrTruncated, "row shape id runs past the end of its section"},
	} {
		bad := append([]byte(nil), page...)
		copy(bad[base+c.at:], c.replace)
		_, err := pageread.Parse(bad, format.Limits{})
		var fe *format.Error
		if !errors.As(err, &fe) || !errors.Is(err, c.err) || fe.Msg != c.msg || fe.Offset != base+c.at {
			t.Errorf("%s: error %v; want %v %q at byte %d", c.name, err, c.err, c.msg, base+c.at)
		}
	}
}

// TestRowShapeIDsRangeAndOrder checks that Parse rejects a row shape id
// past the page's shapes, or one that is used before every lower id has
// been (SPEC.md 9.2), naming the id, its row and its offset, for ids of one,
// two and three bytes, whichever of the two faults comes first.
func TestRowShapeIDsRangeAndOrder(t *testing.T) {
	page := shapesPage(t, 17_000, false)
	sec, base := rowShapeIDs(t, page)
	ids, widths := referenceIDs(t, sec)
	ns := 0
	for _, id := range ids {
		ns = max(ns, id)
	}
	// idFault returns the first fault of ids as Parse names it, or "".
	idFault := func(ids []int) (msg string, row int) {
		used := 0
		for r, id := range ids {
			switch {
			case id > ns:
				return "shape id " + strconv.Itoa(id) + " of " + strconv.Itoa(ns), r
			case id > used+1:
				return "shape " + strconv.Itoa(id) + " used before shape " + strconv.Itoa(used+1) + " (shapes out of order)", r
			}
			used = max(used, id)
		}
		return "", -1
	}
	offs := make([]int, len(widths)) // offs[row]: its id's offset in sec
	for r := 1; r < len(widths); r++ {
		offs[r] = offs[r-1] + widths[r-1]
	}
	n := 0
	for row, w := range widths {
		if row%41 != 0 && (row == 0 || widths[row-1] == w) { // a sample, and each width's first
			continue
		}
		// The id becomes others of the same width: past the next shape
		// (out of order unless it was a shape's first use), past ns.
		lo, hi := 1<<(7*(w-1)), 1<<(7*w)-1
		if w == 1 {
			lo = 1
		}
		for _, v := range []int{ids[row] + 2, ids[row] + 9, ns + 1, hi} {
			if v < lo || v > hi {
				continue
			}
			var enc []byte
			for x := v; ; x >>= 7 {
				if x < 0x80 {
					enc = append(enc, byte(x))
					break
				}
				enc = append(enc, byte(x)|0x80)
			}
			got := append([]int(nil), ids...)
			got[row] = v
			msg, frow := idFault(got)
			if msg == "" {
				continue // a shape never used, named after the ids
			}
			bad := append([]byte(nil), page...)
			copy(bad[base+offs[row]:], enc)
			_, err := pageread.Parse(bad, format.Limits{})
			n++
			var fe *format.Error
			if !errors.As(err, &fe) || !errors.Is(err, format.ErrCorrupt) || fe.Msg != msg || fe.Row != frow || fe.Offset != base+offs[frow] {
				t.Fatalf("row %d (width %d) id %d: error %v (%+v); want %q at row %d, byte %d", row, w, v, err, fe, msg, frow, base+offs[frow])
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d faults checked", n)
	}
}

// TestRowShapeIDsEveryRowShape1 checks that Parse rejects row shape ids
// present on a page whose every row has shape 1 (they must be omitted),
// and accepts them where a row is null.
func TestRowShapeIDsEveryRowShape1(t *testing.T) {
	mode, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := mode.Marshal([]map[string]any{{"a": 1}, nil, {"a": 2}})
	if err != nil {
		t.Fatal(err)
	}
	sec, base := rowShapeIDs(t, page)
	if diff := cmp.Diff([]byte{1, 0, 1}, sec); diff != "" {
		t.Fatalf("row shape ids (-want +got):\n%s", diff)
	}
	if _, err := pageread.Parse(page, format.Limits{}); err != nil {
		t.Fatalf("a null row: %v", err)
	}
	bad := append([]byte(nil), page...)
	bad[base+1] = 1
	_, err = pageread.Parse(bad, format.Limits{})
	var fe *format.Error
	if !errors.As(err, &fe) || fe.Msg != "row shapes must be omitted when every row has shape 1" || fe.Offset != base {
		t.Fatalf("every row shape 1: error %v", err)
	}
}

// RowShapeIDs holds every row's shape id as ShapeReader yields them, and
// ShapeIDAt reads each, one to three bytes, to the same id and the
// position of the next; ShapeEnds bounds each shape's list in
// ShapeColumns as Shape returns it.
func TestRowShapeIDsAndShapeIDAt(t *testing.T) {
	for _, n := range []int{2, 300, 17000} {
		l, err := pageread.Parse(shapesPage(t, n, false), format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		ids, ends, sr := l.RowShapeIDs(), l.ShapeEnds(), l.RowShapes()
		pos := 0
		for r := range l.Rows {
			want := sr.Next()
			id, next := pageread.ShapeIDAt(ids, pos)
			if int(id) != want || next <= pos {
				t.Fatalf("%d rows, row %d: ShapeIDAt(ids, %d) = %d, %d; want id %d", n, r, pos, id, next, want)
			}
			pos = next
			if id != 0 && !slices.Equal(l.ShapeColumns()[ends[id-1]:ends[id]], l.Shape(int(id))) {
				t.Fatalf("%d rows, row %d: shape %d's list differs from Shape", n, r, id)
			}
		}
		if pos != len(ids) {
			t.Fatalf("%d rows: ids end at %d of %d", n, pos, len(ids))
		}
	}
}
