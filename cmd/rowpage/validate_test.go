package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

func TestValidateOK(t *testing.T) {
	page := encode(t, builtinJSON(t, "events", 50))
	out, _, err := runCmd(t, page, "validate")
	if err != nil || !strings.Contains(out, "standard input: ok:") || !strings.Contains(out, "50 rows") {
		t.Errorf("validate: %v, %q", err, out)
	}
	out, _, err = runCmd(t, page, "validate", "-q")
	if err != nil || out != "" {
		t.Errorf("validate -q: %v, %q", err, out)
	}
}

func TestValidateChecksum(t *testing.T) {
	page := encode(t, builtinJSON(t, "rows", 20))
	page[100] ^= 1
	_, stderr, err := runCmd(t, page, "validate")
	if exitCode(err) != 1 || !strings.Contains(stderr, "checksum mismatch") || !strings.Contains(stderr, "lies in the checksum section") {
		t.Errorf("exit %d, stderr %q", exitCode(err), stderr)
	}
}

// TestValidateNamesRowAndColumn damages one cell of a page without a
// checksum and expects the error to name its byte, row and column.
func TestValidateNamesRowAndColumn(t *testing.T) {
	var rows []map[string]any
	for i := range 30 {
		rows = append(rows, map[string]any{"n": i, "status": []string{"active", "pending", "archived"}[i%3]})
	}
	enc, _ := rowpage.EncOptions{NoChecksum: true}.EncMode()
	page, err := enc.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	l, err := pageread.Parse(page, format.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	col := l.Columns[1]
	if l.ColumnName(1) != "status" || col.Enc != format.EncStrRef || len(col.Payload) != 30 {
		t.Fatalf("column 1: %q, %s, %d bytes", l.ColumnName(1), format.EncodingName(col.Enc), len(col.Payload))
	}
	const row = 17
	page[col.Offset+row] = 0x7f // a string index past the table
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good.rp"), filepath.Join(dir, "bad.rp")
	os.WriteFile(good, encode(t, builtinJSON(t, "rows", 3)), 0o644)
	os.WriteFile(bad, page, 0o644)
	stdout, stderr, err := runCmd(t, nil, "validate", good, bad)
	if exitCode(err) != 1 {
		t.Errorf("exit %d, want 1", exitCode(err))
	}
	if !strings.Contains(stdout, "good.rp: ok") {
		t.Errorf("stdout %q", stdout)
	}
	want := "rowpage: " + bad + ": corrupt page: string index out of range at byte " + strconv.Itoa(col.Offset+row) +
		` (row 17, column 1 "status")`
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "lies in the columns section") &&
		!strings.Contains(stderr, "lies in the column") {
		t.Errorf("stderr %q\nwant %q", stderr, want)
	}
}

func TestValidateNotAPage(t *testing.T) {
	for _, in := range []string{"", `{"rows":[]}`, "\x89RPG\x01"} {
		_, stderr, err := runCmd(t, []byte(in), "validate")
		if exitCode(err) != 1 || !strings.Contains(stderr, "rowpage: standard input: ") {
			t.Errorf("%q: exit %d, stderr %q", in, exitCode(err), stderr)
		}
	}
}
