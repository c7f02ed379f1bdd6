package pagebuild

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestRemapCopiesIsRemapTaggedPlusCopies keeps write_tagged.go's two copies
// of the remap loop in step: remapCopies is remapTagged's loop (kept apart
// because sharing it cost remapTagged 12-16% on pages without copies) plus
// three things, its limit before the next copy (lim), that limit in the room
// test, and the turn to nestedCopy at a copy. With those taken out of
// remapCopies' body, the two bodies must be the same text, so that a fix
// made in one loop and not the other fails here.
func TestRemapCopiesIsRemapTaggedPlusCopies(t *testing.T) {
	src, err := os.ReadFile("write_tagged.go")
	if err != nil {
		t.Fatal(err)
	}
	body := func(sig string) string {
		t.Helper()
		text := string(src)
		i := strings.Index(text, "\n"+sig)
		if i < 0 {
			t.Fatalf("write_tagged.go has no %q", sig)
		}
		text = text[i+1:]
		text = text[strings.IndexByte(text, '\n')+1:]
		return text[:strings.Index(text, "\n}\n")]
	}
	tagged := body("func remapTagged(")
	copies := body("func remapCopies(")
	for _, cut := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^\t// lim is .*\n(\t//.*\n)*\tlim := .*\n`),
		regexp.MustCompile(`(?m)^\t\tif pos >= reps\.nextNested\(len\(src\)\) \{\n(.*\n)*?\t\t\}\n`),
	} {
		if !cut.MatchString(copies) {
			t.Fatalf("remapCopies no longer has %q: update this test with it", cut)
		}
		copies = cut.ReplaceAllString(copies, "")
	}
	copies = strings.Replace(copies, "pos > lim", "pos+remapView > len(src)", 1)
	if copies != tagged {
		a, b := strings.Split(tagged, "\n"), strings.Split(copies, "\n")
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("remapCopies' loop differs from remapTagged's at line %d of the body:\n%s\n%s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("remapCopies' loop differs from remapTagged's in length: %d and %d lines", len(a), len(b))
	}
}
