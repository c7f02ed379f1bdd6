//go:build !race

package jsonwire

const raceEnabled = false
