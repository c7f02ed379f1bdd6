package sqlpage_test

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
	"github.com/rowpage/rowpage/sqlpage"
	_ "modernc.org/sqlite"
)

// queryCache is the whole cache path of a SQL-backed endpoint: a query's
// rows become a page on a miss, the page is stored under a key that names
// the cache format version and the tenant, and hits are served as JSON in
// an envelope straight from the page.
type queryCache struct {
	db      *sql.DB
	entries map[string][]byte // any byte store: Redis, memcached, a map
	json    *jsonbridge.Mode
}

// cacheVersion names the format of the entries this program writes: bump it
// to orphan every entry at once. (Entries a newer rowpage wrote, or that
// are not pages at all, fail with rowpage.ErrUnsupported and are rebuilt.)
const cacheVersion = "v1"

// cacheKey is versioned and tenant-prefixed, so that two tenants (or two
// connections to different databases) running identical SQL never share an
// entry; the query and its arguments are hashed.
func cacheKey(tenant, query string, args ...any) string {
	h := sha256.New()
	fmt.Fprintf(h, "%q", query)
	for _, a := range args {
		fmt.Fprintf(h, "\x00%T:%v", a, a)
	}
	return "rowpage:" + cacheVersion + ":" + tenant + ":" + hex.EncodeToString(h.Sum(nil))[:16]
}

// serve returns the JSON of the query's rows, from the cache when it can.
func (c *queryCache) serve(tenant, query string, args ...any) ([]byte, string, error) {
	k := cacheKey(tenant, query, args...)
	if page, ok := c.entries[k]; ok {
		body, err := c.json.AppendJSON(nil, page)
		if err == nil {
			return body, "hit", nil
		}
		if !errors.Is(err, rowpage.ErrUnsupported) {
			return nil, "", err
		}
		// Another format or a newer release wrote this entry: a miss.
	}
	rows, err := c.db.Query(query, args...)
	if err != nil {
		return nil, "", err
	}
	page, err := sqlpage.AppendSQL(nil, rows)
	if err != nil {
		return nil, "", err
	}
	c.entries[k] = page
	body, err := c.json.AppendJSON(nil, page)
	return body, "miss", err
}

func Example_sqlCache() {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`
		CREATE TABLE orders (tenant TEXT, id INTEGER, item TEXT, price NUMERIC(10,2), placed DATETIME, meta JSON);
		INSERT INTO orders VALUES
			('acme', 1, 'anvil', '19.99', '2024-03-01 09:30:00', '{"gift":false,"tags":["heavy"]}'),
			('acme', 2, 'rocket', '250.5', '2024-03-02 14:00:00', NULL),
			('globex', 1, 'lamp', '12', '2024-03-03 08:15:00', '{"gift":true}')`); err != nil {
		log.Fatal(err)
	}
	mode, err := jsonbridge.Options{Envelope: &jsonbridge.Envelope{CountKey: "count"}}.Mode()
	if err != nil {
		log.Fatal(err)
	}
	c := &queryCache{db: db, entries: map[string][]byte{}, json: mode}
	const q = `SELECT id, item, price, placed, meta FROM orders WHERE tenant = ? ORDER BY id`

	for _, tenant := range []string{"acme", "acme", "globex"} {
		body, how, err := c.serve(tenant, q, tenant)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s %s: %s\n", tenant, how, body)
	}
	// An entry left by an older release that cached JSON text: a miss.
	c.entries[cacheKey("globex", q, "globex")] = []byte(`[{"id":1,"item":"lamp"}]`)
	_, how, err := c.serve("globex", q, "globex")
	fmt.Println("globex after an old entry:", how, err)
	// Output:
	// acme miss: {"rows":[{"id":1,"item":"anvil","price":19.99,"placed":"2024-03-01T09:30:00Z","meta":{"gift":false,"tags":["heavy"]}},{"id":2,"item":"rocket","price":250.5,"placed":"2024-03-02T14:00:00Z","meta":null}],"count":2}
	// acme hit: {"rows":[{"id":1,"item":"anvil","price":19.99,"placed":"2024-03-01T09:30:00Z","meta":{"gift":false,"tags":["heavy"]}},{"id":2,"item":"rocket","price":250.5,"placed":"2024-03-02T14:00:00Z","meta":null}],"count":2}
	// globex miss: {"rows":[{"id":1,"item":"lamp","price":12,"placed":"2024-03-03T08:15:00Z","meta":{"gift":true}}],"count":1}
	// globex after an old entry: miss <nil>
}
