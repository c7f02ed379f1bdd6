//go:build !purego

package jsonbridge_test

const pureGoAllocs = 0
