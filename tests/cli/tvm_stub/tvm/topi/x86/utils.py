"""tvm.topi.x86.utils.get_simd_32bit_lanes, which a shipped template imports.

NOT TVM 0.19: its tvm/topi/x86 has no utils module (the function is
tvm.target.x86.get_simd_32bit_lanes, also in this stand-in; only the packed function's
registered name, "tvm.topi.x86.utils.get_simd_32bit_lanes", keeps the old path), so
`from tvm.topi.x86.utils import ...` fails under TVM 0.19 with ModuleNotFoundError. Kept
until the *_fast examples import it from tvm.target.x86 (docs/tvm_reference.md).

Its TVM export calls it only in commented-out knob code (the chosen values are printed),
so the stand-in only has to exist with TVM's signature. TVM answers from the current
target's -mcpu; without AVX-512 or AVX2 that is 4 lanes, the answer here.
"""


def get_simd_32bit_lanes():
    return 4
