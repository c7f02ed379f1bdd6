package pgstore

import (
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestIsCreateRace feeds New's retry test the errors a concurrent CREATE
// ... IF NOT EXISTS gives (a catalog unique violation, the table's name or
// its row type that now exists), wrapped as pgx returns them, and errors it
// must not retry. Since New takes an advisory lock, two pgstore creators
// never reach these; a creator that is not pgstore still can.
func TestIsCreateRace(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{&pgconn.PgError{Code: "23505"}, true},
		{&pgconn.PgError{Code: "42P07"}, true},
		{&pgconn.PgError{Code: "42710"}, true},
		{fmt.Errorf("exec: %w", &pgconn.PgError{Code: "42710"}), true},
		{&pgconn.PgError{Code: "42501"}, false}, // insufficient privilege
		{&pgconn.PgError{Code: "3F000"}, false}, // no such schema
		{errors.New("connection refused"), false},
	} {
		if got := isCreateRace(tc.err); got != tc.want {
			t.Errorf("isCreateRace(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
