package dataset

import (
	"math/rand/v2"
	"strconv"
	"time"
)

// Event is one line of a GitHub-events-like activity log: small nested
// objects, digit-string ids, and a payload whose keys depend on Type.
// Its JSON form averages about 850 bytes but varies from about 330 (a
// WatchEvent) to about 2,000 (a PushEvent with four commits).
type Event struct {
	ID        string         `json:"id"`         // decimal digits, increasing, about 11 of them
	Type      string         `json:"type"`       // such as "PushEvent" (45%) or "WatchEvent" (12%)
	Actor     Actor          `json:"actor"`      // one of 300 users, skewed
	Repo      Repo           `json:"repo"`       // one of 200 repositories, skewed
	Payload   map[string]any `json:"payload"`    // native form: int, int64, string, bool, nil, []any, map[string]any
	Public    bool           `json:"public"`     // true for 97% of events
	CreatedAt time.Time      `json:"created_at"` // UTC, whole seconds, non-decreasing
}

// Actor is the user who caused an [Event].
type Actor struct {
	ID        int64  `json:"id"`
	Login     string `json:"login"`
	AvatarURL string `json:"avatar_url"`
}

// Repo is the repository an [Event] happened in.
type Repo struct {
	ID   int64  `json:"id"`
	Name string `json:"name"` // "owner/name"
	URL  string `json:"url"`  // API URL of the repository
}

// eventSeed seeds the [Events] generator; the actor and repository pools
// are drawn first from the same source.
const eventSeed = 2

// eventStart is the CreatedAt of the first event.
var eventStart = time.Date(2024, time.March, 1, 12, 0, 0, 0, time.UTC)

// eventTypes are the values of [Event.Type] with their weights in percent.
var eventTypes = []weighted{
	{"PushEvent", 45}, {"WatchEvent", 12}, {"CreateEvent", 12}, {"PullRequestEvent", 10},
	{"IssueCommentEvent", 8}, {"IssuesEvent", 5}, {"DeleteEvent", 4}, {"ForkEvent", 4},
}

// Events returns n events. The result depends only on n and is
// prefix-stable, like [Rows]; n <= 0 yields an empty, non-nil slice.
func Events(n int) []Event {
	n = max(n, 0)
	r := newRand(eventSeed)
	actors, repos := actorPool(r, 300), repoPool(r, 200)
	events := make([]Event, n)
	id, t := int64(35_871_000_000), eventStart
	for i := range events {
		id += int64(1 + r.IntN(40))
		t = t.Add(time.Duration(r.IntN(3)) * time.Second)
		e := Event{
			ID:        strconv.FormatInt(id, 10),
			Type:      pickWeighted(r, eventTypes),
			Actor:     actors[skewedIndex(r, len(actors))],
			Repo:      repos[skewedIndex(r, len(repos))],
			Public:    percent(r, 97),
			CreatedAt: t,
		}
		e.Payload = payload(r, &e, actors)
		events[i] = e
	}
	return events
}

// EventMaps returns the events of [Events](n) in generic form: exactly what
// json.Unmarshal of [EventsJSON](n) into []map[string]any produces. It is
// built directly, without encoding/json.
func EventMaps(n int) []map[string]any {
	events := Events(n)
	out := make([]map[string]any, len(events))
	for i, e := range events {
		out[i] = map[string]any{
			"id":   e.ID,
			"type": e.Type,
			"actor": map[string]any{
				"id":         float64(e.Actor.ID),
				"login":      e.Actor.Login,
				"avatar_url": e.Actor.AvatarURL,
			},
			"repo": map[string]any{
				"id":   float64(e.Repo.ID),
				"name": e.Repo.Name,
				"url":  e.Repo.URL,
			},
			"payload":    genericMap(e.Payload),
			"public":     e.Public,
			"created_at": e.CreatedAt.Format(time.RFC3339Nano),
		}
	}
	return out
}

// EventsJSON returns json.Marshal([Events](n)).
func EventsJSON(n int) []byte {
	return mustMarshal(Events(n))
}

// actorPool draws n users; a login may rarely repeat.
func actorPool(r *rand.Rand, n int) []Actor {
	actors := make([]Actor, n)
	for i := range actors {
		id := 1_000 + r.Int64N(150_000_000)
		owner, word := owners[r.IntN(len(owners))], words[r.IntN(len(words))]
		var login string
		switch r.IntN(3) {
		case 0:
			login = owner + "-" + word
		case 1:
			login = owner + strconv.Itoa(r.IntN(1000))
		default:
			login = word + "-" + owner
		}
		actors[i] = Actor{
			ID:        id,
			Login:     login,
			AvatarURL: "https://avatars.githubusercontent.com/u/" + strconv.FormatInt(id, 10) + "?",
		}
	}
	return actors
}

// repoPool draws n repositories.
func repoPool(r *rand.Rand, n int) []Repo {
	repos := make([]Repo, n)
	for i := range repos {
		name := owners[r.IntN(len(owners))] + "/" + words[r.IntN(len(words))] + "-" +
			words[r.IntN(len(words))] + strconv.Itoa(i)
		repos[i] = Repo{
			ID:   10_000 + r.Int64N(800_000_000),
			Name: name,
			URL:  "https://api.github.com/repos/" + name,
		}
	}
	return repos
}

// payload draws the payload of e, whose keys depend on e.Type.
func payload(r *rand.Rand, e *Event, actors []Actor) map[string]any {
	switch e.Type {
	case "PushEvent":
		return pushPayload(r, e)
	case "WatchEvent":
		return map[string]any{"action": "started"}
	case "CreateEvent", "DeleteEvent":
		p := map[string]any{"ref": branchName(r), "ref_type": "branch", "pusher_type": "user"}
		if percent(r, 25) {
			p["ref"], p["ref_type"] = "v"+strconv.Itoa(r.IntN(5))+"."+strconv.Itoa(r.IntN(20)), "tag"
		}
		if e.Type == "CreateEvent" {
			p["master_branch"] = "main"
			p["description"] = nil
			if percent(r, 60) {
				p["description"] = title(r)
			}
		}
		return p
	case "ForkEvent":
		name := actors[r.IntN(len(actors))].Login + "/" + e.Repo.Name[len(e.Repo.Name)/2:]
		return map[string]any{"forkee": map[string]any{
			"id":               10_000 + r.Int64N(800_000_000),
			"full_name":        name,
			"private":          false,
			"fork":             true,
			"stargazers_count": 0,
			"html_url":         "https://github.com/" + name,
		}}
	case "PullRequestEvent":
		return pullRequestPayload(r, e, actors)
	default: // IssueCommentEvent, IssuesEvent
		return issuePayload(r, e, actors)
	}
}

// pushPayload draws the payload of a PushEvent with one to four commits.
func pushPayload(r *rand.Rand, e *Event) map[string]any {
	size := 1 + skewedIndex(r, 4)
	commits := make([]any, size)
	for i := range commits {
		sha := hexString(r, 40)
		msg := title(r)
		if percent(r, 30) {
			msg += "\n\n" + words[r.IntN(len(words))] + ": \"" + title(r) + "\""
		}
		commits[i] = map[string]any{
			"sha": sha,
			"author": map[string]any{
				"email": e.Actor.Login + "@users.noreply.github.com",
				"name":  e.Actor.Login,
			},
			"message":  msg,
			"distinct": percent(r, 90),
			"url":      e.Repo.URL + "/commits/" + sha,
		}
	}
	return map[string]any{
		"repository_id": e.Repo.ID,
		"push_id":       17_000_000_000 + r.Int64N(1_000_000_000),
		"size":          size,
		"distinct_size": size,
		"ref":           "refs/heads/" + branchName(r),
		"head":          hexString(r, 40),
		"before":        hexString(r, 40),
		"commits":       commits,
	}
}

// pullRequestPayload draws the payload of a PullRequestEvent.
func pullRequestPayload(r *rand.Rand, e *Event, actors []Actor) map[string]any {
	number := 1 + r.IntN(5000)
	user := actors[skewedIndex(r, len(actors))]
	merged := percent(r, 30)
	action, state := "opened", "open"
	if merged {
		action, state = "closed", "closed"
	}
	return map[string]any{
		"action": action,
		"number": number,
		"pull_request": map[string]any{
			"id":            1_500_000_000 + r.Int64N(300_000_000),
			"number":        number,
			"state":         state,
			"title":         title(r),
			"user":          map[string]any{"login": user.Login, "id": user.ID},
			"merged":        merged,
			"draft":         percent(r, 10),
			"comments":      skewedIndex(r, 30),
			"additions":     skewedIndex(r, 2000),
			"deletions":     skewedIndex(r, 800),
			"changed_files": 1 + skewedIndex(r, 40),
			"labels":        labels(r),
			"html_url":      "https://github.com/" + e.Repo.Name + "/pull/" + strconv.Itoa(number),
		},
	}
}

// issuePayload draws the payload of an IssuesEvent or IssueCommentEvent.
func issuePayload(r *rand.Rand, e *Event, actors []Actor) map[string]any {
	number := 1 + r.IntN(5000)
	issue := map[string]any{
		"id":       1_900_000_000 + r.Int64N(300_000_000),
		"number":   number,
		"title":    title(r),
		"state":    "open",
		"labels":   labels(r),
		"comments": skewedIndex(r, 50),
	}
	if e.Type == "IssuesEvent" {
		issue["body"] = nil
		if percent(r, 70) {
			issue["body"] = body(r, 30)
		}
		action := "opened"
		if percent(r, 40) {
			action, issue["state"] = "closed", "closed"
		}
		return map[string]any{"action": action, "issue": issue}
	}
	return map[string]any{
		"action": "created",
		"issue":  issue,
		"comment": map[string]any{
			"id":                 1_900_000_000 + r.Int64N(300_000_000),
			"user":               map[string]any{"login": actors[r.IntN(len(actors))].Login},
			"body":               body(r, 30),
			"author_association": pickSkewed(r, []string{"NONE", "CONTRIBUTOR", "MEMBER", "OWNER"}),
		},
	}
}

// branchName draws a git branch name.
func branchName(r *rand.Rand) string {
	switch r.IntN(4) {
	case 0:
		return "main"
	case 1:
		return "fix/" + words[r.IntN(len(words))] + "-" + strconv.Itoa(r.IntN(1000))
	default:
		return owners[r.IntN(len(owners))] + "/" + words[r.IntN(len(words))] + "-" + words[r.IntN(len(words))]
	}
}

// labels draws zero to three issue labels.
func labels(r *rand.Rand) []any {
	names := pickDistinct(r, tags, skewedIndex(r, 4))
	out := make([]any, len(names))
	for i, name := range names {
		out[i] = map[string]any{"name": name, "color": hexString(r, 6), "default": false}
	}
	return out
}
