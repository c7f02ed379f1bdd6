package peers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
)

// Fidelity says how a codec's hit response compares with in.JSON.
type Fidelity string

// Fidelities, best first.
const (
	// Exact: the response is byte for byte what json.Marshal wrote.
	Exact Fidelity = "exact"
	// SameValues: the response decodes to the same JSON values, but its
	// bytes differ (keys in another order, say).
	SameValues Fidelity = "same values"
	// Differs: the response holds other values (times moved to another
	// zone, say).
	Differs Fidelity = "differs"
	// Fails: the codec cannot serve the hit at all.
	Fails Fidelity = "fails"
)

// Check encodes in with c, serves one hit and one miss, and reports how the
// hit's response compares with in.JSON. A hit that fails is reported as
// Fails with its error, a hit whose response Differs with an error naming
// the first value that differs; an encoding or a miss that fails, or a miss
// whose response is not in.JSON, is an error with an empty Fidelity.
func Check(c Codec, in *Input) (Fidelity, error) {
	entry, err := c.Encode(in)
	if err != nil {
		return "", fmt.Errorf("peers: %s: encode: %w", c.Name, err)
	}
	f := Fails
	resp, hitErr := c.NewHit(in)(entry)
	if hitErr != nil {
		hitErr = fmt.Errorf("peers: %s: hit: %w", c.Name, hitErr)
	} else if f, hitErr = compare(resp, in.JSON); hitErr != nil {
		f, hitErr = Fails, fmt.Errorf("peers: %s: hit response: %w", c.Name, hitErr)
	} else if f == Differs {
		hitErr = fmt.Errorf("peers: %s: hit response differs from json.Marshal's, first at %s", c.Name, firstDiff(resp, in.JSON))
	}
	missEntry, missResp, err := c.NewMiss(in)(in.Values)
	if err != nil {
		return "", fmt.Errorf("peers: %s: miss: %w", c.Name, err)
	}
	if g, _ := compare(missResp, in.JSON); g == Differs {
		return "", fmt.Errorf("peers: %s: miss response differs from json.Marshal", c.Name)
	}
	if len(missEntry) == 0 {
		return "", fmt.Errorf("peers: %s: miss built an empty entry", c.Name)
	}
	return f, hitErr
}

// compare reports how got compares with want.
func compare(got, want []byte) (Fidelity, error) {
	if bytes.Equal(got, want) {
		return Exact, nil
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		return Differs, fmt.Errorf("not valid JSON: %w", err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		return Differs, err
	}
	if reflect.DeepEqual(g, w) {
		return SameValues, nil
	}
	return Differs, nil
}

// firstDiff describes the first value of got that differs from want's, both
// valid JSON: its path and both values.
func firstDiff(got, want []byte) string {
	var g, w any
	json.Unmarshal(got, &g)
	json.Unmarshal(want, &w)
	path, gv, wv := diffValue("$", g, w)
	return fmt.Sprintf("%s: %s instead of %s", path, short(gv), short(wv))
}

// diffValue returns the path of the first difference between g and w and
// the values there, walking objects in sorted key order.
func diffValue(path string, g, w any) (string, any, any) {
	switch wv := w.(type) {
	case map[string]any:
		gm, ok := g.(map[string]any)
		if !ok {
			return path, g, w
		}
		keys := make([]string, 0, len(wv)+len(gm))
		for k := range wv {
			keys = append(keys, k)
		}
		for k := range gm {
			if _, ok := wv[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if !reflect.DeepEqual(gm[k], wv[k]) {
				return diffValue(path+"."+k, gm[k], wv[k])
			}
		}
	case []any:
		ga, ok := g.([]any)
		if !ok || len(ga) != len(wv) {
			return path, g, w
		}
		for i := range wv {
			if !reflect.DeepEqual(ga[i], wv[i]) {
				return diffValue(fmt.Sprintf("%s[%d]", path, i), ga[i], wv[i])
			}
		}
	}
	return path, g, w
}

// short renders a JSON value for a message, cut to 60 bytes.
func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}
