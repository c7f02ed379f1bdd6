package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// runCmd runs the command line args with stdin and returns what it wrote.
func runCmd(t *testing.T, stdin []byte, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(args, bytes.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestUsage(t *testing.T) {
	_, stderr, err := runCmd(t, nil)
	if exitCode(err) != 2 || !strings.Contains(stderr, "commands:") {
		t.Errorf("no command: exit %d, stderr %q", exitCode(err), stderr)
	}
	_, _, err = runCmd(t, nil, "frobnicate")
	if exitCode(err) != 2 || !strings.Contains(err.Error(), `unknown command "frobnicate"`) {
		t.Errorf("unknown command: %v", err)
	}
	stdout, _, err := runCmd(t, nil, "help")
	if err != nil || !strings.Contains(stdout, "bench") {
		t.Errorf("help: %v, %q", err, stdout)
	}
	for name := range commands {
		_, stderr, err := runCmd(t, nil, name, "-h")
		if err != nil || !strings.Contains(stderr, "usage: rowpage "+name) {
			t.Errorf("%s -h: %v, %q", name, err, stderr)
		}
		_, _, err = runCmd(t, nil, name, "-no-such-flag")
		if exitCode(err) != 2 {
			t.Errorf("%s -no-such-flag: exit %d (%v), want 2", name, exitCode(err), err)
		}
	}
}

func TestExitCodes(t *testing.T) {
	if got := exitCode(errors.New("x")); got != 1 {
		t.Errorf("plain error: exit %d", got)
	}
	if got := exitCode(quietError{"x"}); got != 1 {
		t.Errorf("quiet error: exit %d", got)
	}
	if got := exitCode(usageError{"x"}); got != 2 {
		t.Errorf("usage error: exit %d", got)
	}
}

func TestDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes every dataset at every size")
	}
	stdout, _, err := runCmd(t, nil, "demo")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stdout, "MISMATCH") || strings.Count(stdout, "| ok |") != 15 {
		t.Errorf("demo output:\n%s", stdout)
	}
}
