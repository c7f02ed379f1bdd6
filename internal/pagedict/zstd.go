package pagedict

import (
	"math/bits"

	"github.com/klauspost/compress/zstd"
)

// BetterBelow is the section length under which the reference writer
// compresses with zstd's SpeedBetterCompression rather than SpeedDefault
// (SPEC.md 2.5). Under it Better makes the pages that lose most to
// compressed JSON, the small ones, 3-5% smaller for about 1.2 times the
// compression time; above it the gain is 2-4% for 2.5 times the time, which
// would make a large page's write slower than json.Marshal followed by zstd.
const BetterBelow = 64 << 10

// ZstdLevel is the level the reference writer compresses a section of n
// bytes at (see BetterBelow).
func ZstdLevel(n int) zstd.EncoderLevel {
	if n < BetterBelow {
		return zstd.SpeedBetterCompression
	}
	return zstd.SpeedDefault
}

// NewZstdEncoder returns a single-threaded encoder at level, writing frames
// without a checksum, against d's zstd half if d is not nil. An encoder at
// SpeedBetterCompression only ever sees sections under BetterBelow, so its
// window is the smallest power of two that holds such a section and the
// dictionary's content (128 KiB without one) and it keeps little history:
// about 4.5 MB of state instead of 21 MB, for the same output. The state is
// what a pool of encoders holds per encoder.
func NewZstdEncoder(level zstd.EncoderLevel, d *Dict) *zstd.Encoder {
	opts := []zstd.EOption{zstd.WithEncoderLevel(level), zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false)}
	if level == zstd.SpeedBetterCompression {
		reach := BetterBelow
		if d != nil {
			reach += d.size
		}
		opts = append(opts, zstd.WithWindowSize(max(128<<10, 1<<bits.Len(uint(reach-1)))), zstd.WithLowerEncoderMem(true))
	}
	if d != nil {
		opts = append(opts, zstd.WithEncoderDict(d.zdict))
	}
	e, err := zstd.NewWriter(nil, opts...)
	if err != nil {
		panic("pagedict: zstd encoder: " + err.Error())
	}
	return e
}
