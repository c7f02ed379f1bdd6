package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// resolvePointer returns the JSON text that the JSON pointer ptr (RFC 6901:
// "" is the whole document, "/items/0" the first element of the member
// "items") names in doc, without decoding anything else.
func resolvePointer(doc []byte, ptr string) (json.RawMessage, error) {
	cur := json.RawMessage(bytes.TrimSpace(doc))
	if ptr == "" {
		return cur, nil
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, fmt.Errorf("JSON pointer %q must be empty or start with /", ptr)
	}
	at := ""
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		at += "/" + tok
		next, err := step(cur, tok)
		if err != nil {
			return nil, fmt.Errorf("JSON pointer %s: %w", at, err)
		}
		cur = next
	}
	return cur, nil
}

// step returns the member or element tok of the object or array v.
func step(v json.RawMessage, tok string) (json.RawMessage, error) {
	switch {
	case len(v) > 0 && v[0] == '{':
		var m map[string]json.RawMessage
		if err := json.Unmarshal(v, &m); err != nil {
			return nil, err
		}
		next, ok := m[tok]
		if !ok {
			return nil, fmt.Errorf("no member %q", tok)
		}
		return next, nil
	case len(v) > 0 && v[0] == '[':
		var a []json.RawMessage
		if err := json.Unmarshal(v, &a); err != nil {
			return nil, err
		}
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || (len(tok) > 1 && tok[0] == '0') {
			return nil, fmt.Errorf("%q is not an array index", tok)
		}
		if i >= len(a) {
			return nil, fmt.Errorf("index %d is past the end of an array of %d", i, len(a))
		}
		return a[i], nil
	}
	return nil, fmt.Errorf("a scalar has no member %q", tok)
}
