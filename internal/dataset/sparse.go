package dataset

import (
	"math/rand/v2"
	"strconv"
	"time"
)

// sparseSeed seeds the [SparseMaps] generator.
const sparseSeed = 3

// sparseStart is the earliest "updated_at" of [SparseMaps].
var sparseStart = time.Date(2023, time.November, 20, 0, 0, 0, 0, time.UTC)

// SparseMaps returns n heterogeneous rows in native form, for testing pages
// without a fixed schema. Rows differ in their key sets and some values
// switch type from row to row. Each row has:
//
//	id          int64, always, increasing
//	kind        string, always: "user", "org", "bot" or "team"
//	name        string, 90%
//	email       string, 30%
//	phone       string or nil, 30%
//	age         int, 50%
//	code        int, string or nil, 80%
//	ref         int, string or nil, 30%
//	score       float64 or nil, 40%
//	verified    bool, 60%
//	updated_at  string (RFC 3339), 50%
//	tags        []any of strings, possibly empty, 35%
//	flags       []any mixing string, bool and int, 25%
//	meta        map[string]any, 30%, sometimes with a nested "geo" object
//	parent      map[string]any or nil, 15%
//	note        string, 20%, often needing JSON escapes
//	x_*         int or string, 10% of rows carry one or two of 12 rare keys
//
// Integers other than id are Go ints; every value marshals with
// encoding/json, to about 175 bytes per row. The result depends only on n
// and is prefix-stable, like [Rows]; n <= 0 yields an empty, non-nil slice.
func SparseMaps(n int) []map[string]any {
	n = max(n, 0)
	r := newRand(sparseSeed)
	out := make([]map[string]any, n)
	id := int64(500)
	for i := range out {
		id += int64(1 + r.IntN(3))
		out[i] = sparseRow(r, id)
	}
	return out
}

// sparseKinds are the values of the "kind" key of [SparseMaps].
var sparseKinds = []string{"user", "org", "bot", "team"}

// sparseRow draws one row of [SparseMaps].
func sparseRow(r *rand.Rand, id int64) map[string]any {
	m := map[string]any{"id": id, "kind": pickSkewed(r, sparseKinds)}
	owner := pickSkewed(r, owners)
	if percent(r, 90) {
		m["name"] = capitalize([]byte(owner)) + " " + capitalize([]byte(words[r.IntN(len(words))]))
	}
	if percent(r, 30) {
		m["email"] = owner + "@example." + []string{"com", "org", "io"}[r.IntN(3)]
	}
	if percent(r, 30) {
		m["phone"] = nil
		if percent(r, 70) {
			m["phone"] = "+1-555-" + strconv.Itoa(1000+r.IntN(9000))
		}
	}
	if percent(r, 50) {
		m["age"] = 18 + r.IntN(60)
	}
	if percent(r, 80) {
		m["code"] = intStringOrNil(r, 50, 35)
	}
	if percent(r, 30) {
		m["ref"] = intStringOrNil(r, 33, 33)
	}
	if percent(r, 40) {
		m["score"] = nil
		if percent(r, 70) {
			m["score"] = r.NormFloat64() * 100
		}
	}
	if percent(r, 60) {
		m["verified"] = percent(r, 50)
	}
	if percent(r, 50) {
		t := sparseStart.Add(time.Duration(r.IntN(365*24*3600)) * time.Second)
		m["updated_at"] = t.Format(time.RFC3339)
	}
	if percent(r, 35) {
		m["tags"] = anySlice(pickDistinct(r, tags, r.IntN(4)))
	}
	if percent(r, 25) {
		m["flags"] = []any{"beta", percent(r, 50), r.IntN(10)}[:1+r.IntN(3)]
	}
	if percent(r, 30) {
		meta := map[string]any{
			"source":  pickSkewed(r, []string{"import", "api", "web", "sync"}),
			"retries": skewedIndex(r, 5),
			"labels":  anySlice(pickDistinct(r, tags, r.IntN(3))),
		}
		if percent(r, 50) {
			meta["geo"] = map[string]any{"lat": r.Float64()*180 - 90, "lon": r.Float64()*360 - 180}
		}
		m["meta"] = meta
	}
	if percent(r, 15) {
		m["parent"] = nil
		if percent(r, 67) {
			m["parent"] = map[string]any{"id": id - int64(1+r.IntN(400)), "kind": pickSkewed(r, sparseKinds)}
		}
	}
	if percent(r, 20) {
		note := title(r)
		if percent(r, 60) {
			note += " " + spice[r.IntN(len(spice))]
		}
		m["note"] = note
	}
	if percent(r, 10) {
		for range 1 + r.IntN(2) {
			m["x_"+words[r.IntN(12)]] = intStringOrNil(r, 50, 50)
		}
	}
	return m
}

// intStringOrNil returns an int with probability pInt/100, a string with
// probability pString/100, and nil otherwise.
func intStringOrNil(r *rand.Rand, pInt, pString int) any {
	switch x := r.IntN(100); {
	case x < pInt:
		return r.IntN(100_000)
	case x < pInt+pString:
		return "C-" + strconv.Itoa(r.IntN(100_000))
	default:
		return nil
	}
}
