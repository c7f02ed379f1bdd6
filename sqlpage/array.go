package sqlpage

import "strconv"

// PostgreSQL array text, as the server writes it for pgx's database/sql
// driver, which yields arrays as strings:
//
//	array   = [ dims "=" ] "{" [ item *( "," item ) ] "}"
//	dims    = 1*( "[" int ":" int "]" )       ; lower bounds other than 1: dropped
//	item    = array | "NULL" | quoted | bare  ; NULL in any case
//	quoted  = DQUOTE *( char | "\" char ) DQUOTE
//	bare    = 1*( any byte but "{", "}", ",", DQUOTE, "\" )
//
// The text is checked in full before anything is written, so a malformed
// array is written as its text instead, never as half an array.

// arrTok is one token of array text: '{', '}', 'n' (NULL), 'b' (bare) or
// 'q' (quoted; start and end exclude the quotes).
type arrTok struct {
	kind       byte
	start, end int
}

// array writes the array text t with elements of kind elem. It reports
// false, having written nothing, if t is not array text.
func (s *sqlState) array(elem sqlKind, t []byte) bool {
	toks, ok := scanArray(s.toks[:0], t)
	s.toks = toks
	if !ok {
		return false
	}
	b := s.b
	for _, tk := range toks {
		switch tk.kind {
		case '{':
			b.BeginArray()
		case '}':
			b.EndArray()
		case 'n':
			b.Null()
		case 'b':
			s.element(elem, t[tk.start:tk.end])
		case 'q':
			s.unq = appendUnquoted(s.unq[:0], t[tk.start:tk.end])
			s.element(elem, s.unq)
		}
	}
	return true
}

// element writes one array element from its text.
func (s *sqlState) element(elem sqlKind, t []byte) {
	b := s.b
	switch elem {
	case kindSQLInt, kindSQLNumeric:
		s.numberBytes(t)
	case kindSQLFloat, kindSQLFloat32:
		bits := 64
		if elem == kindSQLFloat32 {
			bits = 32
		}
		f, err := strconv.ParseFloat(string(t), bits)
		if err != nil {
			b.StringBytes(t)
			return
		}
		if bits == 32 { // NaN and infinities fail here, as in a column
			s.st.Float32(f)
		} else {
			b.Float(f)
		}
	case kindSQLBool:
		switch string(t) {
		case "t", "true":
			b.Bool(true)
		case "f", "false":
			b.Bool(false)
		default:
			b.StringBytes(t)
		}
	case kindSQLJSON:
		b.JSON(t)
	default:
		b.StringBytes(t)
	}
}

// scanArray appends the tokens of the array text t to toks and reports
// whether t is well-formed array text.
func scanArray(toks []arrTok, t []byte) ([]arrTok, bool) {
	i := 0
	if len(t) > 0 && t[0] == '[' { // dimension decoration
		for i < len(t) && t[i] != '=' {
			i++
		}
		i++
	}
	depth := 0
	for i < len(t) {
		switch c := t[i]; c {
		case '{':
			if depth > 0 && !itemStart(toks) {
				return toks, false
			}
			toks = append(toks, arrTok{kind: '{'})
			depth++
			i++
		case '}':
			if depth == 0 || (len(toks) > 0 && toks[len(toks)-1].kind == ',') {
				return toks, false
			}
			toks = append(toks, arrTok{kind: '}'})
			depth--
			i++
			if depth == 0 {
				return toks, i == len(t)
			}
		case ',':
			if depth == 0 || itemStart(toks) {
				return toks, false
			}
			toks = append(toks, arrTok{kind: ','})
			i++
		case '"':
			if depth == 0 || !itemStart(toks) {
				return toks, false
			}
			j := i + 1
			for ; j < len(t) && t[j] != '"'; j++ {
				if t[j] == '\\' {
					j++
				}
			}
			if j >= len(t) {
				return toks, false
			}
			toks = append(toks, arrTok{kind: 'q', start: i + 1, end: j})
			i = j + 1
		default:
			if depth == 0 || !itemStart(toks) || c == '\\' {
				return toks, false
			}
			j := i
			for j < len(t) && t[j] != ',' && t[j] != '}' && t[j] != '{' && t[j] != '"' && t[j] != '\\' {
				j++
			}
			k := byte('b')
			if j-i == 4 && t[i]|0x20 == 'n' && t[i+1]|0x20 == 'u' && t[i+2]|0x20 == 'l' && t[i+3]|0x20 == 'l' {
				k = 'n'
			}
			toks = append(toks, arrTok{kind: k, start: i, end: j})
			i = j
		}
	}
	return toks, false
}

// itemStart reports whether an item may start after toks: after "{" or ",".
func itemStart(toks []arrTok) bool {
	k := toks[len(toks)-1].kind
	return k == '{' || k == ','
}

// appendUnquoted appends the contents of a quoted element, escapes removed.
func appendUnquoted(dst, q []byte) []byte {
	for i := 0; i < len(q); i++ {
		if q[i] == '\\' && i+1 < len(q) {
			i++
		}
		dst = append(dst, q[i])
	}
	return dst
}
