package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// client is the load generator's HTTP client: keep-alive connections,
// enough of them for every request in flight.
var client = &http.Client{Transport: &http.Transport{MaxIdleConns: 64, MaxIdleConnsPerHost: 64}}

// fetch requests url and reads the whole body; it returns the body's size.
func fetch(url string) (int64, error) {
	res, err := client.Get(url)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	if err == nil && res.StatusCode != 200 {
		err = fmt.Errorf("%s: status %d", url, res.StatusCode)
	}
	return n, err
}

// closedLoop runs inFlight goroutines requesting url back to back for d
// (after one warm-up request each) and returns every request's latency.
func closedLoop(url string, inFlight int, d time.Duration) ([]time.Duration, error) {
	var (
		mu   sync.Mutex
		lats []time.Duration
		fail atomic.Value
		wg   sync.WaitGroup
	)
	for range inFlight {
		if _, err := fetch(url); err != nil {
			return nil, err
		}
	}
	end := time.Now().Add(d)
	for range inFlight {
		wg.Go(func() {
			var mine []time.Duration
			for time.Now().Before(end) {
				t0 := time.Now()
				if _, err := fetch(url); err != nil {
					fail.Store(err)
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lats = append(lats, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	if err, ok := fail.Load().(error); ok {
		return nil, err
	}
	return lats, nil
}

// paced requests url every interval until ctx ends, returning latencies.
func paced(ctx context.Context, url string, interval time.Duration) []time.Duration {
	var lats []time.Duration
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return lats
		case <-t.C:
			t0 := time.Now()
			if _, err := fetch(url); err == nil {
				lats = append(lats, time.Since(t0))
			}
		}
	}
}

// quantile returns the q-quantile of lats (sorted in place).
func quantile(lats []time.Duration, q float64) time.Duration {
	if len(lats) == 0 {
		return 0
	}
	slices.Sort(lats)
	i := int(q * float64(len(lats)-1))
	return lats[i]
}
