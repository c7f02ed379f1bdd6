package main

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tc.in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestCalibrate gives calibrateRuns exact durations (n calls of a fixed
// cost), so the test does not depend on how busy the machine is.
func TestCalibrate(t *testing.T) {
	costs := func(per time.Duration) func(n int) (time.Duration, error) {
		return func(n int) (time.Duration, error) { return time.Duration(n) * per, nil }
	}
	// 100 calls of 100 µs fill 10 ms; 10,000 calls of 1 µs do.
	if n, slow, err := calibrateRuns(costs(100*time.Microsecond), 10*time.Millisecond); err != nil || n != 100 || slow {
		t.Errorf("100 µs calls, 10 ms target: %d calls, slow %v (%v); want 100", n, slow, err)
	}
	if n, slow, err := calibrateRuns(costs(time.Microsecond), 10*time.Millisecond); err != nil || n != 10000 || slow {
		t.Errorf("1 µs calls, 10 ms target: %d calls, slow %v (%v); want 10,000", n, slow, err)
	}
	if n, slow, _ := calibrateRuns(costs(3*time.Millisecond), 2*time.Millisecond); n != 1 || slow {
		t.Errorf("an op a little longer than the target: %d calls, slow %v; want 1, false", n, slow)
	}
	if n, slow, _ := calibrateRuns(costs(5*time.Millisecond), time.Millisecond); n != 1 || !slow {
		t.Errorf("an op over 4 targets long: %d calls, slow %v; want 1, true", n, slow)
	}
	boom := errors.New("boom")
	if _, _, err := calibrate(func() error { return boom }, time.Millisecond); err != boom {
		t.Errorf("error: %v", err)
	}
}

func TestSampleCountsAllocs(t *testing.T) {
	var sink []byte
	s, err := takeSample(func() error { sink = make([]byte, 1<<10); return nil }, 100, true)
	_ = sink
	if err != nil || s.n != 100 || s.allocs < 100 || s.bytes < 100<<10 {
		t.Errorf("sample %+v, %v", s, err)
	}
	tm := summarize([]sample{s, s, s}, 1000)
	if tm.Allocs < 1 || len(tm.Reps) != 3 || tm.MBps <= 0 {
		t.Errorf("summary %+v", tm)
	}
}

func TestInFlight(t *testing.T) {
	var made atomic.Int32
	rate, err := inFlight(func() op {
		made.Add(1)
		return func() error { time.Sleep(time.Millisecond); return nil }
	}, 4, 20*time.Millisecond)
	// At most 4 goroutines × 1,000 calls of 1 ms per second; no lower bound
	// beyond "some", as a loaded machine may delay every wake-up.
	if err != nil || made.Load() != 4 || rate <= 0 || rate > 4100 {
		t.Errorf("4 goroutines of 1 ms calls: %.0f/s, %d ops made, %v", rate, made.Load(), err)
	}
	boom := errors.New("boom")
	var n atomic.Int32
	if _, err := inFlight(func() op {
		return func() error {
			if n.Add(1) > 10 {
				return boom
			}
			return nil
		}
	}, 3, 10*time.Millisecond); err != boom {
		t.Errorf("error: %v", err)
	}
}
