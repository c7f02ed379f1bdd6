// Command rowpage works with rowpage pages and measures them against the
// alternatives.
//
//	rowpage encode   [-o page.rp] [-no-checksum] [-compress none|fast|small] [-dict dict.rpd] [file.json]
//	rowpage dict     [-o dict.rpd] [-size bytes] page ...
//	rowpage json     [-columns a,b] [-offset n] [-limit n] [-envelope key] [-count-key key] [-no-escape-html] [-dict dict.rpd] [-o out.json] [page]
//	rowpage inspect  [-json] [-shapes n] [-dict dict.rpd] [page]
//	rowpage validate [-q] [page ...]
//	rowpage bench    [-quick | -full] [-json] [-datasets ...] [-sizes ...] [-file rows.json [-pointer /path]] [-svg dir] [-doc file.md]
//	rowpage demo
//
// Input is read from the named file, or from standard input when the name
// is missing or "-". Exit status: 0 on success, 1 on failure (including a
// page that fails validation), 2 on a usage error.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err == nil {
		return
	}
	var q quietError
	if !errors.As(err, &q) {
		msg := err.Error()
		if !strings.HasPrefix(msg, "rowpage: ") {
			msg = "rowpage: " + msg
		}
		fmt.Fprintln(os.Stderr, msg)
	}
	os.Exit(exitCode(err))
}

// usageError reports a command line that cannot be run: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// quietError reports a failure already described on standard error:
// exit status 1, nothing more printed.
type quietError struct{ msg string }

func (e quietError) Error() string { return e.msg }

func exitCode(err error) int {
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

const usageText = `usage: rowpage <command> [flags] [arguments]

commands:
  encode    turn JSON text into a page
  dict      train a dictionary on pages of one query, for encode -dict
  json      write a page as JSON, optionally a subset of columns or rows, or inside an envelope
  inspect   describe a page: header, sections, string table, columns, shapes
  validate  check pages completely; exit status 1 and the place of the damage if one is not valid
  bench     compare rowpage with JSON, CBOR, MessagePack, zstd and S2 on size, cache hits and misses
  demo      encode the built-in datasets and print page sizes against JSON and CBOR

Run "rowpage <command> -h" for a command's flags.`

// commands maps each subcommand to its function.
var commands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) error{
	"encode":   encodeCmd,
	"dict":     dictCmd,
	"json":     jsonCmd,
	"inspect":  inspectCmd,
	"validate": validateCmd,
	"bench":    benchCmd,
	"demo":     demoCmd,
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usageText)
		return usageError{"no command given"}
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, usageText)
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintln(stderr, usageText)
		return usageError{fmt.Sprintf("unknown command %q", args[0])}
	}
	return cmd(args[1:], stdin, stdout, stderr)
}
