package rowpage

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// This file describes struct types the way encoding/json (the default,
// non-jsonv2 build) sees them, so that the binary encoder and decoder pick
// the same fields, under the same names, in the same order, with the same
// options as json.Marshal and json.Unmarshal.
//
// The rules, in the order they are applied:
//
//   - A field is considered if it is exported, or if it is an embedded field
//     whose type (after one pointer) is a struct, even an unexported one, since
//     that struct may have exported fields to promote. Embedded fields of
//     unexported non-struct types are ignored.
//   - The tag `json:"-"` skips the field; `json:"-,"` names it "-". The tag
//     name is used only if isValidTag accepts it, otherwise the Go name is.
//   - An embedded struct, or pointer to struct, with no valid tag name is
//     flattened: its fields are considered one level deeper. With a valid tag
//     name it is an ordinary named field. A struct type already visited at a
//     shallower level is not visited again, so embedding cycles terminate.
//   - Among fields with the same JSON name, the shallowest wins; at the
//     shallowest depth, a single tagged field beats untagged ones; any other
//     tie removes the name entirely, without error. A struct type reached
//     along two paths at the same depth contributes each of its fields twice,
//     so those fields tie with themselves and disappear unless something
//     shallower or tagged dominates them.
//   - The surviving fields are ordered by their index path.

// structFields describes the JSON-visible fields of a struct type, in the
// order json.Marshal writes them. It is immutable once built and safe for
// concurrent use; get one from cachedFields.
type structFields struct {
	// list holds the fields in encoding/json's output order.
	list []field
	// byName maps an exact JSON name to its index in list.
	byName map[string]int
	// byFold maps the case-folded form of a name (see appendFold) to the
	// index in list of the first field with that folded name; encoding/json
	// gives the first folded match precedence.
	byFold map[string]int
	// dec holds each field's decode setter (planField), by index in list,
	// made once per type by the first decoder that looks a field up, so
	// that a Decode call asks reflect nothing about the types of fields.
	decOnce sync.Once
	dec     []colPlan
}

// lookupPlan is lookup that returns the field's decode setter, a template
// that the caller copies into its own plan (whose nested plans are its
// own). Cost: lookup's, after the first call for the type.
func (sf *structFields) lookupPlan(key []byte) (colPlan, bool) {
	i, ok := sf.lookupIndex(key)
	if !ok {
		return colPlan{}, false
	}
	sf.decOnce.Do(func() {
		sf.dec = make([]colPlan, len(sf.list))
		for i := range sf.list {
			sf.dec[i] = planField(&sf.list[i])
		}
	})
	return sf.dec[i], true
}

// field describes one JSON-visible struct field.
type field struct {
	// name is the JSON key.
	name string
	// nameJSON is `"name":` rendered exactly as json.Marshal writes the key,
	// with HTML escaping on.
	nameJSON []byte
	// fieldPath is where the field is: index path, and byte offset when no
	// embedded pointer lies on the way.
	fieldPath
	// typ is the field's declared Go type, not dereferenced.
	typ reflect.Type
	// kind is the memory layout of typ.
	kind fieldKind
	// omitEmpty is the `omitempty` option: omit when isEmptyValue reports true.
	omitEmpty bool
	// omitZero is the `omitzero` option: omit when field.isZero reports true.
	omitZero bool
	// quoted is the `,string` option, set only where encoding/json honours
	// it: the type, after one pointer if the type is an unnamed pointer, has
	// bool, integer, float or string kind. Encoders still ignore it for types
	// that implement json.Marshaler or encoding.TextMarshaler, and a nil
	// pointer is written as a bare null.
	quoted bool
	// zero is the rule field.isZero uses when omitZero is set.
	zero zeroRule
}

// zeroRule says how encoding/json decides that an `omitzero` field is zero.
type zeroRule uint8

const (
	// zeroReflect uses reflect.Value.IsZero: the type has no IsZero method.
	zeroReflect zeroRule = iota
	// zeroInterface is for an interface type whose method set has IsZero:
	// zero if nil, if it holds a nil pointer, or if IsZero reports true.
	zeroInterface
	// zeroPointer is for a pointer type with an IsZero method: zero if nil
	// or if IsZero reports true.
	zeroPointer
	// zeroMethod is for a non-pointer type with a value-receiver IsZero.
	zeroMethod
	// zeroAddr is for a type T whose IsZero has a pointer receiver: IsZero is
	// called on the value's address, or on a copy's if it is not addressable.
	zeroAddr
)

// isZeroer is the method encoding/json looks for to implement `omitzero`.
type isZeroer interface {
	IsZero() bool
}

// isZeroerType is the reflect.Type of isZeroer.
var isZeroerType = reflect.TypeFor[isZeroer]()

// zeroRuleFor returns the omitzero rule for a field of declared type t,
// checking the cases in encoding/json's order.
func zeroRuleFor(t reflect.Type) zeroRule {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return zeroInterface
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return zeroPointer
	case t.Implements(isZeroerType):
		return zeroMethod
	case reflect.PointerTo(t).Implements(isZeroerType):
		return zeroAddr
	}
	return zeroReflect
}

// isZero reports whether v, a value of the field, is zero for `omitzero`.
// It may call the type's IsZero method, and allocates a copy when that
// method has a pointer receiver and v is not addressable.
func (f *field) isZero(v reflect.Value) bool {
	switch f.zero {
	case zeroInterface:
		if v.IsNil() {
			return true
		}
		if e := v.Elem(); e.Kind() == reflect.Pointer && e.IsNil() {
			return true
		}
		return v.Interface().(isZeroer).IsZero()
	case zeroPointer:
		return v.IsNil() || v.Interface().(isZeroer).IsZero()
	case zeroMethod:
		return v.Interface().(isZeroer).IsZero()
	case zeroAddr:
		if !v.CanAddr() {
			c := reflect.New(v.Type()).Elem()
			c.Set(v)
			v = c
		}
		return v.Addr().Interface().(isZeroer).IsZero()
	}
	return v.IsZero()
}

// omit reports whether json.Marshal leaves the field out when its value is
// v: either option may omit it.
func (f *field) omit(v reflect.Value) bool {
	return f.omitEmpty && isEmptyValue(v) || f.omitZero && f.isZero(v)
}

// isEmptyValue reports whether v is empty under encoding/json's `omitempty`
// rule: false, 0 (including -0), a nil pointer or interface, or an array,
// map, slice or string of length zero. Structs are never empty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// fieldCache maps a struct reflect.Type to its *structFields.
var fieldCache sync.Map

// cachedFields returns the description of struct type t, building it on
// first use. Concurrent callers may build it twice but all get the same
// pointer. It panics if t is not a struct type.
func cachedFields(t reflect.Type) *structFields {
	if sf, ok := fieldCache.Load(t); ok {
		return sf.(*structFields)
	}
	sf, _ := fieldCache.LoadOrStore(t, buildFields(t))
	return sf.(*structFields)
}

// candidate is a field found while walking a struct type, before Go's
// embedding rules decide whether it survives.
type candidate struct {
	field
	// tagged reports whether the name came from the json tag.
	tagged bool
	// twice reports that the field was reached along two or more paths at
	// the same depth, so it ties with itself.
	twice bool
}

// embedded is a struct type queued for the next depth of the walk, and
// where it is in the outer struct.
type embedded struct {
	typ reflect.Type
	fieldPath
}

// buildFields walks struct type t breadth first, one embedding depth at a
// time, and applies encoding/json's rules (see the top of this file).
func buildFields(t reflect.Type) *structFields {
	if t.Kind() != reflect.Struct {
		panic("rowpage: cachedFields of non-struct type " + t.String())
	}
	var found []candidate
	visited := map[reflect.Type]bool{}
	level := []embedded{{typ: t, fieldPath: fieldPath{direct: true}}}
	reached := map[reflect.Type]int{} // times each type in level was reached
	for len(level) > 0 {
		var next []embedded
		nextReached := map[reflect.Type]int{}
		for _, e := range level {
			if visited[e.typ] {
				continue
			}
			visited[e.typ] = true
			for i := range e.typ.NumField() {
				c, flatten, ok := inspectField(e.typ.Field(i), &e.fieldPath)
				if !ok {
					continue
				}
				if flatten {
					nextReached[c.typ]++
					if nextReached[c.typ] == 1 {
						next = append(next, embedded{typ: c.typ, fieldPath: c.fieldPath})
					}
					continue
				}
				c.twice = reached[e.typ] > 1
				found = append(found, c)
			}
		}
		level, reached = next, nextReached
	}
	return indexFields(dominantFields(found))
}

// inspectField applies encoding/json's per-field rules to sf, a field of a
// struct at parent. It reports ok false if the field is ignored, and
// flatten true if it is an untagged embedded struct whose fields are to be
// promoted; then c.typ is that struct type and c.fieldPath where it is (not
// direct if it is reached through the embedded pointer), and nothing else
// in c is set.
func inspectField(sf reflect.StructField, parent *fieldPath) (c candidate, flatten, ok bool) {
	if sf.Anonymous {
		t := sf.Type
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if !sf.IsExported() && t.Kind() != reflect.Struct {
			return c, false, false
		}
	} else if !sf.IsExported() {
		return c, false, false
	}
	tag := sf.Tag.Get("json")
	if tag == "-" {
		return c, false, false
	}
	name, opts, _ := strings.Cut(tag, ",")
	if !isValidTag(name) {
		name = ""
	}
	// elem is the type after one pointer, if the pointer type is unnamed.
	elem := sf.Type
	if elem.Kind() == reflect.Pointer && elem.Name() == "" {
		elem = elem.Elem()
	}
	c.fieldPath = fieldPath{
		index:  append(slices.Clip(parent.index), sf.Index[0]),
		offset: parent.offset + sf.Offset,
		direct: parent.direct,
	}
	if name == "" && sf.Anonymous && elem.Kind() == reflect.Struct {
		c.typ = elem
		c.direct = parent.direct && elem == sf.Type
		return c, true, true
	}
	c.tagged = name != ""
	if name == "" {
		name = sf.Name
	}
	c.name = name
	c.nameJSON = appendNameJSON(nil, name)
	c.typ = sf.Type
	c.kind = kindOf(sf.Type)
	c.omitEmpty = hasOption(opts, "omitempty")
	c.omitZero = hasOption(opts, "omitzero")
	if c.omitZero {
		c.zero = zeroRuleFor(sf.Type)
	}
	if hasOption(opts, "string") {
		switch elem.Kind() {
		case reflect.Bool,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
			reflect.Float32, reflect.Float64,
			reflect.String:
			c.quoted = true
		}
	}
	return c, false, true
}

// hasOption reports whether the comma-separated tag options opts contain
// name exactly (options are case-sensitive).
func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// tagPunct is the ASCII punctuation, and space, allowed in a JSON tag name.
// Quotation marks, backslash, comma and backquote are not.
const tagPunct = "!#$%&()*+-./:;<=>?@[]^_{|}~ "

// isValidTag reports whether encoding/json uses tag name s as a key: it is
// non-empty and every rune is a Unicode letter or digit or in tagPunct.
func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(tagPunct, r) {
			return false
		}
	}
	return true
}

// appendNameJSON appends `"name":` as json.Marshal writes an object key.
// A name is a Go identifier or a valid tag, so it holds only letters,
// digits and tagPunct: of those, only <, > and & need escaping (as \u003c,
// \u003e, \u0026) when HTML escaping is on.
func appendNameJSON(dst []byte, name string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case '<', '>', '&':
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"', ':')
}

// dominantFields applies Go's embedding rules, amended by JSON tags, to the
// candidates, which must be in nondecreasing depth order. For each name it
// keeps the one dominant candidate, if any, and returns the survivors
// sorted by index path.
func dominantFields(found []candidate) []field {
	groups := map[string][]int{}
	var names []string
	for i := range found {
		n := found[i].name
		if _, ok := groups[n]; !ok {
			names = append(names, n)
		}
		groups[n] = append(groups[n], i)
	}
	var out []field
	for _, n := range names {
		if i, ok := dominant(found, groups[n]); ok {
			out = append(out, found[i].field)
		}
	}
	slices.SortFunc(out, func(a, b field) int { return slices.Compare(a.index, b.index) })
	return out
}

// dominant picks, from the candidates at positions group (all with the same
// name, shallowest first), the one that wins: the only tagged one at the
// shallowest depth, else the only one at that depth. It reports false if
// there is no single winner.
func dominant(found []candidate, group []int) (int, bool) {
	depth := len(found[group[0]].index)
	var tagged, untagged, ti, ui int
	for _, i := range group {
		c := &found[i]
		if len(c.index) != depth {
			break
		}
		n := 1
		if c.twice {
			n = 2
		}
		if c.tagged {
			tagged, ti = tagged+n, i
		} else {
			untagged, ui = untagged+n, i
		}
	}
	switch {
	case tagged == 1:
		return ti, true
	case tagged == 0 && untagged == 1:
		return ui, true
	}
	return 0, false
}

// indexFields builds the lookup maps over list.
func indexFields(list []field) *structFields {
	sf := &structFields{
		list:   list,
		byName: make(map[string]int, len(list)),
		byFold: make(map[string]int, len(list)),
	}
	for i := range list {
		sf.byName[list[i].name] = i
		k := string(appendFold(nil, list[i].name))
		if _, ok := sf.byFold[k]; !ok {
			sf.byFold[k] = i
		}
	}
	return sf
}

// maxStackFoldKey is the longest key lookup folds into a stack buffer; a
// folded key is at most three times as long as the key (an invalid byte
// folds to U+FFFD). Longer keys are matched by a scan of the list.
const maxStackFoldKey = 42

// lookup finds the field json.Unmarshal would store the object key key in:
// the field with exactly that name, else the first field in list order
// whose name equals key under Unicode simple case folding (as
// bytes.EqualFold). The key is the unquoted key text. It does not allocate.
func (sf *structFields) lookup(key []byte) (*field, bool) {
	if i, ok := sf.lookupIndex(key); ok {
		return &sf.list[i], true
	}
	return nil, false
}

// lookupIndex is lookup that returns the field's index in list.
func (sf *structFields) lookupIndex(key []byte) (int, bool) {
	if i, ok := sf.byName[string(key)]; ok {
		return i, true
	}
	if len(key) <= maxStackFoldKey {
		var buf [3 * maxStackFoldKey]byte
		if i, ok := sf.byFold[string(appendFold(buf[:0], key))]; ok {
			return i, true
		}
		return 0, false
	}
	for i := range sf.list {
		if equalFold(sf.list[i].name, key) {
			return i, true
		}
	}
	return 0, false
}

// appendFold appends a folded form of s such that two strings have the same
// folded form exactly when bytes.EqualFold reports them equal: ASCII
// letters are upper-cased, other runes map to the smallest rune of their
// simple folding orbit, and invalid bytes become U+FFFD.
func appendFold[S ~string | ~[]byte](dst []byte, s S) []byte {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, n := decodeRune(s, i)
		dst = utf8.AppendRune(dst, foldRune(r))
		i += n
	}
	return dst
}

// equalFold reports whether name and key have the same folded form (see
// appendFold), without allocating.
func equalFold(name string, key []byte) bool {
	i, j := 0, 0
	for i < len(name) && j < len(key) {
		r, n := decodeRune(name, i)
		s, m := decodeRune(key, j)
		if r != s && foldRune(r) != foldRune(s) {
			return false
		}
		i, j = i+n, j+m
	}
	return i == len(name) && j == len(key)
}

// decodeRune decodes the rune at s[i:], as utf8.DecodeRune does. It
// converts at most utf8.UTFMax bytes, so it does not allocate.
func decodeRune[S ~string | ~[]byte](s S, i int) (rune, int) {
	return utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
}

// foldRune returns the smallest rune in r's simple case-folding orbit. For
// ASCII letters that is the upper-case letter.
func foldRune(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// fieldByIndex returns the field of struct v at index, following embedded
// pointers. It reports false if a nil embedded pointer lies on the path,
// in which case json.Marshal leaves the field out.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for _, i := range index {
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// fieldByIndexAlloc returns the field of struct v at index, allocating nil
// embedded pointers on the path as json.Unmarshal does; v must be
// addressable. Like json.Unmarshal, it fails when a nil embedded pointer is
// to an unexported struct type, since such a field cannot be set; pointers
// allocated before the failure stay allocated.
func fieldByIndexAlloc(v reflect.Value, index []int) (reflect.Value, error) {
	for _, i := range index {
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					return reflect.Value{}, fmt.Errorf("rowpage: cannot set embedded pointer to unexported struct: %v", v.Type().Elem())
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, nil
}
