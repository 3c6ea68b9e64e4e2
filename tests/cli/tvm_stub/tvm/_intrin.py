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

    def __getitem__(self, indices):  # TVM 0.19's Buffer.__getitem__: a load
        return self.vload(indices)

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


class _Scope:
    """A `with` scope of the builder (TVM's WithScope): enter gives `value`, exit runs
    `on_exit` (which wraps the statements the block emitted)."""

    def __init__(self, value, on_exit):
        self._value = value
        self._on_exit = on_exit

    def __enter__(self):
        return self._value

    def __exit__(self, *unused):
        self._on_exit()


class BufferVar:
    """What ib.allocate returns (TVM's ir_builder.BufferVar): buf[i] loads, buf[i] = v
    emits a store; there is no vload / vstore (TVM's has none either)."""

    def __init__(self, builder, name, dtype, shape):
        self._builder = builder
        self.name = name
        self.dtype = dtype
        self.shape = shape

    def _index(self, index):
        index = index if isinstance(index, (tuple, list)) else (index,)
        if len(index) != len(self.shape):
            raise ValueError("BufferVar %s: %d indices for %d dimensions" % (self.name, len(index), len(self.shape)))
        return tuple(convert(i) for i in index)

    def __getitem__(self, index):
        return PrimExpr("load", self.dtype, args=self._index(index), name=self.name)

    def __setitem__(self, index, value):
        value = convert(value)
        if value.dtype.split("x")[0] != self.dtype.split("x")[0]:
            raise ValueError("data type does not match content type %s vs %s" % (value.dtype, self.dtype))
        self._builder.emit(Stmt("store", (self.name, self._index(index), value)))


class BufferPtr(BufferVar):
    """What ib.buffer_ptr returns: a BufferVar over a declared buffer, which (as TVM's
    BufferVar) also takes one flat index into an N-d buffer."""

    def __init__(self, builder, buf):
        BufferVar.__init__(self, builder, buf.name, buf.dtype, tuple(buf.shape))

    def _index(self, index):
        index = index if isinstance(index, (tuple, list)) else (index,)
        if len(index) == 1:
            return (convert(index[0]),)
        return BufferVar._index(self, index)


def call_packed(*args, span=None):
    if not args or not isinstance(args[0], str):
        raise TypeError("call_packed: the first argument must be the function name")
    return PrimExpr("call_packed", "int32",
                    args=tuple(convert(a) for a in args[1:] if not isinstance(a, (str, Buffer, bool))))


class IRBuilder:
    """TVM's tvm.tir.ir_builder.IRBuilder: emit, get, and the with-scopes for_range,
    if_scope / else_scope, new_scope, plus let and allocate (which wrap what follows)."""

    _KINDS = ("serial", "parallel", "vectorize", "unroll")

    def __init__(self):
        self._stack = [[]]
        self._nidx = 0

    def emit(self, stmt):
        if isinstance(stmt, (PrimExpr, int, float)):
            stmt = Stmt("evaluate", (convert(stmt),))
        if not isinstance(stmt, Stmt):
            raise TypeError("emit: expected a statement or an expression, got %r" % (stmt,))
        self._stack[-1].append(stmt)

    def _pop(self):
        return Stmt("seq", self._stack.pop())

    def for_range(self, begin, end, name="i", dtype=None, kind="serial"):
        if name == "i":  # TVM names unnamed loops i, j, k, then i_0, i_1, ...
            name = chr(ord("i") + self._nidx) if self._nidx < 3 else "i_" + str(self._nidx - 3)
            self._nidx += 1
        if kind not in self._KINDS:
            raise ValueError("Unknown kind")
        var = PrimExpr("var", dtype or "int32", name=name)
        self._stack.append([])
        return _Scope(var, lambda: self.emit(Stmt("for", (var, convert(begin), convert(end), kind, self._pop()))))

    def if_scope(self, cond):
        cond = convert(cond)
        self._stack.append([])
        return _Scope(None, lambda: self.emit(Stmt("if", (cond, self._pop(), None))))

    def else_scope(self):
        seq = self._stack[-1]
        if not seq or seq[-1].kind != "if" or seq[-1].parts[2] is not None:
            raise RuntimeError("else_scope can only follow an if_scope")
        prev = seq.pop()
        self._stack.append([])
        return _Scope(None, lambda: self.emit(Stmt("if", (prev.parts[0], prev.parts[1], self._pop()))))

    def new_scope(self):
        self._stack.append([])
        return _Scope(None, lambda: self.emit(self._pop()))

    def let(self, var_name, value):
        value = convert(value)
        var = PrimExpr("var", value.dtype, name=var_name)
        self.emit(Stmt("let", (var, value)))
        return var

    def allocate(self, dtype, shape, name="buf", axis_separators=None, scope=""):
        check_dtype(dtype)
        shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
        self.emit(Stmt("allocate", (name, dtype, shape, scope)))
        return BufferVar(self, name, dtype, shape)

    def buffer_ptr(self, buf, shape=None):
        if not isinstance(buf, Buffer):
            raise TypeError("buffer_ptr: expects a Buffer, got %r" % (buf,))
        return BufferPtr(self, buf)

    def pointer(self, content_type, name="ptr", scope=""):
        raise RuntimeError("the stand-in has no ir_builder.pointer (Tessera refuses it)")

    def get(self):
        if len(self._stack) != 1:
            raise RuntimeError("cannot call get inside construction scope")
        return Stmt("seq", self._stack[0])


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
