package rowpage_test

import (
	"bytes"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

// TestAppendWritesEveryByte appends pages of every dataset to a dst whose
// spare capacity holds 0xEE bytes and to one that must grow, and wants
// the page Marshal gives after dst's bytes, unchanged: the page's writer
// sets every byte it appends, so that it may grow dst without clearing
// the new room (pagebuild.growPage). The sizes give string tables whose
// offsets take one, two and three bytes.
func TestAppendWritesEveryByte(t *testing.T) {
	prefix := []byte("prefix")
	for _, set := range dataset.Sets {
		for _, n := range []int{1, 25, 300, 3000} {
			forms := map[string]any{"generic": set.Generic(n)}
			if set.HasStructs() {
				forms["structs"] = set.Values(n)
			}
			for form, v := range forms {
				want, err := rowpage.Marshal(v)
				if err != nil {
					t.Fatalf("%s/%d/%s: %v", set.Name, n, form, err)
				}
				room := append(prefix[:len(prefix):len(prefix)], bytes.Repeat([]byte{0xEE}, len(want)+64)...)[:len(prefix)]
				small := append([]byte(nil), prefix...)
				for name, dst := range map[string][]byte{"room": room, "grow": small} {
					got, err := rowpage.Append(dst, v)
					if err != nil {
						t.Fatalf("%s/%d/%s/%s: %v", set.Name, n, form, name, err)
					}
					if !bytes.Equal(got[:len(prefix)], prefix) || !bytes.Equal(got[len(prefix):], want) {
						t.Fatalf("%s/%d/%s/%s: Append gave a page of %d bytes unlike Marshal's %d after the prefix", set.Name, n, form, name, len(got)-len(prefix), len(want))
					}
					if name == "room" && &got[0] != &room[0] {
						t.Fatalf("%s/%d/%s: Append reallocated a dst with room", set.Name, n, form)
					}
				}
			}
		}
	}
}
