package main

// buffers is the free list of the JSON variants' buffers (entries read
// from Redis, S2's decoded JSON), kept the way package cache keeps
// ServeJSON's: a fixed free list rather than a sync.Pool, which the GC
// empties every cycle, and a cycle comes often when the buffers are
// megabytes. With a sync.Pool the peers re-allocated a page-sized buffer
// after most collections while rowpage reused its own, which charged them
// allocations and GC work that are not their strategy's.
type buffers chan *[]byte

// maxPooled is cache's: buffers past it are dropped rather than kept.
const maxPooled = 16 << 20

// newBuffers holds up to n buffers (cache keeps 32 of each kind).
func newBuffers(n int) buffers { return make(buffers, n) }

func (l buffers) get() *[]byte {
	select {
	case b := <-l:
		return b
	default:
		return new([]byte)
	}
}

func (l buffers) put(b *[]byte) {
	if cap(*b) > maxPooled {
		return
	}
	*b = (*b)[:0]
	select {
	case l <- b:
	default:
	}
}
