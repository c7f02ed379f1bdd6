//go:build race

package jsonbridge

// raceEnabled: sync.Pool drops items at random under the race detector, so
// allocation counts are not meaningful there, and the detector's run is
// some ten times slower, so the longest randomized tests take fewer rounds.
const raceEnabled = true
