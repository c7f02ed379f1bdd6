package format

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// refCRC32C is the deliberately simple reference: bit by bit with the
// reflected Castagnoli polynomial.
func refCRC32C(b []byte) uint32 {
	crc := ^uint32(0)
	for _, c := range b {
		crc ^= uint32(c)
		for range 8 {
			if crc&1 != 0 {
				crc = crc>>1 ^ 0x82F63B78
			} else {
				crc >>= 1
			}
		}
	}
	return ^crc
}

func TestChecksumTable(t *testing.T) {
	tests := []struct {
		in   string
		want uint32
	}{
		{"", 0},
		{"a", 0xC1D04330},
		{"123456789", 0xE3069283}, // the standard check value of CRC-32C
		{string(make([]byte, 32)), 0x8A9136AA},
		{"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 0x62A8AB43},
	}
	for _, tt := range tests {
		if got := Checksum([]byte(tt.in)); got != tt.want {
			t.Errorf("Checksum(%q) = %#08x, want %#08x", tt.in, got, tt.want)
		}
		if got := refCRC32C([]byte(tt.in)); got != tt.want {
			t.Errorf("reference(%q) = %#08x, want %#08x (bad test)", tt.in, got, tt.want)
		}
	}
	if got := AppendChecksum([]byte{0xAA}, 0xE3069283); string(got) != "\xaa\x83\x92\x06\xe3" {
		t.Errorf("AppendChecksum = % x", got)
	}
}

func TestChecksumRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	buf := make([]byte, 5000)
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	for n := 0; n <= len(buf); n += 1 + n/8 {
		for _, off := range []int{0, 1, 3, 7} {
			if off+n > len(buf) {
				continue
			}
			b := buf[off : off+n]
			if got, want := Checksum(b), refCRC32C(b); got != want {
				t.Fatalf("Checksum(len %d, offset %d) = %#08x, want %#08x", n, off, got, want)
			}
			sum := Checksum(b)
			if out := AppendChecksum(b[:n:n], sum); binary.LittleEndian.Uint32(out[n:]) != sum {
				t.Fatal("AppendChecksum does not read back")
			}
		}
	}
}

func TestChecksumAllocs(t *testing.T) {
	b := make([]byte, 1000)
	dst := make([]byte, 0, 8)
	if a := testing.AllocsPerRun(100, func() { dst = AppendChecksum(dst[:0], Checksum(b)) }); a != 0 {
		t.Errorf("allocs = %v", a)
	}
}

func FuzzChecksum(f *testing.F) {
	f.Add([]byte("123456789"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := Checksum(b), refCRC32C(b); got != want {
			t.Fatalf("Checksum(% x) = %#08x, want %#08x", b, got, want)
		}
	})
}
