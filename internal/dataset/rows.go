package dataset

import (
	"encoding/json"
	"math/rand/v2"
	"time"
)

// Sizes lists the page sizes, in rows, that benchmarks iterate over.
var Sizes = []int{25, 100, 250, 1000, 5000}

// Row is one realistic record, as a web backend would cache it as part of
// the result of a list query. Its JSON form averages about 800 bytes.
type Row struct {
	ID          int64      `json:"id"`          // increasing with small gaps, from about 1,000,000
	Seq         int        `json:"seq"`         // 1..n, the position in the page
	CreatedAt   time.Time  `json:"created_at"`  // increasing, UTC, minutes to hours apart, 30% with milliseconds
	UpdatedAt   time.Time  `json:"updated_at"`  // >= CreatedAt, 30% in a fixed non-UTC offset such as -05:00
	Owner       string     `json:"owner"`       // one of 40 user names, skewed
	Permissions []string   `json:"permissions"` // 1..5 distinct of 12, such as "read" or "admin:billing"
	Status      string     `json:"status"`      // "active" 68%, "pending" 15%, "archived" 11%, "suspended" 6%
	Title       string     `json:"title"`       // 20..60 ASCII characters of words, almost always unique
	Body        string     `json:"body"`        // 200..600 characters, unique, 15% with escapes or non-ASCII
	Tags        []string   `json:"tags"`        // 0..4 distinct of 30, never nil
	Views       int64      `json:"views"`       // 0..1,000,000, heavily skewed to small values
	Likes       int32      `json:"likes"`       // up to 5% of Views
	Price       float64    `json:"price"`       // whole cents, such as 19.99 or 1234.5
	Score       float64    `json:"score"`       // arbitrary float in [0, 1)
	Active      bool       `json:"active"`      // mostly true for active rows
	DeletedAt   *time.Time `json:"deleted_at"`  // nil for 80% of rows, else UTC after UpdatedAt
	Region      string     `json:"region"`      // one of 8, such as "eu-west-1"
	Version     uint32     `json:"version"`     // 1..20, skewed to small values
}

// rowSeed seeds the [Rows] generator.
const rowSeed = 1

// rowStart is the CreatedAt of the first row before its random gap.
var rowStart = time.Date(2024, time.March, 4, 9, 12, 31, 0, time.UTC)

// Rows returns n rows. The result depends only on n, and is prefix-stable:
// Rows(m) equals Rows(n)[:m] for m <= n. Each call generates fresh rows
// (about 2 µs and 7 allocations per row); n <= 0 yields an empty, non-nil
// slice.
func Rows(n int) []Row {
	n = max(n, 0)
	r := newRand(rowSeed)
	rows := make([]Row, n)
	id, t := int64(1_000_000), rowStart
	for i := range rows {
		id += int64(1 + r.IntN(2)*r.IntN(9)) // mostly +1, sometimes a gap of up to 9
		t = t.Add(time.Duration(60+r.IntN(3*3600)) * time.Second)
		rows[i] = newRow(r, id, i+1, t)
	}
	return rows
}

// newRow draws one row whose CreatedAt is t, possibly plus milliseconds.
func newRow(r *rand.Rand, id int64, seq int, t time.Time) Row {
	row := Row{ID: id, Seq: seq, CreatedAt: t}
	if percent(r, 30) {
		row.CreatedAt = t.Add(time.Duration(1+r.IntN(999)) * time.Millisecond)
	}
	row.UpdatedAt = row.CreatedAt
	if percent(r, 75) {
		row.UpdatedAt = t.Add(time.Duration(r.IntN(30*24*3600)) * time.Second)
		if percent(r, 40) {
			row.UpdatedAt = row.UpdatedAt.Add(time.Duration(1+r.IntN(999)) * time.Millisecond)
		}
	}
	if percent(r, 30) {
		row.UpdatedAt = row.UpdatedAt.In(zones[r.IntN(len(zones))])
	}
	row.Owner = pickSkewed(r, owners)
	row.Permissions = pickDistinct(r, permissions, 1+skewedIndex(r, 5))
	row.Status = pickWeighted(r, statuses)
	row.Title = title(r)
	row.Body = body(r, 15)
	row.Tags = pickDistinct(r, tags, r.IntN(5))
	u := r.Float64()
	row.Views = int64(1e6 * u * u * u * u * u * u * u * u)
	row.Likes = int32(float64(row.Views) * 0.05 * r.Float64())
	if percent(r, 50) {
		row.Price = float64(100*(1+r.IntN(200))-1) / 100 // 0.99 .. 199.99
	} else {
		row.Price = float64(r.IntN(500_000)) / 100 // any cents below 5,000
	}
	row.Score = r.Float64()
	row.Active = row.Status == "active" && percent(r, 95) || row.Status == "pending" && percent(r, 50)
	if percent(r, 20) {
		d := row.UpdatedAt.UTC().Add(time.Duration(1+r.IntN(90*24*3600)) * time.Second)
		row.DeletedAt = &d
	}
	row.Region = pickSkewed(r, regions)
	row.Version = uint32(1 + skewedIndex(r, 20))
	return row
}

// Maps returns the rows of [Rows](n) in native form: maps keyed by the JSON
// names of [Row]'s fields, holding the field values as a Go program would
// put them there by hand (int64, int, time.Time, []string, int32, float64,
// bool, uint32), with an untyped nil for a nil DeletedAt and a time.Time for
// a set one. json.Marshal of a map equals json.Marshal of its Row once keys
// are reordered.
func Maps(n int) []map[string]any {
	rows := Rows(n)
	out := make([]map[string]any, len(rows))
	for i, row := range rows {
		out[i] = rowMap(&row)
	}
	return out
}

// rowMap returns row in native form.
func rowMap(row *Row) map[string]any {
	var deleted any
	if row.DeletedAt != nil {
		deleted = *row.DeletedAt
	}
	return map[string]any{
		"id":          row.ID,
		"seq":         row.Seq,
		"created_at":  row.CreatedAt,
		"updated_at":  row.UpdatedAt,
		"owner":       row.Owner,
		"permissions": row.Permissions,
		"status":      row.Status,
		"title":       row.Title,
		"body":        row.Body,
		"tags":        row.Tags,
		"views":       row.Views,
		"likes":       row.Likes,
		"price":       row.Price,
		"score":       row.Score,
		"active":      row.Active,
		"deleted_at":  deleted,
		"region":      row.Region,
		"version":     row.Version,
	}
}

// GenericMaps returns the rows of [Rows](n) in generic form: exactly what
// json.Unmarshal of [JSON](n) into []map[string]any produces, with float64
// numbers, RFC 3339 strings for times, []any for lists and nil for a nil
// DeletedAt. It is built directly, without encoding/json.
func GenericMaps(n int) []map[string]any {
	rows := Rows(n)
	out := make([]map[string]any, len(rows))
	for i, row := range rows {
		out[i] = genericMap(rowMap(&row))
	}
	return out
}

// JSON returns json.Marshal([Rows](n)): a JSON array of objects with keys in
// [Row] field order, about 800 bytes per row.
func JSON(n int) []byte {
	return mustMarshal(Rows(n))
}

// mustMarshal returns json.Marshal(v) and panics on an error, which the
// generated values never cause.
func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("dataset: " + err.Error())
	}
	return b
}
