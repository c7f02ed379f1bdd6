// Command rowpage works with rowpage pages. For now it has one subcommand,
// demo, which encodes the built-in realistic datasets at several page sizes
// and prints how the pages compare with JSON and CBOR in size, and checks
// that every page decodes back to its rows.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "rowpage:", err)
		os.Exit(1)
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, `usage: rowpage <command> [flags]

commands:
  demo    encode the built-in datasets and print page sizes against JSON and CBOR`)
}

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		usage(stderr)
		return fmt.Errorf("no command given")
	}
	switch args[0] {
	case "demo":
		fs := flag.NewFlagSet("demo", flag.ContinueOnError)
		fs.SetOutput(stderr)
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return demo(stdout)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return nil
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", args[0])
}
