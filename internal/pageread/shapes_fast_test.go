package pageread

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// shapeListsBoth reads the shape lists b (ns shapes over cols columns, each
// shape used once) as parseShapes does, through readShapeLists (the fast
// reading when it applies), and again through shapeListsChecked alone,
// and reports what each gave: the lists, their ends and the column counts,
// or the error.
func shapeListsBoth(b []byte, ns, cols int) (got, want string) {
	read := func(l *Layout, fast bool) string {
		l.uses = make([]int, ns+1)
		for id := 1; id <= ns; id++ {
			l.uses[id] = 1
		}
		l.counts = grow(l.counts, max(cols, 0x100))
		clear(l.counts)
		l.seen = grow(l.seen, max(cols, 0x100))
		clear(l.seen)
		var err error
		if fast {
			err = l.readShapeLists(span{b: b}, 0, ns, cols)
		} else {
			err = l.shapeListsChecked(span{b: b}, 0, ns, cols)
		}
		if err != nil {
			return "error: " + err.Error()
		}
		return fmt.Sprint(l.shapeCols, l.shapeEnds, l.counts[:cols])
	}
	return read(&Layout{}, true), read(&Layout{}, false)
}

// TestShapeListsFastAgrees checks that the fast reading of shape lists
// gives what the checked reading gives, on pages of up to 300 columns whose
// lists hold two-byte column indexes (from 128 on) and on damaged lists. A
// byte from 0x80 on starts a two-byte index, never a column of its own: a
// fast reading that took it for one would read the lists below in another
// way than the checked one, and accept them.
func TestShapeListsFastAgrees(t *testing.T) {
	// 200 columns. Shape 1 lists columns 0 to 126; shape 2 lists 127 and
	// 128 (0x80 0x01); shape 3 is empty. Read byte by byte, the last two
	// bytes would be a shape 3 of one column, 0.
	crafted := []byte{127}
	for c := range byte(127) {
		crafted = append(crafted, c)
	}
	crafted = append(crafted, 2, 127, 0x80, 0x01, 0)
	if got, want := shapeListsBoth(crafted, 3, 200); got != want {
		t.Fatalf("crafted lists:\n got %s\nwant %s", got, want)
	}

	rng := rand.New(rand.NewPCG(3, 12))
	for trial := range 20_000 {
		cols := []int{1, 5, 127, 128, 129, 200, 300}[rng.IntN(7)]
		ns := 1 + rng.IntN(6)
		// Valid lists: each shape lists some columns already seen and,
		// at its end, the next new ones, in canonical varints.
		var b []byte
		next := 0
		for range ns {
			var list []int
			for c := range next {
				if rng.IntN(3) == 0 {
					list = append(list, c)
				}
			}
			for k := rng.IntN(140); k > 0 && next < cols; k-- {
				list = append(list, next)
				next++
			}
			if rng.IntN(4) == 0 { // new columns out of order, mostly
				rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
			}
			b = binary.AppendUvarint(b, uint64(len(list)))
			for _, c := range list {
				b = binary.AppendUvarint(b, uint64(c))
			}
		}
		// Damage some: a byte changed, dropped or added.
		switch rng.IntN(4) {
		case 1:
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		case 2:
			i := rng.IntN(len(b))
			b = slices.Delete(b, i, i+1)
		case 3:
			b = slices.Insert(b, rng.IntN(len(b)+1), byte(rng.IntN(256)))
		}
		if got, want := shapeListsBoth(b, ns, cols); got != want {
			t.Fatalf("trial %d, %d shapes of %d columns, lists % x:\n got %s\nwant %s", trial, ns, cols, b, got, want)
		}
	}
}

// everyOnce returns the one-byte indexes of columns 0 to cols-1.
func everyOnce(cols int) []byte {
	b := make([]byte, cols)
	for c := range b {
		b[c] = byte(c)
	}
	return b
}

// TestShapeListsFastBounds checks the entries at the edges of what the fast
// reading accepts: the last column, listed first and then again once every
// column is listed, and the column one past it, which must be refused
// whether or not every column has appeared, and a shape longer than the
// columns; at 5 columns and at 128, the
// most the fast reading takes.
func TestShapeListsFastBounds(t *testing.T) {
	for _, cols := range []int{1, 5, 127, 128} {
		// Every column, in shapes of at most 64 (so that each length
		// is one byte, which the fast reading needs).
		var all []byte
		shapes := 0
		for c := 0; c < cols; c += 64 {
			k := min(64, cols-c)
			all = append(all, byte(k))
			for j := range k {
				all = append(all, byte(c+j))
			}
			shapes++
		}
		last, past := byte(cols-1), byte(cols)
		cases := []struct {
			name  string
			lists []byte
			ns    int
			ok    bool
		}{
			{"every column, then the last again", append(slices.Clone(all), 1, last), shapes + 1, true},
			{"every column, then one past the last", append(slices.Clone(all), 1, past), shapes + 1, false},
			{"one past the last before every column", []byte{1, past}, 1, false},
			{"every column, then the last twice", append(slices.Clone(all), 2, last, last), shapes + 1, false},
			// (listShapes does not compare a length with the columns: a
			// list longer than them names one twice.)
			{"every column, then a shape of one more entry than columns", append(append(slices.Clone(all), past+1), append(everyOnce(cols), last)...), shapes + 1, false},
		}
		for _, c := range cases {
			if past >= 0x80 && !c.ok { // a two-byte varint's first byte: the lists are torn, not out of range
				continue
			}
			got, want := shapeListsBoth(c.lists, c.ns, cols)
			if got != want {
				t.Errorf("%d columns, %s:\n got %s\nwant %s", cols, c.name, got, want)
			}
			if failed := len(got) > 6 && got[:6] == "error:"; failed == c.ok {
				t.Errorf("%d columns, %s: got %s, want ok = %v", cols, c.name, got, c.ok)
			}
		}
	}
}

// TestShapeListsFastPairs checks the fast reading's two entries a step:
// lists of 0 to 7 columns after a first shape of columns 0 to 3, with an
// entry at each place, the first or second of a step or the last of an odd
// list, changed to repeat the entry before it, to repeat itself across a
// step, to skip the next new column, or to name the last column. Each
// reading must agree with the checked one, and refuse exactly the faults.
func TestShapeListsFastPairs(t *testing.T) {
	const cols = 12
	first := []byte{4, 0, 1, 2, 3}
	for k := range 8 {
		// A valid second shape: old columns 3, 2, 1, 0 first, then new
		// ones from 4 (as many as k asks for).
		list := make([]byte, k)
		for j := range list {
			list[j] = byte(3 - j)
			if j >= 4 {
				list[j] = byte(j)
			}
		}
		check := func(name string, l []byte, ok bool) {
			t.Helper()
			b := append(append(slices.Clone(first), byte(len(l))), l...)
			got, want := shapeListsBoth(b, 2, cols)
			if got != want {
				t.Errorf("%d entries, %s (% x):\n got %s\nwant %s", k, name, l, got, want)
			}
			if failed := len(got) > 6 && got[:6] == "error:"; failed == ok {
				t.Errorf("%d entries, %s (% x): got %s, want ok = %v", k, name, l, got, ok)
			}
		}
		check("valid", list, true)
		for p := range k {
			if p > 0 {
				dup := slices.Clone(list)
				dup[p] = dup[p-1]
				check(fmt.Sprintf("entry %d repeats entry %d", p, p-1), dup, false)
			}
			if p > 1 {
				dup := slices.Clone(list)
				dup[p] = dup[p-2]
				check(fmt.Sprintf("entry %d repeats entry %d", p, p-2), dup, false)
			}
			skip := slices.Clone(list)
			skip[p] = byte(max(4, p) + 1) // a new column one past the next
			check(fmt.Sprintf("entry %d skips a new column", p), skip, false)
			past := slices.Clone(list)
			past[p] = cols
			check(fmt.Sprintf("entry %d names column %d of %d", p, cols, cols), past, false)
		}
	}
}
