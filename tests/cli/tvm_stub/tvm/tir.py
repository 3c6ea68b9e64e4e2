"""tvm.tir in the TVM stand-in: constants, variables, intrinsics and reducers."""
from ._ir import PrimExpr, IterVar, Tensor, convert, check_dtype

__all__ = []


def const(value, dtype=None, span=None):
    if dtype is None:
        dtype = "int32" if isinstance(value, int) else "float32"
    check_dtype(dtype)
    if not isinstance(value, (int, float, bool)):
        raise TypeError("tvm.tir.const: value must be a Python number, got %r" % (value,))
    return PrimExpr("const", dtype, value=value)


def Var(name, dtype, span=None):  # noqa: N802  (TVM's class name)
    if not isinstance(name, str):
        raise TypeError("Var: name must be a string")
    return PrimExpr("var", check_dtype(dtype), name=name)


def SizeVar(name, dtype, span=None):  # noqa: N802
    return Var(name, dtype)


def Cast(dtype, value, span=None):  # noqa: N802
    return PrimExpr("cast", check_dtype(dtype), args=(convert(value),))


def Select(condition, true_value, false_value, span=None):  # noqa: N802
    return PrimExpr("select", convert(true_value).dtype,
                    args=(convert(condition), convert(true_value), convert(false_value)))


def Not(a, span=None):  # noqa: N802
    return PrimExpr("not", "bool", args=(convert(a),))


def _call(name, *args):
    return PrimExpr(name, convert(args[0]).dtype, args=tuple(convert(a) for a in args))


def _binary(name):
    def op(a, b, span=None):
        return _call(name, a, b)
    op.__name__ = name
    return op


def _unary(name):
    def op(x):
        return _call(name, x)
    op.__name__ = name
    return op


floordiv = _binary("floordiv")
floormod = _binary("floormod")
truncdiv = _binary("truncdiv")
truncmod = _binary("truncmod")
indexdiv = _binary("indexdiv")
indexmod = _binary("indexmod")
div = _binary("div")
fmod = _binary("fmod")
power = _binary("power")
add = _binary("add")
subtract = _binary("subtract")
multiply = _binary("multiply")
shift_left = _binary("shift_left")
shift_right = _binary("shift_right")
bitwise_and = _binary("bitwise_and")
bitwise_or = _binary("bitwise_or")
bitwise_xor = _binary("bitwise_xor")


def bitwise_not(x, span=None):
    return _call("bitwise_not", x)

_UNARY = ["exp", "exp2", "exp10", "erf", "tanh", "sigmoid", "log", "log2", "log10", "log1p",
          "tan", "cos", "cosh", "sin", "sinh", "asin", "asinh", "acos", "acosh", "atan",
          "atanh", "sqrt", "rsqrt", "floor", "ceil", "trunc", "round", "nearbyint",
          "popcount", "isnan", "isfinite", "isinf"]
for _name in _UNARY:
    globals()[_name] = _unary(_name)


def abs(x, span=None):  # noqa: A001  (TVM's name)
    return _call("abs", x)


def if_then_else(cond, t, f, span=None):
    return PrimExpr("if_then_else", convert(t).dtype, args=(convert(cond), convert(t), convert(f)))


def all(*args, span=None):  # noqa: A001
    if not args:
        raise ValueError("Any must take at least 1 argument")
    return PrimExpr("all", "bool", args=tuple(convert(a) for a in args))


def any(*args, span=None):  # noqa: A001
    if not args:
        raise ValueError("Any must take at least 1 argument")
    return PrimExpr("any", "bool", args=tuple(convert(a) for a in args))


def max_value(dtype, span=None):
    return PrimExpr("const", check_dtype(dtype), value=float("inf"))


def min_value(dtype, span=None):
    return PrimExpr("const", check_dtype(dtype), value=float("-inf"))


def comm_reducer(fcombine, fidentity, name="reduce"):
    """A reducer: reducer(expr, axis, where=None, init=None) over reduce axes, or an
    element-wise fold when called with expressions only (TVM's te.max(a, b))."""
    def reducer(expr, axis, where=None, init=None, *args):
        if isinstance(axis, (IterVar, list, tuple)):
            if args:
                raise TypeError("%s: unexpected arguments %r" % (name, args))
            axes = axis if isinstance(axis, (list, tuple)) else [axis]
            for a in axes:
                if not isinstance(a, IterVar) or a.iter_type != IterVar.COMM_REDUCE:
                    raise TypeError("%s: axis must be reduce axes (te.reduce_axis), got %r"
                                    % (name, a))
            if where is not None:
                convert(where)
            return PrimExpr("reduce:" + name, convert(expr).dtype, args=(convert(expr),))
        operands = [expr, axis] + [a for a in (where, init) if a is not None] + list(args)
        result = convert(operands[0])
        for operand in operands[1:]:
            result = fcombine(result, convert(operand))
        return result
    reducer.__name__ = name
    return reducer


def _combine(name):
    return lambda x, y: PrimExpr(name, convert(x).dtype, args=(convert(x), convert(y)))


sum = comm_reducer(_combine("add"), lambda t: const(0, t), name="sum")  # noqa: A001
min = comm_reducer(_combine("min"), max_value, name="min")  # noqa: A001
max = comm_reducer(_combine("max"), min_value, name="max")  # noqa: A001

_ = (Tensor,)

from ._intrin import decl_buffer, call_extern, call_intrin, call_packed, ir_builder  # noqa: E402,F401  (tensorize, extern)
