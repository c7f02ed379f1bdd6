package dataset

import (
	"math/rand/v2"
	"time"
)

// BaaSDoc is one document of a list query against a backend-as-a-service
// (Appwrite-like): system attributes prefixed with "$", then the
// collection's own attributes. Timestamps are strings, as such services
// return them: RFC 3339 with exactly three fractional digits and a +00:00
// offset, which time.Time would not write. Its JSON form averages about
// 900 bytes.
type BaaSDoc struct {
	ID           string   `json:"$id"`           // 20 random characters of [0-9a-z], unique
	Sequence     int64    `json:"$sequence"`     // 1..n, the insertion order
	CollectionID string   `json:"$collectionId"` // one of 4 ids of 20 characters, skewed
	DatabaseID   string   `json:"$databaseId"`   // "main" 85%, else "staging"
	CreatedAt    string   `json:"$createdAt"`    // "2025-03-14T10:04:15.738+00:00", increasing
	UpdatedAt    string   `json:"$updatedAt"`    // same form, >= CreatedAt; equal to it 30%
	Permissions  []string `json:"$permissions"`  // 1..5 such as read("user:…") or update("team:…/owner"): quotes inside, never nil
	Name         string   `json:"name"`          // 20..60 ASCII characters of words
	Description  string   `json:"description"`   // 200..600 characters, 20% with escapes or non-ASCII
	Status       string   `json:"status"`        // "published" 60%, "draft" 25%, "pending_review" 10%, "archived" 5%
	Tags         []string `json:"tags"`          // 0..5 distinct of 30, never nil
	Views        int64    `json:"views"`         // 0..1,000,000, heavily skewed to small values
	Stock        int      `json:"stock"`         // 0..500, 10% zero
	Price        float64  `json:"price"`         // 19.99-like 60%, whole (such as 25) 40%
	Featured     bool     `json:"featured"`      // true 15%
}

// baasSeed seeds the [BaaSDocs] generator.
const baasSeed = 4

// baasStart is the CreatedAt of the first document before its random gap.
var baasStart = time.Date(2025, time.March, 14, 10, 4, 15, 738_000_000, time.UTC)

// baasTime is the layout of [BaaSDoc] timestamps.
const baasTime = "2006-01-02T15:04:05.000+00:00"

// baasStatuses are the values of [BaaSDoc.Status] with their weights.
var baasStatuses = []weighted{
	{"published", 60}, {"draft", 25}, {"pending_review", 10}, {"archived", 5},
}

// BaaSDocs returns n documents. The result depends only on n and is
// prefix-stable, like [Rows] (about 2 µs and 12 allocations per document);
// n <= 0 yields an empty, non-nil slice.
func BaaSDocs(n int) []BaaSDoc {
	n = max(n, 0)
	r := newRand(baasSeed)
	collections := []string{baasID(r), baasID(r), baasID(r), baasID(r)}
	users, teams := idPool(r, 40), idPool(r, 8)
	docs := make([]BaaSDoc, n)
	t := baasStart
	for i := range docs {
		t = t.Add(time.Duration(1+r.IntN(3_600_000)) * time.Millisecond)
		d := BaaSDoc{ID: baasID(r), Sequence: int64(i + 1), CollectionID: pickSkewed(r, collections), DatabaseID: "main"}
		if percent(r, 15) {
			d.DatabaseID = "staging"
		}
		d.CreatedAt, d.UpdatedAt = t.Format(baasTime), t.Format(baasTime)
		if percent(r, 70) {
			d.UpdatedAt = t.Add(time.Duration(1+r.Int64N(30*86_400_000)) * time.Millisecond).Format(baasTime)
		}
		d.Permissions = baasPermissions(r, users, teams)
		d.Name = title(r)
		d.Description = body(r, 20)
		d.Status = pickWeighted(r, baasStatuses)
		d.Tags = pickDistinct(r, tags, r.IntN(6))
		u := r.Float64()
		d.Views = int64(1e6 * u * u * u * u * u * u)
		if !percent(r, 10) {
			d.Stock = 1 + r.IntN(500)
		}
		if percent(r, 60) {
			d.Price = float64(100*(1+r.IntN(300))-1) / 100 // 0.99 .. 299.99
		} else {
			d.Price = float64(5 * (1 + r.IntN(100))) // 5 .. 500
		}
		d.Featured = percent(r, 15)
		docs[i] = d
	}
	return docs
}

// baasID returns 20 random characters of [0-9a-z], as Appwrite's ID.unique.
func baasID(r *rand.Rand) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, 20)
	for i := range b {
		b[i] = digits[r.IntN(len(digits))]
	}
	return string(b)
}

// idPool draws n ids of [baasID] form.
func idPool(r *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = baasID(r)
	}
	return out
}

// baasPermissions draws one to five permission strings: the owner's read,
// update and delete, sometimes read("any") or a team's.
func baasPermissions(r *rand.Rand, users, teams []string) []string {
	user := `"user:` + pickSkewed(r, users) + `")`
	out := []string{"read(" + user}
	if percent(r, 80) {
		out = append(out, "update("+user, "delete("+user)
	}
	if percent(r, 30) {
		out = append(out, `read("any")`)
	}
	if percent(r, 25) {
		team := pickSkewed(r, teams)
		if percent(r, 50) {
			team += "/owner"
		}
		out = append(out, `update("team:`+team+`")`)
	}
	return out[:min(len(out), 5)]
}

// BaaSMaps returns the documents of [BaaSDocs](n) in native form: maps
// keyed by the JSON names, holding string, int64, int, float64, bool and
// []string.
func BaaSMaps(n int) []map[string]any {
	docs := BaaSDocs(n)
	out := make([]map[string]any, len(docs))
	for i := range docs {
		out[i] = baasMap(&docs[i])
	}
	return out
}

// BaaSGenericMaps returns [BaaSMaps](n) in generic form, as json.Unmarshal
// of json.Marshal([BaaSDocs](n)) produces it.
func BaaSGenericMaps(n int) []map[string]any { return genericMaps(BaaSMaps(n)) }

// baasMap returns d in native form.
func baasMap(d *BaaSDoc) map[string]any {
	return map[string]any{
		"$id": d.ID, "$sequence": d.Sequence, "$collectionId": d.CollectionID, "$databaseId": d.DatabaseID,
		"$createdAt": d.CreatedAt, "$updatedAt": d.UpdatedAt, "$permissions": d.Permissions,
		"name": d.Name, "description": d.Description, "status": d.Status, "tags": d.Tags,
		"views": d.Views, "stock": d.Stock, "price": d.Price, "featured": d.Featured,
	}
}
