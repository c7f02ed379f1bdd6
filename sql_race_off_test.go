//go:build !race

package rowpage_test

const raceEnabled = false
