package format

import (
	"bytes"
	"os"
	"strconv"
	"testing"
)

// Scaffolding shared by the tests of the generated float tables and of the
// conversions built on them (decimal_float_test.go, shortest_test.go).

// testScale returns the multiplier for a random test's size, read from the
// environment variable env (default 1, so that go test stays quick; larger
// values make a long run), divided by 10 under -short.
func testScale(t testing.TB, env string) float64 {
	s := 1.0
	if v := os.Getenv(env); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f <= 0 {
			t.Fatalf("%s=%q: want a positive number", env, v)
		}
		s = f
	}
	if testing.Short() {
		s /= 10
	}
	return s
}

// checkGeneratedFile fails the test if the committed file at path differs
// from want, the bytes its generator produces now; with
// ROWPAGE_UPDATE_TABLES set it rewrites the file instead. test names the
// test to run for the rewrite.
func checkGeneratedFile(t *testing.T, path, test string, want []byte) {
	t.Helper()
	if os.Getenv("ROWPAGE_UPDATE_TABLES") != "" {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run ROWPAGE_UPDATE_TABLES=1 go test -run %s ./format", path, test)
	}
}

// formatDigits returns strconv's 'e' format of f > 0 with prec digits
// after the point (-1: shortest) as mant×10^exp10, with no trailing zeros
// in mant.
func formatDigits(f float64, prec, bitSize int) (mant uint64, exp10 int) {
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], f, 'e', prec, bitSize)
	i, nd := 0, 0
	for ; b[i] != 'e'; i++ {
		if b[i] != '.' {
			mant = mant*10 + uint64(b[i]-'0')
			nd++
		}
	}
	e, err := strconv.Atoi(string(b[i+1:]))
	if err != nil {
		panic(err)
	}
	exp10 = e - (nd - 1)
	for mant%10 == 0 {
		mant /= 10
		exp10++
	}
	return mant, exp10
}
