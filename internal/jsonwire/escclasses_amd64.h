// The byte classes the AVX2 escape kernels look up by VPSHUFB, sixteen
// entries at a time, one copy for every .s file that includes this one
// (a name<> symbol is private to its file, so each file defines its own
// from these macros).
//
// A byte needs an escape, or is HTML markup, when its lookup by low nibble
// (ESCAPE_LOW) and its lookup by high nibble (ESCAPE_HIGH_HTML, or one of
// the two halves of ESCAPE_HIGH_BY_MODE) share a bit: 0x01 a control byte
// (high nibble 0 or 1), 0x02 '"' (22), 0x04 '<' or '>' (3C, 3E), 0x08 '\'
// (5C), 0x10 '&' (26). VPSHUFB gives 0 for an index from 0x80, so a byte
// from 0x80 is in no class.

// ESCAPE_LOW defines name<> as the 16-byte table by low nibble.
#define ESCAPE_LOW(name) \
	DATA name<>+0(SB)/8, $0x0111010101030101 \
	DATA name<>+8(SB)/8, $0x0105010d01010101 \
	GLOBL name<>(SB), RODATA|NOPTR, $16

// ESCAPE_HIGH_HTML defines name<> as the 16-byte table by high nibble
// with the markup bits (0x04, 0x10) set.
#define ESCAPE_HIGH_HTML(name) \
	DATA name<>+0(SB)/8, $0x0000080004120101 \
	DATA name<>+8(SB)/8, $0x0000000000000000 \
	GLOBL name<>(SB), RODATA|NOPTR, $16

// ESCAPE_HIGH_BY_MODE defines name<> as two 16-byte tables by high
// nibble, one a mode: at name<>+0 without the markup bits (HTML escaping
// off), at name<>+16 with them (on), so that a kernel picks its table by
// adding 16 times its html flag.
#define ESCAPE_HIGH_BY_MODE(name) \
	DATA name<>+0(SB)/8, $0x0000080000020101 \
	DATA name<>+8(SB)/8, $0x0000000000000000 \
	DATA name<>+16(SB)/8, $0x0000080004120101 \
	DATA name<>+24(SB)/8, $0x0000000000000000 \
	GLOBL name<>(SB), RODATA|NOPTR, $32

// LOW_NIBBLE_MASK defines name<> as sixteen 0x0f bytes.
#define LOW_NIBBLE_MASK(name) \
	DATA name<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f \
	DATA name<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f \
	GLOBL name<>(SB), RODATA|NOPTR, $16
