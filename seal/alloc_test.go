package seal

import "testing"

// Into a dst with room, Seal allocates exactly twice (the data key's AES and
// GCM state; doc.go says why), the first Open of an entry four times (the
// state and its memo slot), and every later Open of it not at all, at every
// size: nothing grows with the entry.
func TestAllocsIntoReusedDst(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items")
	}
	kr := testKeyring(t, 1)
	aad := []byte("rowpage:v1:orders?page=1")
	for _, n := range []int{0, 1 << 10, 3*SegmentSize + 1} {
		plain := pattern(n)
		sealed, _ := kr.Seal(nil, plain, aad)
		dst := make([]byte, 0, len(sealed))
		if a := testing.AllocsPerRun(20, func() { kr.Seal(dst[:0], plain, aad) }); a != 2 {
			t.Errorf("Seal of %d bytes: %v allocations, want 2", n, a)
		}
		slot := &kr.memo.slots[memoSlot(sealed)]
		cold := func() {
			slot.Store(nil)
			kr.Open(dst[:0], sealed, aad)
		}
		if a := testing.AllocsPerRun(20, cold); a != 4 {
			t.Errorf("first Open of %d bytes: %v allocations, want 4", n, a)
		}
		if a := testing.AllocsPerRun(20, func() { kr.Open(dst[:0], sealed, aad) }); a != 0 {
			t.Errorf("Open again of %d bytes: %v allocations, want 0", n, a)
		}
	}
}
