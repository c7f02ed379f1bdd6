package rowpage_test

import (
	"errors"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
)

// Rows that carry no bytes are bounded (SPEC.md section 2.4): a page may
// hold at most 8 rows per byte plus 1,024, so a 20-byte page cannot make a
// decoder build millions of rows.

func TestEmptyRowsUpToTheAllowance(t *testing.T) {
	type empty struct{}
	type allNull struct {
		A *int `json:"a"`
	}
	for _, v := range []any{make([]empty, 1024), make([]allNull, 1024), make([]map[string]any, 1024)} {
		page, err := rowpage.Marshal(v)
		if err != nil {
			t.Fatalf("%T of 1,024: %v", v, err)
		}
		p, err := rowpage.Open(page)
		if err != nil {
			t.Fatalf("%T of 1,024: Open: %v", v, err)
		}
		if p.Len() != 1024 {
			t.Fatalf("%T: %d rows, want 1,024", v, p.Len())
		}
	}
}

func TestEmptyRowsBeyondTheAllowance(t *testing.T) {
	type empty struct{}
	type allNull struct {
		A *int `json:"a"`
	}
	for _, v := range []any{make([]empty, 5000), make([]allNull, 5000)} {
		if _, err := rowpage.Marshal(v); !errors.Is(err, rowpage.ErrLimit) {
			t.Errorf("%T of 5,000: err = %v, want ErrLimit", v, err)
		}
	}
	// Rows that hold a bit each are not affected.
	bits := make([]struct{ B bool }, 100000)
	if _, err := rowpage.Marshal(bits); err != nil {
		t.Errorf("100,000 one-bool rows: %v", err)
	}
}

// TestReaderRefusesRowsWithoutBytes raises the row count of a valid page of
// empty rows past the bound, checksum recomputed: Open must refuse it as a
// limit before anything is sized by the count.
func TestReaderRefusesRowsWithoutBytes(t *testing.T) {
	page, err := rowpage.Marshal(make([]struct{}, 1000))
	if err != nil {
		t.Fatal(err)
	}
	// 1,000 and 16,000 are both two-byte uvarints.
	if page[format.HeaderSize] != 0xE8 || page[format.HeaderSize+1] != 0x07 {
		t.Fatalf("unexpected row count bytes % x", page[format.HeaderSize:format.HeaderSize+2])
	}
	bad := append([]byte(nil), page...)
	copy(bad[format.HeaderSize:], format.AppendUvarint(nil, 16000))
	body := bad[:len(bad)-format.ChecksumSize]
	bad = format.AppendChecksum(body, format.Checksum(body))
	_, err = rowpage.Open(bad)
	if !errors.Is(err, rowpage.ErrLimit) {
		t.Fatalf("Open of %d bytes claiming 16,000 rows: err = %v, want ErrLimit", len(bad), err)
	}
	t.Log(err)
}

func TestBuilderEmptyRowsBeyondTheAllowance(t *testing.T) {
	var b rowpage.Builder
	b.StartRows()
	for range 5000 {
		b.BeginRow()
		b.EndRow()
	}
	if _, err := b.Finish(nil); !errors.Is(err, rowpage.ErrLimit) {
		t.Fatalf("5,000 empty rows: err = %v, want ErrLimit", err)
	}
	b.StartRows()
	for range 1024 {
		b.BeginRow()
		b.EndRow()
	}
	if _, err := b.Finish(nil); err != nil {
		t.Fatalf("1,024 empty rows: %v", err)
	}
}

// TestZeroBuilderMisuse calls each method first on a zero Builder that was
// never started: each must record a misuse error that Finish returns, and
// none may panic.
func TestZeroBuilderMisuse(t *testing.T) {
	calls := map[string]func(b *rowpage.Builder){
		"BeginRow":    func(b *rowpage.Builder) { b.BeginRow() },
		"Key":         func(b *rowpage.Builder) { b.Key("k") },
		"Null":        func(b *rowpage.Builder) { b.Null() },
		"Bool":        func(b *rowpage.Builder) { b.Bool(true) },
		"Int":         func(b *rowpage.Builder) { b.Int(1) },
		"Uint":        func(b *rowpage.Builder) { b.Uint(1) },
		"Float":       func(b *rowpage.Builder) { b.Float(1) },
		"String":      func(b *rowpage.Builder) { b.String("s") },
		"StringBytes": func(b *rowpage.Builder) { b.StringBytes([]byte("s")) },
		"Bytes":       func(b *rowpage.Builder) { b.Bytes([]byte("b")) },
		"Number":      func(b *rowpage.Builder) { b.Number("1") },
		"RawJSON":     func(b *rowpage.Builder) { b.RawJSON([]byte("1")) },
		"JSON":        func(b *rowpage.Builder) { b.JSON([]byte(`{"a":1}`)) },
		"Value":       func(b *rowpage.Builder) { b.Value(1) },
		"BeginArray":  func(b *rowpage.Builder) { b.BeginArray() },
		"EndArray":    func(b *rowpage.Builder) { b.EndArray() },
		"BeginObject": func(b *rowpage.Builder) { b.BeginObject() },
		"EndObject":   func(b *rowpage.Builder) { b.EndObject() },
		"EndRow":      func(b *rowpage.Builder) { b.EndRow() },
		"NullRow":     func(b *rowpage.Builder) { b.NullRow() },
		"Finish":      func(b *rowpage.Builder) {},
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			var b rowpage.Builder
			call(&b)
			if _, err := b.Finish(nil); !errors.Is(err, rowpage.ErrInvalidJSON) {
				t.Fatalf("Finish after %s on a Builder never started: err = %v, want misuse (ErrInvalidJSON)", name, err)
			}
		})
	}
}
