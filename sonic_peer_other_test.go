//go:build !amd64 && !arm64

package rowpage_test

// sonicUnmarshal is nil where bytedance/sonic does not build (see
// sonic_peer_test.go).
var sonicUnmarshal func(data []byte, v any) error
