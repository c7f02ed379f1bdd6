package main

import (
	"fmt"
	"io"
	"time"
)

// progress reports a long run on standard error: on a terminal, one line
// rewritten in place down to the codec being measured; elsewhere (a log, a
// CI job), one line per page.
type progress struct {
	w     io.Writer
	off   bool
	live  bool // rewrite one line in place
	t0    time.Time
	total int
	n     int
	page  string
	width int
}

func newProgress(w io.Writer, quiet bool) *progress {
	return &progress{w: w, off: quiet, live: isTerminal(w), t0: time.Now()}
}

func (p *progress) start(total int) { p.total = total }

// step starts the next page.
func (p *progress) step(page string) {
	p.n++
	p.page = page
	if p.off {
		return
	}
	if !p.live {
		fmt.Fprintf(p.w, "bench: [%d/%d] %s (%s elapsed)\n", p.n, p.total, page, p.elapsed())
		return
	}
	p.detail("")
}

// detail says what is being measured within the page; only on a terminal.
func (p *progress) detail(what string) {
	if p.off || !p.live {
		return
	}
	line := fmt.Sprintf("bench: [%d/%d] %s %s %s", p.n, p.total, p.elapsed(), p.page, what)
	pad := max(0, p.width-len(line))
	p.width = len(line)
	fmt.Fprintf(p.w, "\r%s%*s", line, pad, "")
}

// done ends the report.
func (p *progress) done() {
	if p.off {
		return
	}
	if p.live {
		fmt.Fprintf(p.w, "\r%*s\r", p.width, "")
	}
	fmt.Fprintf(p.w, "bench: done in %s\n", p.elapsed())
}

func (p *progress) elapsed() string {
	d := time.Since(p.t0).Round(time.Second)
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}
