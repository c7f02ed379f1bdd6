//go:build race

package pagewalk_test

// raceEnabled: sync.Pool (json.Valid's scanners) drops items at random
// under the race detector, so allocation counts are not meaningful there.
const raceEnabled = true
