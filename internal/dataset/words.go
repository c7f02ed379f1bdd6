package dataset

import "time"

// The vocabularies below are fixed: changing them changes every generated
// value, so treat them as part of the golden data.

// words feeds titles, bodies and commit messages. ASCII only, so that byte
// and character lengths agree outside the deliberate spice fragments.
var words = []string{
	"account", "active", "adapter", "agent", "alert", "analysis", "api", "archive",
	"audit", "backend", "backup", "balance", "batch", "billing", "branch", "bridge",
	"budget", "buffer", "build", "bundle", "cache", "campaign", "catalog", "channel",
	"checkout", "client", "cluster", "column", "commit", "config", "console", "contract",
	"coupon", "customer", "dashboard", "data", "deploy", "design", "device", "digest",
	"discount", "domain", "draft", "engine", "event", "export", "feature", "feed",
	"filter", "fleet", "form", "gateway", "graph", "guide", "handler", "health",
	"import", "index", "invoice", "issue", "job", "journal", "kernel", "label",
	"launch", "layout", "ledger", "license", "limit", "log", "market", "member",
	"merge", "metric", "migration", "mobile", "module", "monitor", "network", "node",
	"notice", "order", "package", "page", "partner", "payment", "pipeline", "plan",
	"platform", "policy", "portal", "preview", "pricing", "profile", "project", "proxy",
	"quota", "query", "queue", "quick", "rate", "record", "refund", "region",
	"release", "report", "request", "review", "roadmap", "rollout", "route", "runtime",
	"sample", "schema", "search", "secret", "segment", "server", "service", "session",
	"shard", "signal", "snapshot", "source", "sprint", "stack", "storage", "stream",
	"summary", "support", "sync", "table", "team", "template", "tenant", "ticket",
	"timeline", "token", "trace", "traffic", "update", "upgrade", "usage", "user",
	"vendor", "version", "vault", "webhook", "widget", "window", "worker", "zone",
	"the", "a", "for", "with", "and", "to", "of", "in", "on", "new", "fast", "stable",
	"improved", "missing", "broken", "weekly", "daily", "internal", "public", "legacy",
}

// spice holds body fragments that need JSON escaping or are non-ASCII, one
// kind of trouble per entry.
var spice = []string{
	`she said "ship it" twice`,
	"first line\nsecond line",
	"name\tvalue\tunit",
	"<b>important</b>",
	"terms & conditions",
	`path C:\tmp\rows`,
	"café déjà vu",
	"日本語のテキスト",
	"rocket 🚀 launched 🎉",
	"Zürich – Straße",
	"a < b > c",
	"line\u2028separator",
}

// owners are the user names that own rows; [Row.Owner] repeats them a lot.
var owners = []string{
	"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi",
	"ivan", "judy", "mallory", "niaj", "olivia", "peggy", "rupert", "sybil",
	"trent", "victor", "walter", "yusuf", "zoe", "amir.k", "beatriz", "chen.wei",
	"dmitri", "elena_r", "fatima", "giulia", "hiro", "ingrid", "jamal", "kofi",
	"lucia", "mateo", "noor", "oskar", "priya", "quentin", "rosa", "sven",
}

// permissions are the strings [Row.Permissions] draws from.
var permissions = []string{
	"read", "write", "delete", "admin", "admin:billing", "admin:users",
	"billing:read", "billing:write", "repo:read", "repo:write", "audit:read", "invite",
}

// tags are the strings [Row.Tags] draws from.
var tags = []string{
	"urgent", "backend", "frontend", "infra", "security", "billing", "ux", "mobile",
	"api", "docs", "bug", "feature", "chore", "perf", "a11y", "i18n",
	"design", "growth", "data", "ml", "search", "auth", "payments", "onboarding",
	"beta", "legacy", "q3", "q4", "customer-request", "tech-debt",
}

// regions are the values of [Row.Region].
var regions = []string{
	"us-east-1", "us-east-2", "us-west-2", "eu-west-1",
	"eu-central-1", "ap-southeast-1", "ap-northeast-1", "sa-east-1",
}

// statuses are the values of [Row.Status] with their weights in percent.
var statuses = []weighted{
	{"active", 68}, {"pending", 15}, {"archived", 11}, {"suspended", 6},
}

// zones are the non-UTC offsets some [Row.UpdatedAt] values carry. They are
// created once so that every call shares the same *time.Location.
var zones = []*time.Location{
	time.FixedZone("", 2*3600),
	time.FixedZone("", -5*3600),
	time.FixedZone("", 5*3600+1800),
	time.FixedZone("", -8*3600),
	time.FixedZone("", 9*3600),
	time.FixedZone("", 1*3600),
}
