package jsonbridge

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pageread"
)

// deferredPages returns small checksum-free pages (so that damage reaches
// the cells) holding every encoding that AppendJSON validates while it
// renders: integers plain, delta and frame-of-reference, floats of both
// forms, integral floats in each integer layout, int-or-float columns (with
// nulls, and at the ends of int64), string references and
// sequences, string lists, and timestamps in every time mode, with and
// without nulls.
func deferredPages(t *testing.T) [][]byte {
	m, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	zone := time.FixedZone("", 5*3600+1800)
	base := time.Date(2024, 5, 6, 7, 8, 9, 120_000_000, time.UTC)
	var mixed []map[string]any
	for i := range 12 {
		row := map[string]any{
			"for":    1_000_000_000_000 + int64((i*83)%128), // frame of reference
			"neg":    int64(-5_000_000_000 + int64(i)*3),    // delta
			"spread": int64(i*i*i*1000) - 40_000,            // plain
			"f":      []float64{0.1, 1e-9, 3.14159, math.MaxFloat64, 1e300, -2.5}[i%6],
			"seq":    "unique-" + string(rune('a'+i)),
			"u":      uint64(1<<63) + uint64(i),
			"s":      []string{"x", "y", "<z>"}[i%3],
			"list":   [][]string{{}, {"x"}, {"y", "x", "w"}}[i%3],
			"shared": base.Add(time.Duration(i) * time.Hour).In(zone),
			"local":  base.Add(time.Duration(i*i) * time.Minute).In(time.FixedZone("", -i*60)),
			// text times: per-value offsets with +00:00 (mode 6), and all Z (mode 0)
			"txt":  []string{"2025-03-14T10:04:15.738+00:00", "2025-03-14T11:00:00+02:00", "2025-03-15T00:00:00.5-05:30"}[i%3],
			"txtz": "2024-01-0" + strconv.Itoa(1+i%9) + "T03:04:05Z",
			// integral floats: plain, delta from -2^53, frame of
			// reference up to 2^53 (with nulls), and tagged
			"fip": float64((i*7)%5*10 - 20),
			"fid": float64(-(1 << 53) + int64(i)*3),
			"fif": float64(1<<53 - int64(i%2)*100 - int64(i)),
			"fia": []any{float64(i) * 1e3, "s", float64(-(1 << 53))}[i%3],
			// int-or-float: with nulls, and at the ends of int64 with
			// raw floats
			"nfn": []any{int64(12), 12.5, int64(-300), 0.001}[i%4],
			"nfe": []any{int64(math.MaxInt64), 5e-324, int64(math.MinInt64), 1e300, math.Copysign(0, -1), int64(0)}[i%6],
		}
		if i%4 == 1 {
			row["f"], row["s"], row["list"], row["shared"], row["txt"], row["fif"] = nil, nil, nil, nil, nil, nil
			row["nfn"] = nil
		}
		mixed = append(mixed, row)
	}
	var pages [][]byte
	for _, v := range []any{dataset.Rows(20), dataset.SparseMaps(12), dataset.EventMaps(3), dataset.HeteroMaps(10), dataset.AnalyticsMaps(6), mixed} {
		p, err := m.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	return pages
}

// checkDeferred renders page with AppendJSON and with WriteJSON, both of
// which validate most cells as they render them: the two must agree with
// each other and with Parse, which validates the whole page first, on the
// error, to the last byte of its text (kind, offset, row, column), or on
// every byte of the JSON. The pages are smaller than one of WriteJSON's
// chunks, so a WriteJSON that fails must have written nothing.
func checkDeferred(t *testing.T, page []byte, what string) {
	t.Helper()
	got, err := AppendJSON(nil, page)
	var want bytes.Buffer
	werr := WriteJSON(&want, page)
	switch {
	case (err == nil) != (werr == nil):
		t.Fatalf("%s: AppendJSON error %v, WriteJSON error %v", what, err, werr)
	case err != nil && err.Error() != werr.Error():
		t.Fatalf("%s: AppendJSON error\n%v\nwant (WriteJSON, full validation)\n%v", what, err, werr)
	case werr != nil && want.Len() > 0:
		t.Fatalf("%s: WriteJSON wrote %d bytes before its error %v", what, want.Len(), werr)
	case err == nil && !bytes.Equal(got, want.Bytes()):
		t.Fatalf("%s: AppendJSON wrote\n%s\nWriteJSON wrote\n%s", what, got, want.Bytes())
	}
	if _, perr := pageread.Parse(page, format.Limits{}); (perr == nil) != (err == nil) || (err != nil && perr.Error() != err.Error()) {
		t.Fatalf("%s: AppendJSON error %v, Parse error %v", what, err, perr)
	}
}

// TestDeferredValidationMatchesParse damages every byte of every column
// payload of small pages, in four ways each, and checks that AppendJSON
// reports exactly the error full validation reports, or renders exactly
// what a fully validated render writes.
func TestDeferredValidationMatchesParse(t *testing.T) {
	for k, page := range deferredPages(t) {
		checkDeferred(t, page, "undamaged")
		l, err := pageread.Parse(page, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		deferred := 0
		var d pageread.Layout
		if err := d.ResetDeferred(page, format.Limits{}); err != nil {
			t.Fatal(err)
		}
		for c := range d.Columns {
			if d.Deferred(c) {
				deferred++
			}
		}
		if deferred == 0 {
			t.Fatalf("page %d: no column deferred", k)
		}
		failures := 0
		p := make([]byte, len(page))
		for _, col := range l.Columns {
			for i := col.Offset; i < col.Offset+len(col.Payload); i++ {
				for _, damage := range []func(byte) byte{
					func(b byte) byte { return b ^ 0x01 },
					func(b byte) byte { return b ^ 0x80 },
					func(byte) byte { return 0x00 },
					func(byte) byte { return 0xFF },
				} {
					copy(p, page)
					p[i] = damage(p[i])
					if p[i] == page[i] {
						continue
					}
					checkDeferred(t, p, "page "+strconv.Itoa(k)+", byte "+strconv.Itoa(i))
					if _, err := AppendJSON(nil, p); err != nil {
						failures++
					}
				}
			}
		}
		// Most damage must be caught; a test whose pages shrug it all off
		// would prove nothing.
		if failures == 0 {
			t.Fatalf("page %d: no damaged page was rejected", k)
		}
		t.Logf("page %d: %d of %d columns deferred, %d damaged pages rejected", k, deferred, len(l.Columns), failures)
	}
}

// TestDeferredRandomDamage damages several bytes at once, at random, in
// the column payloads: errors in two columns must be reported as Parse
// reports them, the first column first, including when a column that is
// validated up front follows a deferred one that is also damaged. 20,000
// rounds a page; 2,000 with -short, and 4,000 under the race detector,
// whose run is some ten times slower and there for the memory accesses.
func TestDeferredRandomDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	n := 20_000
	switch {
	case testing.Short():
		n = 2_000
	case raceEnabled:
		n = 4_000
	}
	for k, page := range deferredPages(t) {
		l, err := pageread.Parse(page, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		start := l.Columns[0].Offset
		end := len(page)
		p := make([]byte, len(page))
		for i := range n {
			copy(p, page)
			for range 1 + r.IntN(3) {
				p[start+r.IntN(end-start)] = byte(r.Uint32())
			}
			checkDeferred(t, p, "page "+strconv.Itoa(k)+", round "+strconv.Itoa(i))
		}
	}
}

// TestDeferredOverBudget damages the last cell of a deferred column and
// renders under a JSON budget the first rows already exceed: the render
// stops before it reaches the damage, and must still report the damage,
// as Parse does, rather than the budget.
func TestDeferredOverBudget(t *testing.T) {
	page := deferredPages(t)[0]
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	col := -1
	for c := range l.Columns {
		if l.Columns[c].Enc == format.EncIntDelta {
			col = c
			break
		}
	}
	if col < 0 {
		t.Fatal("no delta-coded column in the test page")
	}
	m, err := Options{Limits: rowpage.Limits{MaxJSONBytes: 100}}.Mode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.AppendJSON(nil, page); !errors.Is(err, rowpage.ErrLimit) {
		t.Fatalf("undamaged page under a 100-byte budget: error %v, want ErrLimit", err)
	}
	c := &l.Columns[col]
	bad := append([]byte(nil), page...)
	bad[c.Offset+len(c.Payload)-1] = 0xFF // the last varint now runs past the payload
	_, perr := pageread.Parse(bad, format.Limits{})
	if perr == nil {
		t.Fatal("Parse accepted the damaged page")
	}
	if _, err := m.AppendJSON(nil, bad); err == nil || err.Error() != perr.Error() {
		t.Fatalf("damaged page under a 100-byte budget: error %v, want Parse's %v", err, perr)
	}
}

// TestCheckDeferredUnreadCells calls CheckDeferred without taking any
// cell: the validator finds nothing wrong with the page, so the error must
// name the reader, not the page.
func TestCheckDeferredUnreadCells(t *testing.T) {
	page := deferredPages(t)[0]
	var l pageread.Layout
	if err := l.ResetDeferred(page, format.Limits{}); err != nil {
		t.Fatal(err)
	}
	cur := make([]pageread.Cursor, len(l.Columns))
	for c := range cur {
		cur[c] = l.Cursor(c)
	}
	err := l.CheckDeferred(cur)
	if !errors.Is(err, rowpage.ErrCorrupt) || !strings.Contains(err.Error(), "reader bug") {
		t.Fatalf("CheckDeferred with no cells read: error %v, want ErrCorrupt naming a reader bug", err)
	}
}

// TestWriteJSONDamagePastFirstChunk damages the last cell of a page whose
// JSON spans many chunks: WriteJSON sends the chunks rendered from good
// cells, a prefix of the JSON, and then returns Parse's error.
func TestWriteJSONDamagePastFirstChunk(t *testing.T) {
	m, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.Marshal(dataset.Rows(2000))
	if err != nil {
		t.Fatal(err)
	}
	good, err := AppendJSON(nil, page)
	if err != nil {
		t.Fatal(err)
	}
	if len(good) < 4*chunkSize {
		t.Fatalf("the JSON is %d bytes, too short for the test", len(good))
	}
	damaged := false
	for _, b := range []byte{0x80, 0xFF, 0x7F} {
		bad := bytes.Clone(page)
		bad[len(bad)-1] = b
		_, perr := pageread.Parse(bad, format.Limits{})
		if perr == nil {
			continue
		}
		damaged = true
		var out bytes.Buffer
		werr := WriteJSON(&out, bad)
		if werr == nil || werr.Error() != perr.Error() {
			t.Fatalf("last byte %#x: WriteJSON error %v, want Parse's %v", b, werr, perr)
		}
		if !errors.Is(werr, rowpage.ErrCorrupt) && !errors.Is(werr, rowpage.ErrTruncated) {
			t.Fatalf("last byte %#x: WriteJSON error %v is not ErrCorrupt or ErrTruncated", b, werr)
		}
		if out.Len() == 0 || !bytes.HasPrefix(good, out.Bytes()) {
			t.Fatalf("last byte %#x: WriteJSON wrote %d bytes, want a non-empty prefix of the page's JSON", b, out.Len())
		}
	}
	if !damaged {
		t.Fatal("no damage to the last byte made the page invalid")
	}
}

// TestDeferredTextTimeRules breaks the two rules of text-time columns that
// only a whole column shows (SPEC.md 5.4): a mode-6 column must hold a zero
// offset, and every offset is whole minutes. AppendJSON, which checks text
// times while it renders them, must report them as Parse does.
func TestDeferredTextTimeRules(t *testing.T) {
	m, err := PageOptions{EncOptions: rowpage.EncOptions{NoChecksum: true}}.PageMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.AppendPage(nil, []byte(`[{"t":"2025-03-14T10:04:15+00:00"},{"t":"2025-03-14T10:04:15+01:00"}]`))
	if err != nil {
		t.Fatal(err)
	}
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	col := l.Columns[0]
	if col.Enc != format.EncTextTime || col.Payload[0] != format.TimePerValue|format.TimeZeroPlus {
		t.Fatalf("column encoding %#x, mode %d: want a text-time column in mode 6", col.Enc, col.Payload[0])
	}
	// Cell 0 is sv(local, 5 bytes) uv(frac 0) sv(offset 0) after the mode.
	at := col.Offset + 1 + 5 + 1
	if page[at] != 0 {
		t.Fatalf("byte %d is %#x, not cell 0's zero offset", at, page[at])
	}
	for _, tc := range []struct {
		name   string
		offset byte // an sv of one byte
	}{
		{"mode 6 without a zero offset", byte(format.EncodeZigZag(60))},
		{"an offset of 30 seconds", byte(format.EncodeZigZag(30))},
	} {
		p := bytes.Clone(page)
		p[at] = tc.offset
		checkDeferred(t, p, tc.name)
		if _, err := AppendJSON(nil, p); !errors.Is(err, rowpage.ErrCorrupt) {
			t.Errorf("%s: AppendJSON error %v, want ErrCorrupt", tc.name, err)
		}
	}
}

// TestDeferredFloatIntRange breaks the range of integral floats (SPEC.md
// 5.2, 5.5), ±2^53, in each integer layout and in a tag, by one byte each:
// AppendJSON, which checks them while it renders, must report them as Parse
// does, and Parse must call them corrupt.
func TestDeferredFloatIntRange(t *testing.T) {
	m, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	const max = 1 << 53
	page, err := m.Marshal([]map[string]any{
		{"p": float64(max), "d": float64(max - 1), "f": float64(max - 100), "a": []any{float64(max)}},
		{"p": float64(-max), "d": float64(max), "f": float64(max), "a": []any{float64(-max)}},
		{"p": 0.0, "d": float64(max - 1), "f": float64(max - 90), "a": []any{1.5}},
	})
	if err != nil {
		t.Fatal(err)
	}
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	layouts := map[string]byte{"p": format.EncInt, "d": format.EncIntDelta, "f": format.EncIntFOR}
	for c, col := range l.Columns {
		name := l.ColumnName(c)
		if lay, ok := layouts[name]; ok && (col.Enc != format.EncFloatInt || col.Payload[0] != lay) {
			t.Fatalf("column %s: encoding %s, layout %#x; want float-int, %s", name, format.EncodingName(col.Enc), col.Payload[0], format.EncodingName(lay))
		}
	}
	// A value at or near ±2^53 is a varint of 8 bytes: one more in its
	// last byte adds 2^49 to its zigzag form, taking it out of range. So
	// does one more in the frame offset of 100 that reaches 2^53.
	damaged := 0
	for c, col := range l.Columns {
		for i := range col.Payload {
			at := col.Offset + i
			edge := i >= 7 && page[at] < 0x80 && !bytes.ContainsFunc(page[at-7:at], func(r rune) bool { return r < 0x80 })
			if !edge && !(l.ColumnName(c) == "f" && page[at] == 100) {
				continue
			}
			p := bytes.Clone(page)
			p[at]++
			what := l.ColumnName(c) + ", byte " + strconv.Itoa(at)
			checkDeferred(t, p, what)
			if _, err := AppendJSON(nil, p); !errors.Is(err, rowpage.ErrCorrupt) {
				t.Errorf("%s: AppendJSON error %v, want ErrCorrupt", what, err)
			}
			damaged++
		}
	}
	if damaged < 7 { // p: 2, d: 1, f: 2, a: 2
		t.Errorf("only %d values at the edge of the range damaged", damaged)
	}
}

// TestDeferredIntFloat damages int-or-float columns (SPEC.md 5.2) where a
// byte's damage keeps the payload's length: a column left with integers
// only or floats only (corrupt by SPEC.md 9, found by CheckDeferred at the
// end), a non-minimal sv and a bad float cell. AppendJSON must report each
// as Parse does, and Parse call it corrupt.
func TestDeferredIntFloat(t *testing.T) {
	m, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	page, err := m.Marshal([]map[string]any{{"a": int64(200)}, {"a": nil}, {"a": 2.5}})
	if err != nil {
		t.Fatal(err)
	}
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	col := l.Columns[0]
	// bitmap 02, then 7f 90 03 (sv 200), then 3e 19 (2.5)
	if col.Enc != format.EncIntFloat|format.EncNullBitmap || !bytes.Equal(col.Payload, []byte{0x02, 0x7f, 0x90, 0x03, 0x3e, 0x19}) {
		t.Fatalf("column a: %s, payload % x", format.EncodingName(col.Enc), col.Payload)
	}
	at := col.Offset
	for _, tc := range []struct {
		what string
		i    int
		b    byte
		want error
	}{
		{"floats only", 1, 0x40, format.ErrCorrupt},   // 40 90 03: the float 2000 (selector 0x40, uv 400)
		{"integers only", 4, 0x7f, format.ErrCorrupt}, // 7f 19: the integer -13
		{"non-minimal sv", 3, 0x00, format.ErrCorrupt},
		{"mantissa cut short", 5, 0x80, format.ErrTruncated},
		{"mantissa with a trailing zero", 5, 0x14, format.ErrCorrupt},
		{"selector 0xFF cut short", 4, 0xff, format.ErrTruncated},
	} {
		p := bytes.Clone(page)
		p[at+tc.i] = tc.b
		checkDeferred(t, p, tc.what)
		if _, err := AppendJSON(nil, p); !errors.Is(err, tc.want) {
			t.Errorf("%s: AppendJSON error %v, want %v", tc.what, err, tc.want)
		}
	}
}
