//go:build !race

package pagewalk_test

const raceEnabled = false
