// Package allocs measures what a function allocates in its steady state,
// for tests that bound it.
package allocs

import (
	"runtime"
)

// MinPerRun calls f warm times, then measures the heap bytes and objects
// allocated per call over runs calls, tries times, and returns the
// smallest measurement of each. It runs with GOMAXPROCS 1, as
// testing.AllocsPerRun does.
//
// Why the minimum over tries: a garbage collection between two calls
// empties every sync.Pool (jsonbridge's transcoders and chunk rings among
// them), and refilling one allocates what f does not allocate in its
// steady state; other goroutines of the process (a client's connection
// pool, a background refresh) allocate too, and the heap statistics count
// theirs as well. Neither is f's cost, and neither can fall in every try,
// so the smallest try is f's own. It costs two runtime.ReadMemStats (each
// stopping the world briefly) per try.
func MinPerRun(warm, runs, tries int, f func()) (bytes, objects uint64) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for range warm {
		f()
	}
	bytes, objects = ^uint64(0), ^uint64(0)
	var before, after runtime.MemStats
	for range tries {
		runtime.ReadMemStats(&before)
		for range runs {
			f()
		}
		runtime.ReadMemStats(&after)
		bytes = min(bytes, (after.TotalAlloc-before.TotalAlloc)/uint64(runs))
		objects = min(objects, (after.Mallocs-before.Mallocs)/uint64(runs))
	}
	return bytes, objects
}
