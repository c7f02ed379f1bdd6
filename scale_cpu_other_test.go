//go:build !unix

package rowpage_test

// processCPU is unknown here; BenchmarkMarshalScale reports wall time only.
func processCPU() (ns int64, ok bool) { return 0, false }
