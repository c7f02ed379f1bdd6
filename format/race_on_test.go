//go:build race

package format

// raceEnabled: the race detector's run is some ten times slower and there
// for the memory accesses, so the longest randomized tests take fewer
// rounds under it.
const raceEnabled = true
