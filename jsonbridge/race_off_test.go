//go:build !race

package jsonbridge

const raceEnabled = false
