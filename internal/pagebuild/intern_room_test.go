package pagebuild

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestInternRoom checks the bound intern adds new strings in line below
// (Interner.room) through every change of the interner it must survive:
// pages of new and repeated strings, deferred strings between them, their
// tabling (TableDeferred) and settling (Settle), and reset. After each
// step room is at most cap(Strs) and cap(meta), the table is at most half
// full of the ids it holds (all but the deferred ones), and every string
// interned since the last settle is found under its id.
func TestInternRoom(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 7))
	var in Interner
	check := func(step string) {
		t.Helper()
		if in.room > cap(in.Strs) || in.room > cap(in.meta) {
			t.Fatalf("%s: room %d past cap(Strs) %d or cap(meta) %d", step, in.room, cap(in.Strs), cap(in.meta))
		}
		if 2*(in.room-len(in.deferred)) > len(in.slots) {
			t.Fatalf("%s: room %d with %d deferred ids overfills %d slots", step, in.room, len(in.deferred), len(in.slots))
		}
		used := 0
		for _, e := range in.slots {
			if e>>48 == in.Gen {
				used++
			}
		}
		if 2*used > len(in.slots) {
			t.Fatalf("%s: %d of %d slots used", step, used, len(in.slots))
		}
	}
	for page := range 40 {
		in.reset()
		check("reset")
		ids := map[string]uint32{}
		settled := false
		for n := r.IntN(2000); n > 0 && !settled; n-- {
			s := strconv.Itoa(r.IntN(3000))
			switch k := r.IntN(100); {
			case k < 3:
				in.AddDeferred("d" + s)
				check("AddDeferred")
			case k == 3 && page%4 == 0:
				in.Settle() // no string is interned after it until reset
				check("Settle")
				settled = true
			case k == 4:
				if m := in.TableDeferred(); m != nil {
					for s, id := range ids {
						ids[s] = m[id]
					}
				}
				check("TableDeferred")
			default:
				id := in.Intern(s)
				if want, ok := ids[s]; ok && id != want {
					t.Fatalf("page %d: Intern(%q) = %d, want %d", page, s, id, want)
				}
				ids[s] = id
				check("Intern")
			}
		}
		if settled {
			continue
		}
		for s, id := range ids {
			if got, ok := in.Lookup(s); !ok || got != id {
				t.Fatalf("page %d: Lookup(%q) = %d, %v, want %d", page, s, got, ok, id)
			}
		}
	}
}
