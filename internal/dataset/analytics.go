package dataset

import (
	"math/rand/v2"
	"time"
)

// AnalyticsRow is one row of an analytics query as a SQL client scans it:
// ids, an email, an ISO country code, a JSON column decoded into a nested
// struct, a money column whose JSON mixes 12 and 12.5, and timestamps with
// nanoseconds. Its JSON form averages about 400 bytes.
type AnalyticsRow struct {
	ID         int64     `json:"id"`          // increasing with small gaps, from about 9,000,000,000
	UserID     int64     `json:"user_id"`     // one of 500 users, skewed
	SessionID  string    `json:"session_id"`  // 32 hex digits
	Email      string    `json:"email"`       // the user's, such as "priya.ledger@example.io"
	Country    string    `json:"country"`     // ISO 3166-1 alpha-2 of 20, skewed, such as "US"
	Event      string    `json:"event"`       // "page_view" 55%, "click" 20%, "signup" 8%, "add_to_cart" 10%, "purchase" 7%
	Amount     float64   `json:"amount"`      // 0 unless a purchase or cart; whole (12) 40%, else cents (12.5, 19.99)
	Currency   string    `json:"currency"`    // "USD" 60%, "EUR" 25%, "GBP", "JPY"
	Metadata   SQLMeta   `json:"metadata"`    // a JSON column, decoded
	Referrer   *string   `json:"referrer"`    // nil 45%, else a URL
	OccurredAt time.Time `json:"occurred_at"` // increasing, UTC, random nanoseconds
	IngestedAt time.Time `json:"ingested_at"` // OccurredAt plus 0.1..5 s, UTC, nanoseconds
}

// SQLMeta is the JSON column of an [AnalyticsRow]:
// {"source":…,"utm":{"campaign":…,"medium":…},"flags":[…]}.
type SQLMeta struct {
	Source string  `json:"source"` // "web" 50%, "ios", "android", "api"
	UTM    UTM     `json:"utm"`
	Flags  []int64 `json:"flags"` // 0..4 feature-flag ids below 5,000, never nil
}

// UTM holds the campaign attributes of an [SQLMeta].
type UTM struct {
	Campaign string `json:"campaign"` // "" 40%, else such as "spring_sale_2025"
	Medium   string `json:"medium"`   // "" 40%, else "email", "cpc", "social" or "organic"
}

// analyticsSeed seeds the [AnalyticsRows] generator.
const analyticsSeed = 5

// analyticsStart is the OccurredAt of the first row before its random gap.
var analyticsStart = time.Date(2025, time.March, 14, 10, 4, 15, 123_456_789, time.UTC)

// countries are the values of [AnalyticsRow.Country], most frequent first.
var countries = []string{
	"US", "GB", "DE", "FR", "IN", "BR", "CA", "JP", "ES", "IT",
	"NL", "SE", "PL", "AU", "MX", "KR", "CN", "NG", "ZA", "CH",
}

// analyticsEvents are the values of [AnalyticsRow.Event] with their weights.
var analyticsEvents = []weighted{
	{"page_view", 55}, {"click", 20}, {"add_to_cart", 10}, {"signup", 8}, {"purchase", 7},
}

// AnalyticsRows returns n rows. The result depends only on n and is
// prefix-stable, like [Rows] (about 1 µs and 6 allocations per row);
// n <= 0 yields an empty, non-nil slice.
func AnalyticsRows(n int) []AnalyticsRow {
	n = max(n, 0)
	r := newRand(analyticsSeed)
	emails := make([]string, 500)
	for i := range emails {
		emails[i] = owners[r.IntN(len(owners))] + "." + words[r.IntN(len(words))] + "@example." + []string{"com", "io", "org", "co.uk"}[r.IntN(4)]
	}
	rows := make([]AnalyticsRow, n)
	id, t := int64(9_000_000_000), analyticsStart
	for i := range rows {
		id += int64(1 + r.IntN(2)*r.IntN(5))
		t = t.Add(time.Duration(1 + r.Int64N(int64(90*time.Second))))
		user := skewedIndex(r, len(emails))
		row := AnalyticsRow{ID: id, UserID: 100_000 + int64(user)*37, SessionID: hexString(r, 32), Email: emails[user],
			Country: pickSkewed(r, countries), Event: pickWeighted(r, analyticsEvents), OccurredAt: t}
		row.Amount, row.Currency = amount(r, row.Event)
		row.Metadata = sqlMeta(r)
		if !percent(r, 45) {
			ref := "https://" + pickSkewed(r, []string{"www.google.com", "t.co", "news.ycombinator.com", "www.bing.com", "duckduckgo.com"}) + "/"
			if percent(r, 50) {
				ref += "search?q=" + words[r.IntN(len(words))] + "+" + words[r.IntN(len(words))]
			}
			row.Referrer = &ref
		}
		row.IngestedAt = t.Add(time.Duration(100_000_000 + r.Int64N(4_900_000_000)))
		rows[i] = row
	}
	return rows
}

// amount draws the money column of an event and its currency: 0 for
// events without money, else whole 40% of the time and cents otherwise.
func amount(r *rand.Rand, event string) (float64, string) {
	cur := pickWeighted(r, []weighted{{"USD", 60}, {"EUR", 25}, {"GBP", 10}, {"JPY", 5}})
	if event != "purchase" && event != "add_to_cart" {
		return 0, cur
	}
	if percent(r, 40) {
		return float64(1 + r.IntN(200)), cur
	}
	if percent(r, 50) {
		return float64(1+r.IntN(400)) / 2, cur // halves: 12.5
	}
	return float64(r.IntN(50_000)) / 100, cur
}

// sqlMeta draws the JSON column of a row.
func sqlMeta(r *rand.Rand) SQLMeta {
	m := SQLMeta{Source: pickWeighted(r, []weighted{{"web", 50}, {"ios", 20}, {"android", 20}, {"api", 10}})}
	if percent(r, 60) {
		m.UTM.Campaign = pickSkewed(r, []string{"spring_sale_2025", "newsletter_w11", "retarget_q1", "launch_week", "brand"})
		m.UTM.Medium = pickSkewed(r, []string{"email", "cpc", "social", "organic"})
	}
	m.Flags = make([]int64, r.IntN(5))
	for i := range m.Flags {
		m.Flags[i] = r.Int64N(5_000)
	}
	return m
}

// AnalyticsMaps returns the rows of [AnalyticsRows](n) in native form:
// int64, string, float64, time.Time, nil or a *string's string, and the
// metadata as a map[string]any holding a map and an []int64.
func AnalyticsMaps(n int) []map[string]any {
	rows := AnalyticsRows(n)
	out := make([]map[string]any, len(rows))
	for i := range rows {
		out[i] = analyticsMap(&rows[i])
	}
	return out
}

// AnalyticsGenericMaps returns [AnalyticsMaps](n) in generic form, as
// json.Unmarshal of json.Marshal([AnalyticsRows](n)) produces it.
func AnalyticsGenericMaps(n int) []map[string]any { return genericMaps(AnalyticsMaps(n)) }

// analyticsMap returns row in native form.
func analyticsMap(row *AnalyticsRow) map[string]any {
	var ref any
	if row.Referrer != nil {
		ref = *row.Referrer
	}
	return map[string]any{
		"id": row.ID, "user_id": row.UserID, "session_id": row.SessionID, "email": row.Email,
		"country": row.Country, "event": row.Event, "amount": row.Amount, "currency": row.Currency,
		"metadata": map[string]any{
			"source": row.Metadata.Source,
			"utm":    map[string]any{"campaign": row.Metadata.UTM.Campaign, "medium": row.Metadata.UTM.Medium},
			"flags":  row.Metadata.Flags,
		},
		"referrer": ref, "occurred_at": row.OccurredAt, "ingested_at": row.IngestedAt,
	}
}
