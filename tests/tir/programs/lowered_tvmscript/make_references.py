# Writes <program>.<pass>.txt: what TVM 0.20 prints (mod.script()) for each program of
# this folder after LowerOpaqueBlock (the block-free program, accesses still N-D) and
# after the lowering passes that tvm.lower ran before TVM 0.20 removed it (the flattened,
# optimized program). Run with TVM 0.20:
#   PYTHONPATH=.../tvm020/python TVM_LIBRARY_PATH=.../tvm020/build python3 make_references.py
import os
import sys

import tvm
from tvm import tir

HERE = os.path.dirname(os.path.abspath(__file__))
PASSES = [
    tir.transform.LowerInitBlock(),
    tir.transform.PlanAndUpdateBufferAllocationLocation(),
    tir.transform.ConvertBlocksToOpaque(),
    tir.transform.CompactBufferAllocation(),
    tir.transform.LowerMatchBuffer(),
    tir.transform.Simplify(),
    tir.transform.LowerOpaqueBlock(),
    tir.transform.FlattenBuffer(),
    tir.transform.NarrowDataType(32),
    tir.transform.LoopPartition(),
    tir.transform.VectorizeLoop(True),
    tir.transform.StorageRewrite(),
    tir.transform.UnrollLoop(),
    tir.transform.Simplify(),
    tir.transform.RemoveNoOp(),
]

for name in sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".py") and f != "make_references.py"):
    scope = {}
    with open(os.path.join(HERE, name + ".py")) as f:
        exec(compile(f.read(), name + ".py", "exec"), scope)
    mod = scope["sch"].mod
    with tvm.transform.PassContext(opt_level=3):
        for p in PASSES:
            mod = p(mod)
            if p.info.name == "tir.LowerOpaqueBlock":
                with open(os.path.join(HERE, name + ".LowerOpaqueBlock.txt"), "w") as out:
                    out.write(mod.script() + "\n")
    with open(os.path.join(HERE, name + ".lowered.txt"), "w") as out:
        out.write(mod.script() + "\n")
    print("wrote", name, file=sys.stderr)
