//go:build !purego

package cache_test

const puregoEnabled = false
