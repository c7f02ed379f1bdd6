package main

import "testing"

func TestDistinctTextBytes(t *testing.T) {
	rows := []any{
		map[string]any{"id": "ab", "tags": []any{"x", "ab"}, "n": 1.5},
		map[string]any{"id": "cd", "tags": []string{"x", "yy"}, "nested": map[string]any{"id": "ab"}},
	}
	// Distinct: id, tags, n, nested, ab, x, cd, yy.
	want := len("id") + len("tags") + len("n") + len("nested") + len("ab") + len("x") + len("cd") + len("yy")
	if got := distinctTextBytes(rows); got != want {
		t.Fatalf("distinctTextBytes = %d, want %d", got, want)
	}
	if got := distinctTextBytes(map[string]any{"k": 3.0}); got != 1 {
		t.Fatalf("numbers count as text: got %d, want 1", got)
	}
	if got := distinctTextBytes(map[string]any{"at": "2025-03-14T10:47:59.531+00:00"}); got != 2 {
		t.Fatalf("a timestamp counts as text: got %d, want 2", got)
	}
}
