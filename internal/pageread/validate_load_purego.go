//go:build purego || !(amd64 || arm64)

package pageread

import "github.com/rowpage/rowpage/internal/jsonwire"

// load8 returns the eight bytes at b[i:], little-endian: the checked twin
// of the unsafe load, for an i the caller has checked (0 <= i <= len(b)-8).
func load8(b []byte, i int) uint64 { return jsonwire.Load64(b, i) }

// load1 returns b[i]: the checked twin of the unsafe load, for an i the
// caller has checked (0 <= i < len(b)).
func load1(b []byte, i int) byte { return b[i] }
