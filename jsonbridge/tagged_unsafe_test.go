//go:build !purego

package jsonbridge

// deferredCells reports whether AppendPage defers the strings of cells
// (pagebuild.Builder.CellString): the purego build interns every one.
const deferredCells = true
