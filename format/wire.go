package format

// The page grammar (SPEC.md is normative; this is a summary for readers of
// the code). uv = unsigned LEB128 varint, sv = zigzag varint.
//
//	page      = header body [crc32c]        ; crc32c present iff FlagChecksum
//	header    = magic(4) major(1) minor(1) flags(1) kind(1)
//	body      = uv(rows) uv(columns) section(strings) section(shapes)
//	            section(rowshapes) section(columns)
//	section   = uv(byte length) bytes
//	strings   = uv(count) width(1) flags(ceil(count/4)) ends(count*width) data
//	shapes    = uv(count) { uv(k) k*uv(column) }
//	rowshapes = empty | rows*uv(shape id)   ; empty iff every row has shape 1
//	columns   = columns*( [uv(name)] enc(1) uv(payload length) ) payloads
//
// A column's payload is [null bitmap] values, where the bitmap is present
// iff enc has EncNullBitmap set; an EncAny column never has one (its nulls
// are TagNull values). Shape ids are in order of first use by the rows, and
// column indexes in order of first appearance (SPEC.md 4).

// Magic opens every page; its first byte, not ASCII, tells it from JSON.
var Magic = [4]byte{0x89, 'R', 'P', 'G'}

// Format version; a page carries the lowest minor version its reader needs.
const (
	MajorVersion    = 1
	MinorVersion    = 0 // a plain page
	MinorCompressed = 1 // a compressed body (FlagCompressed)
	MinorTextTime   = 2 // text times: EncTextTime, TagTextTime, TagTextTimePlus
	MinorFloatInt   = 3 // integral floats: EncFloatInt, TagFloatInt
	MinorIntFloat   = 4 // columns of integers and floats: EncIntFloat
	MinorDictionary = 5 // a compressed body that names a dictionary (FlagDictionary)
	MinorRepeat     = 6 // repeated cells of any columns: TagRepeat
	MinorLengths    = 7 // a compressed string table whose ends are stored as lengths: CodecS2Lengths, CodecZstdLengths
)

// HeaderSize is the fixed size of the page header in bytes.
const HeaderSize = 8

// ChecksumSize is the size of the CRC-32C trailer.
const ChecksumSize = 4

// Header flags. Unknown bits make a page unsupported.
const (
	FlagChecksum   = 1 << 0 // a CRC-32C trailer follows the body
	FlagCompressed = 1 << 1 // the body's sections are compressed (see MinorCompressed)
	FlagDictionary = 1 << 2 // they are compressed with the dictionary the body names (see MinorDictionary); needs FlagCompressed
	knownFlags     = FlagChecksum | FlagCompressed | FlagDictionary
)

// Kind says how the rows of a page render as one JSON value.
type Kind uint8

// Page kinds.
const (
	KindRows   Kind = 0 // an array of row objects (null rows allowed)
	KindObject Kind = 1 // exactly one row, rendered as a bare object
	KindValue  Kind = 2 // exactly one row of one unnamed column, rendered as that value
)

// Column encodings: the low seven bits of a column's encoding byte.
const (
	EncNull     = 0x00        // every cell is null; no payload
	EncBool     = 0x01        // bit set, LSB first
	EncInt      = 0x02        // sv per value
	EncIntDelta = 0x03        // sv first value, then sv wrapping differences
	EncIntFOR   = 0x04        // sv minimum, then uv (value - minimum) per value
	EncUint     = 0x05        // uv per value; some value exceeds MaxInt64
	EncFloat    = 0x06        // float cell per value
	EncStrRef   = 0x07        // uv string-table index per value
	EncStrSeq   = 0x08        // uv base: values are strings base, base+1, ...
	EncTime     = 0x09        // time mode byte, then time cells
	EncBytes    = 0x0A        // uv length + bytes per value
	EncNumber   = 0x0B        // uv length + JSON number text per value
	EncAny      = 0x0C        // tagged value per value
	EncStrList  = 0x0D        // uv count + count uv string-table indexes per value
	EncTextTime = 0x0E        // as EncTime, for strings of RFC 3339 text (since 1.2)
	EncFloatInt = 0x0F        // floats, all integers within ±FloatIntMax: EncInt, EncIntDelta or EncIntFOR, then its payload (since 1.3)
	EncIntFloat = 0x10        // integers and floats: per value IntFloatSelector + sv, or a float cell (since 1.4)
	EncMax      = EncIntFloat // the highest encoding

	EncNullBitmap = 0x80 // the payload starts with a null bitmap: a bit per cell, 1 for null, LSB first
)

// Time column modes: the first payload byte of a time or text-time column.
const (
	TimeUTC      = 0 // every offset is 0; cells have no offset field
	TimeShared   = 1 // sv offset (non-zero) follows; cells have no offset field
	TimePerValue = 2 // each cell ends with sv offset; at least two offsets differ
	TimeModes    = 3 // the number of modes
	TimeZeroPlus = 4 // EncTextTime, added to mode 0 or 2: offset 0 is written "+00:00", not "Z"
)

// Tags of tagged values (EncAny cells and nested values).
const (
	TagNull         = 0x00
	TagFalse        = 0x01
	TagTrue         = 0x02
	TagInt          = 0x03      // sv
	TagUint         = 0x04      // uv, greater than MaxInt64
	TagFloat        = 0x05      // float cell
	TagString       = 0x06      // uv string-table index
	TagTime         = 0x07      // sv local seconds, uv frac, sv offset
	TagBytes        = 0x08      // uv length + bytes
	TagNumber       = 0x09      // uv length + JSON number text
	TagRaw          = 0x0A      // uv length + compact JSON text
	TagArray        = 0x0B      // uv count, values
	TagObject       = 0x0C      // uv count, (uv key index, value) pairs
	TagTextTime     = 0x0D      // a string of RFC 3339 text, payload as TagTime (since 1.2)
	TagTextTimePlus = 0x0E      // as TagTextTime, offset 0 written "+00:00" (since 1.2)
	TagFloatInt     = 0x0F      // sv within ±FloatIntMax: a float holding an integer (since 1.3)
	TagRepeat       = 0x10      // uv payload offset: a whole EncAny cell equal to an earlier array or object cell of its column (since 1.6)
	TagMax          = TagRepeat // the highest tag
)

// EncodingName names a column encoding byte, for tools and errors.
func EncodingName(enc uint8) string {
	names := [...]string{"null", "bool", "int", "int-delta", "int-for", "uint", "float",
		"string-ref", "string-seq", "time", "bytes", "number", "any", "string-list", "text-time", "float-int", "int-or-float"}
	e := enc &^ EncNullBitmap
	if int(e) < len(names) {
		if enc&EncNullBitmap != 0 {
			return names[e] + "+nulls"
		}
		return names[e]
	}
	return "unknown"
}
