package dataset

// Set is a named dataset as benchmarks and tools see it: a generator of the
// values an application holds for n rows, and a way to make an empty value
// of the same type for decoders to fill.
type Set struct {
	// Name is the short name used on command lines, such as "rows".
	Name string
	// Doc describes the dataset in one line.
	Doc string
	// Values returns n rows in the form an application holds them: a slice
	// of structs, or of maps for schema-less data.
	Values func(n int) any
	// New returns a pointer to a new, empty value of the type Values
	// returns, for decoders (json.Unmarshal, CBOR, MessagePack) to fill.
	New func() any
	// Maps returns n rows as native-form maps (see the package doc), or
	// nil when Values already returns maps.
	Maps func(n int) []map[string]any
	// Generic returns n rows in generic form, as json.Unmarshal of their
	// JSON produces them.
	Generic func(n int) []map[string]any
	// JSON returns n rows as JSON text, or is nil when that text is
	// json.Marshal(Values(n)). A set whose text differs from what
	// encoding/json writes (keys in another order) says so in Doc.
	JSON func(n int) []byte
}

// HasStructs reports whether s.Values returns structs rather than maps.
func (s Set) HasStructs() bool { return s.Maps != nil }

// NativeMaps returns n rows of s as native-form maps.
func (s Set) NativeMaps(n int) []map[string]any {
	if s.Maps != nil {
		return s.Maps(n)
	}
	return s.Values(n).([]map[string]any)
}

// Text returns n rows of s as JSON text: s.JSON(n), or
// json.Marshal(s.Values(n)).
func (s Set) Text(n int) []byte {
	if s.JSON != nil {
		return s.JSON(n)
	}
	return mustMarshal(s.Values(n))
}

// Sets are the built-in datasets, in the order reports list them.
var Sets = []Set{
	{
		Name:    "rows",
		Doc:     "list-query rows as structs: ids, timestamps, short and long text, enums, string lists, counters, floats (about 800 B of JSON a row)",
		Values:  func(n int) any { return Rows(n) },
		New:     func() any { return new([]Row) },
		Maps:    Maps,
		Generic: GenericMaps,
	},
	{
		Name:    "events",
		Doc:     "GitHub-like activity events as structs with nested objects and a free-form payload map (about 850 B of JSON a row)",
		Values:  func(n int) any { return Events(n) },
		New:     func() any { return new([]Event) },
		Maps:    EventMaps, // events have no native form apart from their structs
		Generic: EventMaps,
	},
	{
		Name:    "sparse",
		Doc:     "schema-less maps whose keys and value types vary from row to row (about 175 B of JSON a row)",
		Values:  func(n int) any { return SparseMaps(n) },
		New:     func() any { return new([]map[string]any) },
		Generic: func(n int) []map[string]any { return genericMaps(SparseMaps(n)) },
	},
	{
		Name:    "baas",
		Doc:     "backend-as-a-service documents as structs: $-prefixed ids, permission strings with quotes, +00:00 millisecond timestamps, long text, prices (about 900 B of JSON a row)",
		Values:  func(n int) any { return BaaSDocs(n) },
		New:     func() any { return new([]BaaSDoc) },
		Maps:    BaaSMaps,
		Generic: BaaSGenericMaps,
	},
	{
		Name:    "analytics",
		Doc:     "analytics SQL rows as structs: emails, country codes, a nested JSON column, money mixing 12 and 12.5, nanosecond timestamps (about 400 B of JSON a row)",
		Values:  func(n int) any { return AnalyticsRows(n) },
		New:     func() any { return new([]AnalyticsRow) },
		Maps:    AnalyticsMaps,
		Generic: AnalyticsGenericMaps,
	},
	{
		Name:    "hetero",
		Doc:     "heterogeneous maps: varying keys, a column that changes type, emoji, CJK, combining marks, U+2028, control characters, uint64, deep nesting; its JSON text orders keys differently in each row (about 140 B of JSON a row)",
		Values:  func(n int) any { return HeteroMaps(n) },
		New:     func() any { return new([]map[string]any) },
		Generic: HeteroGenericMaps,
		JSON:    HeteroJSON,
	},
}

// SetByName returns the built-in dataset called name.
func SetByName(name string) (Set, bool) {
	for _, s := range Sets {
		if s.Name == name {
			return s, true
		}
	}
	return Set{}, false
}
