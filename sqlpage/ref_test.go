package sqlpage_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/rowpage/rowpage/internal/jsonref"
	"github.com/rowpage/rowpage/sqlpage"
)

// The reference pipeline: what a careful application writes without
// rowpage. It scans each row into []any, turns each value into the Go value
// that says what the column holds (by the column's database type), keeps
// the select list's order in an ordered row, and marshals the rows with
// encoding/json. It shares no code with AppendSQL.

// refKind is the reference's reading of a column's database type name.
type refKind int

const (
	refAuto refKind = iota
	refJSON
	refNumeric
	refBinary
	refFloat32
	refBool
	refText
	refArray
)

// refKindOf classifies a database type name as the reference does.
func refKindOf(name string) refKind {
	name = strings.ToUpper(name)
	if i := strings.Index(name, "("); i >= 0 {
		name = strings.TrimSpace(name[:i])
	}
	switch {
	case strings.HasPrefix(name, "_"):
		if slices.Contains(refArrayElems, name[1:]) {
			return refArray
		}
		return refAuto
	case name == "JSON" || name == "JSONB":
		return refJSON
	case name == "NUMERIC" || name == "DECIMAL":
		return refNumeric
	case name == "BYTEA" || name == "BLOB":
		return refBinary
	case name == "FLOAT4":
		return refFloat32
	case name == "BOOL" || name == "BOOLEAN":
		return refBool
	case strings.Contains(name, "CHAR") || strings.Contains(name, "TEXT") || name == "XML":
		return refText
	}
	return refAuto
}

// refArrayElems are the PostgreSQL element types whose arrays the reference
// decodes with pgx's own codecs.
var refArrayElems = []string{"INT2", "INT4", "INT8", "FLOAT4", "FLOAT8", "NUMERIC", "BOOL", "TEXT", "VARCHAR", "BPCHAR", "UUID", "JSON", "JSONB"}

// orderedRow is a row with its keys in order; it marshals as a JSON object.
type orderedRow []kv

type kv struct {
	k string
	v any
}

func (r orderedRow) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	for i, e := range r {
		if i > 0 {
			out = append(out, ',')
		}
		k, err := json.Marshal(e.k)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(e.v)
		if err != nil {
			return nil, err
		}
		out = append(append(append(out, k...), ':'), v...)
	}
	return append(out, '}'), nil
}

// refResult is what the reference pipeline read: the JSON, and per column
// its kind and the Go types of its non-null values (for building structs).
type refResult struct {
	json  []byte
	names []string
	kinds []refKind
	types []map[reflect.Type]bool
	// multiDim marks array columns with a value of two or more dimensions.
	multiDim []bool
}

// reference runs the reference pipeline over rows. pgTypes, when not nil,
// decodes PostgreSQL arrays.
func reference(t testing.TB, rows *sql.Rows, opts sqlpage.SQLOptions, pgTypes *pgtype.Map) refResult {
	t.Helper()
	defer rows.Close()
	names, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	cts, err := rows.ColumnTypes()
	if err != nil {
		t.Fatal(err)
	}
	res := refResult{names: names, kinds: make([]refKind, len(names)), types: make([]map[reflect.Type]bool, len(names)), multiDim: make([]bool, len(names))}
	typeNames := make([]string, len(names))
	for i, ct := range cts {
		typeNames[i] = ct.DatabaseTypeName()
		res.kinds[i] = refKindOf(typeNames[i])
		res.types[i] = map[reflect.Type]bool{}
	}
	vals := make([]any, len(names))
	ptrs := make([]any, len(names))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	out := []orderedRow{}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		var row orderedRow
		for i, v := range vals {
			if v != nil {
				res.types[i][reflect.TypeOf(v)] = true
			}
			if s, ok := v.(string); ok && res.kinds[i] == refArray && strings.HasPrefix(s, "{{") {
				res.multiDim[i] = true
			}
			row = append(row, kv{names[i], refValue(t, res.kinds[i], typeNames[i], v, pgTypes)})
		}
		out = append(out, refKeys(row, opts))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	res.json, err = json.Marshal(out)
	if err != nil {
		t.Fatalf("reference json.Marshal: %v", err)
	}
	return res
}

// refKeys applies the options' key order and duplicate policy to a row.
func refKeys(row orderedRow, opts sqlpage.SQLOptions) orderedRow {
	switch opts.Duplicates {
	case sqlpage.DuplicatesLast:
		var out orderedRow
		pos := map[string]int{}
		for _, e := range row {
			if i, ok := pos[e.k]; ok {
				out[i].v = e.v
				continue
			}
			pos[e.k] = len(out)
			out = append(out, e)
		}
		row = out
	case sqlpage.DuplicatesNumber:
		names := map[string]bool{}
		for _, e := range row {
			names[e.k] = true
		}
		used := map[string]bool{}
		for i, e := range row {
			if used[e.k] {
				for n := 2; ; n++ {
					k := e.k + "_" + strconv.Itoa(n)
					if !used[k] && !names[k] {
						row[i].k = k
						break
					}
				}
			}
			used[row[i].k] = true
		}
	}
	if opts.SortKeys {
		slices.SortStableFunc(row, func(a, b kv) int { return strings.Compare(a.k, b.k) })
	}
	return row
}

// refValue is the Go value the reference marshals for v, the value the
// driver gave for a column of kind k.
func refValue(t testing.TB, k refKind, typeName string, v any, pgTypes *pgtype.Map) any {
	if v == nil {
		return nil
	}
	text, isText := v.(string)
	if b, ok := v.([]byte); ok {
		text, isText = string(b), true
	}
	switch {
	case k == refJSON && isText:
		return json.RawMessage(normJSON(t, []byte(text)))
	case k == refNumeric && isText:
		if isJSONNumber(text) {
			return json.Number(text)
		}
		return text
	case k == refBinary && isText:
		return []byte(text)
	case k == refText && isText:
		return text
	case k == refArray && isText && pgTypes != nil:
		return refArrayValue(t, typeName, text, pgTypes)
	case k == refBool:
		if n, ok := v.(int64); ok && (n == 0 || n == 1) {
			return n == 1
		}
	case k == refFloat32:
		if f, ok := v.(float64); ok {
			return float32(f)
		}
	}
	return v
}

// isJSONNumber reports whether s is JSON number text.
func isJSONNumber(s string) bool {
	var n json.Number
	return s != "" && (s[0] == '-' || s[0] >= '0' && s[0] <= '9') && json.Unmarshal([]byte(s), &n) == nil
}

// refArrayValue decodes PostgreSQL array text with pgx's codecs into a
// slice (a slice of slices for two dimensions) of pointers, nil for NULL.
func refArrayValue(t testing.TB, typeName, text string, m *pgtype.Map) any {
	typ, ok := m.TypeForName(strings.ToLower(typeName))
	if !ok {
		t.Fatalf("pgtype has no type %s", typeName)
	}
	var one, two any
	switch typeName[1:] {
	case "INT2", "INT4", "INT8":
		one, two = new([]*int64), new([][]*int64)
	case "FLOAT8":
		one, two = new([]*float64), new([][]*float64)
	case "FLOAT4":
		one, two = new([]*float32), new([][]*float32)
	case "BOOL":
		one, two = new([]*bool), new([][]*bool)
	case "JSON", "JSONB":
		var raws []*string
		if err := m.Scan(typ.OID, pgtype.TextFormatCode, []byte(text), &raws); err != nil {
			t.Fatalf("pgtype scan %s %q: %v", typeName, text, err)
		}
		out := make([]any, len(raws))
		for i, r := range raws {
			if r != nil {
				out[i] = json.RawMessage(normJSON(t, []byte(*r)))
			}
		}
		return out
	default: // text, numbers kept exact
		one, two = new([]*string), new([][]*string)
		if typeName[1:] == "NUMERIC" {
			var s []*string
			if err := m.Scan(typ.OID, pgtype.TextFormatCode, []byte(text), &s); err != nil {
				t.Fatalf("pgtype scan %s %q: %v", typeName, text, err)
			}
			out := make([]any, len(s))
			for i, p := range s {
				switch {
				case p == nil:
				case isJSONNumber(*p):
					out[i] = json.Number(*p)
				default:
					out[i] = *p // NaN, Infinity
				}
			}
			return out
		}
	}
	if strings.HasPrefix(text, "{{") {
		one = two
	}
	if err := m.Scan(typ.OID, pgtype.TextFormatCode, []byte(text), one); err != nil {
		t.Fatalf("pgtype scan %s %q: %v", typeName, text, err)
	}
	return reflect.ValueOf(one).Elem().Interface()
}

// normJSON is what json.Marshal writes for the values json.Unmarshal
// decodes from x, keeping key order, duplicate keys and number text, as a
// careful application would produce with an order-keeping decoder: the
// bridge's round-trip contract (jsonref.Reescape).
func normJSON(t testing.TB, x []byte) []byte {
	out, err := jsonref.Reescape(x)
	if err != nil {
		t.Fatalf("reference: JSON column %q: %v", x, err)
	}
	return out
}

// The struct check: a struct type made for a result, one field per page
// key, scanned directly with rows.Scan and decoded from the page with
// Unmarshal; both must agree.

// jsonField holds a JSON column: scanned by decoding the column's text,
// unmarshaled by decoding the page's value; both into any, numbers kept.
type jsonField struct{ V any }

func (f *jsonField) Scan(src any) error {
	var b []byte
	switch x := src.(type) {
	case nil:
		f.V = nil
		return nil
	case string:
		b = []byte(x)
	case []byte:
		b = x
	default:
		return errors.New("jsonField: not text")
	}
	return f.UnmarshalJSON(b)
}

func (f *jsonField) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(&f.V)
}

// skipField takes any value and decodes nothing: a column of mixed types
// that no single Go type holds.
type skipField struct{}

func (*skipField) Scan(any) error               { return nil }
func (*skipField) UnmarshalJSON(b []byte) error { return nil }

var (
	tJSONField = reflect.TypeFor[jsonField]()
	tSkipField = reflect.TypeFor[skipField]()
)

// fieldType is the Go type of a struct field for a column, from its kind
// and the types of the values the reference saw; arrays are decoded with
// pgx's scanner (arrayField reports them).
func fieldType(k refKind, seen map[reflect.Type]bool, typeName string) (reflect.Type, bool) {
	switch k {
	case refJSON:
		return tJSONField, false
	case refNumeric:
		// Decimal text: exact in a json.Number. SQLite's NUMERIC affinity
		// gives numbers instead, taken below like any other column's.
		if len(seen) == 1 && seen[reflect.TypeFor[string]()] {
			return reflect.TypeFor[*json.Number](), false
		}
	case refBinary:
		return reflect.TypeFor[[]byte](), false
	case refFloat32:
		return reflect.TypeFor[*float32](), false
	case refBool:
		return reflect.TypeFor[*bool](), false
	case refText:
		return reflect.TypeFor[*string](), false
	case refArray:
		switch typeName[1:] {
		case "INT2", "INT4", "INT8":
			return reflect.TypeFor[[]*int64](), true
		case "FLOAT8":
			return reflect.TypeFor[[]*float64](), true
		case "FLOAT4":
			return reflect.TypeFor[[]*float32](), true
		case "BOOL":
			return reflect.TypeFor[[]*bool](), true
		case "TEXT", "VARCHAR", "BPCHAR", "UUID":
			return reflect.TypeFor[[]*string](), true
		}
		return tSkipField, false
	}
	if len(seen) == 0 {
		return reflect.TypeFor[*string](), false
	}
	if len(seen) == 2 && seen[reflect.TypeFor[int64]()] && seen[reflect.TypeFor[float64]()] {
		return reflect.TypeFor[*float64](), false
	}
	if len(seen) > 1 {
		return tSkipField, false
	}
	for typ := range seen {
		switch typ {
		case reflect.TypeFor[[]byte]():
			return typ, false
		case reflect.TypeFor[int64](), reflect.TypeFor[float64](), reflect.TypeFor[string](),
			reflect.TypeFor[bool](), reflect.TypeFor[time.Time]():
			return reflect.PointerTo(typ), false
		}
	}
	return tSkipField, false
}
