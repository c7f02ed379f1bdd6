package main

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"

	"github.com/rowpage/rowpage/cache"
	"github.com/rowpage/rowpage/jsonbridge"
	"github.com/rowpage/rowpage/sqlpage"
)

// The queries the endpoints cache. Each is cached whole; offset and limit
// select rows from the cached page as it is served.
const (
	tracksSQL = `SELECT t.TrackId AS id, t.Name AS name, a.Title AS album, g.Name AS genre, t.Composer AS composer,
		t.Milliseconds AS ms, t.Bytes AS bytes, t.UnitPrice AS price
		FROM Track t LEFT JOIN Album a ON a.AlbumId = t.AlbumId LEFT JOIN Genre g ON g.GenreId = t.GenreId
		ORDER BY t.TrackId`
	artistsSQL = `SELECT ArtistId AS id, Name AS name FROM Artist ORDER BY ArtistId`
	albumSQL   = `SELECT a.AlbumId AS id, a.Title AS title, r.Name AS artist FROM Album a
		LEFT JOIN Artist r ON r.ArtistId = a.ArtistId WHERE a.AlbumId = ?`
)

// server holds what the handlers share.
type server struct {
	c  *cache.Cache
	db *sql.DB
}

func newServer(c *cache.Cache, db *sql.DB) http.Handler {
	s := &server{c: c, db: db}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /tracks", s.list(tracksSQL))
	mux.HandleFunc("GET /artists", s.list(artistsSQL))
	mux.HandleFunc("GET /albums/{id}", s.album)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"ok":true}`))
	})
	return mux
}

// tenant is the X-Tenant header, "public" without one: in a real service
// it is the authenticated organization (or the database it connects to).
func tenant(r *http.Request) string {
	if t := r.Header.Get("X-Tenant"); t != "" {
		return t
	}
	return "public"
}

// loader returns a cache.Loader that runs query and turns its rows into a
// page.
func (s *server) loader(query string, args ...any) cache.Loader {
	return func(ctx context.Context) ([]byte, error) {
		rows, err := s.db.QueryContext(ctx, query, args...)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		return sqlpage.AppendSQL(nil, rows)
	}
}

// list serves a cached query's rows in {"rows":[...],"count":N}, with
// ?offset= and ?limit= applied to the cached page.
func (s *server) list(query string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		offset, err1 := intParam(r, "offset")
		limit, err2 := intParam(r, "limit")
		if err1 != nil || err2 != nil {
			http.Error(w, "querycache: offset and limit must be non-negative integers", http.StatusBadRequest)
			return
		}
		mode, err := jsonbridge.Options{Offset: offset, Limit: limit, Envelope: &jsonbridge.Envelope{CountKey: "count"}}.Mode()
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.c.ServeJSON(w, r, cache.Key{Tenant: tenant(r), Query: query}, s.loader(query), mode)
	}
}

// album serves one album, a one-row page.
func (s *server) album(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "querycache: album ids are integers", http.StatusBadRequest)
		return
	}
	s.c.ServeJSON(w, r, cache.Key{Tenant: tenant(r), Query: albumSQL, Args: []any{id}}, s.loader(albumSQL, id), nil)
}

func intParam(r *http.Request, name string) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err == nil && n < 0 {
		err = strconv.ErrRange
	}
	return n, err
}
