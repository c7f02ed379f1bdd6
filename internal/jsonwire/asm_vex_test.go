package jsonwire

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// On many processors a legacy-SSE instruction (one without the VEX prefix)
// executed while the upper halves of the YMM registers are dirty costs a
// state transition: about 600 ns a call on AMD family 25, where PlainPrefix
// on a 33-byte string took 611 ns instead of 8. So a function that writes a
// YMM register must use only VEX-encoded vector instructions (VMOVQ, not
// MOVQ, into an X register) and end in VZEROUPPER.
//
// TestAssemblyNoSSEAfterAVX reads every amd64 .s file of the module and
// fails on any function that touches a Y register and also has a vector
// instruction without the V prefix.

var (
	ymmOperand = regexp.MustCompile(`\bY([0-9]|1[0-5])\b`)
	xmmOperand = regexp.MustCompile(`\bX([0-9]|1[0-5])\b`)
)

func TestAssemblyNoSSEAfterAVX(t *testing.T) {
	root := filepath.Join("..", "..")
	found := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, "_amd64.s") {
			found++
			for _, bad := range legacySSEInAVXFunctions(t, path) {
				t.Errorf("%s", bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no amd64 assembly found: the walk is looking in the wrong place")
	}
}

// asmInstr is one instruction of an assembly function.
type asmInstr struct {
	line     int
	mnemonic string
	operands string
}

// legacySSEInAVXFunctions returns a message for each legacy-SSE instruction
// in a function of the file that also uses a YMM register.
func legacySSEInAVXFunctions(t *testing.T, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var bad []string
	var name string
	var body []asmInstr
	flush := func() {
		usesYMM, endsClean := false, false
		for _, in := range body {
			if ymmOperand.MatchString(in.operands) {
				usesYMM = true
			}
			if in.mnemonic == "VZEROUPPER" || in.mnemonic == "VZEROALL" {
				endsClean = true
			}
		}
		if !usesYMM {
			return
		}
		if !endsClean {
			bad = append(bad, path+": "+name+" writes YMM registers and never runs VZEROUPPER")
		}
		for _, in := range body {
			if !strings.HasPrefix(in.mnemonic, "V") && xmmOperand.MatchString(in.operands) {
				bad = append(bad, path+":"+strconv.Itoa(in.line)+": "+name+" uses YMM registers but "+
					in.mnemonic+" "+in.operands+" is legacy SSE: use its VEX form")
			}
		}
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "TEXT") {
			flush()
			name, body = strings.TrimSuffix(strings.Fields(line)[1], ","), nil
			continue
		}
		if line == "" || strings.HasSuffix(line, ":") || strings.HasPrefix(line, "#") {
			continue
		}
		mnemonic, operands, _ := strings.Cut(line, " ")
		body = append(body, asmInstr{n, mnemonic, strings.TrimSpace(operands)})
	}
	flush()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return bad
}
