// TVMScript of a dot product of 4 float32 into a scalar: the description half of a
// tensor intrinsic (TensorIntrin.register(name, desc, impl)), for the suites that register
// or tensorize one. It needs `from tvm.script import tir as T` before it.
#pragma once

inline constexpr const char* kTirDot4IntrinDesc =
    "@T.prim_func\n"
    "def desc(a: T.handle, b: T.handle, c: T.handle) -> None:\n"
    "    A = T.match_buffer(a, (4,), offset_factor=1)\n"
    "    B = T.match_buffer(b, (4,), offset_factor=1)\n"
    "    C = T.match_buffer(c, (), offset_factor=1, align=128)\n"
    "    with T.block('root'):\n"
    "        T.reads(C[()], A[0:4], B[0:4])\n"
    "        T.writes(C[()])\n"
    "        for i in range(4):\n"
    "            with T.block('update'):\n"
    "                vi = T.axis.remap('R', [i])\n"
    "                C[()] = C[()] + A[vi] * B[vi]\n";
