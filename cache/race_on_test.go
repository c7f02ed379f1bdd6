//go:build race

package cache_test

// raceEnabled: the race detector adds allocations of its own, so the
// allocation tests skip under it.
const raceEnabled = true
