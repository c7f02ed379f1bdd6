package main

import (
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// TestExperiments runs every experiment for a moment, so that the program
// cannot rot: against ROWPAGE_REDIS_ADDR, skipped without it unless
// ROWPAGE_REQUIRE_REDIS is set. The numbers it prints mean nothing.
func TestExperiments(t *testing.T) {
	addr := os.Getenv("ROWPAGE_REDIS_ADDR")
	if addr == "" {
		if os.Getenv("ROWPAGE_REQUIRE_REDIS") != "" {
			t.Fatal("ROWPAGE_REDIS_ADDR is not set")
		}
		t.Skip("needs ROWPAGE_REDIS_ADDR (eval \"$(.ci/redis start)\")")
	}
	c := redis.NewClient(&redis.Options{Addr: addr})
	defer c.Close()
	b, err := newBench(c)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	stdout := os.Stdout
	devnull, _ := os.Open(os.DevNull)
	os.Stdout = devnull
	defer func() { os.Stdout = stdout }()
	if err := b.exp1([]int{25}, 20*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := b.exp2([]int{25}, 20*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	for _, set := range []string{"baas", "rows"} {
		if err := b.exp3(set); err != nil {
			t.Fatal(err)
		}
	}
}
