package pagebuild

import (
	"hash/maphash"
	"math/rand/v2"
	"strconv"
	"testing"
)

// testSeed is a fixed strHash key, so that the tests below are
// deterministic for strings of up to longHashMin bytes; longer ones hash
// with the runtime's hash, whose hash/maphash seed cannot be fixed.
var testSeed = hashSeed{k: [3]uint64{0x9E3779B97F4A7C15, 0xD1B54A32D192ED03, 0x8CB92BA72F3D8DD7}, long: maphash.MakeSeed()}

// randomBytes returns n bytes from r.
func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestStrHashStringAndBytes: a string and its bytes hash alike, at every
// length that takes a different path, up to past twice longHashMin.
func TestStrHashStringAndBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := range 300 {
		b := randomBytes(r, n)
		if hs, hb := strHash(&testSeed, string(b)), strHash(&testSeed, b); hs != hb {
			t.Errorf("length %d: string hash %#x, bytes hash %#x", n, hs, hb)
		}
	}
}

// TestStrHashEveryBit: flipping any one bit of a string, or adding a zero
// byte, changes its hash, so every byte is read.
func TestStrHashEveryBit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := range 160 {
		b := randomBytes(r, n)
		h := strHash(&testSeed, b)
		for i := range n * 8 {
			b[i/8] ^= 1 << (i % 8)
			if strHash(&testSeed, b) == h {
				t.Errorf("length %d: flipping bit %d leaves the hash %#x", n, i, h)
			}
			b[i/8] ^= 1 << (i % 8)
		}
		if strHash(&testSeed, append(b, 0)) == h {
			t.Errorf("length %d: a trailing zero byte leaves the hash %#x", n, h)
		}
	}
}

// TestStrHashCollisions: over a million distinct strings of the kinds a
// page holds (counters, e-mail addresses, short codes), the 32-bit hashes
// collide about as often as random values would (n^2/2^33, 116), and the
// low bits that pick a slot spread as evenly.
func TestStrHashCollisions(t *testing.T) {
	if testing.Short() {
		t.Skip("a million hashes")
	}
	const n = 1 << 20
	seen := make(map[uint32]struct{}, n)
	var low [1 << 12]int
	collisions := 0
	for i := range n {
		var s string
		switch i % 4 {
		case 0:
			s = strconv.Itoa(i)
		case 1:
			s = "user" + strconv.Itoa(i) + "@example.com"
		case 2:
			s = string(rune('A'+i%26)) + strconv.Itoa(i/26)
		default:
			s = "a somewhat longer value number " + strconv.Itoa(i) + " of a text column"
		}
		h := strHash(&testSeed, s)
		if _, dup := seen[h]; dup {
			collisions++
		}
		seen[h] = struct{}{}
		low[int(h)&(len(low)-1)]++
	}
	if collisions > 2*116 {
		t.Errorf("%d collisions among %d strings, expected about 116", collisions, n)
	}
	want := n / len(low)
	for slot, c := range low {
		if c < want/2 || c > 2*want {
			t.Fatalf("low bits %#x: %d strings, expected about %d", slot, c, want)
		}
	}
}
