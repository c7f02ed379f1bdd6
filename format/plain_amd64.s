//go:build !purego

#include "textflag.h"

// func plainBlocks(p unsafe.Pointer, n int) int
//
// A byte is not plain when, as a signed byte, it is below 0x20 (controls
// and every byte from 0x80) or it equals '"', '\\', '<', '>' or '&'.
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
