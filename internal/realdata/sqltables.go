package realdata

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rowpage/rowpage/sqlpage"
	_ "modernc.org/sqlite" // the "sqlite" driver
)

// sqlSource is one query on a sample database. The query orders its rows,
// so that LIMIT n returns the first n rows of the whole result.
type sqlSource struct {
	name, db, doc, query string
}

// sqlSources are the tables and one join of each sample database.
var sqlSources = []sqlSource{
	{"chinook-track", "chinook/Chinook_Sqlite.sqlite", "Chinook Track table: names, composers (often NULL), NUMERIC prices",
		`SELECT * FROM Track ORDER BY TrackId`},
	{"chinook-invoice", "chinook/Chinook_Sqlite.sqlite", "Chinook Invoice table: DATETIME dates, addresses, NUMERIC totals",
		`SELECT * FROM Invoice ORDER BY InvoiceId`},
	{"chinook-customer", "chinook/Chinook_Sqlite.sqlite", "Chinook Customer table: contact details with NULLs, non-ASCII names",
		`SELECT * FROM Customer ORDER BY CustomerId`},
	{"chinook-lines", "chinook/Chinook_Sqlite.sqlite", "Chinook InvoiceLine joined with Invoice, Track and Album",
		`SELECT l.InvoiceLineId, l.InvoiceId, i.InvoiceDate, i.BillingCountry, l.TrackId, t.Name AS Track, a.Title AS Album,
			l.UnitPrice, l.Quantity FROM InvoiceLine l JOIN Invoice i ON i.InvoiceId = l.InvoiceId
			JOIN Track t ON t.TrackId = l.TrackId JOIN Album a ON a.AlbumId = t.AlbumId ORDER BY l.InvoiceLineId`},
	{"northwind-orders", "northwind/northwind.sqlite", "Northwind Orders table: DATETIME dates (some NULL), freight, ship addresses",
		`SELECT * FROM Orders ORDER BY OrderID`},
	{"northwind-products", "northwind/northwind.sqlite", "Northwind Products table: names, prices, stock counters",
		`SELECT * FROM Products ORDER BY ProductID`},
	{"northwind-customers", "northwind/northwind.sqlite", "Northwind Customers table: companies and contacts with NULL regions and faxes",
		`SELECT * FROM Customers ORDER BY CustomerID`},
	{"northwind-details", "northwind/northwind.sqlite", `Northwind "Order Details" joined with Products: prices, REAL discounts`,
		`SELECT d.OrderID, d.ProductID, p.ProductName, d.UnitPrice, d.Quantity, d.Discount
			FROM "Order Details" d JOIN Products p ON p.ProductID = d.ProductID ORDER BY d.OrderID, d.ProductID`},
}

// sqlMode builds the SQL sets' pages with keys sorted, as json.Marshal
// writes a map.
var sqlMode, _ = sqlpage.SQLOptions{SortKeys: true}.SQLMode()

// loadSQL runs every source whose database is present in dir. The
// databases stay open for the sets' Page functions, for the life of the
// process.
func loadSQL(dir string) ([]Set, error) {
	dbs := map[string]*sql.DB{}
	var out []Set
	for _, src := range sqlSources {
		path := filepath.Join(dir, src.db)
		db, ok := dbs[path]
		if !ok {
			var err error
			if db, err = openSQLite(path); err != nil {
				return nil, err
			}
			dbs[path] = db
		}
		if db == nil {
			continue
		}
		rows, err := scanMaps(db, src.query)
		if err != nil {
			return nil, fmt.Errorf("realdata: %s: %w", src.name, err)
		}
		query := src.query
		out = append(out, Set{
			Name: src.name, Doc: fmt.Sprintf("%s (%d rows)", src.doc, len(rows)),
			Source: src.db + ": " + strings.Join(strings.Fields(query), " "), Rows: rows,
			Page: func(n int) ([]byte, error) {
				rs, err := db.Query(query + " LIMIT " + strconv.Itoa(n))
				if err != nil {
					return nil, err
				}
				return sqlMode.AppendSQL(nil, rs)
			},
		})
	}
	return out, nil
}

// openSQLite opens a database read-only, or returns nil if it is absent.
func openSQLite(path string) (*sql.DB, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	return sql.Open("sqlite", "file:"+abs+"?mode=ro&immutable=1")
}

// scanMaps runs query and returns its rows as maps, one rows.Scan into
// []any per row, each value turned into what the column holds by its
// declared type (see sqlValue).
func scanMaps(db *sql.DB, query string) ([]map[string]any, error) {
	rows, err := db.Query(query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.ColumnTypes()
	if err != nil {
		return nil, err
	}
	vals, ptrs := make([]any, len(cols)), make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var out []map[string]any
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		m := make(map[string]any, len(cols))
		for i, c := range cols {
			m[c.Name()] = sqlValue(c.DatabaseTypeName(), vals[i])
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// sqlValue is the Go value an application would marshal for v, which the
// driver gave for a column declared as typ: BLOB bytes as []byte, other
// bytes as text, NUMERIC or DECIMAL text as an exact json.Number; anything
// else (int64, float64, time.Time, nil) as it is.
func sqlValue(typ string, v any) any {
	typ = strings.ToUpper(typ)
	if i := strings.IndexByte(typ, '('); i >= 0 {
		typ = typ[:i]
	}
	switch v := v.(type) {
	case []byte:
		if typ == "BLOB" {
			return append([]byte(nil), v...)
		}
		return string(v)
	case string:
		if typ == "NUMERIC" || typ == "DECIMAL" {
			var n json.Number
			if json.Unmarshal([]byte(v), &n) == nil {
				return n
			}
		}
	}
	return v
}
