package cache_test

import (
	"container/list"
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/rowpage/rowpage/cache"
)

// BenchmarkMemoryPolicy measures the hit ratio of the memory store's policy
// (otter's W-TinyLFU) against a plain byte-bounded LRU, on a Zipf-skewed
// stream of 10,000 keys whose entries weigh 1 to 64 KB, through a store
// that holds a tenth of them; and a scan of one-off keys mixed in, which an
// LRU lets flush its hot entries.
//
//	go test -run '^$' -bench MemoryPolicy ./cache
func BenchmarkMemoryPolicy(b *testing.B) {
	const keys, maxBytes = 10_000, 32 << 20
	for _, scan := range []bool{false, true} {
		for _, p := range []struct {
			name string
			new  func() cache.Store
		}{
			{"otter", func() cache.Store { return cache.NewMemory(maxBytes) }},
			{"lru", func() cache.Store { return newLRU(maxBytes) }},
		} {
			b.Run(fmt.Sprintf("scan=%v/%s", scan, p.name), func(b *testing.B) {
				s := p.new()
				r := rand.New(rand.NewPCG(7, 7))
				z := rand.NewZipf(r, 1.1, 1, keys-1)
				ctx := context.Background()
				val := make([]byte, 64<<10)
				var hits, gets int
				var buf []byte
				for i := 0; b.Loop(); i++ {
					k := z.Uint64()
					key := fmt.Sprint("k", k)
					if scan && i%3 == 0 {
						key = fmt.Sprint("once", i)
					}
					var ok bool
					buf, ok, _ = s.Get(ctx, key, buf[:0])
					gets++
					if ok {
						hits++
						continue
					}
					s.Set(ctx, key, val[:1<<10+int(k*7919%(63<<10))], time.Hour)
				}
				b.ReportMetric(float64(hits)/float64(gets)*100, "hit%")
			})
		}
	}
}

// lru is the comparison policy: least recently used, bounded by bytes.
type lru struct {
	mu     sync.Mutex
	max, n int64
	ll     *list.List
	m      map[string]*list.Element
}

type lruItem struct {
	k string
	v []byte
}

func newLRU(max int64) *lru { return &lru{max: max, ll: list.New(), m: map[string]*list.Element{}} }

func (l *lru) Get(_ context.Context, k string, dst []byte) ([]byte, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.m[k]
	if !ok {
		return dst, false, nil
	}
	l.ll.MoveToFront(e)
	return append(dst, e.Value.(*lruItem).v...), true, nil
}

func (l *lru) Set(_ context.Context, k string, v []byte, _ time.Duration) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.m[k]; ok {
		l.n -= int64(len(e.Value.(*lruItem).v))
		l.ll.Remove(e)
	}
	l.m[k] = l.ll.PushFront(&lruItem{k, append([]byte(nil), v...)})
	l.n += int64(len(v))
	for l.n > l.max {
		e := l.ll.Back()
		it := e.Value.(*lruItem)
		l.ll.Remove(e)
		delete(l.m, it.k)
		l.n -= int64(len(it.v))
	}
	return nil
}

func (l *lru) Delete(_ context.Context, k string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.m[k]; ok {
		l.n -= int64(len(e.Value.(*lruItem).v))
		l.ll.Remove(e)
		delete(l.m, k)
	}
	return nil
}
