//go:build purego

package cache_test

// puregoEnabled: the purego build's safe string views copy, so jsonbridge
// allocates in proportion to the page there and the allocation test skips.
const puregoEnabled = true
