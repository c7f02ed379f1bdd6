package rowpage

import (
	"errors"
	"testing"
	"time"

	"github.com/rowpage/rowpage/format"
)

// TestOptionErrors feeds each option its out-of-range value.
func TestOptionErrors(t *testing.T) {
	for _, d := range []int{-1, format.MaxDepthLimit + 1} {
		if _, err := (EncOptions{MaxDepth: d}).EncMode(); !errors.Is(err, ErrInvalidOption) {
			t.Fatalf("EncOptions{MaxDepth: %d}: %v, want ErrInvalidOption", d, err)
		}
	}
	for _, lim := range []Limits{{MaxPageBytes: 3}, {MaxRows: -1}, {MaxColumns: 1 << 25}, {MaxStrings: -5},
		{MaxStringBytes: -1}, {MaxDepth: format.MaxDepthLimit + 1}, {MaxShapes: 1 << 25}, {MaxJSONBytes: -2}} {
		if _, err := (DecOptions{Limits: lim}).DecMode(); !errors.Is(err, ErrInvalidOption) {
			t.Fatalf("DecOptions{Limits: %+v}: %v, want ErrInvalidOption", lim, err)
		}
	}
	for _, max := range []int{format.NoJSONCap, 1, 1 << 30} {
		if _, err := (DecOptions{Limits: Limits{MaxJSONBytes: max}}).DecMode(); err != nil {
			t.Errorf("MaxJSONBytes %d: %v", max, err)
		}
	}
}

// TestBuilderMisuse feeds the Builder each call out of order and checks
// that Finish reports it and leaves dst alone.
func TestBuilderMisuse(t *testing.T) {
	cases := map[string]func(b *Builder){
		"EndRow outside a row":     func(b *Builder) { b.StartRows(); b.EndRow() },
		"BeginRow inside a row":    func(b *Builder) { b.StartRows(); b.BeginRow(); b.BeginRow() },
		"value without a key":      func(b *Builder) { b.StartRows(); b.BeginRow(); b.Int(1) },
		"key after key":            func(b *Builder) { b.StartRows(); b.BeginRow(); b.Key("a"); b.Key("b") },
		"NullRow in an object":     func(b *Builder) { b.StartObject(); b.NullRow() },
		"two values in value page": func(b *Builder) { b.StartValue(); b.Int(1); b.Int(2) },
		"unbalanced EndArray":      func(b *Builder) { b.StartValue(); b.BeginObject(); b.EndArray() },
		"object value without key": func(b *Builder) { b.StartValue(); b.BeginObject(); b.Int(1) },
		"key inside array":         func(b *Builder) { b.StartValue(); b.BeginArray(); b.Key("k") },
		"open array at Finish":     func(b *Builder) { b.StartValue(); b.BeginArray() },
		"open row at Finish":       func(b *Builder) { b.StartRows(); b.BeginRow() },
		"no value at Finish":       func(b *Builder) { b.StartValue() },
		"bad number":               func(b *Builder) { b.StartValue(); b.Number("01") },
	}
	for name, f := range cases {
		b := NewBuilder()
		f(b)
		out, err := b.Finish([]byte("keep"))
		if !errors.Is(err, ErrInvalidJSON) || string(out) != "keep" {
			t.Errorf("%s: Finish = %q, %v; want ErrInvalidJSON and dst unchanged", name, out, err)
		}
	}
	b := NewBuilder()
	b.StartRows()
	b.BeginRow()
	b.Key("a")
	b.Int(1)
	b.Key("a")
	if _, err := b.Finish(nil); !errors.Is(err, ErrDuplicateKey) {
		t.Errorf("duplicate key: %v", err)
	}
	b.StartValue()
	b.Time(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
	if _, err := b.Finish(nil); !errors.Is(err, ErrUnsupportedType) {
		t.Errorf("year 10000: %v", err)
	}
	b.StartValue()
	b.Timestamp(format.Timestamp{Digits: 12})
	if _, err := b.Finish(nil); !errors.Is(err, ErrUnsupportedType) {
		t.Errorf("invalid timestamp: %v", err)
	}
}
