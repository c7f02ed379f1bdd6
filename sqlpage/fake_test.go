package sqlpage_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"testing"
)

// A minimal database/sql driver that yields a fixed result, for what real
// databases cannot show: that a driver's error comes back as the very same
// value, and values of Go types outside driver.Value's set.

var errFake = errors.New("fake driver: connection lost mid-stream")

// fakeResult is what every query of a fake database returns: rows, then
// err (io.EOF when nil).
type fakeResult struct {
	cols  []string
	types []string // database type names, "" when nil
	rows  [][]any
	err   error
	// reuseBytes hands out []byte values in one buffer that the next row
	// overwrites, as drivers may: a reader that keeps them past rows.Next
	// without copying finds them scribbled over.
	reuseBytes bool
}

type fakeConnector struct{ res fakeResult }

func (c fakeConnector) Connect(context.Context) (driver.Conn, error) { return fakeConn(c), nil }
func (c fakeConnector) Driver() driver.Driver                        { return fakeDriver{} }

type fakeDriver struct{}

func (fakeDriver) Open(string) (driver.Conn, error) {
	return nil, errors.New("fake driver: use the connector")
}

type fakeConn struct{ res fakeResult }

func (c fakeConn) Prepare(string) (driver.Stmt, error) { return fakeStmt(c), nil }
func (fakeConn) Close() error                          { return nil }
func (fakeConn) Begin() (driver.Tx, error)             { return nil, errors.New("fake driver: no transactions") }

type fakeStmt struct{ res fakeResult }

func (fakeStmt) Close() error  { return nil }
func (fakeStmt) NumInput() int { return -1 }
func (fakeStmt) Exec([]driver.Value) (driver.Result, error) {
	return nil, errors.New("fake driver: no exec")
}
func (s fakeStmt) Query([]driver.Value) (driver.Rows, error) { return &fakeRows{res: s.res}, nil }

type fakeRows struct {
	res fakeResult
	i   int
	buf []byte // reuseBytes: the current row's []byte values
}

func (r *fakeRows) Columns() []string { return r.res.cols }
func (r *fakeRows) ColumnTypeDatabaseTypeName(i int) string {
	if r.res.types == nil {
		return ""
	}
	return r.res.types[i]
}
func (r *fakeRows) Close() error { return nil }
func (r *fakeRows) Next(dest []driver.Value) error {
	if r.i == len(r.res.rows) {
		if r.res.err != nil {
			return r.res.err
		}
		return io.EOF
	}
	if r.res.reuseBytes {
		for i := range r.buf {
			r.buf[i] = '#'
		}
		r.buf = r.buf[:0]
	}
	for i, v := range r.res.rows[r.i] {
		if b, ok := v.([]byte); ok && r.res.reuseBytes {
			if cap(r.buf)-len(r.buf) < len(b) {
				r.buf = make([]byte, 0, 1024) // the old one may still be read: a page holds it
			}
			r.buf = append(r.buf, b...)
			v = r.buf[len(r.buf)-len(b) : len(r.buf) : len(r.buf)]
		}
		dest[i] = v
	}
	r.i++
	return nil
}

// fakeDB opens a database whose every query returns res.
func fakeDB(t testing.TB, res fakeResult) *sql.DB {
	db := sql.OpenDB(fakeConnector{res})
	t.Cleanup(func() { db.Close() })
	return db
}
