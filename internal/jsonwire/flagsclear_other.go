//go:build !amd64 || purego

package jsonwire

// flagsClearVector reports whether FlagsClear has a vector form here: not
// on this processor or build.
const flagsClearVector = false

// BlockFlagsFast reports whether BlockFlags has a vector form here: not on
// this processor or build.
const BlockFlagsFast = false

// flagsClearVectorMin is the shortest string FlagsClear would give a
// vector form.
const flagsClearVectorMin = 35

// flagsClearBlocks is never called here (flagsClearVector is false).
func flagsClearBlocks(s []byte) bool { return flagsClearSWAR(s) }

// blockFlags is never called here (flagsClearVector is false).
func blockFlags(s []byte) uint8 { return StringFlags(s) }

// blockPadMin is the shortest string BlockFlags would give
// blockFlagsPadded.
const blockPadMin = 16

// blockFlagsPadded is never called here (flagsClearVector is false).
func blockFlagsPadded(s []byte) uint8 { return StringFlags(s) }
