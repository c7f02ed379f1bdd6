package main

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/rowpage/rowpage/internal/peers"
)

// runBench measures every set at every size with every codec.
func runBench(cfg *benchConfig, prog *progress) (*benchReport, error) {
	r := newReport(cfg)
	start := time.Now()
	steps := 0
	for _, s := range cfg.sets {
		steps += len(s.sizes)
	}
	prog.start(steps)
	for _, s := range cfg.sets {
		ds := datasetResult{Name: s.name, Doc: s.doc, Source: s.source}
		for _, n := range s.sizes {
			prog.step(fmt.Sprintf("%s × %s rows", s.name, count(n)))
			in, err := s.input(n)
			if err != nil {
				return nil, fmt.Errorf("%s at %d rows: %w", s.name, n, err)
			}
			p, err := measurePage(cfg, in, n, prog)
			if err != nil {
				return nil, fmt.Errorf("%s at %d rows: %w", s.name, n, err)
			}
			p.setAdvantages()
			ds.Pages = append(ds.Pages, *p)
		}
		r.Datasets = append(r.Datasets, ds)
	}
	r.Seconds = roundSig(time.Since(start).Seconds(), 3)
	return r, nil
}

// subject is one codec being measured on one page.
type subject struct {
	codec  peers.Codec
	entry  []byte
	res    *codecResult
	hit    op // nil when the codec cannot serve the hit
	miss   op
	hitN   calls
	missN  calls
	hits   []sample
	misses []sample
	flight []float64 // pages per second of each in-flight run
}

// calls is a calibrated number of calls per repetition.
type calls struct {
	n    int
	slow bool // one call takes over four repetition times
}

// measurePage measures every codec on one page. Repetitions go round the
// codecs in turn, so that a burst of load elsewhere on the machine touches
// every codec alike rather than one of them.
func measurePage(cfg *benchConfig, in *peers.Input, n int, prog *progress) (*pageResult, error) {
	p := &pageResult{Rows: n, JSONBytes: len(in.JSON)}
	p.Codecs = make([]codecResult, len(cfg.codecs))
	subs := make([]*subject, len(cfg.codecs))
	for i, c := range cfg.codecs {
		s, err := newSubject(c, in, &p.Codecs[i])
		if err != nil {
			return nil, err
		}
		subs[i] = s
	}
	runtime.GC()
	if err := calibrateAll(cfg, subs, prog); err != nil {
		return nil, err
	}
	if err := sampleAll(cfg, subs, prog); err != nil {
		return nil, err
	}
	if err := flyAll(cfg, subs, in, prog); err != nil {
		return nil, err
	}
	for _, s := range subs {
		if s.hits != nil {
			s.res.Hit = summarize(s.hits, len(in.JSON))
		}
		s.res.Miss = summarize(s.misses, len(in.JSON))
		if s.flight != nil {
			pps := median(s.flight)
			s.res.InFlight = &rateResult{PagesPerSec: pps, MBps: roundSig(pps*float64(len(in.JSON))/1e6, 4), Reps: s.flight}
		}
	}
	return p, nil
}

// calibrateAll sets the calls per repetition of every subject's hit and miss.
func calibrateAll(cfg *benchConfig, subs []*subject, prog *progress) error {
	for _, s := range subs {
		prog.detail("calibrating " + s.codec.Name)
		var err error
		if s.hit != nil {
			if s.hitN.n, s.hitN.slow, err = calibrate(s.hit, cfg.budget.rep); err != nil {
				return fmt.Errorf("%s hit: %w", s.codec.Name, err)
			}
		}
		if s.missN.n, s.missN.slow, err = calibrate(s.miss, cfg.budget.rep); err != nil {
			return fmt.Errorf("%s miss: %w", s.codec.Name, err)
		}
	}
	return nil
}

// sampleAll takes the single-goroutine repetitions, codec by codec in turn.
func sampleAll(cfg *benchConfig, subs []*subject, prog *progress) error {
	for rep := range cfg.budget.reps {
		for _, s := range subs {
			prog.detail(fmt.Sprintf("%s, repetition %d of %d", s.codec.Name, rep+1, cfg.budget.reps))
			if s.hit != nil {
				x, err := takeSample(s.hit, s.hitN.n, !s.hitN.slow)
				if err != nil {
					return fmt.Errorf("%s hit: %w", s.codec.Name, err)
				}
				s.hits = append(s.hits, x)
			}
			x, err := takeSample(s.miss, s.missN.n, !s.missN.slow)
			if err != nil {
				return fmt.Errorf("%s miss: %w", s.codec.Name, err)
			}
			s.misses = append(s.misses, x)
		}
	}
	return nil
}

// flyAll takes the in-flight runs of every codec that serves hits.
func flyAll(cfg *benchConfig, subs []*subject, in *peers.Input, prog *progress) error {
	for rep := 0; cfg.inFlight > 0 && rep < cfg.budget.flightReps; rep++ {
		for _, s := range subs {
			if s.hit == nil {
				continue
			}
			prog.detail(fmt.Sprintf("%s, %d in flight", s.codec.Name, cfg.inFlight))
			rate, err := inFlight(func() op { return hitOp(s.codec, in, s.entry) }, cfg.inFlight, cfg.budget.flight)
			if err != nil {
				return fmt.Errorf("%s in flight: %w", s.codec.Name, err)
			}
			s.flight = append(s.flight, roundSig(rate, 4))
		}
	}
	return nil
}

// newSubject encodes the page with c and checks its hit and miss.
func newSubject(c peers.Codec, in *peers.Input, res *codecResult) (*subject, error) {
	entry, err := c.Encode(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	fid, err := peers.Check(c, in)
	if fid == "" {
		return nil, err
	}
	*res = codecResult{Codec: c.Name, Bytes: len(entry), PctJSON: roundSig(percent(len(entry), len(in.JSON)), 3), HitOutput: string(fid)}
	s := &subject{codec: c, entry: entry, res: res, miss: missOp(c, in)}
	if err != nil {
		res.Note = strings.TrimPrefix(err.Error(), "peers: "+c.Name+": ")
	}
	if fid != peers.Fails {
		s.hit = hitOp(c, in, entry)
	}
	return s, nil
}

func hitOp(c peers.Codec, in *peers.Input, entry []byte) op {
	hit := c.NewHit(in)
	return func() error {
		_, err := hit(entry)
		return err
	}
}

func missOp(c peers.Codec, in *peers.Input) op {
	miss := c.NewMiss(in)
	return func() error {
		_, _, err := miss(in.Values)
		return err
	}
}
