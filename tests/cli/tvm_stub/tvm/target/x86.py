"""tvm.target.x86.get_simd_32bit_lanes: where TVM 0.19 has TOPI's x86 vector-width helper
(checked against its source; tvm.topi.x86.utils, which the stand-in also has, does not
exist in TVM 0.19: see ../topi/x86/utils.py). TVM asks LLVM for the features of the
current target (`with tvm.target.Target(...)`); without AVX-512 or AVX2 that is 4 lanes,
the answer here.
"""


def get_simd_32bit_lanes():
    return 4
