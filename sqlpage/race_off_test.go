//go:build !race

package sqlpage_test

const raceEnabled = false
