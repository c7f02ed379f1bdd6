//go:build !purego

#include "textflag.h"

// A byte is not plain when, as a signed byte, it is below 0x20 (controls
// and every byte from 0x80) or it equals '"', '\\', '<', '>' or '&'.

// func plainBlocks(p unsafe.Pointer, n int) int
//
// Sixteen bytes a turn with SSE2.
TEXT ·plainBlocks(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	ANDQ $~15, BX
	XORQ AX, AX

	MOVQ $0x2020202020202020, DX
	MOVQ DX, X8
	PUNPCKLQDQ X8, X8
	MOVQ $0x2222222222222222, DX
	MOVQ DX, X9
	PUNPCKLQDQ X9, X9
	MOVQ $0x5C5C5C5C5C5C5C5C, DX
	MOVQ DX, X10
	PUNPCKLQDQ X10, X10
	MOVQ $0x3C3C3C3C3C3C3C3C, DX
	MOVQ DX, X11
	PUNPCKLQDQ X11, X11
	MOVQ $0x3E3E3E3E3E3E3E3E, DX
	MOVQ DX, X12
	PUNPCKLQDQ X12, X12
	MOVQ $0x2626262626262626, DX
	MOVQ DX, X13
	PUNPCKLQDQ X13, X13

loop:
	CMPQ AX, BX
	JAE  done
	MOVOU (SI)(AX*1), X0
	MOVO  X8, X1
	PCMPGTB X0, X1 // X1 = 0x20 > byte, signed
	MOVO  X0, X2
	PCMPEQB X9, X2
	MOVO  X0, X3
	PCMPEQB X10, X3
	MOVO  X0, X4
	PCMPEQB X11, X4
	MOVO  X0, X5
	PCMPEQB X12, X5
	PCMPEQB X13, X0
	POR   X2, X1
	POR   X3, X4
	POR   X5, X0
	POR   X4, X1
	POR   X0, X1
	PMOVMSKB X1, DX
	TESTL DX, DX
	JNZ   found
	ADDQ  $16, AX
	JMP   loop

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	MOVQ AX, ret+16(FP)
	RET

// The tables of plainBlocksAVX2, looked up sixteen entries at a time by
// VPSHUFB (broadcast to both halves of a Y register): the bytes that are
// not plain by low nibble (plainlow) and high nibble (plainhigh); a byte
// whose two lookups share a bit is one: 0x01 a control byte or one from
// 0x80 (high nibble 0, 1 or 8 to F), 0x02 '"' or '&' (22, 26), 0x04 '<'
// or '>' (3C, 3E), 0x08 '\' (5C). plainnib masks a nibble.
DATA plainlow<>+0(SB)/8, $0x0103010101030101
DATA plainlow<>+8(SB)/8, $0x0105010D01010101
GLOBL plainlow<>(SB), RODATA|NOPTR, $16
DATA plainhigh<>+0(SB)/8, $0x0000080004020101
DATA plainhigh<>+8(SB)/8, $0x0101010101010101
GLOBL plainhigh<>(SB), RODATA|NOPTR, $16
DATA plainnib<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA plainnib<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL plainnib<>(SB), RODATA|NOPTR, $16

// func plainBlocksAVX2(p unsafe.Pointer, n int) int
//
// The same test as plainBlocks over n&^31 bytes: sixty-four a turn, then
// thirty-two, each byte classed by two table lookups (VPSHUFB on its low
// and its high nibble, ANDed: six instructions for 32 bytes, where
// comparisons with each special byte took nine). A block with a byte that
// is not plain has its mask made by comparing the lookups with zero.
// VEX instructions only, then VZEROUPPER.
TEXT ·plainBlocksAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ BX, CX
	ANDQ $~31, BX // end of the 32-byte blocks
	ANDQ $~63, CX // end of the 64-byte blocks
	XORQ AX, AX

	VBROADCASTI128 plainlow<>(SB), Y8
	VBROADCASTI128 plainhigh<>(SB), Y9
	VBROADCASTI128 plainnib<>(SB), Y10

loop64:
	CMPQ AX, CX
	JAE  loop32
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y4
	VPAND   Y10, Y0, Y2
	VPSRLW  $4, Y0, Y3
	VPAND   Y10, Y3, Y3
	VPSHUFB Y2, Y8, Y2
	VPSHUFB Y3, Y9, Y3
	VPAND   Y3, Y2, Y1 // Y1: the first block's classes, 0 where plain
	VPAND   Y10, Y4, Y6
	VPSRLW  $4, Y4, Y7
	VPAND   Y10, Y7, Y7
	VPSHUFB Y6, Y8, Y6
	VPSHUFB Y7, Y9, Y7
	VPAND   Y7, Y6, Y5 // Y5: the second block's
	VPOR    Y5, Y1, Y0
	VPTEST  Y0, Y0
	JNZ     found64
	ADDQ    $64, AX
	JMP     loop64

found64:
	VPXOR     Y7, Y7, Y7
	VPCMPEQB  Y7, Y1, Y1 // 0xFF where plain
	VPMOVMSKB Y1, DX
	NOTL      DX
	TESTL     DX, DX
	JNZ       avxfound
	VPCMPEQB  Y7, Y5, Y5
	VPMOVMSKB Y5, DX
	NOTL      DX
	ADDQ      $32, AX
	JMP       avxfound

loop32:
	CMPQ AX, BX
	JAE  avxdone
	VMOVDQU (SI)(AX*1), Y0
	VPAND   Y10, Y0, Y2
	VPSRLW  $4, Y0, Y3
	VPAND   Y10, Y3, Y3
	VPSHUFB Y2, Y8, Y2
	VPSHUFB Y3, Y9, Y3
	VPTEST  Y3, Y2
	JNZ     found32
	ADDQ    $32, AX
	JMP     loop32

found32:
	VPAND     Y3, Y2, Y1
	VPXOR     Y7, Y7, Y7
	VPCMPEQB  Y7, Y1, Y1
	VPMOVMSKB Y1, DX
	NOTL      DX

avxfound:
	BSFL DX, DX
	ADDQ DX, AX

avxdone:
	VZEROUPPER
	MOVQ AX, ret+16(FP)
	RET

// func cpuHasAVX2() bool
//
// AVX2 in the processor (CPUID leaf 7, EBX bit 5) and YMM state enabled by
// the operating system (CPUID leaf 1 OSXSAVE and AVX, XCR0 bits 1 and 2).
TEXT ·cpuHasAVX2(SB), NOSPLIT, $0-1
	XORL AX, AX
	XORL CX, CX
	CPUID
	CMPL AX, $7
	JB   no
	MOVL $1, AX
	XORL CX, CX
	CPUID
	ANDL $0x18000000, CX
	CMPL CX, $0x18000000
	JNE  no
	XORL CX, CX
	XGETBV
	ANDL $6, AX
	CMPL AX, $6
	JNE  no
	MOVL $7, AX
	XORL CX, CX
	CPUID
	BTL  $5, BX
	JCC  no
	MOVB $1, ret+0(FP)
	RET

no:
	MOVB $0, ret+0(FP)
	RET
