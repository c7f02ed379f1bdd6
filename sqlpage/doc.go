// Package sqlpage builds rowpage pages straight from database/sql results:
// AppendSQL reads *sql.Rows as the driver yields them and appends their page,
// the page rowpage.Marshal would write for the same rows scanned into maps,
// without scanning them into maps first. It is a package of its own so that
// a program that imports rowpage for its codec does not link database/sql
// ingestion.
//
// Options are frozen into a SQLMode, as rowpage.EncOptions are into an
// EncMode: SQLOptions{...}.SQLMode() validates them once, and the mode is
// immutable, safe for concurrent use, and pools its scan buffers. The page
// encoding options (checksum, depth limit, compression) are the
// rowpage.EncOptions that SQLOptions carries; they are validated by
// rowpage.EncOptions.EncMode, so an invalid one gives the same error here.
//
// The page is read back with rowpage.Open, rowpage.Unmarshal or
// jsonbridge.AppendJSON like any other page.
//
// # Types
//
// A column's kind comes from its database type name (rows.ColumnTypes,
// upper-cased by the drivers, "(...)" dropped); each cell is then written by
// its kind and the Go type of the value the driver yields:
//
//	type name                         driver value       page value
//	JSON, JSONB                       string, []byte     nested value (as rowpage.Builder.JSON)
//	NUMERIC, DECIMAL                  string, []byte     exact number (as rowpage.Builder.Number); NaN, ±Infinity as strings
//	                                  int64, float64     integer, float (SQLite's NUMERIC affinity)
//	BYTEA, BLOB, BINARY, VARBINARY... []byte, string     bytes (base64 in JSON)
//	FLOAT4                            float64            float32 (as json.Marshal writes a float32)
//	BOOL, BOOLEAN                     bool, int64 0 or 1 bool
//	...CHAR..., ...TEXT..., CLOB, XML []byte, string     string
//	_INT4, _TEXT, ... (PostgreSQL)    string "{...}"     array; its text if malformed
//	anything else, by the value:      nil                null
//	                                  int64, other ints  integer
//	                                  float64, float32   float
//	                                  bool               bool
//	                                  string             string
//	                                  []byte             bytes
//	                                  time.Time          timestamp (DATE, TIMESTAMP, TIMESTAMPTZ, SQLite DATETIME)
//	                                  anything else      as rowpage.Marshal writes it (a []int64 as an array)
//
// NULL is null whatever the type.
package sqlpage
