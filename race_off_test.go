//go:build !race

package rowpage

const raceEnabled = false
