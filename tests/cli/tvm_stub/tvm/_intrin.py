"""Tensor intrinsics in the TVM stand-in: tvm.tir.decl_buffer, tvm.tir.ir_builder,
tvm.tir.call_extern and te.decl_tensor_intrin with TVM 0.19's signatures, and the checks
TVM makes when an intrinsic is declared (a compute op, a buffer per input and output,
a body or (body, reset, update) built from statements)."""
import types

from ._ir import PrimExpr, Operation, Tensor, convert, check_dtype


class Stmt:
    def __init__(self, kind, parts=()):
        self.kind = kind
        self.parts = tuple(parts)


def _exprs(values, what):
    if isinstance(values, (PrimExpr, int)):
        values = [values]
    if not isinstance(values, (list, tuple)):
        raise TypeError("%s: expected a list of expressions, got %r" % (what, values))
    return [convert(v) for v in values]


class Buffer:
    def __init__(self, shape, dtype, name, strides, elem_offset):
        self.shape = shape
        self.dtype = dtype
        self.name = name
        self.strides = strides
        self.elem_offset = elem_offset
        self.data = PrimExpr("var", "handle", name=name)

    def access_ptr(self, access_mask, ptr_type="handle", content_lanes=1, offset=0, extent=None, span=None):
        if isinstance(access_mask, str):
            if not access_mask or any(c not in "rw" for c in access_mask):
                raise ValueError("access_ptr: unknown access mask %r" % (access_mask,))
        elif not isinstance(access_mask, int):
            raise TypeError("access_ptr: access_mask must be a string or an int")
        return PrimExpr("tvm_access_ptr", "handle", args=(self.data, convert(offset)))

    def vload(self, begin, dtype=None, predicate=None):
        indices = _exprs(begin, "vload")
        if len(indices) != len(self.shape):
            raise ValueError("vload: buffer %s has %d dimensions, %d indices given"
                             % (self.name, len(self.shape), len(indices)))
        return PrimExpr("buffer_load", dtype or self.dtype, args=tuple(indices))

    def vstore(self, begin, value, predicate=None):
        indices = _exprs(begin, "vstore")
        if len(indices) != len(self.shape):
            raise ValueError("vstore: buffer %s has %d dimensions, %d indices given"
                             % (self.name, len(self.shape), len(indices)))
        return Stmt("buffer_store", (convert(value),))


def decl_buffer(shape, dtype=None, name="buffer", data=None, strides=None, elem_offset=None, scope="",
                data_alignment=-1, offset_factor=0, buffer_type="", axis_separators=None, span=None):
    shape = _exprs(shape, "decl_buffer")
    dtype = check_dtype(dtype or "float32")
    strides = _exprs(strides, "decl_buffer") if strides is not None else []
    if strides and len(strides) != len(shape):
        raise ValueError("decl_buffer: %d strides for %d dimensions" % (len(strides), len(shape)))
    if elem_offset is None:
        elem_offset = PrimExpr("var", "int32", name=name + "_elem_offset") if offset_factor else convert(0)
    return Buffer(shape, dtype, name, strides, elem_offset)


def call_extern(dtype, func_name, *args, span=None):
    check_dtype(dtype)
    if not isinstance(func_name, str):
        raise TypeError("call_extern: func_name must be a string")
    return PrimExpr("call_extern", dtype, args=tuple(convert(a) for a in args if not isinstance(a, str)))


def call_intrin(dtype, func_name, *args, span=None):
    check_dtype(dtype)
    if not isinstance(func_name, str):
        raise TypeError("call_intrin: func_name must be a string")
    return PrimExpr("call_intrin", dtype, args=tuple(convert(a) for a in args if not isinstance(a, str)))


class IRBuilder:
    def __init__(self):
        self._seq = []

    def emit(self, stmt):
        if isinstance(stmt, (PrimExpr, int, float)):
            stmt = Stmt("evaluate", (convert(stmt),))
        if not isinstance(stmt, Stmt):
            raise TypeError("emit: expected a statement or an expression, got %r" % (stmt,))
        self._seq.append(stmt)

    def get(self):
        return Stmt("seq", self._seq)


ir_builder = types.SimpleNamespace(create=IRBuilder, IRBuilder=IRBuilder)


class TensorIntrin:
    def __init__(self, name, op, buffers):
        self.name = name
        self.op = op
        self.buffers = buffers


def _part(value, what):
    if value is None or isinstance(value, Stmt):
        return value
    if isinstance(value, PrimExpr):
        return Stmt("evaluate", (value,))
    raise TypeError("decl_tensor_intrin: the %s must be a statement or an expression, got %r" % (what, value))


def decl_tensor_intrin(op, fcompute, name="tensor_intrin", binds=None, scalar_params=None,
                       default_buffer_params=None):
    if not isinstance(op, Operation) or op.kind != "compute":
        raise TypeError("decl_tensor_intrin: expect a ComputeOp, got %r" % (op,))
    if binds is not None and not isinstance(binds, dict):
        raise TypeError("decl_tensor_intrin: binds must be a dict")
    binds = binds or {}
    params = dict(default_buffer_params or {})
    tensors = list(op.input_tensors) + [op.output(i) for i in range(op.num_outputs)]
    buffers = []
    for t in tensors:
        if not isinstance(t, Tensor):
            raise TypeError("decl_tensor_intrin: %r is not a tensor" % (t,))
        b = binds.get(t)
        if b is None:
            b = decl_buffer(t.shape, t.dtype, t.op.name, **params)
        if not isinstance(b, Buffer):
            raise TypeError("decl_tensor_intrin: binds[%s] must be a Buffer" % (t.name,))
        buffers.append(b)
    n_in = len(op.input_tensors)
    body = fcompute(buffers[:n_in], buffers[n_in:])
    parts = list(body) if isinstance(body, (list, tuple)) else [body]
    if len(parts) not in (1, 3):
        raise ValueError("decl_tensor_intrin: fcompute must return a body or (body, reset, update)")
    for p, what in zip(parts, ("body", "reduce_reset", "reduce_update")):
        _part(p, what)
    return TensorIntrin(name, op, buffers)
