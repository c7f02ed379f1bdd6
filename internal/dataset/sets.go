package dataset

// Set is a named dataset as benchmarks and tools see it: a generator of the
// values an application holds for n rows, and a way to make an empty value
// of the same type for decoders to fill.
type Set struct {
	// Name is the short name used on command lines: "rows", "events", "sparse".
	Name string
	// Doc describes the dataset in one line.
	Doc string
	// Values returns n rows in the form an application holds them: a slice
	// of structs, or of maps for schema-less data.
	Values func(n int) any
	// New returns a pointer to a new, empty value of the type Values
	// returns, for decoders (json.Unmarshal, CBOR, MessagePack) to fill.
	New func() any
}

// Sets are the built-in datasets, in the order reports list them.
var Sets = []Set{
	{
		Name:   "rows",
		Doc:    "list-query rows as structs: ids, timestamps, short and long text, enums, string lists, counters, floats (about 800 B of JSON a row)",
		Values: func(n int) any { return Rows(n) },
		New:    func() any { return new([]Row) },
	},
	{
		Name:   "events",
		Doc:    "GitHub-like activity events as structs with nested objects and a free-form payload map (about 850 B of JSON a row)",
		Values: func(n int) any { return Events(n) },
		New:    func() any { return new([]Event) },
	},
	{
		Name:   "sparse",
		Doc:    "schema-less maps whose keys and value types vary from row to row (about 175 B of JSON a row)",
		Values: func(n int) any { return SparseMaps(n) },
		New:    func() any { return new([]map[string]any) },
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
