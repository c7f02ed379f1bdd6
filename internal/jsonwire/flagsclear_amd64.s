//go:build !purego

#include "textflag.h"
#include "bytes32_amd64.h"
#include "escclasses_amd64.h"

// The tables of flagsClearAVX2, looked up sixteen entries at a time by
// VPSHUFB (the same sixteen bytes in both halves of a Y register).
//
// The first three are the UTF-8 check of Keiser and Lemire ("Validating
// UTF-8 in less than one instruction per byte", 2021), as simdjson has
// it: each names, a bit an error, the errors a pair of bytes may show,
// by the previous byte's high nibble (b1high), its low nibble (b1low) and
// the byte's own high nibble (b2high); a byte whose three lookups share a
// bit ends a bad pair. Bits: 0x01 too short (a lead or ASCII after a lead),
// 0x02 too long (a continuation after ASCII), 0x04 overlong three-byte
// form (E0 80-9F), 0x08 above U+10FFFF (F4 90-BF, F5-FF), 0x10 surrogate
// (ED A0-BF), 0x20 overlong two-byte form (C0, C1), 0x40 overlong
// four-byte form or above U+10FFFF (F0 80-8F, F5-FF 80-8F), 0x80 two
// continuation bytes in a row (right only as a sequence's third or fourth
// byte, which the check of prev2 and prev3 decides).
DATA b1high<>+0(SB)/8, $0x0202020202020202
DATA b1high<>+8(SB)/8, $0x4915012180808080
GLOBL b1high<>(SB), RODATA|NOPTR, $16
DATA b1low<>+0(SB)/8, $0xcbcbcb8b8383a3e7
DATA b1low<>+8(SB)/8, $0xcbcbdbcbcbcbcbcb
GLOBL b1low<>(SB), RODATA|NOPTR, $16
DATA b2high<>+0(SB)/8, $0x0101010101010101
DATA b2high<>+8(SB)/8, $0x01010101babaaee6
GLOBL b2high<>(SB), RODATA|NOPTR, $16

// The bytes that need an escape or are HTML markup (escclasses_amd64.h),
// by low nibble (esclow) and high nibble (eschigh, markup bits set); a
// byte whose two lookups share a bit is one. The bits of escbits need an
// escape, those of htmlbits are markup.
ESCAPE_LOW(esclow)
ESCAPE_HIGH_HTML(eschigh)

// Bytes repeated over 32 (bytes32_amd64.h).

BYTES32(nib, 0x0f0f0f0f0f0f0f0f)
BYTES32(third, 0x6060606060606060)
BYTES32(fourth, 0x7070707070707070)
BYTES32(hibit, 0x8080808080808080)
BYTES32(fe, 0xfefefefefefefefe)
BYTES32(a8, 0xa8a8a8a8a8a8a8a8)
BYTES32(e2, 0xe2e2e2e2e2e2e2e2)
BYTES32(escbits, 0x0b0b0b0b0b0b0b0b)
BYTES32(htmlbits, 0x1414141414141414)

// Both functions read n >= 35 bytes at p (or exactly 32, the first block
// alone, as blockFlagsPadded asks) in blocks of 32: the first
// with the windows one, two and three bytes back (Y1, Y2, Y3) made by
// shifting zeros in (the start of a string starts a sequence), the rest
// with them loaded from memory, and the last block, when n is not a
// multiple of 32, as the last 32 bytes, overlapping the one before: what
// a byte shows depends only on it and the three before it. Each block
// (in Y0) takes 25 instructions to find, in Y4, the bytes that break
// UTF-8 (the end of a bad pair, a byte that should or should not be a
// sequence's third or fourth byte); in Y5 the last bytes of E2 80 A8 and
// E2 80 A9 (U+2028, U+2029); and in Y6 the bits of esclow and eschigh.
// Tables in Y8 to Y12. VEX instructions only, then VZEROUPPER.

// func flagsClearAVX2(p unsafe.Pointer, n int) bool
//
// Reports whether no byte of the n bytes at p breaks UTF-8, ends U+2028
// or U+2029, needs an escape or is markup: whether they are clean as
// FlagsClear says, but for a last sequence cut short (seqComplete checks
// that). Stops at the first block that is not. A block of ASCII (with the
// three bytes before it) is only looked up for escapes and markup: 13
// instructions, where a block with a byte from 0x80 takes 33 (and 10
// more each to load the next).
TEXT ·flagsClearAVX2(SB), NOSPLIT, $0-17
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	VBROADCASTI128 b1high<>(SB), Y8
	VBROADCASTI128 b1low<>(SB), Y9
	VBROADCASTI128 b2high<>(SB), Y10
	VBROADCASTI128 esclow<>(SB), Y11
	VBROADCASTI128 eschigh<>(SB), Y12
	// The first block: the windows back shift zeros in.
	VMOVDQU    (SI), Y0
	VPERM2I128 $0x08, Y0, Y0, Y15 // low half zero, high half Y0's low half
	VPALIGNR   $15, Y15, Y0, Y1
	VPALIGNR   $14, Y15, Y0, Y2
	VPALIGNR   $13, Y15, Y0, Y3
	MOVQ       $32, AX
	LEAQ       -32(BX), CX // the start of the last block

cblock:
	// A block that is ASCII, with the three bytes before it, can only
	// hold bytes that need an escape or are markup.
	VPOR      Y3, Y0, Y4
	VPMOVMSKB Y4, DX
	TESTL     DX, DX
	JNZ       cutf8
	VPSRLW    $4, Y0, Y6
	VPAND     nib<>(SB), Y6, Y6
	VPSHUFB   Y6, Y12, Y6
	VPAND     nib<>(SB), Y0, Y7
	VPSHUFB   Y7, Y11, Y7
	VPTEST    Y7, Y6
	JNZ       cbad
	JMP       cnext

cutf8:
	VPSRLW   $4, Y1, Y4
	VPAND    nib<>(SB), Y4, Y4
	VPSHUFB  Y4, Y8, Y4 // b1high of the byte before
	VPAND    nib<>(SB), Y1, Y5
	VPSHUFB  Y5, Y9, Y5 // b1low of the byte before
	VPAND    Y5, Y4, Y4
	VPSRLW   $4, Y0, Y6
	VPAND    nib<>(SB), Y6, Y6
	VPSHUFB  Y6, Y10, Y7 // b2high
	VPAND    Y7, Y4, Y4
	VPSUBUSB third<>(SB), Y2, Y5  // from 0x80 where two back is a lead of three or four
	VPSUBUSB fourth<>(SB), Y3, Y7 // from 0x80 where three back is a lead of four
	VPOR     Y7, Y5, Y5
	VPAND    hibit<>(SB), Y5, Y5
	VPXOR    Y5, Y4, Y4 // UTF-8 errors
	VPSHUFB  Y6, Y12, Y6
	VPAND    nib<>(SB), Y0, Y7
	VPSHUFB  Y7, Y11, Y7
	VPAND    Y7, Y6, Y6 // escape and markup classes
	VPAND    fe<>(SB), Y0, Y5
	VPCMPEQB a8<>(SB), Y5, Y5
	VPCMPEQB hibit<>(SB), Y1, Y7
	VPAND    Y7, Y5, Y5
	VPCMPEQB e2<>(SB), Y2, Y7
	VPAND    Y7, Y5, Y5 // U+2028 and U+2029
	VPOR   Y6, Y4, Y4
	VPOR   Y5, Y4, Y4
	VPTEST Y4, Y4
	JNZ    cbad

cnext:
	CMPQ AX, BX
	JAE  cdone
	CMPQ AX, CX
	JBE  cload
	MOVQ CX, AX // the last block, overlapping the one before

cload:
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU -1(SI)(AX*1), Y1
	VMOVDQU -2(SI)(AX*1), Y2
	VMOVDQU -3(SI)(AX*1), Y3
	ADDQ    $32, AX
	JMP     cblock

cdone:
	VZEROUPPER
	MOVB $1, ret+16(FP)
	RET

cbad:
	VZEROUPPER
	MOVB $0, ret+16(FP)
	RET

// func stringFlagsAVX2(p unsafe.Pointer, n int) (esc, html bool)
//
// The escaping flags of the n bytes at p as StringFlags has them, but for
// a last sequence cut short (the caller checks that): esc when a byte
// breaks UTF-8, ends U+2028 or U+2029, or needs an escape; html when one
// is '<', '>' or '&'. Every block is read: Y13 gathers the first two
// findings, Y14 the classes' bits.
TEXT ·stringFlagsAVX2(SB), NOSPLIT, $0-18
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	VBROADCASTI128 b1high<>(SB), Y8
	VBROADCASTI128 b1low<>(SB), Y9
	VBROADCASTI128 b2high<>(SB), Y10
	VBROADCASTI128 esclow<>(SB), Y11
	VBROADCASTI128 eschigh<>(SB), Y12
	VPXOR Y13, Y13, Y13
	VPXOR Y14, Y14, Y14
	// The first block: the windows back shift zeros in.
	VMOVDQU    (SI), Y0
	VPERM2I128 $0x08, Y0, Y0, Y15 // low half zero, high half Y0's low half
	VPALIGNR   $15, Y15, Y0, Y1
	VPALIGNR   $14, Y15, Y0, Y2
	VPALIGNR   $13, Y15, Y0, Y3
	MOVQ       $32, AX
	LEAQ       -32(BX), CX // the start of the last block

fblock:
	VPSRLW   $4, Y1, Y4
	VPAND    nib<>(SB), Y4, Y4
	VPSHUFB  Y4, Y8, Y4 // b1high of the byte before
	VPAND    nib<>(SB), Y1, Y5
	VPSHUFB  Y5, Y9, Y5 // b1low of the byte before
	VPAND    Y5, Y4, Y4
	VPSRLW   $4, Y0, Y6
	VPAND    nib<>(SB), Y6, Y6
	VPSHUFB  Y6, Y10, Y7 // b2high
	VPAND    Y7, Y4, Y4
	VPSUBUSB third<>(SB), Y2, Y5  // from 0x80 where two back is a lead of three or four
	VPSUBUSB fourth<>(SB), Y3, Y7 // from 0x80 where three back is a lead of four
	VPOR     Y7, Y5, Y5
	VPAND    hibit<>(SB), Y5, Y5
	VPXOR    Y5, Y4, Y4 // UTF-8 errors
	VPSHUFB  Y6, Y12, Y6
	VPAND    nib<>(SB), Y0, Y7
	VPSHUFB  Y7, Y11, Y7
	VPAND    Y7, Y6, Y6 // escape and markup classes
	VPAND    fe<>(SB), Y0, Y5
	VPCMPEQB a8<>(SB), Y5, Y5
	VPCMPEQB hibit<>(SB), Y1, Y7
	VPAND    Y7, Y5, Y5
	VPCMPEQB e2<>(SB), Y2, Y7
	VPAND    Y7, Y5, Y5 // U+2028 and U+2029
	VPOR Y4, Y13, Y13
	VPOR Y5, Y13, Y13
	VPOR Y6, Y14, Y14
	CMPQ AX, BX
	JAE  fdone
	CMPQ AX, CX
	JBE  fload
	MOVQ CX, AX // the last block, overlapping the one before

fload:
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU -1(SI)(AX*1), Y1
	VMOVDQU -2(SI)(AX*1), Y2
	VMOVDQU -3(SI)(AX*1), Y3
	ADDQ    $32, AX
	JMP     fblock

fdone:
	VPAND  escbits<>(SB), Y14, Y4
	VPOR   Y4, Y13, Y13
	VPTEST Y13, Y13
	SETNE  esc+16(FP)
	VPAND  htmlbits<>(SB), Y14, Y4
	VPTEST Y4, Y4
	SETNE  html+17(FP)
	VZEROUPPER
	RET
