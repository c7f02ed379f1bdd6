//go:build !race

package jsonbridge_test

const raceEnabled = false
