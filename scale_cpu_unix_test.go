//go:build unix

package rowpage_test

import "syscall"

// processCPU returns the CPU time this process has used so far, in
// nanoseconds, user and system, over all its threads (the garbage
// collector's too); ok is false where that is not known.
func processCPU() (ns int64, ok bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
