// Package jsonref is the reference for the JSON bridge's round-trip
// contract, for tests: what JSON text must read back as once it has become
// a page (jsonbridge.AppendPage, then AppendJSON) or a JSON column of one
// (the SQL ingestion). It is built on encoding/json alone, so that it
// shares no code with what it checks, and it does not import rowpage, so
// that rowpage's own tests can use it.
package jsonref
