package main

import (
	"bytes"
	"io"
	"net/http"
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
	stdout := os.Stdout
	devnull, _ := os.Open(os.DevNull)
	os.Stdout = devnull
	defer func() { os.Stdout = stdout }()
	for _, set := range []string{"rows", "baas"} {
		// One bench at a time: they share the run's key prefix.
		b, err := newBench(c, set)
		if err != nil {
			t.Fatal(err)
		}
		checkBodies(t, b, set, 25)
		if err := b.exp1([]int{25}, 20*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if err := b.exp2([]int{25}, 20*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if err := b.exp3(set); err != nil {
			t.Fatal(err)
		}
		b.close()
	}
	if _, err := newBench(c, "other"); err == nil {
		t.Error("newBench took rows \"other\"")
	}
}

// checkBodies asserts that every variant but re-parse (whose maps re-order
// struct fields) serves the same bytes for n rows.
func checkBodies(t *testing.T, b *bench, set string, n int) {
	t.Helper()
	if err := b.load(n); err != nil {
		t.Fatal(err)
	}
	var want []byte
	for _, v := range []string{"spliced", "s2", "rowpage", "fast", "sealed"} {
		resp, err := http.Get(b.url(v, n))
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s/%s: status %d, %v: %s", set, v, resp.StatusCode, err, body)
		}
		if want == nil {
			want = body
		} else if !bytes.Equal(body, want) {
			t.Errorf("%s/%s: body differs from spliced JSON's", set, v)
		}
	}
}
