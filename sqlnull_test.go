package rowpage

import (
	"database/sql"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

type nullRow struct {
	S sql.NullString  `json:"s"`
	I sql.NullInt64   `json:"i"`
	F sql.NullFloat64 `json:"f"`
	B sql.NullBool    `json:"b"`
	T sql.NullTime    `json:"t"`
	N sql.Null[int16] `json:"n"`
}

// TestSQLNullTypes: database/sql's Null types have no JSON methods, so
// json.Marshal writes them as structs; the page must do the same and decode
// them back.
func TestSQLNullTypes(t *testing.T) {
	rows := []nullRow{
		{S: sql.NullString{String: "x", Valid: true}, I: sql.NullInt64{Int64: -5, Valid: true},
			F: sql.NullFloat64{Float64: 1.5, Valid: true}, B: sql.NullBool{Bool: true, Valid: true},
			T: sql.NullTime{Time: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), Valid: true}, N: sql.Null[int16]{V: 7, Valid: true}},
		{},
	}
	page := checkJSON(t, rows)
	var got []nullRow
	if err := Unmarshal(page, &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rows, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
}
