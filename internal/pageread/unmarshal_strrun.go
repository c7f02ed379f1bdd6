package pageread

// Runs of consecutive string-table entries, for decoders that copy many
// entries at once: the entries of a table lie one after another in its
// data, so entries i to j-1 are one slice of it.

// Start returns where entry i starts in the run that begins at entry 0,
// for 0 <= i <= Len() (Start(Len()) is DataLen()): entry i spans
// Start(i) to Start(i+1). One load.
func (t *StringTable) Start(i int) int { return int(t.offs[i]) }

// Run returns the bytes of entries i to j-1, 0 <= i <= j <= Len(), one
// after another. The slice aliases the page: do not modify it.
func (t *StringTable) Run(i, j int) []byte {
	s, e := t.offs[i], t.offs[j]
	return t.data[s:e:e]
}

// Starts returns the starts of entries i to j, 0 <= i <= j <= Len():
// Starts(i, j)[k] is Start(i+k), so entry i+k spans element k to element
// k+1. The slice aliases the table: do not modify it.
func (t *StringTable) Starts(i, j int) []uint32 { return t.offs[i : j+1 : j+1] }
