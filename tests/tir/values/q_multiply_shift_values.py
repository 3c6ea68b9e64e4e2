# Runs tests/tir/programs/q_multiply_shift.py's scheduled function (built for the CPU) on
# fixed inputs and prints them with its output, one buffer a line: TVM's values, which
# tests/tir/tst_tir_fixed_point_multiply compares Tessera's with.
import contextlib
import io
import os
import sys

import numpy as np
import tvm

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "programs"))
with contextlib.redirect_stdout(io.StringIO()):
    import q_multiply_shift as program

# Small values around the rounding points, then a spread up to 2^28 in magnitude (the
# left-shifted rows stay inside int64 and int32).
x = list(range(-40, 41))
v = 12345
while len(x) < 256:
    v = (v * 1103515245 + 12345) % 2**31
    x.append(v % 2**29 - 2**28)
X = np.array(x, dtype="int32").reshape(4, 64)
M = np.array([1457846997, 1073741824, 2101000910, 1932735283], dtype="int32")
LS = np.array([0, 1, 0, 2], dtype="int32")
RS = np.array([0, 0, 3, 5], dtype="int32")

lib = tvm.build(program.sch.mod, target="llvm")
dev = tvm.cpu()
Y = tvm.nd.array(np.zeros((7, 4, 64), dtype="int32"), dev)
lib["requantize"](*[tvm.nd.array(a, dev) for a in (X, M, LS, RS)], Y)
for name, a in (("X", X), ("M", M), ("LS", LS), ("RS", RS), ("Y", Y.numpy())):
    print(name + ":", " ".join(str(int(e)) for e in a.flatten()))
