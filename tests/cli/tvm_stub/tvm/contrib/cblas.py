"""tvm.contrib.cblas.matmul as TVM 0.19 writes it: a te.extern whose body call_packs
"tvm.contrib.cblas.matmul"."""
from .. import te, tir


def matmul(lhs, rhs, transa=False, transb=False, **kwargs):
    n = lhs.shape[1] if transa else lhs.shape[0]
    m = rhs.shape[0] if transb else rhs.shape[1]
    return te.extern(
        (n, m),
        [lhs, rhs],
        lambda ins, outs: tir.call_packed("tvm.contrib.cblas.matmul", ins[0], ins[1], outs[0], transa, transb),
        name="C",
        **kwargs,
    )
