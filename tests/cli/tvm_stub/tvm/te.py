"""tvm.te in the TVM stand-in: placeholder, compute, reduce_axis, create_schedule, ..."""
import builtins
import inspect

from ._ir import (PrimExpr, IterVar, Operation, Tensor, Schedule, convert, check_dtype,
                  as_range)
from .tir import (exp, erf, tanh, sigmoid, log, tan, cos, sin, sqrt, rsqrt, floor, ceil,  # noqa: F401
                  sinh, cosh, log2, log10, asin, asinh, acos, acosh, atan, atanh, trunc, abs,
                  round, nearbyint, power, popcount, fmod, if_then_else, isnan, isfinite,
                  isinf, div, indexdiv, indexmod, truncdiv, truncmod, floordiv, floormod,
                  comm_reducer, min, max, sum, add, subtract, multiply, any, all, min_value,
                  max_value, const)
from ._intrin import decl_tensor_intrin  # noqa: F401  (tensorize)


def var(name="tindex", dtype="int32", span=None):
    if not isinstance(name, str):
        raise TypeError("te.var: name must be a string")
    return PrimExpr("var", check_dtype(dtype), name=name)


def size_var(name="size", dtype="int32", span=None):
    return var(name, dtype)


def _shape(shape, what):
    if isinstance(shape, (PrimExpr, IterVar, int)):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)):
        raise TypeError("%s: shape must be a tuple or list, got %r" % (what, shape))
    out = []
    for extent in shape:
        # TVM takes a whole-number float (opt_gemm's `N / bn`) as that integer.
        if isinstance(extent, float) and extent.is_integer():
            extent = int(extent)
        if isinstance(extent, PrimExpr) and extent.dtype == "bool" or isinstance(extent, float):
            raise TypeError("%s: shape entries must be integers, got %r" % (what, extent))
        out.append(convert(extent))
    return out


def placeholder(shape, dtype=None, name="placeholder"):
    if not isinstance(name, str):
        raise TypeError("placeholder: name must be a string")
    dtype = check_dtype("float32" if dtype is None else dtype)
    return Operation(name, "placeholder", shape=_shape(shape, "placeholder"), dtype=dtype).output(0)


def reduce_axis(dom, name="rv", thread_tag="", span=None):
    return IterVar(as_range(dom), name, IterVar.COMM_REDUCE, thread_tag)


def thread_axis(dom=None, tag="", name="", span=None):
    if isinstance(dom, str):
        tag, dom = dom, None
    if not tag:
        raise ValueError("tag must be given as Positional or keyword argument")
    return IterVar(dom, name or tag, IterVar.THREAD_INDEX, tag)


def _reduce_axes(expr, found):
    if isinstance(expr, PrimExpr):
        if expr.kind.startswith("reduce:"):
            found.append(expr)
        for a in expr.args:
            _reduce_axes(a, found)


def compute(shape, fcompute, name="compute", tag="", attrs=None, varargs_names=None):
    if not isinstance(name, str) or not isinstance(tag, str):
        raise TypeError("compute: name and tag must be strings")
    shape = _shape(shape, "compute")
    code = fcompute.__code__
    out_ndim = len(shape)
    positional = list(code.co_varnames[:code.co_argcount])
    # As TVM 0.19's te.compute: *args take the dimensions left after the positional
    # parameters; with fewer positional parameters than dimensions (and no *args) the
    # tensor has as many dimensions as parameters (the shape's tail is dropped).
    if code.co_flags & inspect.CO_VARARGS:
        rest = out_ndim - len(positional)
        if varargs_names is not None:
            if len(varargs_names) != rest:
                raise RuntimeError("Number of varargs (%d) does not match number of "
                                   "varargs_names (%d)" % (rest, len(varargs_names)))
            arg_names = positional + list(varargs_names)
        else:
            arg_names = positional + ["i%d" % i for i in builtins.range(builtins.max(rest, 0))]
    elif not positional:
        arg_names = ["i%d" % i for i in range(out_ndim)]
    else:
        arg_names = positional
        if len(positional) < out_ndim:
            out_ndim = len(positional)
            shape = shape[:out_ndim]
    if out_ndim != len(arg_names):
        raise ValueError("Number of args to fcompute does not match dimension, args=%s, "
                         "dimension=%d" % (arg_names, out_ndim))
    axis = [IterVar((0, extent), arg, IterVar.DATA_PAR) for arg, extent in zip(arg_names, shape)]
    body = fcompute(*[v.var for v in axis])
    bodies = list(body) if isinstance(body, (list, tuple)) else [body]
    inputs = []
    reduce_axes = []
    for b in bodies:
        b = convert(b)
        _collect(b, inputs)
        reductions = []
        _reduce_axes(b, reductions)
        if reductions and b is not reductions[0]:
            raise ValueError("Reductions are only allowed at the top level of compute")
    op = Operation(name, "compute", axis=axis, reduce_axis=reduce_axes, input_tensors=inputs,
                   shape=shape, dtype=convert(bodies[0]).dtype, num_outputs=len(bodies))
    _attach_reduce_axes(fcompute, op)
    outputs = [op.output(i) for i in range(len(bodies))]
    return outputs[0] if len(outputs) == 1 else outputs


def _collect(expr, inputs):
    if isinstance(expr, PrimExpr):
        if expr.kind == "load":
            tensor = _TENSORS_BY_NAME.get(expr.name)
            if tensor is not None and tensor not in inputs:
                inputs.append(tensor)
        for a in expr.args:
            _collect(a, inputs)


def _attach_reduce_axes(fcompute, op):
    """The reduce axes the lambda closes over (k in `lambda i: te.sum(A[i, k], axis=k)`)."""
    cells = fcompute.__closure__ or ()
    names = list(fcompute.__code__.co_names) + list(fcompute.__code__.co_freevars)
    candidates = [c.cell_contents for c in cells]
    glob = fcompute.__globals__
    candidates += [glob[n] for n in names if n in glob]
    for c in candidates:
        for v in c if isinstance(c, (list, tuple)) else [c]:
            if isinstance(v, IterVar) and v.iter_type == IterVar.COMM_REDUCE \
                    and not builtins.any(v is r for r in op.reduce_axis):
                op.reduce_axis.append(v)


def scan(init, update, state_placeholder, inputs=None, name="scan", tag="", attrs=None):
    """te.scan as TVM 0.19 checks it: one init, update and state per output, the update
    shaped as its state, the init one or more leading time steps of it."""
    as_list = lambda x: list(x) if isinstance(x, (list, tuple)) else [x]
    init, update, states = as_list(init), as_list(update), as_list(state_placeholder)
    if not (len(init) == len(update) == len(states)) or not init:
        raise ValueError("scan: init, update and state_placeholder must have the same number "
                         "of tensors")
    for i, u, st in zip(init, update, states):
        for t in (i, u, st):
            if not isinstance(t, Tensor):
                raise TypeError("scan: expects tensors, got %r" % (t,))
        if u.ndim != st.ndim or i.ndim != st.ndim:
            raise ValueError("scan: the init, update and state of %s differ in rank" % st.name)
        if u.dtype != st.dtype or i.dtype != st.dtype:
            raise ValueError("scan: the init, update and state of %s differ in dtype" % st.name)
    for t in as_list(inputs or []):
        if not isinstance(t, Tensor):
            raise TypeError("scan: inputs must be tensors, got %r" % (t,))
    op = Operation(name, "scan", input_tensors=init + update + as_list(inputs or []),
                   shape=states[0].shape, dtype=states[0].dtype, num_outputs=len(states))
    op.scan_axis = IterVar((0, states[0].shape[0]), name + ".idx", IterVar.DATA_PAR)
    outputs = [op.output(i) for i in range(len(states))]
    return outputs[0] if len(outputs) == 1 else outputs


def extern(shape, inputs, fcompute, name="extern", dtype=None, in_buffers=None, out_buffers=None, tag="",
           attrs=None):
    """te.extern as TVM 0.19 checks it: tensor inputs, one buffer per input / output when
    given, an inferable dtype, and a body that is a statement or an expression."""
    from ._intrin import Buffer, Stmt, decl_buffer
    if isinstance(shape, (PrimExpr, int)):
        shape = (shape,)
    if len(shape) == 0 or isinstance(shape[0], (PrimExpr, int)):
        shape = [shape]
    for t in inputs:
        if not isinstance(t, Tensor):
            raise ValueError("expect inputs to be tensor")
    if in_buffers is not None:
        in_buffers = in_buffers if isinstance(in_buffers, list) else [in_buffers]
        if len(in_buffers) != len(inputs):
            raise RuntimeError("Number of inputs and in_buffers mismatch")
    if out_buffers is not None:
        out_buffers = out_buffers if isinstance(out_buffers, list) else [out_buffers]
        if len(out_buffers) != len(shape):
            raise RuntimeError("Number of outputs and out_buffers mismatch")
    ins = in_buffers or [decl_buffer(t.shape, t.dtype, t.op.name) for t in inputs]
    if dtype is None:
        types = {t.dtype for t in inputs}
        if len(types) != 1:
            raise ValueError("Cannot infer output type, please provide dtype argument")
        dtype = [types.pop() for _ in shape]
    if isinstance(dtype, str):
        dtype = [dtype]
    outs = out_buffers or [decl_buffer(shp, dt, name) for shp, dt in zip(shape, dtype)]
    body = fcompute(ins, outs)
    if not isinstance(body, (Stmt, PrimExpr)):
        raise ValueError("Function '%s' should return PrimExpr or Stmt, but it returned '%s'"
                         % (getattr(fcompute, "__name__", "fcompute"), type(body)))
    op = Operation(name, "extern", input_tensors=list(inputs), shape=list(outs[0].shape),
                   dtype=outs[0].dtype, num_outputs=len(outs))
    res = [op.output(i) for i in range(len(outs))]
    return res[0] if len(res) == 1 else res


_TENSORS_BY_NAME = {}
_original_output = Operation.output


def _output(self, index):
    tensor = _original_output(self, index)
    _TENSORS_BY_NAME[self.name] = tensor
    return tensor


Operation.output = _output


def create_schedule(ops):
    if not isinstance(ops, (list, tuple)):
        ops = [ops]
    for op in ops:
        if not isinstance(op, Operation):
            raise TypeError("create_schedule: expected operations (T.op), got %r" % (op,))
    return Schedule(list(ops))


_ = (Tensor,)
