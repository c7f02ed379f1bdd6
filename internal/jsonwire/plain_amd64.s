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

// The constants of plainBlocksAVX2, each byte repeated over 32 bytes: one
// load each where a register took three instructions to set up.
DATA pb20<>+0(SB)/8, $0x2020202020202020
DATA pb20<>+8(SB)/8, $0x2020202020202020
DATA pb20<>+16(SB)/8, $0x2020202020202020
DATA pb20<>+24(SB)/8, $0x2020202020202020
GLOBL pb20<>(SB), RODATA|NOPTR, $32
DATA pb04<>+0(SB)/8, $0x0404040404040404
DATA pb04<>+8(SB)/8, $0x0404040404040404
DATA pb04<>+16(SB)/8, $0x0404040404040404
DATA pb04<>+24(SB)/8, $0x0404040404040404
GLOBL pb04<>(SB), RODATA|NOPTR, $32
DATA pb26<>+0(SB)/8, $0x2626262626262626
DATA pb26<>+8(SB)/8, $0x2626262626262626
DATA pb26<>+16(SB)/8, $0x2626262626262626
DATA pb26<>+24(SB)/8, $0x2626262626262626
GLOBL pb26<>(SB), RODATA|NOPTR, $32
DATA pb02<>+0(SB)/8, $0x0202020202020202
DATA pb02<>+8(SB)/8, $0x0202020202020202
DATA pb02<>+16(SB)/8, $0x0202020202020202
DATA pb02<>+24(SB)/8, $0x0202020202020202
GLOBL pb02<>(SB), RODATA|NOPTR, $32
DATA pb3e<>+0(SB)/8, $0x3E3E3E3E3E3E3E3E
DATA pb3e<>+8(SB)/8, $0x3E3E3E3E3E3E3E3E
DATA pb3e<>+16(SB)/8, $0x3E3E3E3E3E3E3E3E
DATA pb3e<>+24(SB)/8, $0x3E3E3E3E3E3E3E3E
GLOBL pb3e<>(SB), RODATA|NOPTR, $32
DATA pb5c<>+0(SB)/8, $0x5C5C5C5C5C5C5C5C
DATA pb5c<>+8(SB)/8, $0x5C5C5C5C5C5C5C5C
DATA pb5c<>+16(SB)/8, $0x5C5C5C5C5C5C5C5C
DATA pb5c<>+24(SB)/8, $0x5C5C5C5C5C5C5C5C
GLOBL pb5c<>(SB), RODATA|NOPTR, $32

// func plainBlocksAVX2(p unsafe.Pointer, n int) int
//
// The same test as plainBlocks over n&^31 bytes: sixty-four a turn, then
// thirty-two. Pairs of specials are tested with one comparison each:
// b|0x04 == 0x26 holds for '"' (0x22) and '&' (0x26) only, and
// b|0x02 == 0x3E for '<' (0x3C) and '>' (0x3E) only.
TEXT ·plainBlocksAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ BX, CX
	ANDQ $~31, BX // end of the 32-byte blocks
	ANDQ $~63, CX // end of the 64-byte blocks
	XORQ AX, AX

	VMOVDQU pb20<>(SB), Y8
	VMOVDQU pb04<>(SB), Y9
	VMOVDQU pb26<>(SB), Y10
	VMOVDQU pb02<>(SB), Y11
	VMOVDQU pb3e<>(SB), Y12
	VMOVDQU pb5c<>(SB), Y13

loop64:
	CMPQ AX, CX
	JAE  loop32
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y4
	VPCMPGTB Y0, Y8, Y1 // Y1 = 0x20 > byte, signed
	VPOR     Y0, Y9, Y2
	VPCMPEQB Y2, Y10, Y2 // '"' or '&'
	VPOR     Y0, Y11, Y3
	VPCMPEQB Y3, Y12, Y3 // '<' or '>'
	VPCMPEQB Y0, Y13, Y0 // '\'
	VPOR     Y2, Y1, Y1
	VPOR     Y3, Y0, Y0
	VPOR     Y0, Y1, Y1 // Y1: the first block's specials
	VPCMPGTB Y4, Y8, Y5
	VPOR     Y4, Y9, Y6
	VPCMPEQB Y6, Y10, Y6
	VPOR     Y4, Y11, Y7
	VPCMPEQB Y7, Y12, Y7
	VPCMPEQB Y4, Y13, Y4
	VPOR     Y6, Y5, Y5
	VPOR     Y7, Y4, Y4
	VPOR     Y4, Y5, Y5 // Y5: the second block's
	VPOR     Y5, Y1, Y0
	VPTEST   Y0, Y0
	JNZ      found64
	ADDQ     $64, AX
	JMP      loop64

found64:
	VPMOVMSKB Y1, DX
	TESTL DX, DX
	JNZ   avxfound
	VPMOVMSKB Y5, DX
	ADDQ  $32, AX
	JMP   avxfound

loop32:
	CMPQ AX, BX
	JAE  avxdone
	VMOVDQU (SI)(AX*1), Y0
	VPCMPGTB Y0, Y8, Y1
	VPOR     Y0, Y9, Y2
	VPCMPEQB Y2, Y10, Y2
	VPOR     Y0, Y11, Y3
	VPCMPEQB Y3, Y12, Y3
	VPCMPEQB Y0, Y13, Y0
	VPOR     Y2, Y1, Y1
	VPOR     Y3, Y0, Y0
	VPOR     Y0, Y1, Y1
	VPMOVMSKB Y1, DX
	TESTL DX, DX
	JNZ   avxfound
	ADDQ  $32, AX
	JMP   loop32

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
