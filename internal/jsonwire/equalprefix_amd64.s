//go:build !purego

#include "textflag.h"

// func equalAVX2(x, y unsafe.Pointer, n int) int
//
// Two 32-byte blocks a step: each compared bytewise (0xFF where equal),
// the two ANDed, and one mask test for the pair. The last n%64 bytes, if
// any, are the end of the 64 bytes that end at n, which overlap the
// blocks before, all equal: their first difference is past those.
TEXT ·equalAVX2(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ y+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ CX, BX
	ANDQ $~63, BX // end of the 64-byte blocks
	XORQ AX, AX

loop:
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  (DI)(AX*1), Y0, Y0
	VMOVDQU   32(SI)(AX*1), Y1
	VPCMPEQB  32(DI)(AX*1), Y1, Y1
	VPAND     Y1, Y0, Y2
	VPMOVMSKB Y2, DX
	CMPL      DX, $-1
	JNE       found
	ADDQ      $64, AX
	CMPQ      AX, BX
	JB        loop
	CMPQ      AX, CX
	JEQ       done
	LEAQ      -64(CX), AX // the last 64 bytes
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  (DI)(AX*1), Y0, Y0
	VMOVDQU   32(SI)(AX*1), Y1
	VPCMPEQB  32(DI)(AX*1), Y1, Y1
	VPAND     Y1, Y0, Y2
	VPMOVMSKB Y2, DX
	CMPL      DX, $-1
	JNE       found
	MOVQ      CX, AX

done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

found:
	// The first block's mask, inverted: its differing bytes; else the
	// second's.
	VPMOVMSKB Y0, DX
	NOTL      DX
	TESTL     DX, DX
	JNZ       first
	VPMOVMSKB Y1, DX
	NOTL      DX
	ADDQ      $32, AX

first:
	BSFL DX, DX
	ADDQ DX, AX
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET
