package main

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// op is one measured operation: a cache hit or miss of one page.
type op func() error

// budget says how long to measure.
type budget struct {
	rep        time.Duration // length of one repetition of a single-goroutine measurement
	reps       int           // repetitions; the median is reported
	flight     time.Duration // length of one in-flight measurement
	flightReps int
}

// budgets are the bench modes.
var budgets = map[string]budget{
	"quick":   {rep: 8 * time.Millisecond, reps: 1, flight: 20 * time.Millisecond, flightReps: 1},
	"default": {rep: 25 * time.Millisecond, reps: 3, flight: 60 * time.Millisecond, flightReps: 1},
	"full":    {rep: 150 * time.Millisecond, reps: 7, flight: 300 * time.Millisecond, flightReps: 5},
}

// calibrate runs f, growing the number of calls until a run lasts at least
// an eighth of target (which also warms caches and pools), and returns the
// number of calls that should take about target, at least 1. It also
// reports whether a single call takes more than four times target: a call
// so slow that an untimed call before each repetition (see takeSample)
// would cost more than it could change.
func calibrate(f op, target time.Duration) (n int, slow bool, err error) {
	return calibrateRuns(func(n int) (time.Duration, error) { return timeRun(f, n) }, target)
}

// calibrateRuns is calibrate with the timed loop given as run(n), which
// returns how long n calls took, so tests can give it exact durations.
func calibrateRuns(run func(n int) (time.Duration, error), target time.Duration) (n int, slow bool, err error) {
	n = 1
	for {
		d, err := run(n)
		if err != nil {
			return 0, false, err
		}
		if n == 1 && d > 4*target {
			return 1, true, nil
		}
		if d >= target/8 || n >= 1<<30 {
			return max(1, int(float64(n)*float64(target)/float64(max(d, 1)))), false, nil
		}
		next := n * 10
		if d > 0 {
			next = int(float64(n)*float64(target/8)/float64(d)*1.2) + 1
		}
		n = min(max(next, n+1), n*10)
	}
}

func timeRun(f op, n int) (time.Duration, error) {
	start := time.Now()
	for range n {
		if err := f(); err != nil {
			return 0, err
		}
	}
	return time.Since(start), nil
}

// sample is one repetition: n calls, their time per call and their
// allocations.
type sample struct {
	ns     float64
	n      int
	allocs uint64
	bytes  uint64
}

// takeSample times n calls of f, counting allocations outside the timed
// loop. It first collects garbage, so that no codec pays for the garbage of
// the one measured before it, then, when warm is set, makes one untimed
// call to refill what the collection emptied (sync.Pools): the sample is
// the steady state between collections.
func takeSample(f op, n int, warm bool) (sample, error) {
	var m0, m1 runtime.MemStats
	runtime.GC()
	if warm {
		if err := f(); err != nil {
			return sample{}, err
		}
	}
	runtime.ReadMemStats(&m0)
	d, err := timeRun(f, n)
	runtime.ReadMemStats(&m1)
	return sample{ns: float64(d) / float64(n), n: n, allocs: m1.Mallocs - m0.Mallocs, bytes: m1.TotalAlloc - m0.TotalAlloc}, err
}

// summarize turns the samples of one operation into a timing; jsonBytes is
// the size of the response, for MB/s.
func summarize(ss []sample, jsonBytes int) *timing {
	t := &timing{Ops: ss[0].n}
	var calls, allocs, bytes uint64
	for _, s := range ss {
		t.Reps = append(t.Reps, roundSig(s.ns, 4))
		calls += uint64(s.n)
		allocs += s.allocs
		bytes += s.bytes
	}
	t.NsPerOp = roundSig(median(t.Reps), 4)
	t.MBps = roundSig(float64(jsonBytes)/t.NsPerOp*1e3, 4)
	t.Allocs = roundSig(float64(allocs)/float64(calls), 4)
	t.AllocBytes = roundSig(float64(bytes)/float64(calls), 4)
	return t
}

// inFlight runs k goroutines, each with its own operation from newOp, for
// about d, and returns the calls completed per second. The goroutines start
// together after a collection; the single-goroutine measurements have
// warmed the code already. Every goroutine finishes the call it is in when
// time is up, and the clock runs until the last one has.
func inFlight(newOp func() op, k int, d time.Duration) (float64, error) {
	var (
		stop  atomic.Bool
		total atomic.Int64
		first atomic.Value
		wg    sync.WaitGroup
	)
	begin := make(chan struct{})
	for range k {
		f := newOp()
		wg.Go(func() {
			<-begin
			n := int64(0)
			for !stop.Load() {
				if err := f(); err != nil {
					first.CompareAndSwap(nil, err)
					break
				}
				n++
			}
			total.Add(n)
		})
	}
	runtime.GC()
	start := time.Now()
	close(begin)
	time.Sleep(d)
	stop.Store(true)
	wg.Wait()
	if err, ok := first.Load().(error); ok {
		return 0, err
	}
	return float64(total.Load()) / time.Since(start).Seconds(), nil
}

// median returns the median of xs (the mean of the middle two for an even
// count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
