package rowpage

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// The struct types below are the test corpus. Type names start with Fx or fx
// so they do not collide with other tests in the package; exported ones are
// exported only so that embedding them promotes fields.

// fxBasic has plain exported and unexported fields of many kinds.
type fxBasic struct {
	A   int
	b   int
	C   string
	D   bool
	E   float64
	F   []int
	G   map[string]int
	H   *int
	I   any
	J   [2]uint8
	K   []byte
	Ch  chan int `json:"-"`
	Fn  func()   `json:"-"`
	ünï int
}

// fxTags covers tag names and option parsing.
type fxTags struct {
	Renamed  int `json:"renamed"`
	Skip     int `json:"-"`
	Dash     int `json:"-,"`
	NoName   int `json:",omitempty"`
	Empty    int `json:""`
	Other    int `yaml:"x"`
	Space    int `json:"a b"`
	Punct    int `json:"!#$%()*+-./:;=?@[]^_{|}~"`
	Squote   int `json:"a'b"`
	Bslash   int `json:"a\\b"`
	Tab      int `json:"a\tb"`
	Emoji    int `json:"a😀"`
	Quote    int `json:"a\"b"`
	Mark     int `json:"e\u0301"`
	OmitName int `json:"omitempty"`
	CaseOpt  int `json:"co,OmitEmpty"`
	Multi    int `json:"multi,bogus,string,omitempty"`
}

// fxHTML has names json.Marshal escapes.
type fxHTML struct {
	A int `json:"a<b"`
	B int `json:"x&y"`
	C int `json:">"`
	D int `json:"&<>&"`
	E int `json:"-,omitempty"`
}

// fxUnicode has non-ASCII Go names and tag names.
type fxUnicode struct {
	Ünïcödé int
	Straße  string
	Ключ    int `json:"ключ"`
	Data    int `json:"データ"`
	Digit   int `json:"٣x"`
	Kelvin  int `json:"kelvin"`
	Sharp   int `json:"ß"`
	LongS   int `json:"ſtraight"`
	Dotless int `json:"ı"`
	Sigma   int `json:"σς"`
	データ     int
}

// FxInner is embedded by several types.
type FxInner struct {
	X int
	Y string `json:"y"`
	Z bool   `json:",omitempty"`
}

// fxInnerLower is an unexported struct type with exported fields.
type fxInnerLower struct {
	P int
	Q string
	r int
}

// fxEmbed flattens FxInner between its own fields.
type fxEmbed struct {
	A int
	FxInner
	B int
}

// fxEmbedPtr flattens *FxInner, which may be nil.
type fxEmbedPtr struct {
	*FxInner
	W int
}

// fxEmbedLower promotes the exported fields of an unexported struct.
type fxEmbedLower struct {
	fxInnerLower
	T int
}

// fxEmbedLowerPtr embeds a pointer to an unexported struct: json.Unmarshal
// cannot allocate it.
type fxEmbedLowerPtr struct {
	*fxInnerLower
	T int
}

// fxMyInt is an unexported non-struct type.
type fxMyInt int

// FxMyInt is an exported non-struct type.
type FxMyInt int

// FxIface is an exported interface type.
type FxIface interface{ M() }

// fxIfaceLower is an unexported interface type.
type fxIfaceLower interface{ M() }

// fxEmbedNonStruct embeds non-struct types.
type fxEmbedNonStruct struct {
	fxMyInt
	FxMyInt
	V int
}

// fxEmbedNonStructTagged embeds non-struct types with tags and pointers.
type fxEmbedNonStructTagged struct {
	fxMyInt  `json:"mi"`
	*FxMyInt `json:",string"`
	FxIface
	fxIfaceLower
}

// FxA, FxB, FxC and FxT1, FxT2 make name conflicts when embedded together.
type FxA struct {
	Name   string
	AOnly  int
	Shared int
}

// FxB has a tagged Shared.
type FxB struct {
	Name   string
	BOnly  int
	Shared int `json:"Shared"`
}

// FxC has an untagged Name.
type FxC struct{ Name string }

// FxT1 has a tagged v.
type FxT1 struct {
	V int `json:"v"`
}

// FxT2 also has a tagged v.
type FxT2 struct {
	V int `json:"v"`
}

// fxConflictUntagged: Name is untagged in both at depth 1, so it vanishes.
type fxConflictUntagged struct {
	FxA
	FxC
}

// fxConflictTagged: Name vanishes; the tagged Shared wins.
type fxConflictTagged struct {
	FxA
	FxB
}

// fxConflictBothTagged is struct { FxT1; FxT2; W int; Spaced int `json:"sp, omitempty"` },
// built with reflect.StructOf because go vet rejects its tags: v is tagged in
// both FxT1 and FxT2, so it vanishes, and " omitempty" is not an option.
var fxConflictBothTagged = reflect.StructOf([]reflect.StructField{
	{Name: "FxT1", Type: reflect.TypeFor[FxT1](), Anonymous: true},
	{Name: "FxT2", Type: reflect.TypeFor[FxT2](), Anonymous: true},
	{Name: "W", Type: reflect.TypeFor[int]()},
	{Name: "Spaced", Type: reflect.TypeFor[int](), Tag: `json:"sp, omitempty"`},
})

// fxValue returns a value of type t with the given fields set, in order.
func fxValue(t reflect.Type, fields ...any) any {
	v := reflect.New(t).Elem()
	for i, f := range fields {
		v.Field(i).Set(reflect.ValueOf(f))
	}
	return v.Interface()
}

// fxDeeper: the top-level Name dominates FxA.Name.
type fxDeeper struct {
	FxA
	Name int
}

// FxTagDeep has a tagged Q.
type FxTagDeep struct {
	Q int `json:"Q"`
}

// FxTagDeep2 holds FxTagDeep one level down.
type FxTagDeep2 struct {
	FxTagDeep
	R int
}

// fxShallowUntagged: an untagged Q at depth 1 beats a tagged Q at depth 2.
type fxShallowUntagged struct {
	FxTagDeep2
	Q string
}

// FxUntaggedQ has an untagged Q.
type FxUntaggedQ struct{ Q bool }

// fxTaggedAtDepth: at depth 2, the tagged Q beats the untagged one.
type fxTaggedAtDepth struct {
	FxTagDeep2
	Wrap struct{ FxUntaggedQ }
	FxUntaggedQWrap
}

// FxUntaggedQWrap holds FxUntaggedQ one level down.
type FxUntaggedQWrap struct{ FxUntaggedQ }

// fxTaggedEmbed has embedded structs with tag names, which are not flattened.
type fxTaggedEmbed struct {
	FxInner      `json:"inner"`
	*FxA         `json:"a,omitempty"`
	fxInnerLower `json:"low"`
	FxC          `json:",omitempty"`
	FxT1         `json:"-"`
}

// FxCycle embeds a pointer to itself.
type FxCycle struct {
	*FxCycle
	N int
}

// FxPing and FxPong embed pointers to each other.
type FxPing struct {
	*FxPong
	Ping int
	Both int
}

// FxPong embeds *FxPing.
type FxPong struct {
	*FxPing
	Pong int
	Both int
}

// FxLeaf is reached twice at the same depth through fxDiamond.
type FxLeaf struct {
	L int
	M int
}

// FxLeft holds FxLeaf.
type FxLeft struct{ FxLeaf }

// FxRight holds FxLeaf and its own M.
type FxRight struct {
	FxLeaf
	M string
}

// fxDiamond reaches FxLeaf along two paths.
type fxDiamond struct {
	FxLeft
	FxRight
}

// fxDiamondTop adds a shallow L over fxDiamond's shape.
type fxDiamondTop struct {
	FxLeft
	FxRight
	L string
}

// fxRevisit reaches FxLeaf at depth 1 and again at depth 2.
type fxRevisit struct {
	FxLeaf
	FxLeft
}

// fxOmitEmpty has omitempty on every kind.
type fxOmitEmpty struct {
	B    bool              `json:",omitempty"`
	I    int               `json:",omitempty"`
	I8   int8              `json:",omitempty"`
	I16  int16             `json:",omitempty"`
	I32  int32             `json:",omitempty"`
	I64  int64             `json:",omitempty"`
	U    uint              `json:",omitempty"`
	U8   uint8             `json:",omitempty"`
	U16  uint16            `json:",omitempty"`
	U32  uint32            `json:",omitempty"`
	U64  uint64            `json:",omitempty"`
	Uptr uintptr           `json:",omitempty"`
	F32  float32           `json:",omitempty"`
	F64  float64           `json:",omitempty"`
	S    string            `json:",omitempty"`
	Sl   []int             `json:",omitempty"`
	M    map[string]int    `json:",omitempty"`
	A0   [0]int            `json:",omitempty"`
	A2   [2]int            `json:",omitempty"`
	P    *int              `json:",omitempty"`
	If   any               `json:",omitempty"`
	St   struct{}          `json:",omitempty"`
	In   FxInner           `json:",omitempty"`
	T    time.Time         `json:",omitempty"`
	Bs   []byte            `json:",omitempty"`
	Num  json.Number       `json:",omitempty"`
	Raw  json.RawMessage   `json:",omitempty"`
	MP   map[string]*int   `json:",omitempty"`
	PS   *struct{ X int }  `json:",omitempty"`
	IfZ  FxZI              `json:",omitempty"`
	Nest map[string]string `json:"nest,omitempty"`
}

// fxOmitZero has omitzero on every kind, none with an IsZero method.
type fxOmitZero struct {
	B    bool           `json:",omitzero"`
	I    int            `json:",omitzero"`
	I8   int8           `json:",omitzero"`
	U64  uint64         `json:",omitzero"`
	Uptr uintptr        `json:",omitzero"`
	F32  float32        `json:",omitzero"`
	F64  float64        `json:",omitzero"`
	S    string         `json:",omitzero"`
	Sl   []int          `json:",omitzero"`
	M    map[string]int `json:",omitzero"`
	A0   [0]int         `json:",omitzero"`
	A2   [2]int         `json:",omitzero"`
	P    *int           `json:",omitzero"`
	If   any            `json:",omitzero"`
	St   struct{}       `json:",omitzero"`
	In   FxInner        `json:",omitzero"`
	Bs   []byte         `json:",omitzero"`
	PPP  **FxZP         `json:",omitzero"`
}

// FxZV is "zero" when N is 42, by a value-receiver IsZero.
type FxZV struct{ N int }

// IsZero reports whether z.N is 42.
func (z FxZV) IsZero() bool { return z.N == 42 }

// FxZP is "zero" when N is 42, by a pointer-receiver IsZero.
type FxZP struct{ N int }

// IsZero reports whether z.N is 42.
func (z *FxZP) IsZero() bool { return z.N == 42 }

// FxZI is an interface with IsZero in its method set.
type FxZI interface{ IsZero() bool }

// FxZMap is a map type with a value-receiver IsZero.
type FxZMap map[string]int

// IsZero reports whether m has no "keep" key.
func (m FxZMap) IsZero() bool { _, ok := m["keep"]; return !ok }

// fxOmitZeroMethods has omitzero fields whose types have IsZero methods.
type fxOmitZeroMethods struct {
	V    FxZV       `json:",omitzero"`
	P    FxZP       `json:",omitzero"`
	PV   *FxZV      `json:",omitzero"`
	PP   *FxZP      `json:",omitzero"`
	I    FxZI       `json:",omitzero"`
	T    time.Time  `json:",omitzero"`
	PT   *time.Time `json:",omitzero"`
	M    FxZMap     `json:",omitzero"`
	Both FxZV       `json:",omitempty,omitzero"`
	BoM  FxZMap     `json:",omitempty,omitzero"`
	A    any        `json:",omitzero"`
}

// FxNamedInt is a named integer type.
type FxNamedInt int

// FxIntPtr is a named pointer type.
type FxIntPtr *int

// FxMarshalStr is a string type that marshals itself.
type FxMarshalStr string

// MarshalJSON writes the string with a prefix.
func (s FxMarshalStr) MarshalJSON() ([]byte, error) { return json.Marshal("m:" + string(s)) }

// FxTextInt is an integer type that marshals as text.
type FxTextInt int

// MarshalText writes the number in words-ish form.
func (n FxTextInt) MarshalText() ([]byte, error) { return []byte("t" + strconv.Itoa(int(n))), nil }

// UnmarshalText reads what MarshalText writes.
func (n *FxTextInt) UnmarshalText(b []byte) error {
	i, err := strconv.Atoi(strings.TrimPrefix(string(b), "t"))
	*n = FxTextInt(i)
	return err
}

// fxQuoted has `,string` on each kind.
type fxQuoted struct {
	B    bool           `json:",string"`
	I    int            `json:",string"`
	I8   int8           `json:",string"`
	I16  int16          `json:",string"`
	I32  int32          `json:",string"`
	I64  int64          `json:",string"`
	U    uint           `json:",string"`
	U8   uint8          `json:",string"`
	U16  uint16         `json:",string"`
	U32  uint32         `json:",string"`
	U64  uint64         `json:",string"`
	Uptr uintptr        `json:",string"`
	F32  float32        `json:",string"`
	F64  float64        `json:",string"`
	S    string         `json:",string"`
	PI   *int           `json:",string"`
	PS   *string        `json:",string"`
	PB   *bool          `json:",string"`
	PPI  **int          `json:",string"`
	NP   FxIntPtr       `json:",string"`
	NI   FxNamedInt     `json:",string"`
	If   any            `json:",string"`
	Sl   []int          `json:",string"`
	St   FxInner        `json:",string"`
	M    map[string]int `json:",string"`
	Num  json.Number    `json:",string"`
	Dur  time.Duration  `json:",string"`
	T    time.Time      `json:",string"`
	MS   FxMarshalStr   `json:",string"`
	TI   FxTextInt      `json:",string"`
	Not  int            `json:",String"`
	Both int            `json:"both,omitempty,string"`
}

// fxCase has names that differ only in case and folding, and long names.
type fxCase struct {
	FOO   int
	Foo   int
	Low   int `json:"foo"`
	K     int `json:"k"`
	Kel   int `json:"\u212a"`
	Long1 int `json:"ThisIsAVeryLongFieldNameThatIsLongerThanTheStackFoldBuffer"`
	Long2 int `json:"thisisaverylongfieldnamethatislongerthanthestackfoldbuffer"`
	AB    int `json:"ab"`
	Ab    int `json:"aB"`
	SS    int `json:"ss"`
	Ess   int `json:"ſſ"`
}

// fxOrder interleaves embedded and plain fields to test output order.
type fxOrder struct {
	Z int
	FxLeft
	Y int
	*FxTagDeep2
	X       int
	FxInner `json:"inner"`
	W       int
}

// FxNode is a recursive type through a named (not embedded) pointer.
type FxNode struct {
	V    int
	Next *FxNode `json:"next,omitempty"`
	Kids []FxNode
}

// fxEmbedTagged: an embedded struct named "-," and an ignored embedded one.
type fxEmbedTagged struct {
	FxA `json:"-,"`
	FxB `json:"-"`
	FxC `json:"a'b"`
}

// fxTrees nests all the above as named fields, exercising the writer's
// recursion.
type fxTrees struct {
	E  fxEmbed
	EP *fxEmbedPtr
	D  []fxDiamondTop
	O  map[string]fxOrder
}

// fxCases lists the corpus: one value of each type (more for some), and the
// keys json.Marshal writes for its zero value, in order (nil when the zero
// value cannot be marshaled or the list is not interesting).
var fxCases = []struct {
	name   string
	values []any
	keys   []string
}{
	{"basic", []any{fxBasic{A: 1, b: 2, C: "c<", H: new(int), I: 3.5, J: [2]uint8{1, 2}, K: []byte("hi"), Ch: make(chan int)}},
		[]string{"A", "C", "D", "E", "F", "G", "H", "I", "J", "K"}},
	{"tags", []any{fxTags{Renamed: 1, Skip: 2, Dash: 3, Multi: 4}},
		[]string{"renamed", "-", "Empty", "Other", "a b", "!#$%()*+-./:;=?@[]^_{|}~",
			"Squote", "Bslash", "Tab", "Emoji", "Quote", "Mark", "omitempty", "co"}},
	{"html", []any{fxHTML{1, 2, 3, 4, 5}}, []string{"a<b", "x&y", ">", "&<>&"}},
	{"unicode", []any{fxUnicode{Ünïcödé: 1, Straße: "ß"}},
		[]string{"Ünïcödé", "Straße", "ключ", "データ", "٣x", "kelvin", "ß", "ſtraight", "ı", "σς"}},
	{"embed", []any{fxEmbed{A: 1, FxInner: FxInner{X: 2, Y: "y", Z: true}, B: 3}},
		[]string{"A", "X", "y", "B"}},
	{"embed ptr", []any{fxEmbedPtr{W: 1}, fxEmbedPtr{FxInner: &FxInner{X: 1}, W: 2}},
		[]string{"W"}},
	{"embed unexported", []any{fxEmbedLower{fxInnerLower{P: 1, Q: "q", r: 3}, 4}},
		[]string{"P", "Q", "T"}},
	{"embed unexported ptr", []any{fxEmbedLowerPtr{T: 1}, fxEmbedLowerPtr{&fxInnerLower{P: 1}, 2}},
		[]string{"T"}},
	{"embed non-struct", []any{fxEmbedNonStruct{1, 2, 3}}, []string{"FxMyInt", "V"}},
	{"embed non-struct tagged", []any{fxEmbedNonStructTagged{FxMyInt: new(FxMyInt)}},
		[]string{"FxMyInt", "FxIface"}},
	{"conflict untagged", []any{fxConflictUntagged{FxA{"a", 1, 2}, FxC{"c"}}},
		[]string{"AOnly", "Shared"}},
	{"conflict tagged", []any{fxConflictTagged{FxA{"a", 1, 2}, FxB{"b", 3, 4}}},
		[]string{"AOnly", "BOnly", "Shared"}},
	{"conflict both tagged", []any{fxValue(fxConflictBothTagged, FxT1{1}, FxT2{2}, 3, 4)},
		[]string{"W", "sp"}},
	{"deeper dominated", []any{fxDeeper{FxA{"a", 1, 2}, 3}}, []string{"AOnly", "Shared", "Name"}},
	{"shallow untagged wins", []any{fxShallowUntagged{FxTagDeep2{FxTagDeep{1}, 2}, "q"}},
		[]string{"R", "Q"}},
	{"tagged wins at depth", []any{fxTaggedAtDepth{}}, []string{"Q", "R", "Wrap"}},
	{"tagged embed", []any{fxTaggedEmbed{FxA: &FxA{Name: "n"}, fxInnerLower: fxInnerLower{P: 1}}},
		[]string{"inner", "low", "Name"}},
	{"cycle", []any{FxCycle{N: 1}, FxCycle{&FxCycle{N: 2}, 1}}, []string{"N"}},
	{"ping pong", []any{FxPing{Ping: 1, Both: 2}, FxPing{&FxPong{&FxPing{Ping: 9}, 3, 4}, 1, 2}},
		[]string{"Ping", "Both"}},
	{"diamond", []any{fxDiamond{FxLeft{FxLeaf{1, 2}}, FxRight{FxLeaf{3, 4}, "m"}}}, []string{"M"}},
	{"diamond top", []any{fxDiamondTop{FxLeft{FxLeaf{1, 2}}, FxRight{FxLeaf{3, 4}, "m"}, "l"}},
		[]string{"M", "L"}},
	{"revisit", []any{fxRevisit{FxLeaf{1, 2}, FxLeft{FxLeaf{3, 4}}}}, []string{"L", "M"}},
	{"omitempty", fxOmitEmptyValues(), []string{"A2", "St", "In", "T"}},
	{"omitzero", fxOmitZeroValues(), []string{}},
	{"omitzero methods", fxOmitZeroMethodValues(), []string{"V", "P", "Both"}},
	{"quoted", fxQuotedValues(), nil},
	{"case", []any{fxCase{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
		[]string{"FOO", "Foo", "foo", "k", "\u212a",
			"ThisIsAVeryLongFieldNameThatIsLongerThanTheStackFoldBuffer",
			"thisisaverylongfieldnamethatislongerthanthestackfoldbuffer", "ab", "aB", "ss", "ſſ"}},
	{"order", []any{fxOrder{FxTagDeep2: &FxTagDeep2{FxTagDeep{1}, 2}}},
		[]string{"Z", "L", "M", "Y", "X", "inner", "W"}},
	{"node", []any{FxNode{1, &FxNode{V: 2}, []FxNode{{V: 3}}}}, []string{"V", "Kids"}},
	{"embed tagged names", []any{fxEmbedTagged{FxA: FxA{Name: "x"}}}, []string{"-", "Name"}},
	{"trees", []any{fxTrees{EP: &fxEmbedPtr{W: 1}, D: []fxDiamondTop{{L: "l"}},
		O: map[string]fxOrder{"o": {Z: 1}}}}, []string{"E", "EP", "D", "O"}},
}

// fxOmitEmptyValues returns fxOmitEmpty values at and around emptiness.
func fxOmitEmptyValues() []any {
	one := 1
	var nilZI *FxZP
	return []any{
		fxOmitEmpty{},
		fxOmitEmpty{B: true, I: -1, I8: 1, I16: 1, I32: 1, I64: 1, U: 1, U8: 1, U16: 1, U32: 1, U64: 1, Uptr: 1,
			F32: 1, F64: 1, S: "s", Sl: []int{0}, M: map[string]int{"": 0}, A2: [2]int{}, P: new(int),
			If: 0, Bs: []byte{0}, Num: "0", Raw: json.RawMessage("null"), MP: map[string]*int{"a": nil},
			PS: &struct{ X int }{}, IfZ: nilZI, Nest: map[string]string{"<": ">"}},
		fxOmitEmpty{F32: float32(math.Copysign(0, -1)), F64: math.Copysign(0, -1), Sl: []int{},
			M: map[string]int{}, Bs: []byte{}, P: &one, If: (*int)(nil), Raw: json.RawMessage{}},
	}
}

// fxOmitZeroValues returns fxOmitZero values at and around zero.
func fxOmitZeroValues() []any {
	pp := new(*FxZP)
	return []any{
		fxOmitZero{},
		fxOmitZero{B: true, I: 1, I8: 1, U64: 1, Uptr: 1, F32: 1, F64: 1, S: "s", Sl: []int{}, M: map[string]int{},
			A2: [2]int{0, 1}, P: new(int), If: 0, In: FxInner{Z: true}, Bs: []byte{}, PPP: pp},
		fxOmitZero{F32: float32(math.Copysign(0, -1)), F64: math.Copysign(0, -1), A2: [2]int{}, If: (*int)(nil)},
	}
}

// fxOmitZeroMethodValues returns fxOmitZeroMethods values that IsZero
// methods call zero and non-zero.
func fxOmitZeroMethodValues() []any {
	var nilZP *FxZP
	t := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	return []any{
		fxOmitZeroMethods{},
		fxOmitZeroMethods{V: FxZV{42}, P: FxZP{42}, PV: &FxZV{42}, PP: &FxZP{42}, I: FxZV{42}, PT: &time.Time{},
			M: FxZMap{"x": 1}, Both: FxZV{42}, BoM: FxZMap{}},
		fxOmitZeroMethods{V: FxZV{1}, P: FxZP{1}, PV: &FxZV{}, PP: &FxZP{}, I: nilZP, T: t, PT: &t,
			M: FxZMap{"keep": 0}, Both: FxZV{1}, BoM: FxZMap{"keep": 1}, A: (*int)(nil)},
		fxOmitZeroMethods{I: &FxZP{42}},
		fxOmitZeroMethods{I: &FxZP{1}},
		fxOmitZeroMethods{I: FxZV{1}, A: 0},
	}
}

// fxQuotedValues returns fxQuoted values, including nil pointers and
// strings that need escaping twice.
func fxQuotedValues() []any {
	i, s, b := -12, `a"<b>\`+"\u2028", true
	pi := &i
	return []any{
		fxQuoted{},
		fxQuoted{B: true, I: -1, I8: -8, I16: 16, I32: 32, I64: math.MinInt64, U: 1, U8: 8, U16: 16, U32: 32,
			U64: math.MaxUint64, Uptr: 5, F32: 1.5, F64: 1e21, S: s, PI: &i, PS: &s, PB: &b, PPI: &pi, NP: &i,
			NI: 7, If: 3, Sl: []int{1}, St: FxInner{X: 1}, M: map[string]int{"a": 1}, Num: "12.5",
			Dur: time.Second, T: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), MS: "x", TI: 4, Not: 5, Both: 6},
		fxQuoted{F32: float32(math.Copysign(0, -1)), F64: 1e-7, S: "", Num: ""},
	}
}

// TestFieldsKeys checks, for every corpus type, the keys json.Marshal
// writes for the zero value, and that cachedFields lists them.
func TestFieldsKeys(t *testing.T) {
	for _, c := range fxCases {
		if c.keys == nil {
			continue
		}
		typ := reflect.TypeOf(c.values[0])
		out, err := json.Marshal(reflect.New(typ).Interface())
		if err != nil {
			t.Fatalf("%s: json.Marshal: %v", c.name, err)
		}
		if got := fxKeys(t, out); !cmp.Equal(got, c.keys) {
			t.Errorf("%s: json.Marshal keys differ from the table (-want +got):\n%s", c.name, cmp.Diff(c.keys, got))
		}
	}
}

// fxKeys returns the top-level keys of the JSON object in, in order.
func fxKeys(t *testing.T, in []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(in))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	keys := []string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestFieldsMarshal writes every corpus value with a reflect-based writer
// that knows struct fields only through cachedFields, and requires the
// bytes json.Marshal writes, both for an unaddressable value and through a
// pointer (addressable fields).
func TestFieldsMarshal(t *testing.T) {
	for _, c := range fxCases {
		typ := reflect.TypeOf(c.values[0])
		values := append([]any{reflect.Zero(typ).Interface(), fxFilled(typ).Interface()}, c.values...)
		for i, v := range values {
			want, wantErr := json.Marshal(v)
			got, gotErr := fxWriteValue(nil, reflect.ValueOf(v), false)
			fxCompare(t, fmt.Sprintf("%s #%d", c.name, i), got, gotErr, want, wantErr)

			p := reflect.New(typ)
			p.Elem().Set(reflect.ValueOf(v))
			want, wantErr = json.Marshal(p.Interface())
			got, gotErr = fxWriteValue(nil, p.Elem(), false)
			fxCompare(t, fmt.Sprintf("%s #%d addressable", c.name, i), got, gotErr, want, wantErr)
		}
	}
}

// fxCompare requires equal output, or errors from both.
func fxCompare(t *testing.T, what string, got []byte, gotErr error, want []byte, wantErr error) {
	t.Helper()
	switch {
	case (gotErr != nil) != (wantErr != nil):
		t.Errorf("%s: error %v, json.Marshal error %v", what, gotErr, wantErr)
	case wantErr == nil && !bytes.Equal(got, want):
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}

var (
	fxMarshalerType     = reflect.TypeFor[json.Marshaler]()
	fxTextMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	fxNumberType        = reflect.TypeFor[json.Number]()
	fxTimeType          = reflect.TypeFor[time.Time]()
)

// fxMarshals reports whether t marshals itself.
func fxMarshals(t reflect.Type) bool {
	return t.Implements(fxMarshalerType) || t.Implements(fxTextMarshalerType)
}

// fxWriteValue appends the JSON for v. It walks structs itself using
// cachedFields, fieldByIndex, field.omit and field.nameJSON, and leaves
// every other value to json.Marshal, adding the `,string` quoting that
// encoding/json applies when quoted is set.
func fxWriteValue(b []byte, v reflect.Value, quoted bool) ([]byte, error) {
	t := v.Type()
	switch {
	case v.CanAddr() && fxMarshals(reflect.PointerTo(t)):
		return fxAppendMarshal(b, v.Addr().Interface())
	case fxMarshals(t):
		return fxAppendMarshal(b, v.Interface())
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		return fxWriteValue(b, v.Elem(), quoted)
	case reflect.Struct:
		return fxWriteStruct(b, v)
	}
	var x any
	if v.CanAddr() {
		x = v.Addr().Interface()
	} else {
		x = v.Interface()
	}
	if !quoted {
		return fxAppendMarshal(b, x)
	}
	switch v.Kind() {
	case reflect.String:
		if t == fxNumberType {
			s := v.String()
			if s == "" {
				s = "0"
			}
			return append(append(append(b, '"'), s...), '"'), nil
		}
		inner, err := json.Marshal(v.String())
		if err != nil {
			return nil, err
		}
		return fxAppendMarshal(b, string(inner))
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		b = append(b, '"')
		b, err := fxAppendMarshal(b, x)
		return append(b, '"'), err
	}
	return nil, fmt.Errorf("quoted %v", t)
}

// fxWriteStruct appends the JSON object for struct v.
func fxWriteStruct(b []byte, v reflect.Value) ([]byte, error) {
	sf := cachedFields(v.Type())
	b = append(b, '{')
	first := true
	for i := range sf.list {
		f := &sf.list[i]
		fv, ok := fieldByIndex(v, f.index)
		if !ok || f.omit(fv) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, f.nameJSON...)
		var err error
		if b, err = fxWriteValue(b, fv, f.quoted); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// fxAppendMarshal appends json.Marshal(x).
func fxAppendMarshal(b []byte, x any) ([]byte, error) {
	out, err := json.Marshal(x)
	return append(b, out...), err
}

// fxFilled returns an addressable value of struct type t with every field
// that can be set given a distinctive non-zero value.
func fxFilled(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	fxFill(v, 0)
	return v
}

// fxFill sets v to a distinctive non-zero value if it can, and reports
// whether it did. Recursion stops at a small depth.
func fxFill(v reflect.Value, depth int) bool {
	t := v.Type()
	if depth > 4 {
		return false
	}
	if v.Kind() == reflect.Struct && t != fxTimeType {
		filled := false
		sf := cachedFields(t)
		for i := range sf.list {
			fv, err := fieldByIndexAlloc(v, sf.list[i].index)
			if err == nil && fxFill(fv, depth+1) {
				filled = true
			}
		}
		return filled
	}
	if !v.CanSet() {
		return false
	}
	switch t {
	case fxTimeType:
		v.Set(reflect.ValueOf(time.Date(2024, 2, 3, 4, 5, 6, 0, time.UTC)))
		return true
	case fxNumberType:
		v.SetString("7")
		return true
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(7)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	case reflect.String:
		v.SetString("s<&>")
	case reflect.Pointer:
		e := reflect.New(t.Elem())
		if !fxFill(e.Elem(), depth+1) {
			return false
		}
		v.Set(e)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && t.Name() != "" {
			return false // json.RawMessage and friends need valid JSON
		}
		s := reflect.MakeSlice(t, 1, 1)
		if !fxFill(s.Index(0), depth+1) {
			return false
		}
		v.Set(s)
	case reflect.Array:
		return t.Len() > 0 && fxFill(v.Index(0), depth+1)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return false
		}
		e := reflect.New(t.Elem()).Elem()
		if !fxFill(e, depth+1) {
			return false
		}
		m := reflect.MakeMap(t)
		m.SetMapIndex(reflect.ValueOf("keep").Convert(t.Key()), e)
		v.Set(m)
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return false
		}
		v.Set(reflect.ValueOf("i"))
	default:
		return false
	}
	return true
}

// fxKeyVariants returns keys to try against a field named name: case and
// folding variants, and near misses.
func fxKeyVariants(name string) []string {
	mapRunes := func(f func(rune) rune) string { return strings.Map(f, name) }
	swap := func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}
	fold1 := unicode.SimpleFold
	fold2 := func(r rune) rune { return unicode.SimpleFold(unicode.SimpleFold(r)) }
	keys := []string{
		name, strings.ToUpper(name), strings.ToLower(name), mapRunes(swap), mapRunes(fold1), mapRunes(fold2),
		name + "x", "x" + name, strings.ToUpper(name) + " ", "",
	}
	if _, n := utf8.DecodeLastRuneInString(name); n < len(name) {
		keys = append(keys, name[:len(name)-n])
	}
	return keys
}

// TestFieldsLookup decodes, with json.Unmarshal, objects with one key in
// many letter cases and foldings, and requires that the field json.Unmarshal
// sets is the one lookup returns (or none when lookup finds none).
func TestFieldsLookup(t *testing.T) {
	for _, c := range fxCases {
		typ := reflect.TypeOf(c.values[0])
		sf := cachedFields(typ)
		filled := fxFilled(typ)
		out, err := json.Marshal(filled.Addr().Interface())
		if err != nil {
			t.Fatalf("%s: json.Marshal: %v", c.name, err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(out, &raw); err != nil {
			t.Fatalf("%s: json.Unmarshal: %v", c.name, err)
		}
		tried := 0
		for i := range sf.list {
			for _, key := range fxKeyVariants(sf.list[i].name) {
				if fxCheckLookup(t, c.name, typ, sf, raw, key, sf.list[i].name) {
					tried++
				}
			}
		}
		if len(sf.list) > 0 && tried == 0 {
			t.Errorf("%s: no lookups could be checked", c.name)
		}
	}
}

// fxCheckLookup checks lookup(key) for one key. When lookup finds field f,
// json.Unmarshal of {key: v} must do what it does for {f.name: v}, where v
// is f's JSON in the filled value; when lookup finds nothing, json.Unmarshal
// of {key: v} must set nothing, v being the JSON of field src. It reports
// false if the check was skipped because it would show nothing.
func fxCheckLookup(t *testing.T, what string, typ reflect.Type, sf *structFields,
	raw map[string]json.RawMessage, key, src string) bool {
	t.Helper()
	f, ok := sf.lookup([]byte(key))
	if ok {
		src = f.name
		if f2, ok := sf.lookup([]byte(key)); !ok || f2 != f {
			t.Fatalf("%s: lookup(%q) is not stable", what, key)
		}
	}
	val, present := raw[src]
	if !present {
		val = json.RawMessage("null")
	}
	var wantSet []string
	var wantErr error
	if ok {
		wantSet, wantErr = fxDecodeOne(typ, sf, f.name, val)
		if wantErr == nil && wantSet == nil {
			return false
		}
		if wantErr == nil && !cmp.Equal(wantSet, []string{f.name}) {
			t.Errorf("%s: json.Unmarshal of key %q sets %q", what, f.name, wantSet)
		}
	}
	set, err := fxDecodeOne(typ, sf, key, val)
	if !cmp.Equal(set, wantSet) || (err != nil) != (wantErr != nil) {
		t.Errorf("%s: key %q, value %s: json.Unmarshal sets %q (error %v); lookup gives %q (error %v)",
			what, key, val, set, err, wantSet, wantErr)
	}
	return true
}

// fxDecodeOne decodes {key: val} with json.Unmarshal into a new value of
// typ and returns the names of the fields it set.
func fxDecodeOne(typ reflect.Type, sf *structFields, key string, val json.RawMessage) ([]string, error) {
	k, _ := json.Marshal(key)
	y := reflect.New(typ)
	err := json.Unmarshal([]byte(`{`+string(k)+`:`+string(val)+`}`), y.Interface())
	var set []string
	for i := range sf.list {
		if fv, ok := fieldByIndex(y.Elem(), sf.list[i].index); ok && !fv.IsZero() {
			set = append(set, sf.list[i].name)
		}
	}
	return set, err
}

// TestFieldsLookupTable spells out the folding precedence on fxCase.
func TestFieldsLookupTable(t *testing.T) {
	sf := cachedFields(reflect.TypeFor[fxCase]())
	long := "ThisIsAVeryLongFieldNameThatIsLongerThanTheStackFoldBuffer"
	tests := []struct{ key, want string }{
		{"FOO", "FOO"}, {"Foo", "Foo"}, {"foo", "foo"}, {"fOO", "FOO"}, {"fOo", "FOO"},
		{"k", "k"}, {"K", "k"}, {"\u212a", "\u212a"},
		{long, long}, {strings.ToLower(long), strings.ToLower(long)}, {strings.ToUpper(long), long},
		{"AB", "ab"}, {"Ab", "ab"}, {"aB", "aB"},
		{"ſs", "ss"}, {"SS", "ss"}, {"ſſ", "ſſ"}, {"Sſ", "ss"},
		{"fo", ""}, {"", ""}, {"\xff", ""}, {strings.ToUpper(long) + "x", ""},
	}
	for _, tt := range tests {
		got := ""
		if f, ok := sf.lookup([]byte(tt.key)); ok {
			got = f.name
		}
		if got != tt.want {
			t.Errorf("lookup(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}

// TestFieldsFold compares the three ways folding is decided: the folded
// map key, the allocation-free equalFold, and bytes.EqualFold.
func TestFieldsFold(t *testing.T) {
	words := []string{"", "a", "A", "k", "K", "\u212a", "s", "S", "ſ", "ß", "ẞ", "ss", "σ", "ς", "Σ", "ı", "I", "i", "İ",
		"\xff", "\xfe", "\ufffd", "é", "É", "e\u0301", "ǅ", "ǆ", "Ǆ", "ͅ", "ι", "Ι", "ι", "\xc3", "\xc3\xa9"}
	var keys []string
	for _, a := range words {
		for _, b := range words {
			keys = append(keys, a+b)
		}
	}
	folded := make([]string, len(keys))
	for i, k := range keys {
		folded[i] = string(appendFold(nil, []byte(k)))
	}
	for _, name := range keys {
		for j, key := range keys {
			want := bytes.EqualFold([]byte(name), []byte(key))
			byMap := string(appendFold(nil, name)) == folded[j]
			if byMap != want || equalFold(name, []byte(key)) != want {
				t.Fatalf("fold(%q, %q): map %v, equalFold %v, bytes.EqualFold %v",
					name, key, byMap, equalFold(name, []byte(key)), want)
			}
		}
	}
}

// TestFieldsLookupAllocs requires that lookup does not allocate on any path.
func TestFieldsLookupAllocs(t *testing.T) {
	sf := cachedFields(reflect.TypeFor[fxCase]())
	long := []byte("THISISAVERYLONGFIELDNAMETHATISLONGERTHANTHESTACKFOLDBUFFER")
	for _, key := range [][]byte{[]byte("Foo"), []byte("fOo"), []byte("nope"), long, append(long, 'x'),
		[]byte("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff")} {
		if n := testing.AllocsPerRun(100, func() { sf.lookup(key) }); n != 0 {
			t.Errorf("lookup(%q) allocates %v times", key, n)
		}
	}
}

// TestFieldsTagNames compares isValidTag and nameJSON with encoding/json on
// one-field struct types built with reflect.StructOf, for every ASCII
// character and a sample of other runes.
func TestFieldsTagNames(t *testing.T) {
	var runes []rune
	for r := rune(0); r < utf8.RuneSelf; r++ {
		runes = append(runes, r)
	}
	runes = append(runes, 'é', 'ß', 'Ж', 'λ', 'ー', 'デ', '٣', '²', 'Ⅻ', '\u00a0', '\u0301', '\u200b', '\u2028',
		'\u2029', '\ufeff', '\ufffd', '😀', '€', '§', '¿', '«', '\u212a', '𝔸', '\U000e0001')
	for _, r := range runes {
		for _, name := range []string{string(r), "a" + string(r) + "b"} {
			if name == "-" {
				continue // `json:"-"` skips the field
			}
			st := reflect.StructOf([]reflect.StructField{{
				Name: "F", Type: reflect.TypeFor[int](),
				Tag: reflect.StructTag(`json:` + strconv.Quote(name)),
			}})
			out, err := json.Marshal(reflect.New(st).Elem().Interface())
			if err != nil {
				t.Fatal(err)
			}
			f := &cachedFields(st).list[0]
			want := `{` + string(f.nameJSON) + `0}`
			if string(out) != want {
				t.Errorf("tag name %q: json.Marshal %s, cachedFields %s", name, out, want)
			}
			if f.name != name && isValidTag(name) || f.name == name && !isValidTag(name) {
				t.Errorf("tag name %q: field named %q, isValidTag %v", name, f.name, isValidTag(name))
			}
		}
	}
}

// TestFieldsNameJSON checks nameJSON against json.Marshal of the name for
// every rune a tag name may hold, so escaping <, > and & suffices.
func TestFieldsNameJSON(t *testing.T) {
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		s := "a" + string(r)
		if !utf8.ValidRune(r) || !isValidTag(s) {
			continue
		}
		n++
		want, _ := json.Marshal(s)
		if got := appendNameJSON(nil, s); string(got) != string(want)+":" {
			t.Fatalf("appendNameJSON(%q) = %s, want %s:", s, got, want)
		}
	}
	if n < 100000 {
		t.Fatalf("only %d runes checked", n)
	}
}

// TestFieldsMetadata spells out the description of a few types.
func TestFieldsMetadata(t *testing.T) {
	type flat struct {
		Name                        string
		Index                       []int
		Typ                         string
		OmitEmpty, OmitZero, Quoted bool
		NameJSON                    string
	}
	describe := func(typ reflect.Type) []flat {
		var out []flat
		for _, f := range cachedFields(typ).list {
			out = append(out, flat{f.name, f.index, f.typ.String(), f.omitEmpty, f.omitZero, f.quoted, string(f.nameJSON)})
		}
		return out
	}
	got := describe(reflect.TypeFor[fxOrder]())
	want := []flat{
		{"Z", []int{0}, "int", false, false, false, `"Z":`},
		{"L", []int{1, 0, 0}, "int", false, false, false, `"L":`},
		{"M", []int{1, 0, 1}, "int", false, false, false, `"M":`},
		{"Y", []int{2}, "int", false, false, false, `"Y":`},
		{"Q", []int{3, 0, 0}, "int", false, false, false, `"Q":`},
		{"R", []int{3, 1}, "int", false, false, false, `"R":`},
		{"X", []int{4}, "int", false, false, false, `"X":`},
		{"inner", []int{5}, "rowpage.FxInner", false, false, false, `"inner":`},
		{"W", []int{6}, "int", false, false, false, `"W":`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fxOrder (-want +got):\n%s", diff)
	}
	got = describe(reflect.TypeFor[fxEmbedNonStructTagged]())
	want = []flat{
		{"FxMyInt", []int{1}, "*rowpage.FxMyInt", false, false, true, `"FxMyInt":`},
		{"FxIface", []int{2}, "rowpage.FxIface", false, false, false, `"FxIface":`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fxEmbedNonStructTagged (-want +got):\n%s", diff)
	}
	quoted := map[string]bool{}
	for _, f := range cachedFields(reflect.TypeFor[fxQuoted]()).list {
		if f.quoted {
			quoted[f.name] = true
		}
	}
	for _, name := range []string{"PPI", "NP", "If", "Sl", "St", "M", "T", "Not"} {
		if quoted[name] {
			t.Errorf("fxQuoted.%s is quoted; encoding/json ignores `,string` there", name)
		}
	}
	for _, name := range []string{"B", "I", "Uptr", "F32", "S", "PI", "PS", "PB", "NI", "Num", "Dur", "MS", "TI", "both"} {
		if !quoted[name] {
			t.Errorf("fxQuoted.%s is not quoted", name)
		}
	}
}

// TestFieldsByIndex covers nil embedded pointers when encoding and decoding.
func TestFieldsByIndex(t *testing.T) {
	var v fxEmbedLowerPtr
	sf := cachedFields(reflect.TypeOf(v))
	p, _ := sf.lookup([]byte("P"))
	rv := reflect.ValueOf(&v).Elem()
	if _, ok := fieldByIndex(rv, p.index); ok {
		t.Error("fieldByIndex through a nil embedded pointer reported ok")
	}
	_, err := fieldByIndexAlloc(rv, p.index)
	jsonErr := json.Unmarshal([]byte(`{"P":1}`), &v)
	if err == nil || jsonErr == nil {
		t.Fatalf("fieldByIndexAlloc error %v, json.Unmarshal error %v; want both", err, jsonErr)
	}
	if !strings.Contains(err.Error(), "cannot set embedded pointer to unexported struct: rowpage.fxInnerLower") {
		t.Errorf("error %q", err)
	}

	var w fxOrder
	sf = cachedFields(reflect.TypeOf(w))
	q, _ := sf.lookup([]byte("q"))
	fv, err := fieldByIndexAlloc(reflect.ValueOf(&w).Elem(), q.index)
	if err != nil || w.FxTagDeep2 == nil {
		t.Fatalf("fieldByIndexAlloc: %v, pointer %v", err, w.FxTagDeep2)
	}
	fv.SetInt(3)
	if w.Q != 3 {
		t.Errorf("set through allocated pointer: Q = %d", w.Q)
	}
}

// TestFieldsConcurrent builds descriptions from many goroutines; run with
// -race. Every caller must get the same pointer.
func TestFieldsConcurrent(t *testing.T) {
	types := []reflect.Type{}
	for _, c := range fxCases {
		types = append(types, reflect.TypeOf(c.values[0]))
	}
	const workers = 8
	got := make([][]*structFields, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for _, typ := range types {
				sf := cachedFields(typ)
				sf.lookup([]byte("name"))
				got[w] = append(got[w], sf)
			}
		})
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		for i := range types {
			if got[w][i] != got[0][i] {
				t.Fatalf("%v: goroutines got different descriptions", types[i])
			}
		}
	}
}

// TestFieldsNonStruct requires a panic for a non-struct type.
func TestFieldsNonStruct(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("cachedFields(int) did not panic")
		}
	}()
	cachedFields(reflect.TypeFor[int]())
}
