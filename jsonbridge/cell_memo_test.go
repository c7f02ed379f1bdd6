package jsonbridge

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/internal/pagebuild"
)

// TestRepeatedCellsEqualBuilderPages checks the tokenizer's copy of a
// tagged cell whose text is an earlier cell's (jsontext's cellMemo) against
// the Builder's pages, which parse every cell: random pages whose array and
// object cells come from a small pool, so that most repeat, in the same
// column and in others, with strings (never copied: the page counts them)
// and without, with numbers of every kind, keys of one and two bytes of id
// after many strings, cells that share their first 32 bytes but not the
// rest, whitespace, and pages that end in an error after repeats. One
// parser serves every page, as AppendPage's pool does.
func TestRepeatedCellsEqualBuilderPages(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	for round := range 300 {
		pool := make([]string, 1+r.IntN(6))
		for k := range pool {
			pool[k] = randCell(r, 0)
		}
		// Two cells that share a long prefix and differ after it.
		long := "[" + strings.Repeat("12345678,", 5)
		pool = append(pool, long+"1]", long+"2]", long+"1,3]")
		var rows []string
		for n := range 1 + r.IntN(60) {
			var members []string
			for c := range 1 + r.IntN(4) {
				cell := pool[r.IntN(len(pool))]
				if r.IntN(10) == 0 {
					cell = randCell(r, 0)
				}
				members = append(members, fmt.Sprintf(`"c%d":%s`, (c+r.IntN(2))%4, cell))
			}
			if r.IntN(3) == 0 { // strings that the page may defer and renumber
				members = append(members, fmt.Sprintf(`"s":"v%d"`, r.IntN(1+n)))
			}
			members = dedupeMembers(members)
			rows = append(rows, "{"+strings.Join(members, ",")+"}")
		}
		x := "[" + strings.Join(rows, ",") + "]"
		switch r.IntN(8) {
		case 0:
			x = x[:len(x)-1] // cut short after repeats
		case 1:
			x = strings.ReplaceAll(x, ",", " , ")
		}
		sameAsBuilder(t, p, fmt.Sprintf("round %d: %.200s", round, x), []byte(x))
	}
}

// TestRepeatedCellsAfterRenumbering checks the copy of a repeated cell
// across a page whose string ids are renumbered midway (see
// TestTaggedKeysAfterRenumbering): each cell has a key that first comes
// among the deferred strings, and repeats before and after the renumbering,
// when that key's id has changed.
func TestRepeatedCellsAfterRenumbering(t *testing.T) {
	var b strings.Builder
	b.WriteByte('[')
	for r := range pagebuild.MinDeferStrings {
		fmt.Fprintf(&b, `{"f":"f%d"},`, r)
	}
	for r := range 700 {
		if r > 0 {
			b.WriteByte(',')
		}
		s := r
		if r >= 96 {
			s = 32 + r%64
		}
		fmt.Fprintf(&b, `{"s":"u%d","o":{"k":1,"zz%d":[1,2,3,4,5,6,7,8,9,10,11,12]}}`, s, r/20)
	}
	b.WriteByte(']')
	x := []byte(b.String())
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	sameAsBuilder(t, p, "renumbered", x)
	if deferredCells && !renumberedInPage(x) {
		t.Fatal("the page did not go back to interning: the test no longer renumbers ids")
	}
}

// dedupeMembers drops members whose key came before in the row.
func dedupeMembers(ms []string) []string {
	seen := map[string]bool{}
	out := ms[:0]
	for _, m := range ms {
		k := m[:strings.IndexByte(m, ':')]
		if !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

// randCell returns the text of a random array or object, of some 10 to
// 300 bytes.
func randCell(r *rand.Rand, depth int) string {
	n := 1 + r.IntN(6)
	var parts []string
	obj := r.IntN(2) == 0
	for k := range n {
		var v string
		switch j := r.IntN(10); {
		case j < 2 && depth < 4:
			v = randCell(r, depth+1)
		case j < 5:
			v = fmt.Sprint(r.Int64N(1 << (4 * r.IntN(16))))
		case j == 5:
			v = []string{"1.5", "-0", "1e3", "123456789012345678901234", "-7.25e-3", "0"}[r.IntN(6)]
		case j == 6:
			v = []string{"null", "true", "false", "[]", "{}"}[r.IntN(5)]
		case j == 7 && r.IntN(3) == 0:
			// Mostly a string of its own: counted once per cell.
			v = fmt.Sprintf(`"str%d"`, r.IntN(1<<30))
		default:
			v = fmt.Sprint(-r.Int64N(1 << 40))
		}
		if obj {
			// Keys from a set of some 200, so that their ids take two
			// bytes once the page has many strings.
			v = fmt.Sprintf(`"key%d_%d":%s`, r.IntN(200), k, v)
		}
		parts = append(parts, v)
	}
	if obj {
		return "{" + strings.Join(parts, ",") + "}"
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// TestRepeatedCellsThatEndAlike checks the copy of a repeated cell where
// earlier cells of the column start with the same 32 bytes and end with
// the same 8 bytes, or only one of them, or at another length, so that
// the memo's test of a cell's last word passes or fails before its whole
// text is compared: a cell is copied only from one of the same text, as
// the Builder's pages show. Pages end at the cell or with spaces after it.
func TestRepeatedCellsThatEndAlike(t *testing.T) {
	head := `{"loop_end":0,"loop_start":0,"nodes":[`
	tail := `],"release_node":255,"sustain_end":0}`
	cells := []string{
		head + `1,2,3` + tail, head + `1,9,3` + tail, // one byte apart, same last word
		head + `1,2,3` + tail[:len(tail)-2] + `1}`,   // last word apart
		head + `1,2,3,4` + tail, head + `1,2` + tail, // other lengths
		head + `[1,2],[3,4]` + tail, head + `[1,2],[3,5]` + tail,
		`[` + strings.Repeat("12345678,", 4) + `1]`, `[` + strings.Repeat("12345678,", 4) + `2]`,
	}
	p := newParser(defaultPageMode.enc.NewBuilder(), defaultPageMode.cellMax)
	r := rand.New(rand.NewPCG(5, 6))
	for round := range 200 {
		var rows []string
		for range 1 + r.IntN(40) {
			rows = append(rows, fmt.Sprintf(`{"e":%s,"n":%d}`, cells[r.IntN(len(cells))], r.IntN(3)))
		}
		x := "[" + strings.Join(rows, ",") + "]" + strings.Repeat(" ", r.IntN(3)*8)
		sameAsBuilder(t, p, fmt.Sprintf("round %d: %.300s", round, x), []byte(x))
	}
}
