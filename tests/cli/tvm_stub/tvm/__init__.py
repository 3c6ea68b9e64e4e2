"""A stand-in for the part of TVM's Python API that Tessera's TVM exports use.

See README.md next to this package. Signatures follow TVM 0.8-0.14 (tvm.te, tvm.tir,
tvm.lower); behaviour is only what is needed to reject a program TVM would reject.
"""
from . import tir  # noqa: F401  (tvm.tir)
from . import te  # noqa: F401  (tvm.te)
from ._ir import PrimExpr, Tensor, Schedule


class IRModule:
    def __init__(self, name, params):
        self.name = name
        self.params = params

    def __str__(self):
        return "# from tvm.script import tir as T\n@T.prim_func\ndef %s(%s): ...\n" % (
            self.name, ", ".join(self.params))


def lower(inp, args=None, name="main", binds=None, simple_mode=False):
    if not isinstance(inp, Schedule):
        raise TypeError("tvm.lower: inp must be a te.Schedule here, got %r" % (inp,))
    params = []
    for a in args or []:
        if isinstance(a, Tensor):
            params.append(a.name)
        elif isinstance(a, PrimExpr) and a.is_var():
            params.append(a.name)
        else:
            raise TypeError("tvm.lower: args must be tensors or variables, got %r" % (a,))
    if binds is not None and not isinstance(binds, dict):
        raise TypeError("tvm.lower: binds must be a dict")
    return IRModule(name, params)


def build(inputs, args=None, target=None, target_host=None, runtime=None, name="default_function",
          binds=None):
    return lower(inputs, args, name=name, binds=binds)
