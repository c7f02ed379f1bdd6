package main

import (
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rowpage/rowpage/cache"
)

// TestEndpoints serves the endpoints over the database openDB finds
// (Chinook when ../shared is there, the built-in one otherwise) and the
// in-process store.
func TestEndpoints(t *testing.T) {
	for _, builtin := range []bool{false, true} {
		open := func() (*sql.DB, string, error) { return openDB("") } // Chinook if found
		if builtin {
			open = openBuiltin
		}
		db, name, err := open()
		if err != nil {
			t.Fatal(err)
		}
		c, err := cache.New(cache.Options{Store: cache.NewMemory(64 << 20)})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(newServer(c, db))
		get := func(path string, header ...string) (*http.Response, []byte) {
			req, _ := http.NewRequest("GET", srv.URL+path, nil)
			if len(header) == 2 {
				req.Header.Set(header[0], header[1])
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			return res, b
		}
		for _, want := range []string{"miss", "hit"} {
			res, body := get("/tracks?offset=1&limit=2")
			var env struct {
				Rows  []map[string]any `json:"rows"`
				Count int              `json:"count"`
			}
			if err := json.Unmarshal(body, &env); err != nil || res.StatusCode != 200 || env.Count != 2 || len(env.Rows) != 2 {
				t.Fatalf("%s: /tracks: %d %v %.200s", name, res.StatusCode, err, body)
			}
			if env.Rows[0]["id"] != 2.0 || res.Header.Get("X-Cache") != want {
				t.Fatalf("%s: /tracks row %v, X-Cache %s (want %s)", name, env.Rows[0], res.Header.Get("X-Cache"), want)
			}
		}
		res, body := get("/albums/1")
		if res.StatusCode != 200 || !strings.Contains(string(body), `"artist":"AC/DC"`) {
			t.Fatalf("%s: /albums/1: %d %s", name, res.StatusCode, body)
		}
		if res, _ := get("/artists", "X-Tenant", "other"); res.Header.Get("X-Cache") != "miss" {
			t.Fatalf("%s: another tenant's first request: X-Cache %s", name, res.Header.Get("X-Cache"))
		}
		if res, body := get("/healthz"); res.StatusCode != 200 || string(body) != `{"ok":true}` {
			t.Fatalf("%s: /healthz: %d %s", name, res.StatusCode, body)
		}
		if res, _ := get("/tracks?limit=-1"); res.StatusCode != 400 {
			t.Fatalf("%s: a negative limit: %d", name, res.StatusCode)
		}
		srv.Close()
		db.Close()
	}
}
