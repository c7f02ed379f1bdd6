package main

import "math"

// benchReport is everything one bench run measured; its JSON form is the
// -json output.
type benchReport struct {
	Tool       string          `json:"tool"`
	Command    string          `json:"command"`
	Mode       string          `json:"mode"`
	Go         string          `json:"go"`
	OS         string          `json:"os"`
	Arch       string          `json:"arch"`
	CPU        string          `json:"cpu,omitempty"`
	CPUs       int             `json:"cpus"`
	GOMAXPROCS int             `json:"gomaxprocs"`
	Note       string          `json:"note,omitempty"`
	RepTime    string          `json:"time_per_repetition"`
	Reps       int             `json:"repetitions"`
	InFlight   int             `json:"in_flight"`
	FlightTime string          `json:"in_flight_time_per_repetition"`
	FlightReps int             `json:"in_flight_repetitions"`
	Started    string          `json:"started"`
	Seconds    float64         `json:"seconds"`
	Codecs     []codecInfo     `json:"codecs"`
	Datasets   []datasetResult `json:"datasets"`
}

type codecInfo struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Doc   string `json:"doc"`
}

type datasetResult struct {
	Name   string       `json:"name"`
	Doc    string       `json:"doc"`
	Source string       `json:"source"` // "built-in", or the file and pointer
	Pages  []pageResult `json:"pages"`
}

// pageResult holds every codec's results for one page size.
type pageResult struct {
	Rows      int           `json:"rows"`
	JSONBytes int           `json:"json_bytes"`
	Codecs    []codecResult `json:"codecs"`
}

type codecResult struct {
	Codec   string  `json:"codec"`
	Bytes   int     `json:"bytes"`
	PctJSON float64 `json:"percent_of_json"`
	// HitOutput compares the hit's response with json.Marshal of the rows:
	// "exact", "same values", "differs" or "fails".
	HitOutput string      `json:"hit_output"`
	Note      string      `json:"note,omitempty"`
	Hit       *timing     `json:"hit,omitempty"`
	Miss      *timing     `json:"miss,omitempty"`
	InFlight  *rateResult `json:"in_flight,omitempty"`
	// Advantage says how many times smaller or faster rowpage is than this
	// codec (absent for rowpage itself, or when rowpage was not measured).
	Advantage *advantage `json:"rowpage_advantage,omitempty"`
}

// timing is a single-goroutine measurement: the median of the
// repetitions, throughput in MB/s of JSON served, allocations per call
// averaged over every call.
type timing struct {
	NsPerOp    float64   `json:"ns_per_op"`
	MBps       float64   `json:"mb_per_s"`
	Allocs     float64   `json:"allocs_per_op"`
	AllocBytes float64   `json:"alloc_bytes_per_op"`
	Ops        int       `json:"calls_per_repetition"`
	Reps       []float64 `json:"ns_per_op_repetitions"`
}

// rateResult is an in-flight measurement: pages per second served by all
// goroutines together, the median of the repetitions.
type rateResult struct {
	PagesPerSec float64   `json:"pages_per_s"`
	MBps        float64   `json:"mb_per_s"`
	Reps        []float64 `json:"pages_per_s_repetitions"`
}

// advantage holds rowpage's advantage factors over one peer: greater than
// 1 means rowpage is smaller or faster.
type advantage struct {
	Size     float64 `json:"size"`
	Hit      float64 `json:"hit,omitempty"`
	Miss     float64 `json:"miss,omitempty"`
	InFlight float64 `json:"in_flight,omitempty"`
}

// find returns the result of the named codec, or nil.
func (p *pageResult) find(name string) *codecResult {
	for i := range p.Codecs {
		if p.Codecs[i].Codec == name {
			return &p.Codecs[i]
		}
	}
	return nil
}

// setAdvantages fills in every peer's Advantage against rowpage.
func (p *pageResult) setAdvantages() {
	rp := p.find("rowpage")
	if rp == nil {
		return
	}
	for i := range p.Codecs {
		c := &p.Codecs[i]
		if c == rp {
			continue
		}
		a := &advantage{Size: roundSig(float64(c.Bytes)/float64(rp.Bytes), 3)}
		if c.Hit != nil && rp.Hit != nil {
			a.Hit = roundSig(c.Hit.NsPerOp/rp.Hit.NsPerOp, 3)
		}
		if c.Miss != nil && rp.Miss != nil {
			a.Miss = roundSig(c.Miss.NsPerOp/rp.Miss.NsPerOp, 3)
		}
		if c.InFlight != nil && rp.InFlight != nil {
			a.InFlight = roundSig(rp.InFlight.PagesPerSec/c.InFlight.PagesPerSec, 3)
		}
		c.Advantage = a
	}
}

// roundSig rounds f to n significant digits, keeping reports short.
func roundSig(f float64, n int) float64 {
	if f == 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return f
	}
	p := math.Pow(10, float64(n)-math.Ceil(math.Log10(math.Abs(f))))
	return math.Round(f*p) / p
}
