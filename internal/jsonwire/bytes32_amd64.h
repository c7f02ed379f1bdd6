// BYTES32 defines name<> as 32 read-only bytes, the 8-byte word q four
// times: a constant that VEX instructions read as a memory operand
// instead of setting up a register first.
#define BYTES32(name, q) \
	DATA name<>+0(SB)/8, $q \
	DATA name<>+8(SB)/8, $q \
	DATA name<>+16(SB)/8, $q \
	DATA name<>+24(SB)/8, $q \
	GLOBL name<>(SB), RODATA|NOPTR, $32
