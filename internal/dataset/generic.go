package dataset

import (
	"fmt"
	"time"
)

// generic converts a native-form value to the value json.Unmarshal would
// produce for its JSON encoding: numbers become float64, times RFC 3339
// strings, lists []any and objects map[string]any. It panics on a type the
// generators never produce.
func generic(v any) any {
	switch v := v.(type) {
	case nil, string, bool, float64:
		return v
	case int:
		return float64(v)
	case int32:
		return float64(v)
	case int64:
		return float64(v)
	case uint32:
		return float64(v)
	case uint64:
		return float64(v)
	case time.Time:
		return v.Format(time.RFC3339Nano)
	case []string:
		return anySlice(v)
	case []int64:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = float64(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = generic(e)
		}
		return out
	case map[string]any:
		return genericMap(v)
	default:
		panic(fmt.Sprintf("dataset: no generic form for %T", v))
	}
}

// genericMap returns a new map holding the generic form of each value of m.
func genericMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = generic(v)
	}
	return out
}

// genericMaps returns the generic form of each map of ms.
func genericMaps(ms []map[string]any) []map[string]any {
	for i, m := range ms {
		ms[i] = genericMap(m)
	}
	return ms
}

// anySlice returns ss as a []any.
func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
