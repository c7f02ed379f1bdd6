package rowpage

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// treeWalk reads one cell with Elems a step at a time, keeping a stack of
// the iterators it is inside, so that several walks can interleave.
type treeWalk struct {
	frames []Elems
	trees  []any // per frame, the array or object read so far
	row    int
	done   any
}

// newTreeWalk starts a walk of e, the iterator over a row's cell.
func newTreeWalk(e Elems, row int) *treeWalk {
	w := &treeWalk{row: row}
	w.push(e)
	return w
}

func (w *treeWalk) push(e Elems) {
	w.frames = append(w.frames, e)
	if e.IsObject() {
		w.trees = append(w.trees, map[string]any{})
	} else {
		w.trees = append(w.trees, []any{})
	}
}

// add puts v, the current element of the top frame, into its tree.
func (w *treeWalk) add(v any) {
	top := len(w.frames) - 1
	if m, ok := w.trees[top].(map[string]any); ok {
		m[w.frames[top].Key()] = v
	} else {
		w.trees[top] = append(w.trees[top].([]any), v)
	}
}

// step does one thing, as choice says: move the top iterator on and read
// its element (descending into a nested array or object, or reading it with
// Value), or give up the top iterator part way and read its element from
// the frame below with Value. It reports whether the walk is over.
func (w *treeWalk) step(choice int) bool {
	top := len(w.frames) - 1
	if choice == 0 && top > 0 {
		w.frames, w.trees = w.frames[:top], w.trees[:top]
		w.add(w.frames[top-1].Value())
		return false
	}
	e := &w.frames[top]
	if !e.Next() {
		tree := w.trees[top]
		w.frames, w.trees = w.frames[:top], w.trees[:top]
		if top == 0 {
			w.done = tree
			return true
		}
		w.add(tree)
		return false
	}
	if sub, ok := e.Elems(); ok && choice != 1 {
		w.push(sub)
		return false
	}
	w.add(e.Value())
	return false
}

// TestElemsSharedDepthSlots interleaves, a step at a time and at random,
// walks of several cells: two columns of a row, and cells of earlier rows
// kept past their row. Iterators at the same depth below their rows share
// the row iteration's report slot for that depth, so they overwrite each
// other's reports; a walk may also give up an iterator part way. Whatever
// the order, every cell must read as Row.Value reads it, and the rows
// after must read right (the row's cursors trust the reports too).
func TestElemsSharedDepthSlots(t *testing.T) {
	var rows []map[string]any
	for i := range 40 {
		rows = append(rows, map[string]any{"v": nestedValue(3+i%4, i), "u": nestedValue(2+i%5, i+1), "w": int64(i)})
	}
	_, p, want := openRowsAndValues(t, rows)
	cv, _ := p.Column("v")
	cu, _ := p.Column("u")
	cw, _ := p.Column("w")
	for seed := range 30 {
		t.Run(strconv.Itoa(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(seed), 3))
			var walks []*treeWalk
			names := map[*treeWalk]string{}
			finish := func(w *treeWalk) {
				t.Helper()
				if d := cmp.Diff(want[w.row][names[w]], w.done); d != "" {
					t.Fatalf("row %d column %s (-Unmarshal +Elems):\n%s", w.row, names[w], d)
				}
			}
			// stepSome moves random walks on, n steps in all.
			stepSome := func(n int) {
				for range n {
					if len(walks) == 0 {
						return
					}
					k := rng.IntN(len(walks))
					if w := walks[k]; w.step(rng.IntN(12)) {
						finish(w)
						walks = append(walks[:k], walks[k+1:]...)
					}
				}
			}
			for r := range p.Rows() {
				i := r.Index()
				if w, _ := r.Int(cw); w != int64(i) {
					t.Fatalf("row %d: w = %d", i, w)
				}
				for _, c := range []struct {
					col  int
					name string
				}{{cv, "v"}, {cu, "u"}} {
					if e, ok := r.Elems(c.col); ok {
						w := newTreeWalk(e, i)
						names[w] = c.name
						walks = append(walks, w)
					}
				}
				stepSome(rng.IntN(60))
			}
			stepSome(1 << 20)
			if len(walks) != 0 {
				t.Fatalf("%d walks left", len(walks))
			}
		})
	}
}
