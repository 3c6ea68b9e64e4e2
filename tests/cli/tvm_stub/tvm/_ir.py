"""Expressions, tensors, operations and schedules of the TVM stand-in."""

import re

# TVM parses a dtype string (runtime String2DLDataType) rather than looking it up: a type
# code, optional bits (any width: "float31" and "int7" are valid) and optional lanes
# ("x4"); "int", "float" and "bfloat" without bits (or with 0) take the default width.
# Checked against a real TVM 0.19 (tests/cli/tvm_stub/check_stub_against_tvm.py).
_DTYPE = re.compile(r"(int|uint|float|bfloat)(\d*)(x[1-9]\d*)?|(e4m3_float8|e5m2_float8)(x[1-9]\d*)?")
_DEFAULT_BITS = {"int": 32, "uint": 32, "float": 32, "bfloat": 16}


def check_dtype(dtype):
    """The dtype as TVM normalises it (int -> int32); ValueError where TVM refuses it."""
    if dtype in ("bool", "handle"):
        return dtype
    m = _DTYPE.fullmatch(dtype) if isinstance(dtype, str) else None
    if m is None:
        raise ValueError("unknown dtype %r" % (dtype,))
    if m.group(4):
        return dtype
    bits = int(m.group(2) or 0) or _DEFAULT_BITS[m.group(1)]
    return "%s%d%s" % (m.group(1), bits, m.group(3) or "")


def convert(value):
    """A Python number or expression as a PrimExpr (TVM's tvm.runtime.convert)."""
    if isinstance(value, PrimExpr):
        return value
    if isinstance(value, IterVar):
        return value.var
    if isinstance(value, bool):
        return PrimExpr("const", "bool", value=value)
    if isinstance(value, int):
        return PrimExpr("const", "int32" if -2**31 <= value < 2**31 else "int64", value=value)
    if isinstance(value, float):
        return PrimExpr("const", "float32", value=value)
    raise TypeError("cannot convert %r to a TVM expression" % (value,))


def _binary(op):
    def method(self, other):
        return PrimExpr(op, _result_dtype(op, self, other), args=(self, convert(other)))
    return method


def _rbinary(op):
    def method(self, other):
        return PrimExpr(op, _result_dtype(op, self, other), args=(convert(other), self))
    return method


def _result_dtype(op, a, b):
    a, b = convert(a), convert(b)
    if op in ("<", "<=", ">", ">=", "==", "!="):
        return "bool"
    if a.dtype.startswith("float"):
        return a.dtype
    if b.dtype.startswith("float"):
        return b.dtype
    return a.dtype


class ExprOp:
    """Arithmetic on expressions, as TVM's tvm.tir.expr.ExprOp."""
    __add__ = _binary("+")
    __radd__ = _rbinary("+")
    __sub__ = _binary("-")
    __rsub__ = _rbinary("-")
    __mul__ = _binary("*")
    __rmul__ = _rbinary("*")
    __truediv__ = _binary("/")
    __rtruediv__ = _rbinary("/")
    __floordiv__ = _binary("//")
    __rfloordiv__ = _rbinary("//")
    __mod__ = _binary("%")
    __rmod__ = _rbinary("%")
    __lt__ = _binary("<")
    __le__ = _binary("<=")
    __gt__ = _binary(">")
    __ge__ = _binary(">=")
    __and__ = _binary("&")
    __or__ = _binary("|")
    __lshift__ = _binary("<<")
    __rshift__ = _binary(">>")
    __xor__ = _binary("^")
    __rand__ = _rbinary("&")
    __ror__ = _rbinary("|")
    __rxor__ = _rbinary("^")
    __rlshift__ = _rbinary("<<")
    __rrshift__ = _rbinary(">>")

    def __invert__(self):
        return PrimExpr("~", convert(self).dtype, args=(convert(self),))

    def __neg__(self):
        return PrimExpr("neg", convert(self).dtype, args=(convert(self),))

    def __eq__(self, other):
        return PrimExpr("==", "bool", args=(convert(self), convert(other)))

    def __ne__(self, other):
        return PrimExpr("!=", "bool", args=(convert(self), convert(other)))

    def __hash__(self):
        return id(self)

    def __bool__(self):
        # TVM: "Cannot use and / or / not operator to Expr, hint: use tvm.tir.all / tvm.tir.any"
        raise ValueError("Cannot use and / or / not operator to Expr, hint: "
                         "use tvm.tir.all / tvm.tir.any instead")

    def astype(self, dtype, span=None):
        return PrimExpr("cast", check_dtype(dtype), args=(convert(self),))


class PrimExpr(ExprOp):
    def __init__(self, kind, dtype, args=(), name=None, value=None):
        self.kind = kind
        self.dtype = dtype
        self.args = tuple(args)
        self.name = name
        self.value = value

    def is_var(self):
        return self.kind == "var"

    def __bool__(self):
        if self.kind == "const":
            return bool(self.value)
        return ExprOp.__bool__(self)

    def __repr__(self):
        if self.kind == "var":
            return self.name
        if self.kind == "const":
            return repr(self.value)
        return "%s(%s)" % (self.kind, ", ".join(map(repr, self.args)))


class Range:
    def __init__(self, begin, end):
        self.min = convert(begin)
        self.extent = convert(end) - self.min


def as_range(dom):
    if isinstance(dom, Range):
        return dom
    if isinstance(dom, (tuple, list)) and len(dom) == 2:
        return Range(dom[0], dom[1])
    raise TypeError("expected a Range or a (begin, end) tuple, got %r" % (dom,))


class IterVar(ExprOp):
    DATA_PAR, COMM_REDUCE, THREAD_INDEX = 0, 2, 1

    def __init__(self, dom, name, iter_type, thread_tag=""):
        self.dom = dom
        self.var = PrimExpr("var", "int32", name=name)
        self.iter_type = iter_type
        self.thread_tag = thread_tag

    def __repr__(self):
        return "iter_var(%s)" % self.var.name


class Operation:
    def __init__(self, name, kind, axis=(), reduce_axis=(), input_tensors=(), shape=(),
                 dtype="float32", num_outputs=1):
        self.name = name
        self.kind = kind
        self.axis = list(axis)
        self.reduce_axis = list(reduce_axis)
        self.input_tensors = list(input_tensors)
        self.shape = list(shape)
        self.dtype = dtype
        self.num_outputs = num_outputs

    def output(self, index):
        if not 0 <= index < self.num_outputs:
            raise IndexError("operation %s has %d outputs" % (self.name, self.num_outputs))
        return Tensor(self, index)

    def __repr__(self):
        return "%s(%s)" % (self.kind, self.name)


class Tensor:
    def __init__(self, op, value_index=0):
        self.op = op
        self.value_index = value_index

    @property
    def name(self):
        return self.op.name

    @property
    def shape(self):
        return self.op.shape

    @property
    def ndim(self):
        return len(self.op.shape)

    @property
    def dtype(self):
        return self.op.dtype

    def __call__(self, *indices):
        if len(indices) != self.ndim:
            raise ValueError("Need to provide %d index in tensor but %d was provided"
                             % (self.ndim, len(indices)))
        return PrimExpr("load", self.dtype, args=tuple(convert(i) for i in indices), name=self.name)

    def __getitem__(self, indices):
        if not isinstance(indices, tuple):
            indices = (indices,)
        for i in indices:
            if isinstance(i, slice):
                raise ValueError("a tensor cannot be sliced in a compute expression")
        return self(*indices)

    def __eq__(self, other):
        return isinstance(other, Tensor) and other.op is self.op and other.value_index == self.value_index

    def __hash__(self):
        return hash((id(self.op), self.value_index))

    def __repr__(self):
        return "Tensor(%s)" % self.name


class Stage:
    def __init__(self, schedule, op):
        self.schedule = schedule
        self.op = op
        self.leaf_iter_vars = list(op.axis) + list(op.reduce_axis)
        self.attach = "root"
        self.layout_transformed = False

    def _leaf(self, var, what):
        if not isinstance(var, IterVar):
            raise TypeError("%s: expected an IterVar, got %r" % (what, var))
        if not any(v is var for v in self.leaf_iter_vars):
            raise ValueError("%s: the IterVar %s is not a leaf loop of stage %s (it was split or "
                             "fused already, or belongs to another stage)"
                             % (what, var.var.name, self.op.name))
        return next(i for i, v in enumerate(self.leaf_iter_vars) if v is var)

    def split(self, parent, factor=None, nparts=None):
        if nparts is not None:
            if factor is not None:
                raise ValueError("Do not need to provide both outer and nparts")
            amount = nparts
        else:
            if factor is None:
                raise ValueError("Either nparts or factor need to be provided")
            amount = factor
        convert(amount)
        pos = self._leaf(parent, "split")
        outer = IterVar(None, parent.var.name + ".outer", parent.iter_type)
        inner = IterVar(None, parent.var.name + ".inner", parent.iter_type)
        self.leaf_iter_vars[pos:pos + 1] = [outer, inner]
        return outer, inner

    def fuse(self, *args):
        if not args:
            raise ValueError("fuse needs at least one IterVar")
        positions = sorted(self._leaf(v, "fuse") for v in args)
        if positions != list(range(positions[0], positions[0] + len(positions))):
            raise ValueError("fuse: the IterVars must be adjacent leaf loops")
        fused = IterVar(None, ".".join(v.var.name for v in args) + ".fused", args[0].iter_type)
        self.leaf_iter_vars[positions[0]:positions[-1] + 1] = [fused]
        return fused

    def reorder(self, *args):
        positions = [self._leaf(v, "reorder") for v in args]
        if len(set(positions)) != len(positions):
            raise ValueError("reorder: an IterVar is given twice")
        for pos, var in zip(sorted(positions), args):
            self.leaf_iter_vars[pos] = var

    def tile(self, x_parent, y_parent, x_factor, y_factor):
        x_outer, x_inner = self.split(x_parent, x_factor)
        y_outer, y_inner = self.split(y_parent, y_factor)
        self.reorder(x_outer, y_outer, x_inner, y_inner)
        return x_outer, y_outer, x_inner, y_inner

    def compute_at(self, parent, scope):
        if not isinstance(parent, Stage):
            raise TypeError("compute_at: parent must be a Stage (s[T]), got %r" % (parent,))
        parent._leaf(scope, "compute_at")
        self.attach = "scope"

    def compute_inline(self):
        if self.op.kind != "compute":
            raise ValueError("compute_inline: %s is not a compute stage" % self.op.name)
        self.attach = "inline"

    def compute_root(self):
        self.attach = "root"

    def bind(self, ivar, thread_ivar):
        self._leaf(ivar, "bind")
        if not isinstance(thread_ivar, IterVar) or thread_ivar.iter_type != IterVar.THREAD_INDEX:
            raise TypeError("bind: the second argument must be a te.thread_axis(...)")

    def env_threads(self, threads):
        pass

    def set_store_predicate(self, predicate):
        convert(predicate)

    def vectorize(self, var):
        self._leaf(var, "vectorize")

    def unroll(self, var):
        self._leaf(var, "unroll")

    def parallel(self, var):
        self._leaf(var, "parallel")

    def pragma(self, var, pragma_type, pragma_value=None):
        self._leaf(var, "pragma")
        if not isinstance(pragma_type, str):
            raise TypeError("pragma: pragma_type must be a string")

    def prefetch(self, tensor, var, offset):
        self._leaf(var, "prefetch")

    def storage_align(self, axis, factor, offset):
        self._leaf(axis, "storage_align")
        if not isinstance(factor, int) or not isinstance(offset, int):
            raise TypeError("storage_align: factor and offset must be integers")

    def double_buffer(self):
        pass

    def set_scope(self, scope):
        if not isinstance(scope, str):
            raise TypeError("set_scope: scope must be a string")

    def transform_layout(self, mapping_function):
        import inspect
        params = inspect.signature(mapping_function).parameters
        if len(params) != len(self.op.shape):
            raise ValueError("transform_layout: the index map takes %d arguments, the buffer has "
                             "%d dimensions" % (len(params), len(self.op.shape)))
        variables = [PrimExpr("var", "int32", name=p) for p in params]
        result = mapping_function(*variables)
        if isinstance(result, (PrimExpr, IterVar, int)):
            result = [result]
        if not isinstance(result, (list, tuple)):
            raise TypeError("transform_layout: the index map must return a list of expressions")
        for r in result:
            convert(r)
        # TVM 0.19's TE cannot pad: an index map that splits an extent by a factor that
        # does not divide it is refused by its iterator-map analysis.
        extents = {}
        for v, e in zip(variables, self.op.shape):
            if isinstance(e, PrimExpr) and e.kind == "const":
                e = e.value
            if isinstance(e, int):
                extents[v.name] = e
        for r in result:
            _check_no_padding(convert(r), extents)
        self.layout_transformed = True
        if self.op.kind != "compute":
            return None
        new_vars = [IterVar(None, "ax%d" % i, IterVar.DATA_PAR) for i in range(len(result))]
        self.leaf_iter_vars = new_vars + list(self.op.reduce_axis)
        return new_vars

    def tensorize(self, var, tensor_intrin):
        from ._intrin import TensorIntrin
        self._leaf(var, "tensorize")
        if not isinstance(tensor_intrin, TensorIntrin):
            raise TypeError("tensorize: expected a TensorIntrin (te.decl_tensor_intrin), got %r"
                            % (tensor_intrin,))

    # TVM 0.19's te.Stage has no set_axis_separators (that is a TensorIR / TE-internal
    # feature): calling it is an AttributeError, as in TVM.


def _check_no_padding(expr, extents):
    if not isinstance(expr, PrimExpr):
        return
    if expr.kind in ("//", "%", "floordiv", "floormod", "indexdiv", "indexmod") and len(expr.args) == 2:
        var, factor = expr.args
        if (isinstance(var, PrimExpr) and var.is_var() and var.name in extents
                and isinstance(factor, PrimExpr) and factor.kind == "const"
                and isinstance(factor.value, int) and factor.value > 0
                and extents[var.name] % factor.value != 0):
            raise ValueError("Could not parse mapping as sum of iterators. Error: The iterations do "
                             "not traverse full iter space (%s = %d is not a multiple of %d)"
                             % (var.name, extents[var.name], factor.value))
    for a in expr.args:
        _check_no_padding(a, extents)


class Schedule:
    def __init__(self, outputs):
        self.outputs = outputs
        self.stages = {}
        seen = set()

        def visit(op):
            if id(op) in seen:
                return
            seen.add(id(op))
            for t in op.input_tensors:
                visit(t.op)
            self.stages[id(op)] = Stage(self, op)
        for op in outputs:
            visit(op)

    def __getitem__(self, k):
        if isinstance(k, Tensor):
            k = k.op
        if not isinstance(k, Operation):
            raise ValueError("Expect schedule key to be Tensor or Operation")
        if id(k) not in self.stages:
            raise ValueError("Cannot find the operation %s in schedule" % k.name)
        return self.stages[id(k)]

    def _new_stage(self, op):
        self.stages[id(op)] = Stage(self, op)
        return op.output(0)

    def cache_read(self, tensor, scope, readers):
        if not isinstance(tensor, Tensor):
            raise TypeError("cache_read: tensor must be a Tensor")
        if not isinstance(scope, str):
            raise TypeError("cache_read: scope must be a string")
        if isinstance(readers, (Tensor, Operation)):
            readers = [readers]
        for r in readers:
            self[r]
        op = Operation(tensor.name + "." + scope, "compute", axis=[
            IterVar(None, "ax%d" % i, IterVar.DATA_PAR) for i in range(tensor.ndim)],
            input_tensors=[tensor], shape=tensor.shape, dtype=tensor.dtype)
        return self._new_stage(op)

    def cache_write(self, tensor, scope):
        if not isinstance(tensor, Tensor):
            raise TypeError("cache_write: tensor must be a Tensor")
        if not isinstance(scope, str):
            raise TypeError("cache_write: scope must be a string")
        stage = self[tensor]
        old = stage.op
        # TVM's CacheWriteWithReLayout: one cache axis per data-parallel leaf loop of the
        # stage, in leaf order (its original axes when it was not split, fused or reordered).
        leaves = [v for v in stage.leaf_iter_vars if not any(v is r for r in old.reduce_axis)]
        for v in leaves:
            if v.iter_type != IterVar.DATA_PAR:
                raise ValueError("Can only relayout with in data parallel dimensions")
        unchanged = len(leaves) == len(old.axis) and all(a is b for a, b in zip(leaves, old.axis))
        cache = Operation(old.name + "." + scope, "compute", axis=[
            IterVar(None, v.var.name + ".c", IterVar.DATA_PAR) for v in leaves],
            reduce_axis=old.reduce_axis, input_tensors=old.input_tensors,
            shape=old.shape if unchanged else [None] * len(leaves), dtype=old.dtype)
        # The original stage now copies from the cache; its axes stay the same IterVars.
        new_op = Operation(old.name, "compute", axis=old.axis, input_tensors=[cache.output(0)],
                           shape=old.shape, dtype=old.dtype)
        stage.op = new_op
        stage.leaf_iter_vars = list(old.axis)
        self.stages[id(new_op)] = stage
        return self._new_stage(cache)

    def rfactor(self, tensor, axis, factor_axis=0):
        if not isinstance(tensor, Tensor):
            raise TypeError("rfactor: tensor must be a Tensor")
        stage = self[tensor]
        stage._leaf(axis, "rfactor")
        if axis.iter_type != IterVar.COMM_REDUCE:
            raise ValueError("rfactor: %s is not a reduction axis" % axis.var.name)
        ndim = tensor.ndim
        if not 0 <= factor_axis <= ndim:
            raise ValueError("rfactor: factor_axis %d is out of range" % factor_axis)
        # The rfactor stage: the data axes with the factored axis inserted at factor_axis,
        # reducing over the stage's other reduction loops (ko after a split of k).
        axes = [IterVar(None, v.var.name, IterVar.DATA_PAR) for v in tensor.op.axis]
        axes.insert(factor_axis, IterVar(None, axis.var.name, IterVar.DATA_PAR))
        remaining = [IterVar(None, v.var.name, IterVar.COMM_REDUCE) for v in stage.leaf_iter_vars
                     if v.iter_type == IterVar.COMM_REDUCE and v is not axis]
        shape = list(tensor.shape)
        shape.insert(factor_axis, 1)
        op = Operation(tensor.name + ".rf", "compute", axis=axes, reduce_axis=remaining,
                       input_tensors=tensor.op.input_tensors, shape=shape, dtype=tensor.dtype)
        # TVM replaces the reduction stage's operation by a new one (made by te.compute, so
        # with new axes): the original op's axes (tensor.op.axis) are no loops of the stage
        # any more ("Cannot find the axis ... in parent's leaf_iter_vars").
        repl_axis = [IterVar(None, v.var.name, IterVar.DATA_PAR) for v in stage.op.axis]
        repl_reduce = [IterVar(None, axis.var.name + ".v", IterVar.COMM_REDUCE)]
        repl = Operation(stage.op.name, "compute", axis=repl_axis, reduce_axis=repl_reduce,
                         input_tensors=[], shape=stage.op.shape, dtype=stage.op.dtype)
        stage.op = repl
        stage.leaf_iter_vars = repl_axis + repl_reduce
        self.stages[id(repl)] = stage
        result = self._new_stage(op)
        repl.input_tensors = [result]
        return result

    def create_group(self, outputs, inputs, include_inputs=False):
        outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
        inputs = inputs if isinstance(inputs, (list, tuple)) else [inputs]
        boundary = set(id(self[t].op) for t in inputs)
        members, reaches = [], {}

        # TVM's GetSubGraph: the operations between the outputs and the inputs.
        def visit(op):
            if id(op) in reaches:
                return reaches[id(op)]
            if id(op) in boundary:
                reaches[id(op)] = True
                if include_inputs:
                    members.append(self.stages[id(op)])
                return True
            reaches[id(op)] = False
            found = False
            for t in op.input_tensors:
                found = visit(t.op) or found
            reaches[id(op)] = found
            if found:
                members.append(self.stages[id(op)])
            return found
        for t in outputs:
            visit(self[t].op)
        return GroupStage(self, members)


class GroupStage:
    """A group (create_group): one compute_at / compute_root moves its members."""

    def __init__(self, schedule, members):
        self.schedule = schedule
        self.members = members
        self.attach = "root"
        self.attach_stage = None

    def compute_at(self, parent, scope):
        if not isinstance(parent, Stage):
            raise TypeError("compute_at: parent must be a Stage (s[T]), got %r" % (parent,))
        parent._leaf(scope, "compute_at")
        self.attach = "scope"
        self.attach_stage = parent

    def compute_root(self):
        self.attach = "root"
        self.attach_stage = None

    @property
    def num_child_stages(self):
        return len(self.members)
