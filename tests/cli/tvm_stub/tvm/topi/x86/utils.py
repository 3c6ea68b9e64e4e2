"""tvm.topi.x86.utils.get_simd_32bit_lanes, which a shipped template imports.

Its TVM export calls it only in commented-out knob code (the chosen values are printed),
so the stand-in only has to exist with TVM's signature. TVM answers from the current
target's -mcpu; without AVX-512 or AVX2 that is 4 lanes, the answer here.
"""


def get_simd_32bit_lanes():
    return 4
