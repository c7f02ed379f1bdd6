package main

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite"
)

// chinookRel is where the shared data keeps Chinook, relative to the
// directory that holds the repository.
const chinookRel = "../shared/data/sql/chinook/Chinook_Sqlite.sqlite"

// findChinook looks for the shared Chinook file from the working directory
// and the three directories above it (go run from the repository's root or
// from this directory).
func findChinook() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for range 4 {
		p := filepath.Join(dir, chinookRel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		dir = filepath.Dir(dir)
	}
	return ""
}

// openDB opens path read-only, Chinook when path is empty and the file is
// found, or else a built-in database with Chinook's tables and a few rows.
func openDB(path string) (*sql.DB, string, error) {
	if path == "" {
		path = findChinook()
	}
	if path != "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, "", err
		}
		db, err := sql.Open("sqlite", "file:"+abs+"?mode=ro&immutable=1")
		if err != nil {
			return nil, "", err
		}
		if err := db.Ping(); err != nil {
			return nil, "", fmt.Errorf("querycache: %s: %w", path, err)
		}
		return db, abs, nil
	}
	return openBuiltin()
}

// openBuiltin opens the built-in database.
func openBuiltin() (*sql.DB, string, error) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return nil, "", err
	}
	db.SetMaxOpenConns(1) // one connection: each :memory: connection is its own database
	if _, err := db.Exec(builtinSQL); err != nil {
		db.Close()
		return nil, "", fmt.Errorf("querycache: built-in database: %w", err)
	}
	return db, "built-in (../shared/data absent)", nil
}

// builtinSQL is a corner of Chinook, so that the endpoints answer the same
// shapes without the shared data.
const builtinSQL = `
CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name NVARCHAR(120));
CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title NVARCHAR(160) NOT NULL, ArtistId INTEGER NOT NULL);
CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name NVARCHAR(120));
CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name NVARCHAR(200) NOT NULL, AlbumId INTEGER, GenreId INTEGER,
	Composer NVARCHAR(220), Milliseconds INTEGER NOT NULL, Bytes INTEGER, UnitPrice NUMERIC(10,2) NOT NULL);
INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith');
INSERT INTO Album VALUES (1, 'For Those About To Rock We Salute You', 1), (2, 'Balls to the Wall', 2), (3, 'Restless and Wild', 2), (4, 'Let There Be Rock', 1);
INSERT INTO Genre VALUES (1, 'Rock'), (2, 'Jazz');
INSERT INTO Track VALUES
	(1, 'For Those About To Rock (We Salute You)', 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 343719, 11170334, 0.99),
	(2, 'Balls to the Wall', 2, 1, NULL, 342562, 5510424, 0.99),
	(3, 'Fast As a Shark', 3, 1, 'F. Baltes, S. Kaufman, U. Dirkscneider & W. Hoffman', 230619, 3990994, 0.99),
	(4, 'Restless and Wild', 3, 1, 'F. Baltes, R.A. Smith-Diesel, S. Kaufman, U. Dirkscneider & W. Hoffman', 252051, 4331779, 0.99),
	(5, 'Princess of the Dawn', 3, 1, 'Deaffy & R.A. Smith-Diesel', 375418, 6290521, 0.99),
	(6, 'Put The Finger On You', 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 205662, 6713451, 0.99);
`
