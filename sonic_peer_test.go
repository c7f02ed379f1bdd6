//go:build amd64 || arm64

package rowpage_test

import "github.com/bytedance/sonic"

// sonicUnmarshal is bytedance/sonic's Unmarshal where sonic builds: it
// does not compile for 32-bit targets, so elsewhere it is nil and the
// benchmarks leave it out.
var sonicUnmarshal = sonic.Unmarshal
