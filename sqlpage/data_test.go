package sqlpage_test

import (
	"database/sql"
	"path/filepath"
	"testing"
)

// The tables of every column type, with NULL in every column, and the real
// queries run on each database: joins, aggregates, JSON and arrays, and
// NULL-heavy columns.

// sqliteTypesSchema has a column of each declared type SQLite programs use,
// an untyped column holding mixed values, and a row of NULLs.
const sqliteTypesSchema = `
CREATE TABLE types (
	id INTEGER PRIMARY KEY, i INTEGER, big BIGINT, r REAL, dbl DOUBLE PRECISION,
	num NUMERIC(10,2), dec DECIMAL(30,10), b BOOLEAN, t TEXT, vc VARCHAR(20), nvc NVARCHAR(40),
	d DATE, dt DATETIME, ts TIMESTAMP, bin BLOB, j JSON, untyped
);
INSERT INTO types VALUES
	(1, 42, 9223372036854775807, 1.5, -2.25e-10, 12.34, '12345.0123456789', 1,
	 'héllo <b>&amp;</b> "q" \ ' || char(10) || char(9), 'v', 'ñandú',
	 '2024-02-29', '2024-02-29 13:14:15', '2024-02-29 13:14:15.123456789', x'00ff10',
	 '{"b":[1,2.50,"x",1e400,-0],"a":{"n":null,"t":true,"f":false},"s":"\u00e9<\ud83d\ude00","a":2}', 'x'),
	(2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
	(3, -1, -9223372036854775808, 0.0, 1e300, -0.5, '-0.0000000001', 0, '', '', '',
	 '1999-12-31', '1999-12-31 23:59:59', '1999-12-31T23:59:59Z', x'', '[]', 7),
	(4, 0, 0, 3.0, 0.1, 100, 0, 1, 'ünïcödé ✓ 😀', 'tab	in', 'x',
	 '2000-01-01', '2000-01-01 00:00:00.5', '2000-01-01 00:00:00', x'6869', '"just a string"', 2.5),
	(5, 7, 7, 7.25, 7.5, 7, 7, 0, 'seven', 'seven', 'seven', NULL, NULL, NULL, NULL, '  { "nested" : [ [ ], { } ] }  ', x'07');
CREATE TABLE empty (id INTEGER, name TEXT);
CREATE TABLE nulls (a INTEGER, b TEXT, c REAL, d BLOB, e JSON);
INSERT INTO nulls VALUES (NULL, NULL, NULL, NULL, NULL), (NULL, NULL, NULL, NULL, NULL);
`

// sqliteTypesDB creates the SQLite types database in a temporary file.
func sqliteTypesDB(t testing.TB) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "types.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(sqliteTypesSchema); err != nil {
		t.Fatal(err)
	}
	return db
}

var sqliteTypesQueries = []namedQuery{
	{name: "expressions", sql: `SELECT id, i + 1 AS next, r * 2 AS twice, t || '!' AS shout, length(bin) AS n, typeof(untyped) AS kind,
		CASE WHEN b THEN 'yes' ELSE NULL END AS yes FROM types ORDER BY id`},
	{name: "aggregate", sql: `SELECT b, COUNT(*) AS n, SUM(i) AS total, AVG(r) AS mean, MAX(t) AS last, group_concat(vc, '|') AS vcs FROM types GROUP BY b ORDER BY b`},
	{name: "self join", sql: `SELECT a.id, a.t, b.id AS other, b.j AS other_json FROM types a LEFT JOIN types b ON b.id = a.id + 1 ORDER BY a.id`},
	// RFC 3339 text becomes text times (SPEC.md 5.4) on every path: a
	// +00:00 column, one of Z and offsets, one that holds other text too,
	// one that began as plain strings, and SQLite's own formatting.
	{name: "text times", sql: `WITH v(at, zoned, mixed, late) AS (VALUES
		('2025-03-14T10:04:15.738+00:00', '2024-01-02T03:04:05Z', '2024-01-02T03:04:05Z', 'plain'),
		('2025-03-14T10:04:16+00:00', '2024-01-02T03:04:05.5+05:30', 'not a time', '2024-01-02T03:04:05Z'),
		(NULL, '2024-01-02T03:04:05-08:00', '2024-01-02T03:04:05+00:00', NULL))
		SELECT at, zoned, mixed, late, strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-02 03:04:05.5') AS made FROM v`},
	// REAL values that are integers become integral floats (SPEC.md 5.2)
	// on every path: a column of them, one with a NULL and ±2^53, one
	// with a fraction (a float column), one with 2^53+2 (too), and sums.
	{name: "integral floats", sql: `WITH v(r, edge, frac, over) AS (VALUES
		(3.0, 9007199254740992.0, 1.0, 9007199254740994.0),
		(1000.0, NULL, 2.5, 1.0),
		(-7.0, -9007199254740992.0, 4.0, 2.0))
		SELECT r, edge, frac, over, r * 2 AS twice, SUM(r) OVER () AS total FROM v`},
}

// pgTypesSchema has a column of each PostgreSQL type an application
// commonly selects, arrays included, and a row of NULLs. It is a temporary
// table: the connection pool is limited to one connection.
const pgTypesSchema = `
CREATE TEMP TABLE types (
	id int PRIMARY KEY, i2 smallint, i4 integer, i8 bigint, f4 real, f8 double precision,
	num numeric(20,6), numfree numeric, b boolean, t text, vc varchar(20), ch char(5),
	d date, ts timestamp, tstz timestamptz, tm time, iv interval, u uuid, bin bytea,
	j json, jb jsonb, ai int[], ai8 bigint[], at text[], an numeric[], ab boolean[],
	af float8[], af4 real[], aj jsonb[], a2 int[][], ats timestamp[], x xml, m money, ip inet
);
INSERT INTO types VALUES
	(1, 32767, -2147483648, 9223372036854775807, 0.1, 1.7976931348623157e308,
	 12345678901234.123456, 3.141592653589793238462643383279502884197169399375105820974944592307816406286, true,
	 E'héllo <b>&amp;</b> "q" \\ \n\t', 'vc', 'ab', '2024-02-29', '2024-02-29 13:14:15.123456',
	 '2024-02-29 13:14:15.5+02', '13:14:15', '1 day 02:03:04', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '\x00ff10',
	 '{"b":[1,2.50,"x",1e400,-0], "a":{"n":null,"t":true}, "s":"\u00e9<", "a":2}',
	 '{"b":[1,2.50,"x",-0], "a":{"n":null,"t":true}, "s":"\u00e9<", "a":2}',
	 '{1,NULL,3}', '{9223372036854775807,-1}', '{"a b","c\"d\\e",NULL,"NULL","",x,"{}"}',
	 '{1.50,-0.001,12345678901234567890.5,NULL}', '{t,f,NULL}', '{1.5,-2e-300,0}', '{0.1,3.25}',
	 ARRAY['{"k":[1,{"z":null}]}'::jsonb, '[]', NULL, '"s"'], '{{1,2},{3,NULL}}',
	 ARRAY['2024-01-01 00:00:00'::timestamp], '<a>x &amp; y</a>', 12.34, '127.0.0.1'),
	(2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	 NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
	(3, -32768, 0, -9223372036854775808, -3.4028235e38, -0.0, -0.000001, 0, false, '', '', '',
	 '0001-01-01', '1999-12-31 23:59:59.999999', '1970-01-01 00:00:00Z', '00:00:00', '0', '00000000-0000-0000-0000-000000000000', '',
	 '[]', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '', 0, '::1'),
	(4, 1, 1, 1, 1, 1, 1, 1e-30, true, 'ünïcödé ✓ 😀', 'x', 'x', '2000-01-01', '2000-01-01 00:00:00.5',
	 '2000-01-01 00:00:00.000001-08', '23:59:59.999999', '-1 year', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '\x6869',
	 '  { "nested" : [ [ ], { } ] }  ', '"just a string"', '{0}', '{0}', '{"ü"}', '{0.0}', '{f}', '{-0}', '{-1}',
	 ARRAY['1.50'::jsonb], '{{7}}', '{}', '<b/>', -1, '10.0.0.0/8');
`

// postgresTypesDB creates the PostgreSQL types table on one connection.
func postgresTypesDB(t testing.TB) *sql.DB {
	t.Helper()
	db := openPostgres(t, "")
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(pgTypesSchema); err != nil {
		t.Fatal(err)
	}
	return db
}

var pgTypesQueries = []namedQuery{
	{name: "ordered", sql: `SELECT * FROM types ORDER BY id`},
	{name: "expressions", sql: `SELECT id, i4::numeric / 7 AS seventh, f8 / 3 AS third, tstz AT TIME ZONE 'UTC' AS utc, d + 1 AS tomorrow,
		jb -> 'a' AS a, jsonb_build_object('id', id, 'tags', at, 'when', ts) AS obj, to_json(an) AS an_json,
		array_length(ai, 1) AS n, ts::date AS day, ARRAY[id, id * 2] AS pair FROM types ORDER BY id`},
	{name: "aggregate", sql: `SELECT b, count(*) AS n, sum(num) AS total, avg(i8) AS mean, jsonb_agg(jb ORDER BY id) AS docs,
		array_agg(t ORDER BY id) AS texts, min(tstz) AS first FROM types GROUP BY b ORDER BY b NULLS LAST`},
	{name: "special numbers", sql: `SELECT 'NaN'::numeric AS nan, 'Infinity'::numeric AS inf, '-Infinity'::numeric AS ninf,
		'{NaN,1}'::numeric[] AS arr, 0.000::numeric AS zero, 1e20::numeric AS big`, jsonOnly: true},
}

var sqliteChinookQueries = []namedQuery{
	{name: "join", sql: `SELECT t.TrackId, t.Name AS Track, a.Title AS Album, ar.Name AS Artist, g.Name AS Genre, m.Name AS Media,
		t.Composer, t.UnitPrice, t.Milliseconds FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId
		JOIN Artist ar ON ar.ArtistId = a.ArtistId LEFT JOIN Genre g ON g.GenreId = t.GenreId
		JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId ORDER BY t.TrackId`},
	{name: "aggregate", sql: `SELECT c.Country, COUNT(DISTINCT c.CustomerId) AS customers, COUNT(i.InvoiceId) AS invoices,
		SUM(i.Total) AS total, AVG(i.Total) AS average, MIN(i.InvoiceDate) AS first, MAX(i.InvoiceDate) AS last
		FROM Customer c LEFT JOIN Invoice i ON i.CustomerId = c.CustomerId GROUP BY c.Country ORDER BY total DESC, c.Country`},
	{name: "nulls", sql: `SELECT CustomerId, Company, State, Fax, SupportRepId FROM Customer ORDER BY CustomerId`},
	{name: "json text", sql: `SELECT a.AlbumId, a.Title, json_group_array(json_object('track', t.Name, 'ms', t.Milliseconds, 'price', t.UnitPrice)) AS tracks
		FROM Album a JOIN Track t ON t.AlbumId = a.AlbumId GROUP BY a.AlbumId ORDER BY a.AlbumId`},
	{name: "manager", sql: `SELECT e.EmployeeId, e.FirstName || ' ' || e.LastName AS name, m.FirstName || ' ' || m.LastName AS manager,
		e.HireDate, e.BirthDate, e.ReportsTo FROM Employee e LEFT JOIN Employee m ON m.EmployeeId = e.ReportsTo ORDER BY e.EmployeeId`},
}

var sqliteNorthwindQueries = []namedQuery{
	{name: "orders", sql: `SELECT o.OrderID, c.CompanyName, e.FirstName || ' ' || e.LastName AS Employee, o.OrderDate, o.ShippedDate,
		o.ShipRegion, o.Freight, SUM(d.UnitPrice * d.Quantity * (1 - d.Discount)) AS Total, COUNT(*) AS Lines
		FROM Orders o JOIN Customers c ON c.CustomerID = o.CustomerID JOIN Employees e ON e.EmployeeID = o.EmployeeID
		JOIN "Order Details" d ON d.OrderID = o.OrderID GROUP BY o.OrderID ORDER BY o.OrderID`},
	{name: "categories", sql: `SELECT c.CategoryName, c.Picture, COUNT(p.ProductID) AS products, AVG(p.UnitPrice) AS price
		FROM Categories c LEFT JOIN Products p ON p.CategoryID = c.CategoryID GROUP BY c.CategoryID ORDER BY c.CategoryID`},
	{name: "nulls", sql: `SELECT CustomerID, Region, Fax, PostalCode FROM Customers ORDER BY CustomerID`},
}

var pgChinookQueries = []namedQuery{
	{name: "join", sql: `SELECT t.track_id, t.name AS track, a.title AS album, ar.name AS artist, g.name AS genre,
		t.composer, t.unit_price, t.milliseconds FROM track t JOIN album a ON a.album_id = t.album_id
		JOIN artist ar ON ar.artist_id = a.artist_id LEFT JOIN genre g ON g.genre_id = t.genre_id ORDER BY t.track_id`},
	{name: "aggregate", sql: `SELECT c.country, count(DISTINCT c.customer_id) AS customers, count(i.invoice_id) AS invoices,
		sum(i.total) AS total, avg(i.total) AS average, min(i.invoice_date) AS first, max(i.invoice_date) AS last
		FROM customer c LEFT JOIN invoice i ON i.customer_id = c.customer_id GROUP BY c.country ORDER BY total DESC, c.country`},
	{name: "nulls", sql: `SELECT customer_id, company, state, fax, support_rep_id FROM customer ORDER BY customer_id`},
	{name: "json", sql: `SELECT a.album_id, a.title,
		json_agg(json_build_object('track', t.name, 'ms', t.milliseconds, 'price', t.unit_price) ORDER BY t.track_id) AS tracks,
		jsonb_build_object('n', count(*), 'total', sum(t.unit_price), 'composers', jsonb_agg(DISTINCT t.composer)) AS stats
		FROM album a JOIN track t ON t.album_id = a.album_id GROUP BY a.album_id ORDER BY a.album_id`},
	{name: "arrays", sql: `SELECT g.name, array_agg(t.track_id ORDER BY t.track_id) AS ids, array_agg(t.name ORDER BY t.track_id) AS names,
		array_agg(t.unit_price ORDER BY t.track_id) AS prices, array_agg(t.composer ORDER BY t.track_id) AS composers
		FROM genre g JOIN track t ON t.genre_id = g.genre_id GROUP BY g.name ORDER BY g.name`},
	{name: "times", sql: `SELECT invoice_id, invoice_date, invoice_date::date AS day, invoice_date AT TIME ZONE 'America/New_York' AS tz,
		date_trunc('month', invoice_date) AS month FROM invoice ORDER BY invoice_id`},
}

var pgNorthwindQueries = []namedQuery{
	{name: "orders", sql: `SELECT o.order_id, c.company_name, e.first_name || ' ' || e.last_name AS employee, o.order_date, o.shipped_date,
		o.ship_region, o.freight, sum(d.unit_price * d.quantity * (1 - d.discount)) AS total,
		sum((d.unit_price * d.quantity)::numeric(12,2)) AS exact, count(*) AS lines
		FROM orders o JOIN customers c ON c.customer_id = o.customer_id JOIN employees e ON e.employee_id = o.employee_id
		JOIN order_details d ON d.order_id = o.order_id GROUP BY o.order_id, c.company_name, e.first_name, e.last_name ORDER BY o.order_id`},
	{name: "categories", sql: `SELECT c.category_name, c.picture, count(p.product_id) AS products, avg(p.unit_price) AS price
		FROM categories c LEFT JOIN products p ON p.category_id = c.category_id GROUP BY c.category_id ORDER BY c.category_id`},
	{name: "nulls", sql: `SELECT customer_id, region, fax, postal_code FROM customers ORDER BY customer_id`},
}
