// Package realdata loads pages of rows that nobody on the team wrote, for
// benchmarks and byte-identity checks beside the generated ones of
// internal/dataset: the arrays of objects in the shared JSON corpus
// (twitter statuses, GitHub events, citm performances, …) and tables of the
// Chinook and Northwind sample databases read through sqlpage.AppendSQL.
//
// The data lives outside the repository, in ../shared/data beside the
// repository's root. [Load] returns no sets, and no error, when that
// directory is absent, so that callers skip cleanly.
//
// # Terminology
//
// Rows are in generic form: what json.Unmarshal of the JSON produces, or,
// for SQL, what a careful application builds from rows.Scan into []any
// (text as strings, BLOBs as []byte, NUMERIC text as json.Number), one map
// per row.
package realdata

import (
	"errors"
	"os"
	"path/filepath"
)

// Set is one real dataset.
type Set struct {
	// Name is a short name for tables and command lines, such as
	// "twitter" or "chinook-track".
	Name string
	// Doc describes the dataset in one line.
	Doc string
	// Source says where the rows come from: a file and JSON pointer, or a
	// database file and query.
	Source string
	// Rows are every row of the dataset, in generic form. Callers take
	// prefixes and must not modify them.
	Rows []map[string]any
	// Page, for SQL sets, returns the page of the first n rows as
	// sqlpage.AppendSQL builds it from the query (keys sorted, so that its
	// JSON is json.Marshal(Rows[:n])); nil for JSON sets.
	Page func(n int) ([]byte, error)
}

// Sizes returns the page sizes of sizes that s can fill: those no larger
// than its number of rows. Larger pages are dropped, never padded by
// repeating rows.
func (s *Set) Sizes(sizes []int) []int {
	var out []int
	for _, n := range sizes {
		if n <= len(s.Rows) {
			out = append(out, n)
		}
	}
	return out
}

// Dir returns the shared data directory for the repository whose root is
// root: root/../shared/data.
func Dir(root string) string { return filepath.Join(root, "..", "shared", "data") }

// Load returns every real dataset found under dir (see [Dir]): the JSON
// sets, then the SQL sets. It returns nil and no error when dir is absent;
// a file that is present but unreadable is an error. Loading reads about
// 10 MB of JSON and the two databases, a second or so.
func Load(dir string) ([]Set, error) {
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	js, err := loadJSON(filepath.Join(dir, "json"))
	if err != nil {
		return nil, err
	}
	sq, err := loadSQL(filepath.Join(dir, "sql"))
	if err != nil {
		return nil, err
	}
	return append(js, sq...), nil
}
